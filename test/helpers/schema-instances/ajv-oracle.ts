// The judge of every generated instance: Ajv in the schema's own dialect,
// with `format` as an annotation, so an instance is "valid" because Ajv says
// so, not because the generator meant it to be. Kept apart from the call
// checker's own Ajv set-up on purpose: an oracle that shared the checker's
// code could not catch the checker choosing the wrong dialect.

import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv/dist/ajv.js';
import draft06MetaSchema from 'ajv/dist/refs/json-schema-draft-06.json';
import draft04 from 'ajv-draft-04';
import { dialectOf, type Dialect } from '../../../src/main/engine/transform/dialect';

// No meta-schema check: a fresh Ajv would compile the meta-schema for every schema, most of the time spent here.
const OPTIONS: Options = { strict: false, allErrors: true, validateFormats: false, validateSchema: false, logger: false };

// Node hands an ES module the CommonJS exports object, whose `default` is the class.
const AjvDraft04 = (draft04 as unknown as { default?: typeof draft04 }).default ?? draft04;

export interface Oracle {
  dialect: Dialect;
  /** Ajv's errors for `instance`, or null when it is valid. */
  errors(instance: unknown): ErrorObject[] | null;
}

/** The dialect a root schema declares; none is 2020-12, as MCP reads a tool's schema. */
export function schemaDialect(schema: unknown): Dialect {
  const declared = typeof schema === 'object' && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined;
  return typeof declared === 'string' ? dialectOf(declared) : '2020-12';
}

function ajvFor(dialect: Dialect): Ajv | Ajv2019 | Ajv2020 {
  switch (dialect) {
    case '2020-12':
      return new Ajv2020(OPTIONS);
    case '2019-09':
      return new Ajv2019(OPTIONS);
    case 'draft-07':
      return new Ajv(OPTIONS);
    case 'draft-06':
      return new Ajv(OPTIONS).addMetaSchema(draft06MetaSchema);
    case 'draft-04':
      return new AjvDraft04(OPTIONS) as Ajv;
    default:
      throw new Error(`no Ajv for the ${dialect} dialect`);
  }
}

/** An oracle for `schema` (a fresh Ajv each, so one schema's `$id` never answers another's `$ref`); throws when Ajv cannot compile it. */
export function oracleFor(schema: unknown): Oracle {
  const dialect = schemaDialect(schema);
  const validate: ValidateFunction = ajvFor(dialect).compile(schema as object);
  return {
    dialect,
    errors(instance) {
      return validate(instance) ? null : [...(validate.errors ?? [])];
    },
  };
}
