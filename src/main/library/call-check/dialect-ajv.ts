// Ajv in a tool schema's own dialect. A server's schema is whatever it is:
// strict mode off (unknown keywords are the server's business), every error
// reported, and `format` left an annotation, as JSON Schema 2020-12 has it by
// default: servers are often laxer than their formats, and a refusal must
// only ever be a violation of the server's own published schema.

import { createRequire } from 'node:module';
import type { Ajv2019 } from 'ajv/dist/2019.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { Ajv, Options } from 'ajv/dist/ajv.js';
import { dialectOf, type Dialect } from '../../engine/transform/dialect';

export type CheckedDialect = '2020-12' | '2019-09' | 'draft-07' | 'draft-06' | 'draft-04';
export type AnyAjv = Ajv | Ajv2019 | Ajv2020;

// Each dialect's Ajv is loaded on its first schema, not at import: the
// proxy's relay imports the checker, and a client waits for the answer to its
// initialize while the relay loads.
type AjvClass = new (options: Options) => AnyAjv;
const loaders: Record<'2020-12' | '2019-09' | 'draft-07' | 'draft-04', () => AjvClass> = {
  '2020-12': () => (createRequire(import.meta.url)('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 }).Ajv2020,
  '2019-09': () => (createRequire(import.meta.url)('ajv/dist/2019.js') as { Ajv2019: typeof Ajv2019 }).Ajv2019,
  'draft-07': () => (createRequire(import.meta.url)('ajv/dist/ajv.js') as { Ajv: typeof Ajv }).Ajv,
  'draft-04': () => (createRequire(import.meta.url)('ajv-draft-04') as { default: AjvClass }).default,
};
const loaded = new Map<keyof typeof loaders, AjvClass>();

function ajvClass(dialect: keyof typeof loaders): AjvClass {
  let found = loaded.get(dialect);
  if (found === undefined) loaded.set(dialect, (found = loaders[dialect]()));
  return found;
}

/**
 * `verbose` puts the schema object behind each error in it, which is how a
 * refusal finds the exact place in the server's text (an error's schemaPath
 * is relative to a `$ref`'s target once Ajv compiles that target apart).
 * No meta-schema check: compiling already refuses a keyword whose value has
 * the wrong type, and a meta-schema quirk (an empty `required` in draft-04)
 * would only leave a checkable tool unchecked.
 */
const OPTIONS: Options = { strict: false, allErrors: true, validateFormats: false, validateSchema: false, verbose: true, logger: false };

/** The dialect a root schema declares, or why none this checker reads: no `$schema` is 2020-12, as MCP reads a tool's schema. */
export function checkedDialect(declared: unknown): CheckedDialect | { unknown: string } {
  if (declared === undefined) return '2020-12';
  if (typeof declared !== 'string') return { unknown: 'a $schema that is not a string' };
  const dialect: Dialect = dialectOf(declared);
  return dialect === 'draft-03' || dialect === 'unknown' ? { unknown: `$schema ${JSON.stringify(declared)}` } : dialect;
}

/**
 * A new Ajv for one tool's schema, so one tool's `$id` never answers
 * another's `$ref`. `unicode` false reads patterns without the `u` flag: a
 * schema written for another regex engine (`[\w\-]`) is checked, not dropped.
 */
export function dialectAjv(dialect: CheckedDialect, unicode = true): AnyAjv {
  const options: Options = { ...OPTIONS, unicodeRegExp: unicode };
  // draft-06 differs from draft-07 only by if/then/else, which no draft-06 schema writes.
  const Class = ajvClass(dialect === 'draft-06' ? 'draft-07' : dialect);
  return new Class(options);
}
