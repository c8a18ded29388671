// The text of a refusal as the model reads it: the violations first, then
// the tool's definition byte for byte; above the bound, the parts of the
// input schema the violations name (byte for byte) and the describe call.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CallChecker } from '../../../../src/main/library/call-check/call-checker';
import { REFUSAL_TOKEN_BOUND } from '../../../../src/main/library/call-check/refusal-text';
import { countTokens } from '../../../../src/main/engine/tokens/count-tokens';
import { realFixture } from '../../../helpers/fixtures';
import { toolTexts } from './tool-texts';

/** Written the way a server might: odd spacing, escapes, key order, `1.0`; JSON.stringify would give other bytes. */
const ODD =
  '{ "name" : "list_issues",\n  "description": "Lists issues \\u00e9. Repeated words.",\n' +
  '  "inputSchema": {"type":"object",  "properties":{"state":{ "type":"string","enum":["open","closed"] },' +
  '"per_page":{"type":"integer","maximum":100,"default":30.0},"2":{"type":"string"},"1":{"type":"string"}},"required":["owner"]} }';

const textOf = (check: ReturnType<CallChecker['check']>) => {
  if (check.verdict !== 'invalid') throw new Error(`not refused: ${JSON.stringify(check)}`);
  return check.result.content[0]!.text;
};

describe('refusal text', () => {
  it('leads with the violations, then the definition exactly as the server wrote it', () => {
    expect(JSON.stringify(JSON.parse(ODD))).not.toBe(ODD);
    const text = textOf(new CallChecker().check(ODD, '{"state":"all","per_page":500}', 'caveman_describe'));
    expect(text).toBe(
      [
        'missing required /owner',
        '/state must be one of: open, closed',
        '/per_page must be ≤ 100',
        'list_issues was not called: the server never saw these arguments. Fix them and call it again. Its definition, as the server wrote it:',
        ODD,
      ].join('\n'),
    );
  });

  it('above the bound: the parts of the schema named, byte for byte, and the describe call for the rest', () => {
    const text = textOf(new CallChecker({ refusalTokenBound: 120 }).check(ODD, '{"state":"all","per_page":500}', 'caveman_describe_2'));
    expect(text).toBe(
      [
        'missing required /owner',
        '/state must be one of: open, closed',
        '/per_page must be ≤ 100',
        'list_issues was not called: the server never saw these arguments. Fix them and call it again. ' +
          'The parts of its input schema these name, as the server wrote them:',
        'input schema /required:',
        '["owner"]',
        'input schema /properties/state:',
        '{ "type":"string","enum":["open","closed"] }',
        'input schema /properties/per_page: in the whole definition',
        `Its whole definition (${countTokens(ODD, 'o200k_base')} tokens) is one call away: caveman_describe_2 {"names":["list_issues"]}`,
      ].join('\n'),
    );
  });

  it('names the properties an object allows when the arguments bring another', () => {
    const tool = '{"name":"t","inputSchema":{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"}},"additionalProperties":false}}';
    const text = textOf(new CallChecker({ refusalTokenBound: 1 }).check(tool, '{"extra":1}', 'caveman_describe'));
    expect(text.split('\n').slice(0, 3)).toEqual([
      '/extra is not allowed here',
      expect.stringContaining('The parts of its input schema these name'),
      'input schema (root) allows the properties: owner, repo',
    ]);
  });

  it('gives the whole definition, whatever its size, when no describe tool is listed', () => {
    const big = toolTexts(realFixture('github-mcp-server.json').text).find((tool) => tool.name === 'projects_write')!;
    expect(countTokens(big.text, 'o200k_base')).toBeGreaterThan(REFUSAL_TOKEN_BOUND);
    const checker = new CallChecker();
    expect(textOf(checker.check(big.text, '{}', undefined)).endsWith(`\n${big.text}`)).toBe(true);
    const bounded = textOf(checker.check(big.text, '{}', 'caveman_describe'));
    expect(bounded).not.toContain(big.text);
    expect(countTokens(bounded, 'o200k_base')).toBeLessThanOrEqual(REFUSAL_TOKEN_BOUND);
    // docs/checked-calls.md shows this very line.
    const doc = readFileSync(new URL('../../../../docs/checked-calls.md', import.meta.url), 'utf8');
    expect(doc).toContain(bounded.split('\n').at(-1));
    expect(bounded.endsWith('caveman_describe {"names":["projects_write"]}')).toBe(true);
  });

  it('is one tools/call result with isError', () => {
    const check = new CallChecker().check(ODD, '{}');
    expect(check.verdict === 'invalid' && { isError: check.result.isError, parts: check.result.content.length }).toEqual({ isError: true, parts: 1 });
  });
});
