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
  });

  it('parses back every label it writes', () => {
    for (const level of LEVELS) {
      for (const shareSchemas of [false, true])
        expect(parseCompressor(compressorLabel({ shareSchemas, level })), `${level} ${shareSchemas}`).toEqual({ shareSchemas, level });
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
      'TOOLSCHEMA',
    ]) {
      expect(parseCompressor(label), label).toBeUndefined();
      expect(recordedSettings(label), label).toEqual({ shareSchemas: false, level: 'facts' });
    }
    expect(recordedSettings(undefined)).toEqual({ shareSchemas: false, level: 'facts' });
  });
});
