// The compressor label recorded with a handle (docs/levels.md): one writer,
// one parser, and every shrink's options read back as they were written.

import { describe, expect, it } from 'vitest';
import { compressorLabel, parseCompressor, recordedSettings } from '../../src/shared/compressor';
import { LEVELS } from '../../src/shared/levels';

describe('the compressor label', () => {
  it('is toolschema, then +share-schemas, then +level-<name> when the level is not the default', () => {
    expect(compressorLabel()).toBe('toolschema');
    expect(compressorLabel({ shareSchemas: false, level: 'facts' })).toBe('toolschema');
    expect(compressorLabel({ shareSchemas: true, level: 'facts' })).toBe('toolschema+share-schemas');
    expect(compressorLabel({ shareSchemas: false, level: 'leads' })).toBe('toolschema+level-leads');
    expect(compressorLabel({ shareSchemas: true, level: 'signatures' })).toBe('toolschema+share-schemas+level-signatures');
    expect(compressorLabel({ level: 'full' })).toBe('toolschema+level-full');
    expect(compressorLabel({ level: 'skeletons', budget: 16000 })).toBe('toolschema+level-skeletons+budget-16000');
    expect(compressorLabel({ budget: 4000 })).toBe('toolschema+budget-4000');
  });

  it('parses back every label it writes', () => {
    for (const level of LEVELS) {
      for (const shareSchemas of [false, true]) {
        expect(parseCompressor(compressorLabel({ shareSchemas, level })), `${level} ${shareSchemas}`).toEqual({ shareSchemas, level });
        expect(parseCompressor(compressorLabel({ shareSchemas, level, budget: 8000 }))).toEqual({ shareSchemas, level, budget: 8000 });
      }
    }
  });

  it('refuses a label it does not write, and reads the defaults for it', () => {
    for (const label of [
      '',
      'caveman-shrink',
      'toolschema+',
      'toolschema+level-facts',
      'toolschema+level-tiny',
      'toolschema+level-leads+share-schemas',
      'toolschema+share-schemas+share-schemas',
      'toolschema+gzip',
      'toolschema+budget-0',
      'toolschema+budget-08000',
      'toolschema+budget-1e4',
      'toolschema+budget-4000+level-leads',
      'TOOLSCHEMA',
    ]) {
      expect(parseCompressor(label), label).toBeUndefined();
      expect(recordedSettings(label), label).toEqual({ shareSchemas: false, level: 'facts' });
    }
    expect(recordedSettings(undefined)).toEqual({ shareSchemas: false, level: 'facts' });
  });
});
