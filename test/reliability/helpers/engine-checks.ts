// The engine's own checks of a shrink's output, as the reliability tests make
// them on every input they shrink: the guarantees of docs/spec.md hold between
// the input and the output, and shrinking the output again changes nothing.

import { expect } from 'vitest';
import { checkGuarantees } from '../../../src/main/engine/guarantees/check-guarantees';
import { parseJson } from '../../../src/main/engine/json/parse-json';
import { outputText, transformCatalog } from '../../../src/main/engine/transform/transform-catalog';

export function expectGuaranteesAndIdempotence(inputText: string, text: string): void {
  // The output parsed once for both checks: a parsed document never changes.
  const outputDoc = parseJson(text);
  const guarantees = checkGuarantees(parseJson(inputText), outputDoc);
  expect([guarantees.selection.ok, guarantees.construction.ok, guarantees.constraints.ok, guarantees.facts.ok], JSON.stringify(guarantees)).toEqual([
    true,
    true,
    true,
    true,
  ]);
  const again = transformCatalog(outputDoc);
  expect(again && outputText(again)).toBe(text);
}
