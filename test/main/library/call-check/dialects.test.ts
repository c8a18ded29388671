// The checker reads a schema in its own dialect: the same keywords mean
// other things in draft-04, draft-07, 2019-09 and 2020-12, and a call is
// judged by the meaning its server published.

import { describe, expect, it } from 'vitest';
import { CallChecker } from '../../../../src/main/library/call-check/call-checker';
import { DIALECT_SCHEMAS } from '../../../helpers/dialect-schemas';
import { schemaInstances } from '../../../helpers/schema-instances';
import { toolWith } from './tool-texts';
import { namesViolation } from './violation-lines';

const checker = new CallChecker();
const linesOf = (tool: string, args: unknown) => {
  const check = checker.check(tool, JSON.stringify(args));
  return check.verdict === 'invalid' ? check.violations.map((violation) => violation.line) : check.verdict;
};

describe('dialects', () => {
  it.each(DIALECT_SCHEMAS)('$dialect: generated valid calls pass, each invalid one is refused naming its violation', ({ dialect, schema }) => {
    const tool = toolWith(`tool_${dialect}`, schema);
    const { valid, invalid } = schemaInstances(schema, { seed: 2 });
    expect(valid.length).toBeGreaterThan(0);
    for (const args of valid) expect(checker.check(tool, JSON.stringify(args)).verdict).toBe('valid');
    expect(invalid.length).toBeGreaterThan(5);
    for (const broken of invalid) {
      const lines = linesOf(tool, broken.instance);
      expect({ broken: `${broken.category} ${broken.pointer}`, named: Array.isArray(lines) && namesViolation(lines, broken) }).toEqual({
        broken: `${broken.category} ${broken.pointer}`,
        named: true,
      });
    }
  });

  const [v2020, v2019, v07, v04] = DIALECT_SCHEMAS.map(({ dialect, schema }) => toolWith(`tool_${dialect}`, schema));

  it('2020-12: prefixItems is the tuple, items: false closes it', () => {
    const target = { kind: 'issue', number: 1 };
    expect(linesOf(v2020!, { owner: 'abc', target, range: [3, 'days'] })).toBe('valid');
    expect(linesOf(v2020!, { owner: 'abc', target, range: [3, 'days', 4] })).toEqual(['/range must have at most 2 items']);
  });

  it('2019-09: dependentRequired, and unevaluatedProperties that sees through allOf', () => {
    expect(linesOf(v2019!, { owner: 'abc', per_page: 5 })).toBe('valid');
    expect(linesOf(v2019!, { owner: 'abc', token: 'abcdefgh', extra: 1 })).toEqual([
      'missing required /token_kind (required when /token is present)',
      '/extra is not allowed here',
    ]);
  });

  it('draft-07: an array of items is the tuple, additionalItems closes it', () => {
    expect(linesOf(v07!, { owner: 'abc', state: 'open', range: [1, 'a'] })).toBe('valid');
    expect(linesOf(v07!, { owner: 'abc', state: 'open', range: [1, 'a', 2] })).toEqual(['/range must have at most 2 items']);
    expect(linesOf(v07!, { owner: 'abc', state: 'open', range: ['a', 1] })).toEqual(['/range/0 must be an integer', '/range/1 must be a string']);
  });

  it('draft-04: a boolean exclusiveMaximum makes the maximum exclusive', () => {
    expect(linesOf(v04!, { owner: 'abc', per_page: 99 })).toBe('valid');
    expect(linesOf(v04!, { owner: 'abc', per_page: 100 })).toEqual(['/per_page must be < 100']);
  });

  it('no $schema is 2020-12, as MCP reads it; draft-06 is read as draft-07', () => {
    const { $schema: _, ...undeclared } = DIALECT_SCHEMAS[0]!.schema;
    const target = { kind: 'pull', head: 'x' };
    expect(linesOf(toolWith('plain', undeclared), { owner: 'abc', target, range: [1, 'weeks', 2] })).toEqual(['/range must have at most 2 items']);
    const draft06 = { $schema: 'http://json-schema.org/draft-06/schema#', type: 'object', properties: { n: { type: 'integer', exclusiveMaximum: 3 } } };
    expect(linesOf(toolWith('six', draft06), { n: 3 })).toEqual(['/n must be < 3']);
  });

  it('a dialect it does not read leaves the tool unchecked, with the reason', () => {
    for (const $schema of ['http://json-schema.org/draft-03/schema#', 'https://example.com/my-meta-schema']) {
      const check = checker.check(toolWith('odd', { $schema, type: 'object' }), '{}');
      expect(check).toEqual({
        verdict: 'unchecked',
        tool: 'odd',
        reason: `its input schema declares a dialect the checker does not read ($schema "${$schema}")`,
      });
    }
  });

  it('a draft-04 schema read as 2020-12 would not compile: the dialect is what makes it checkable', () => {
    const { $schema: _, ...undeclared } = DIALECT_SCHEMAS[3]!.schema;
    const check = checker.check(toolWith('undeclared04', undeclared), '{"owner":"abc","per_page":100}');
    expect(check.verdict).toBe('unchecked');
  });
});
