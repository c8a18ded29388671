// What a refusal says for each kind of rule, and how it cuts the noise of
// alternatives: a failed anyOf/oneOf becomes the branch the arguments were
// aiming at, or one line that says what the place must be.

import { describe, expect, it } from 'vitest';
import { CallChecker } from '../../../../src/main/library/call-check/call-checker';
import { toolWith } from './tool-texts';

const checker = new CallChecker();
const refusal = (schema: unknown, args: unknown) => {
  const check = checker.check(toolWith('tool', schema), JSON.stringify(args));
  if (check.verdict !== 'invalid') throw new Error(`not refused: ${JSON.stringify(check)}`);
  return check.violations;
};
const lines = (schema: unknown, args: unknown) => refusal(schema, args).map((violation) => violation.line);

const ISSUE_OR_PULL = {
  type: 'object',
  properties: { target: { oneOf: [{ $ref: '#/$defs/issue' }, { $ref: '#/$defs/pull' }] } },
  $defs: {
    issue: { type: 'object', properties: { kind: { const: 'issue' }, number: { type: 'integer', minimum: 1 } }, required: ['kind', 'number'] },
    pull: { type: 'object', properties: { kind: { const: 'pull' }, head: { type: 'string', minLength: 1 } }, required: ['kind', 'head'] },
  },
};

describe('violation lines', () => {
  it('says each rule in words a model acts on, from the schema, never from the value', () => {
    const schema = {
      type: 'object',
      properties: {
        state: { type: 'string', enum: ['open', 'closed'] },
        per_page: { type: 'integer', maximum: 100 },
        name: { type: 'string', pattern: '^[a-z]+$', maxLength: 3 },
        tags: { type: 'array', uniqueItems: true, minItems: 2 },
        step: { type: 'number', multipleOf: 5, exclusiveMinimum: 0 },
        odd: { enum: ['a b', 'true', '', 'x\ny', 1, null] },
        fixed: { const: 'yes' },
        never: false,
      },
      required: ['owner'],
      additionalProperties: false,
    };
    const args = {
      state: 'SECRET',
      per_page: 1000,
      name: 'SECRETS',
      tags: ['SECRET', 'SECRET'],
      step: -7,
      odd: 'SECRET',
      fixed: 'SECRET',
      never: 1,
      extra: 'SECRET',
    };
    expect(lines(schema, args)).toEqual([
      'missing required /owner',
      '/extra is not allowed here',
      '/state must be one of: open, closed',
      '/per_page must be ≤ 100',
      '/name must be at most 3 characters long',
      '/name must match the pattern ^[a-z]+$',
      '/tags must not repeat an item (items 0 and 1 are equal)',
      '/step must be > 0',
      '/step must be a multiple of 5',
      '/odd must be one of: a b, "true", "", "x\\ny", 1, null',
      '/fixed must be yes',
      '/never is not allowed here',
    ]);
  });

  it('names the whole arguments when they are not an object', () => {
    expect(lines({ type: 'object' }, [1])).toEqual(['the arguments must be an object']);
  });

  it('names a property by its name when the name breaks propertyNames', () => {
    expect(lines({ type: 'object', properties: { labels: { propertyNames: { pattern: '^[a-z]+$' } } } }, { labels: { Good: 1, ok: 2 } })).toEqual([
      'the name of /labels/Good must match the pattern ^[a-z]+$',
    ]);
  });

  it('keeps what an if/then requires and drops the if', () => {
    const schema = { type: 'object', properties: { kind: { enum: ['a', 'b'] } }, if: { properties: { kind: { const: 'a' } } }, then: { required: ['x'] } };
    expect(lines(schema, { kind: 'a' })).toEqual(['missing required /x']);
  });

  it('says a line once however many rules give it', () => {
    const schema = {
      allOf: [
        { type: 'object', required: ['a'] },
        { type: 'object', required: ['a'] },
      ],
    };
    expect(lines(schema, {})).toEqual(['missing required /a']);
  });
});

describe('alternatives', () => {
  it('a value of none of the types: one line with the types', () => {
    const schema = { type: 'object', properties: { since: { anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }] } } };
    expect(lines(schema, { since: 5 })).toEqual(['/since must be a string or null']);
    expect(lines(schema, { since: 'abcdefgh' })).toEqual(['/since must be at most 5 characters long']);
  });

  it('a discriminated oneOf through $ref: the branch its constant names, or the constants when none fits', () => {
    expect(lines(ISSUE_OR_PULL, { target: { kind: 'pull', head: '' } })).toEqual(['/target/head must be at least 1 character long']);
    expect(lines(ISSUE_OR_PULL, { target: { kind: 'issue', number: 0 } })).toEqual(['/target/number must be ≥ 1']);
    expect(lines(ISSUE_OR_PULL, { target: { kind: 'other' } })).toEqual(['/target/kind must be one of: issue, pull']);
    expect(lines(ISSUE_OR_PULL, { target: 'x' })).toEqual(['/target must be an object']);
  });

  it('types and constants together', () => {
    const schema = { type: 'object', properties: { mode: { anyOf: [{ const: 'fast' }, { const: 'slow' }, { type: 'integer' }] } } };
    expect(lines(schema, { mode: 'medium' })).toEqual(['/mode must be an integer, or one of: fast, slow']);
  });

  it('alternatives inside alternatives: each place says its own', () => {
    const schema = {
      type: 'object',
      properties: { v: { anyOf: [{ type: 'array', items: { oneOf: [{ type: 'integer' }, { type: 'string', pattern: '^[a-z]+$' }] } }, { type: 'boolean' }] } },
    };
    expect(lines(schema, { v: [1, 'ABC', null] })).toEqual(['/v/1 must match the pattern ^[a-z]+$', '/v/2 must be an integer or a string']);
  });

  it('branches equally close: each one spelled', () => {
    const schema = { type: 'object', anyOf: [{ required: ['id'] }, { required: ['name'] }] };
    expect(lines(schema, {})).toEqual(['the arguments must match one or more of their 2 allowed shapes: (missing required /id) or (missing required /name)']);
  });

  it('a oneOf matched twice says which shapes matched', () => {
    const schema = {
      oneOf: [
        { type: 'object', properties: { a: { type: 'string' } } },
        { type: 'object', properties: { b: { type: 'string' } } },
      ],
    };
    expect(lines(schema, { a: 'x' })).toEqual(['the arguments match 2 of their 2 allowed shapes (1 and 2); they must match exactly one']);
  });

  it('points each violation at the place its rule is written, a $ref target where it stands', () => {
    expect(refusal(ISSUE_OR_PULL, { target: { kind: 'pull', head: '' } }).map((violation) => violation.schemaPointer)).toEqual(['/$defs/pull/properties/head']);
    const required = refusal({ type: 'object', properties: { owner: { type: 'string' } }, required: ['owner', 'repo'] }, {});
    expect(required.map((violation) => violation.schemaPointer)).toEqual(['/properties/owner', '/required']);
  });
});
