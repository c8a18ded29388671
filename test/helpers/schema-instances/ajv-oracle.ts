// The judge of every generated instance: Ajv in the schema's own dialect, set
// up as the call checker sets it up (format an annotation), so an instance
// is "valid" because Ajv says so, not because the generator meant it to be.
// What each dialect means is pinned apart from this, by hand-written cases
// (test/main/library/call-check/dialects.test.ts).

import type { ErrorObject, ValidateFunction } from 'ajv';
import { checkedDialect, dialectAjv, type CheckedDialect } from '../../../src/main/library/call-check/dialect-ajv';

export interface Oracle {
  dialect: CheckedDialect;
  /** Ajv's errors for `instance`, or null when it is valid. */
  errors(instance: unknown): ErrorObject[] | null;
}

/** An oracle for `schema` (a fresh Ajv each, so one schema's `$id` never answers another's `$ref`); throws when Ajv cannot compile it. */
export function oracleFor(schema: unknown): Oracle {
  const declared = typeof schema === 'object' && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined;
  const dialect = checkedDialect(declared);
  if (typeof dialect !== 'string') throw new Error(`no Ajv for ${dialect.unknown}`);
  const validate: ValidateFunction = dialectAjv(dialect).compile(schema as object);
  return {
    dialect,
    errors(instance) {
      return validate(instance) ? null : [...(validate.errors ?? [])];
    },
  };
}
