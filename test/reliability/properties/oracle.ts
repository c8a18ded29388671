// An independent reading of docs/transform.md, docs/spec.md, written from the spec and not
// from the engine: where a catalog's tools and schemas are for each shape,
// which keys of a schema are names, what the selection surface is, and
// whether a $ref resolves. It works on JSON.parse values, which is enough
// for names, required lists and $ref strings (exact number text is checked
// separately, on the compact text).

import type { Shape } from './catalog-arbitrary';

type Value = unknown;
type Obj = Record<string, Value>;

const isObj = (value: Value): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

const NAME_MAPS = new Set(['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas', 'dependentRequired', 'dependencies']);
const VERBATIM = new Set(['enum', 'required', 'default', 'const']);
const ANNOTATIONS = new Set(['examples', 'example', '$comment', 'title', '$schema']);

export interface OracleTool {
  name: string;
  envelope?: Obj;
  schema: Value;
}

/** The tools of a parsed catalog of a known shape. */
export function toolsOf(shape: Shape, doc: Value): OracleTool[] {
  const list = (value: Value) => (Array.isArray(value) ? value.filter(isObj) : []);
  const fromEnvelope =
    (door: string) =>
    (envelope: Obj): OracleTool => ({ name: String(envelope.name), envelope, schema: envelope[door] });
  switch (shape) {
    case 'mcp':
      return list((doc as Obj).tools).map(fromEnvelope('inputSchema'));
    case 'mcp-snake':
      return list((doc as Obj).tools).map(fromEnvelope('input_schema'));
    case 'functions':
      return list((doc as Obj).functions).map(fromEnvelope('parameters'));
    case 'flat-array':
      return list(doc).map(fromEnvelope('parameters'));
    case 'openai-array':
      return list(doc).map((outer) => fromEnvelope('parameters')(outer.function as Obj));
    case 'single-tool':
      return [fromEnvelope('inputSchema')(doc as Obj)];
    case 'bare-schema':
      return [{ name: '(schema)', schema: doc }];
  }
}

/** Calls `visit` on every schema object under `schema` (names in name maps are not schemas; annotations and verbatim values are not walked). */
export function visitSchemas(schema: Value, visit: (node: Obj, path: string[]) => void, path: string[] = []): void {
  if (Array.isArray(schema)) {
    schema.forEach((item, i) => visitSchemas(item, visit, [...path, String(i)]));
    return;
  }
  if (!isObj(schema)) return;
  visit(schema, path);
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key) || VERBATIM.has(key)) continue;
    if (NAME_MAPS.has(key) && isObj(value)) {
      for (const [name, sub] of Object.entries(value)) visitSchemas(sub, visit, [...path, key, name]);
    } else {
      visitSchemas(value, visit, [...path, key]);
    }
  }
}

export interface OracleProfile {
  name: string;
  parameters: string[];
  enumAt: string[];
  required: Record<string, string[]>;
  refs: string[];
}

const pointer = (path: string[]) => path.map((p) => `/${p.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** Selection surface (docs/spec.md) plus the $ref strings, per tool. */
export function profileOf(shape: Shape, doc: Value): OracleProfile[] {
  return toolsOf(shape, doc).map((tool) => {
    const profile: OracleProfile = { name: tool.name, parameters: [], enumAt: [], required: {}, refs: [] };
    visitSchemas(tool.schema, (node, path) => {
      if (isObj(node.properties)) for (const name of Object.keys(node.properties)) profile.parameters.push(pointer([...path, 'properties', name]));
      if ('enum' in node) profile.enumAt.push(pointer(path));
      if (Array.isArray(node.required)) profile.required[pointer(path)] = node.required.map(String).sort();
      if (typeof node.$ref === 'string') profile.refs.push(`${pointer(path)} → ${node.$ref}`);
    });
    profile.parameters.sort();
    profile.enumAt.sort();
    profile.refs.sort();
    return profile;
  });
}

/** The value a `#…` JSON Pointer names inside `root`, or undefined. */
export function resolveRef(root: Value, ref: string): { found: boolean } {
  if (!ref.startsWith('#')) return { found: false };
  const fragment = decodeURIComponent(ref.slice(1));
  if (fragment === '') return { found: true };
  let here: Value = root;
  for (const raw of fragment.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(here) && /^\d+$/.test(segment)) here = here[Number(segment)];
    else if (isObj(here) && Object.prototype.hasOwnProperty.call(here, segment)) here = here[segment];
    else return { found: false };
  }
  return { found: here !== undefined };
}

/** Every $ref of a tool's schema that does not resolve inside that schema. */
export function brokenRefs(schema: Value): string[] {
  const broken: string[] = [];
  visitSchemas(schema, (node, path) => {
    if (typeof node.$ref === 'string' && !resolveRef(schema, node.$ref).found) broken.push(`${pointer(path)} → ${node.$ref}`);
  });
  return broken;
}

/** The description string at a schema path inside a tool's schema (or its envelope's). */
export function descriptionAt(tool: OracleTool, schemaPath: string[] | undefined): string | undefined {
  if (schemaPath === undefined) return typeof tool.envelope?.description === 'string' ? tool.envelope.description : undefined;
  let here: Value = tool.schema;
  for (const key of schemaPath) here = isObj(here) && Object.prototype.hasOwnProperty.call(here, key) ? here[key] : undefined;
  return isObj(here) && typeof here.description === 'string' ? here.description : undefined;
}
