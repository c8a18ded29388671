// A tool's input schema, compiled once: found in the tool's exact text,
// parsed, and handed to Ajv in its own dialect. Anything that stops that is
// a reason to forward the tool's calls unchecked, never an error: a checker
// fault never blocks a call.

import type { ValidateFunction } from 'ajv';
import { sourceOf, type JsonDocument, type NodeId } from '../../engine/json/json-node';
import { parseJson } from '../../engine/json/parse-json';
import { readCatalog } from '../../engine/transform/catalog-shape';
import { errorMessage } from '../../../shared/error-message';
import { checkedDialect, dialectAjv, type AnyAjv, type CheckedDialect } from './dialect-ajv';

/** The key the schema is added under, so a refusal can compile one of its parts with every `$ref` still resolving. */
export const SCHEMA_KEY = 'urn:caveman-shrink:input-schema';

export interface CompiledTool {
  name: string;
  /** The tool's exact text as the server wrote it. */
  text: string;
  /** The tool's text parsed losslessly, and its input schema in it. */
  doc: JsonDocument;
  schemaNode: NodeId;
  /** The input schema as Ajv holds it: the objects its errors point at. */
  schema: unknown;
  dialect: CheckedDialect;
  ajv: AnyAjv;
  validate: ValidateFunction;
}

export interface UncheckedTool {
  name: string;
  /** Why its calls go unchecked, in one clause ("its input schema has a $ref outside itself: …"). */
  reason: string;
}

export function compileTool(text: string): CompiledTool | UncheckedTool {
  let doc: JsonDocument;
  try {
    doc = parseJson(text);
  } catch (error) {
    return { name: '(unreadable)', reason: `its definition is not JSON: ${errorMessage(error)}` };
  }
  const tool = readCatalog(doc)?.tools[0];
  const schemaNode = tool?.schemas[0];
  const name = tool?.name ?? '(unnamed)';
  if (schemaNode === undefined) return { name, reason: 'it has no input schema' };
  const schema: unknown = JSON.parse(sourceOf(doc, schemaNode));
  if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null || Array.isArray(schema))) {
    return { name, reason: 'its input schema is neither an object nor a boolean' };
  }
  const dialect = checkedDialect(typeof schema === 'object' ? (schema as { $schema?: unknown }).$schema : undefined);
  if (typeof dialect !== 'string') return { name, reason: `its input schema declares a dialect the checker does not read (${dialect.unknown})` };
  const compiled = compileSchema(schema, dialect);
  if ('reason' in compiled) return { name, reason: compiled.reason };
  return { name, text, doc, schemaNode, schema, dialect, ...compiled };
}

type Compiled = { ajv: AnyAjv; validate: ValidateFunction } | { reason: string };

/** Ajv's validator, or why not: patterns Ajv cannot read with the `u` flag are read once more without it. */
function compileSchema(schema: unknown, dialect: CheckedDialect): Compiled {
  const first = attempt(schema, dialect, true);
  if (!(first instanceof SyntaxError)) return first;
  const second = attempt(schema, dialect, false);
  return second instanceof SyntaxError ? { reason: `Ajv cannot compile its input schema: ${second.message}` } : second;
}

function attempt(schema: unknown, dialect: CheckedDialect, unicode: boolean): Compiled | SyntaxError {
  const ajv = dialectAjv(dialect, unicode);
  try {
    ajv.addSchema(schema as object, SCHEMA_KEY);
    const validate = ajv.getSchema(SCHEMA_KEY);
    return validate === undefined ? { reason: 'Ajv did not compile its input schema' } : { ajv, validate };
  } catch (error) {
    if (error instanceof SyntaxError) return error;
    const missing = (error as { missingRef?: unknown }).missingRef;
    if (typeof missing === 'string') {
      const local = missing.startsWith(`${SCHEMA_KEY}#`) ? missing.slice(SCHEMA_KEY.length) : undefined;
      return { reason: local === undefined ? `its input schema has a $ref outside itself (${missing})` : `its input schema has a $ref to nothing (${local})` };
    }
    return { reason: `Ajv cannot compile its input schema: ${errorMessage(error)}` };
  }
}
