// Whether a client's answer is the server's: its own call answer, as is or
// handed on as JSON text (Claude Code with a structured result), and
// caveman_describe's bytes exactly, even inside a wrapper a client adds.

import { describe, expect, it } from 'vitest';
import { firstDifference } from '../../../scripts/clients/journey';
import { answerHas, describedExactly } from '../../../scripts/clients/step-outcome';

const reference = { tools: new Map([['read_file', '{"name":"read_file","description":"Read.\\u00e9","x":1.0}']]), callAnswer: ['[FILE] a.txt\n[DIR] b'] };

describe('step outcomes', () => {
  it('finds the server’s call answer as is, or as a JSON string inside a structured result', () => {
    expect(answerHas(['[FILE] a.txt\n[DIR] b'], reference.callAnswer)).toBe(true);
    expect(answerHas([JSON.stringify({ content: '[FILE] a.txt\n[DIR] b' })], reference.callAnswer)).toBe(true);
    expect(answerHas(['[FILE] a.txt'], reference.callAnswer)).toBe(false);
    expect(answerHas(['anything'], [])).toBe(false);
  });

  it('takes caveman_describe’s answer only when it holds the server’s bytes exactly', () => {
    const own = reference.tools.get('read_file')!;
    expect(describedExactly([`<untrusted_context>\n${own}\n</untrusted_context>`], 'read_file', reference)).toBe(true);
    expect(describedExactly([JSON.stringify(JSON.parse(own))], 'read_file', reference)).toBe(false);
    expect(describedExactly([own], 'write_file', reference)).toBe(false);
  });

  it('says where two answers first differ, as cmp does (1-based byte)', () => {
    expect(firstDifference('abc', 'abc')).toBeUndefined();
    expect(firstDifference('abd', 'abc')).toBe(3);
    expect(firstDifference('é', 'e')).toBe(1);
    expect(firstDifference('ab', 'abc')).toBe(3);
  });
});
