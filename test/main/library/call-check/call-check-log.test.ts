// The stderr lines: one per refusal with the tool and its violations, one
// per unchecked tool with its reason; never an argument's value.

import { describe, expect, it } from 'vitest';
import { CallChecker } from '../../../../src/main/library/call-check/call-checker';
import { logRefusal, logUnchecked } from '../../../../src/main/library/call-check/call-check-log';
import { toolWith } from './tool-texts';

const SCHEMA = {
  type: 'object',
  properties: {
    state: { enum: ['open', 'closed'] },
    name: { type: 'string', pattern: '^[a-z]+$', maxLength: 4 },
    n: { type: 'integer' },
    pick: { anyOf: [{ type: 'integer' }, { const: 'all' }] },
  },
  required: ['owner'],
  additionalProperties: false,
};

describe('call-check log lines', () => {
  it('writes one line per refusal: the tool and its violations, no argument value', () => {
    const check = new CallChecker().check(
      toolWith('list_issues', SCHEMA),
      JSON.stringify({ state: 'SECRET-1', name: 'SECRET-2', n: 'SECRET-3', pick: 'SECRET-4', other: 'SECRET-5' }),
    );
    if (check.verdict !== 'invalid') throw new Error('not refused');
    const written: string[] = [];
    logRefusal((line) => written.push(line), check.tool, check.violations);
    expect(written).toEqual([
      'tools/call list_issues refused, not relayed (7 violations): missing required /owner; /other is not allowed here; /state must be one of: open, closed; ' +
        '/name must be at most 4 characters long; /name must match the pattern ^[a-z]+$; /n must be an integer; /pick must be an integer, or one of: all',
    ]);
    expect(check.result.content[0]!.text).not.toContain('SECRET');
  });

  it('writes one line for a tool left unchecked, and keeps a line one line', () => {
    const written: string[] = [];
    logUnchecked((line) => written.push(line), 'odd\nname', 'its input schema has a $ref outside itself (https://example.com/a.json)');
    logRefusal((line) => written.push(line), 'long', [{ line: 'x'.repeat(5000), schemaPointer: undefined, propertyList: false }]);
    expect(written[0]).toBe('tools/call "odd\\nname" relayed unchecked from now on: its input schema has a $ref outside itself (https://example.com/a.json)');
    expect(written[1]!.length).toBe(2000);
    expect(written.every((line) => !line.includes('\n'))).toBe(true);
  });
});
