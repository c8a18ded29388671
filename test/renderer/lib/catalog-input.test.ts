// What the renderer checks before it sends a catalog: its size and its name.

import { describe, expect, it } from 'vitest';
import { catalogName, sizeRefusal } from '../../../src/renderer/src/lib/catalog-input';
import { MAX_INPUT_BYTES, errorSentence } from '../../../src/shared/errors';

describe('catalog input', () => {
  it('refuses only inputs above 32 MiB', () => {
    expect(sizeRefusal(MAX_INPUT_BYTES)).toBeNull();
    const refusal = sizeRefusal(MAX_INPUT_BYTES + 1)!;
    expect(refusal).toEqual({ code: 'cave_input_too_large', message: 'the file is 32.0 MiB, above the 32 MiB limit', outcome: { left: 'not_read' } });
    expect(errorSentence(refusal)).toBe('the file is 32.0 MiB, above the 32 MiB limit — it was not read');
  });

  it('keeps names within the contract', () => {
    expect(catalogName('  ')).toBe('catalog.json');
    expect(catalogName('a.json')).toBe('a.json');
    const long = catalogName('x'.repeat(300) + '.json');
    expect(Array.from(long)).toHaveLength(255);
    expect(long.endsWith('.json')).toBe(true);
  });
});
