// What a model reads when its call is refused: one line per violation, then
// the tool's definition exactly as the server wrote it, so the detail the
// listing deferred arrives with the reason, in one round trip. A definition
// above REFUSAL_TOKEN_BOUND gives way to the parts of the input schema the
// violations name (their bytes as written) and the describe call that
// brings the rest. Without a describe tool listed the definition is always
// given whole: the model would have no other way to read it.

import { isObject, keyNames, memberOf, sourceOf } from '../../engine/json/json-node';
import { resolvePointer, segmentsOf } from '../../engine/json/json-pointer';
import { countTokens } from '../../engine/tokens/count-tokens';
import type { TokenizerName } from '../../../shared/tokenizers';
import type { CompiledTool } from './compile-tool';
import type { Violation } from './explain-errors';
import { shownValue } from './violation-wording';

/** Tokens a refusal may take with the whole definition in it (docs/checked-calls.md). */
export const REFUSAL_TOKEN_BOUND = 2000;

export interface RefusalTextOptions {
  tokenizer: TokenizerName;
  /** The describe tool's name in this listing; undefined when none is listed. */
  describeTool: string | undefined;
  tokenBound?: number;
}

const notCalled = (name: string) => `${shownValue(name)} was not called: the server never saw these arguments. Fix them and call it again.`;

export function refusalText(tool: CompiledTool, violations: readonly Violation[], options: RefusalTextOptions): string {
  const lines = violations.map((violation) => violation.line);
  const whole = [...lines, `${notCalled(tool.name)} Its definition, as the server wrote it:`, tool.text].join('\n');
  const bound = options.tokenBound ?? REFUSAL_TOKEN_BOUND;
  if (options.describeTool === undefined) return whole;
  const wholeTokens = countTokens(whole, options.tokenizer);
  if (wholeTokens <= bound) return whole;
  const head = [...lines, `${notCalled(tool.name)} The parts of its input schema these name, as the server wrote them:`];
  const describeCall = `${options.describeTool} {"names":[${JSON.stringify(tool.name)}]}`;
  const tail = `Its whole definition (${countTokens(tool.text, options.tokenizer)} tokens) is one call away: ${describeCall}`;
  let spent = countTokens([...head, tail].join('\n'), options.tokenizer);
  const excerpts: string[] = [];
  // Quoted in order while the text stays within the bound; a part that would cross it is named instead. A list of names always fits.
  for (const { label, body, names } of schemaExcerpts(tool, violations)) {
    const tokens = countTokens(body, options.tokenizer);
    const fits = names || spent + tokens <= bound;
    excerpts.push(fits ? body : `${label}: in the whole definition`);
    if (fits) spent += tokens;
  }
  return [...head, ...excerpts, tail].join('\n');
}

interface Excerpt {
  /** "input schema /properties/state" */
  label: string;
  /** The label and the part's text as written; for an extra property, the names the object allows. */
  body: string;
  names: boolean;
}

/** Each place of the input schema the violations name, once. */
function schemaExcerpts(tool: CompiledTool, violations: readonly Violation[]): Excerpt[] {
  const excerpts = new Map<string, Excerpt>();
  for (const { schemaPointer, propertyList } of violations) {
    // The root is the whole input schema: the describe call gives it, with the rest.
    if (schemaPointer === undefined || (schemaPointer === '' && !propertyList) || excerpts.has(`${propertyList} ${schemaPointer}`)) continue;
    const node = resolvePointer(tool.doc, tool.schemaNode, segmentsOf(schemaPointer));
    if (node === undefined) continue;
    const label = `input schema ${schemaPointer === '' ? '(root)' : schemaPointer}`;
    const properties = propertyList && isObject(tool.doc, node) ? memberOf(tool.doc, node, 'properties') : undefined;
    const names = isObject(tool.doc, properties) ? keyNames(tool.doc, properties).map(shownValue).join(', ') : '(none listed)';
    const body = propertyList ? `${label} allows the properties: ${names}` : `${label}:\n${sourceOf(tool.doc, node)}`;
    excerpts.set(`${propertyList} ${schemaPointer}`, { label, body, names: propertyList });
  }
  return [...excerpts.values()];
}
