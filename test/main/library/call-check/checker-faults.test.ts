// A checker fault never blocks a call: a schema Ajv cannot compile, one
// that reaches outside itself, arguments that are not JSON, a check that
// throws — each makes the call "unchecked", with one reason, and it goes on.

import { describe, expect, it } from 'vitest';
import { CallChecker } from '../../../../src/main/library/call-check/call-checker';
import { toolWith } from './tool-texts';

const checker = new CallChecker();

describe('checker faults', () => {
  it('leaves a tool unchecked, with its reason, when its schema cannot be compiled', () => {
    const cases: [unknown, string][] = [
      [
        { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } },
        'its input schema has a $ref outside itself (https://example.com/a.json)',
      ],
      [{ type: 'text' }, 'Ajv cannot compile its input schema: type must be JSONType or JSONType[]: text'],
      [{ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }, 'its input schema has a $ref to nothing (#/$defs/missing)'],
      [[1, 2], 'its input schema is neither an object nor a boolean'],
    ];
    for (const [schema, reason] of cases) expect(checker.check(toolWith('t', schema), '{}')).toEqual({ verdict: 'unchecked', tool: 't', reason });
  });

  it('leaves a tool unchecked when its definition has no input schema, or is not JSON', () => {
    expect(checker.check('{"name":"bare","description":"x"}', '{}')).toEqual({ verdict: 'unchecked', tool: '(unnamed)', reason: 'it has no input schema' });
    expect(checker.check('{"name":', '{}')).toMatchObject({ verdict: 'unchecked', reason: expect.stringMatching(/^its definition is not JSON: /) });
  });

  it('leaves a call unchecked when its arguments are not JSON', () => {
    expect(checker.check(toolWith('t', { type: 'object' }), '{"a":')).toEqual({ verdict: 'unchecked', tool: 't', reason: 'its arguments are not JSON' });
  });

  it('leaves a call unchecked when the check itself throws (a recursive schema, arguments nested past the stack)', () => {
    const schema = { $ref: '#/$defs/node', $defs: { node: { type: 'array', items: { $ref: '#/$defs/node' } } } };
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const check = checker.check(toolWith('deep', schema), deep);
    expect(check).toMatchObject({ verdict: 'unchecked', tool: 'deep', reason: expect.stringMatching(/^the check failed: /) });
    expect(checker.check(toolWith('deep', schema), '[[[]],[]]')).toEqual({ verdict: 'valid' });
  });

  it('checks a pattern written for another regex engine instead of dropping the tool', () => {
    const tool = toolWith('slug', { type: 'object', properties: { slug: { type: 'string', pattern: '^[\\w\\-]+$' } } });
    expect(checker.check(tool, '{"slug":"a-b_c"}')).toEqual({ verdict: 'valid' });
    expect(checker.check(tool, '{"slug":"a b"}')).toMatchObject({ verdict: 'invalid', violations: [{ line: '/slug must match the pattern ^[\\w\\-]+$' }] });
  });

  it('never refuses on format: a format is an annotation', () => {
    const tool = toolWith('when', { type: 'object', properties: { at: { type: 'string', format: 'date-time' }, mail: { type: 'string', format: 'email' } } });
    expect(checker.check(tool, '{"at":"yesterday","mail":"nobody"}')).toEqual({ verdict: 'valid' });
  });

  it('checks a call without arguments as {}', () => {
    const tool = toolWith('t', { type: 'object', required: ['a'] });
    expect(checker.check(tool, undefined)).toMatchObject({ verdict: 'invalid', violations: [{ line: 'missing required /a' }] });
    expect(checker.check(toolWith('u', { type: 'object' }), undefined)).toEqual({ verdict: 'valid' });
  });

  it('keeps one tool’s $id from answering another tool’s $ref', () => {
    const owner = toolWith('owner', { $id: 'https://example.com/shared.json', type: 'object', properties: { n: { type: 'integer' } } });
    const user = toolWith('user', { type: 'object', properties: { x: { $ref: 'https://example.com/shared.json' } } });
    expect(checker.check(owner, '{"n":1}')).toEqual({ verdict: 'valid' });
    expect(checker.check(user, '{"x":{"n":"1"}}')).toEqual({
      verdict: 'unchecked',
      tool: 'user',
      reason: 'its input schema has a $ref outside itself (https://example.com/shared.json)',
    });
  });

  it('keeps at most the tools it is told, the least recently called going first', () => {
    const small = new CallChecker({ cachedTools: 2 });
    const tools = ['a', 'b', 'c'].map((name) => toolWith(name, { type: 'object', required: [name] }));
    small.check(tools[0]!, '{}');
    small.check(tools[1]!, '{}');
    small.check(tools[0]!, '{}');
    small.check(tools[2]!, '{}');
    expect(small.cachedToolCount).toBe(2);
    expect(small.isCached(tools[0]!) && !small.isCached(tools[1]!) && small.isCached(tools[2]!)).toBe(true);
    for (const tool of tools) expect(small.check(tool, '{}').verdict).toBe('invalid');
  });
});
