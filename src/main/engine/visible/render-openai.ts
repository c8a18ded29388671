// The `openai` rendering (SPEC §2.8): the tools as OpenAI's harmony format
// lays them out for a model (openai/harmony, docs/format.md, "Function
// calling"): a TypeScript-like `namespace functions { … }` in the developer
// message's `# Tools` section, one `type NAME = (_: {…}) => any;` per tool.
//
// As documented: a description is a `//` comment on the line above what it
// describes (each of its lines one comment); a property not in `required`
// gets `?`; an `enum` is a union of its values; a `default` is a trailing
// `// default: …` comment (a string default of an enum unquoted); an array
// is `T[]`; a tool that takes no arguments is `() => any`; an empty line
// follows each tool. As harmony's renderer also does: `integer` is `number`,
// a `type` list or `anyOf`/`oneOf` is a union, `nullable: true` adds
// `| null`, a property's `title` and string `examples` are comments above it.
//
// Decisions where the format says nothing: a nested object's properties are
// indented four spaces a level; an object without properties is `object`;
// the description of an object that is not a property (the parameters'
// own, an array item's, a variant's) is the first comment inside its braces;
// `const` is its literal; anything else (`$ref`, `allOf`, no type) is `any`.
// "No arguments" is no schema, or an object schema without properties that
// admits no others. A nameless tool has nothing between `type` and `=`.
// Values (enum members, const, defaults, examples) keep their exact source
// text; descriptions and names are decoded, as a model reads them.

import { ARRAY, ESCAPED, LITERAL, OBJECT, STRING, isArray, isObject, isString, keyAt, keyName, memberOf, stringValue, valueAt, type JsonDocument, type NodeId } from '../json/json-node';
import type { JsonSink } from '../json/json-sink';
import { writeCompact } from '../json/write-compact';
import type { CatalogLayout } from '../transform/catalog-shape';
import type { RenderedSpans } from './rendering';
import { visibleTools, type VisibleTool } from './visible-tools';

const HEADER = '# Tools\n\n## functions\n\nnamespace functions {\n\n';
const FOOTER = '} // namespace functions';
const INDENT = '    ';

/** Writes the rendering to `out`; returns each tool's span in it (a catalog without tools renders as nothing). */
export function renderOpenAi(doc: JsonDocument, layout: CatalogLayout, out: JsonSink): RenderedSpans {
  const tools = visibleTools(doc, layout);
  const spans: RenderedSpans = [];
  if (tools.length === 0) return spans;
  const writer = new HarmonyWriter(doc, out);
  out.push(HEADER);
  for (const tool of tools) {
    const from = out.length;
    writer.tool(tool);
    spans.push([from, out.length]);
    out.push('\n');
  }
  out.push(FOOTER);
  return spans;
}

class HarmonyWriter {
  constructor(
    private readonly doc: JsonDocument,
    private readonly out: JsonSink,
  ) {}

  tool(tool: VisibleTool): void {
    const { out } = this;
    if (tool.description !== undefined) this.comment(tool.description, '');
    out.push('type ');
    if (tool.name !== undefined) this.decoded(tool.name);
    if (this.takesNoArguments(tool.schema)) {
      out.push(' = () => any;\n');
      return;
    }
    out.push(' = (_: ');
    this.type(tool.schema!, -1, false);
    out.push(') => any;\n');
  }

  /** No schema, or an object schema that has no properties and admits no others. */
  private takesNoArguments(schema: NodeId | undefined): boolean {
    const { doc } = this;
    if (schema === undefined) return true;
    if (!isObject(doc, schema)) return false;
    const type = memberOf(doc, schema, 'type');
    if (type !== undefined && !(isString(doc, type) && stringValue(doc, type) === 'object')) return false;
    if (hasMembers(doc, memberOf(doc, schema, 'properties'))) return false;
    for (const key of ['anyOf', 'oneOf', 'allOf', 'enum', 'const', '$ref']) if (memberOf(doc, schema, key) !== undefined) return false;
    return ['additionalProperties', 'patternProperties'].every((key) => {
      const value = memberOf(doc, schema, key);
      return value === undefined || isLiteral(doc, value, 'false') || (key === 'patternProperties' && !hasMembers(doc, value));
    });
  }

  /**
   * The type of `schema`, begun on a line at indentation `level` (-1: the
   * parameters, whose properties are not indented, as documented).
   * `describedAbove`: the schema's description is already a comment above.
   */
  private type(schema: NodeId, level: number, describedAbove: boolean): void {
    const { doc, out } = this;
    if (!isObject(doc, schema)) {
      out.push(isLiteral(doc, schema, 'false') ? 'never' : 'any');
      return;
    }
    const constant = memberOf(doc, schema, 'const');
    const values = memberOf(doc, schema, 'enum');
    const variants = nonEmptyArray(doc, memberOf(doc, schema, 'anyOf')) ?? nonEmptyArray(doc, memberOf(doc, schema, 'oneOf'));
    const type = memberOf(doc, schema, 'type');
    if (constant !== undefined) writeCompact(doc, constant, out);
    else if (nonEmptyArray(doc, values) !== undefined) this.union(values!, (value) => writeCompact(doc, value, out));
    else if (variants !== undefined) this.union(variants, (variant) => this.type(variant, level, false));
    else if (isString(doc, type)) this.named(stringValue(doc, type), schema, level, describedAbove);
    else if (isArray(doc, type) && stringItems(doc, type).length > 0) {
      stringItems(doc, type).forEach((name, i) => {
        if (i > 0) out.push(' | ');
        this.named(name, schema, level, describedAbove);
      });
    } else if (hasMembers(doc, memberOf(doc, schema, 'properties'))) this.object(schema, level, describedAbove);
    else if (memberOf(doc, schema, 'items') !== undefined) this.array(schema, level);
    else out.push('any');
    if (addsNull(doc, schema)) out.push(' | null');
  }

  private union(list: NodeId, each: (item: NodeId) => void): void {
    const { doc, out } = this;
    for (let i = 0; i < doc.count[list]!; i++) {
      if (i > 0) out.push(' | ');
      each(doc.slots[doc.first[list]! + i]!);
    }
  }

  private named(name: string, schema: NodeId, level: number, describedAbove: boolean): void {
    if (name === 'object') this.object(schema, level, describedAbove);
    else if (name === 'array') this.array(schema, level);
    else this.out.push(PRIMITIVES.get(name) ?? 'any');
  }

  private array(schema: NodeId, level: number): void {
    const { doc, out } = this;
    const items = memberOf(doc, schema, 'items');
    if (items === undefined || doc.kind[items] === ARRAY) {
      out.push('any[]');
      return;
    }
    const grouped = isUnion(doc, items);
    if (grouped) out.push('(');
    this.type(items, level, false);
    out.push(grouped ? ')[]' : '[]');
  }

  private object(schema: NodeId, level: number, describedAbove: boolean): void {
    const { doc, out } = this;
    const properties = memberOf(doc, schema, 'properties');
    if (!hasMembers(doc, properties)) {
      out.push('object');
      return;
    }
    const inner = indent(level + 1);
    const required = requiredNames(doc, schema);
    out.push('{\n');
    const description = memberOf(doc, schema, 'description');
    if (!describedAbove && isString(doc, description)) this.comment(description, inner);
    for (let i = 0; i < doc.count[properties]!; i++) this.property(properties, i, level + 1, required);
    out.push(`${indent(level)}}`);
  }

  private property(properties: NodeId, index: number, level: number, required: ReadonlySet<string>): void {
    const { doc, out } = this;
    const at = indent(level);
    const key = keyAt(doc, properties, index);
    const schema = valueAt(doc, properties, index);
    const annotated = isObject(doc, schema);
    if (annotated) this.annotations(schema, at);
    out.push(at);
    this.decoded(key);
    if (!required.has(keyName(doc, properties, index))) out.push('?');
    out.push(': ');
    this.type(schema, level, true);
    out.push(',');
    const fallback = annotated ? memberOf(doc, schema, 'default') : undefined;
    if (fallback !== undefined) {
      out.push(' // default: ');
      // A string default of an enum reads as the bare value (docs/format.md: `// default: celsius`).
      if (isString(doc, fallback) && memberOf(doc, schema, 'enum') !== undefined) out.copy(doc.text, doc.start[fallback]! + 1, doc.end[fallback]! - 1);
      else writeCompact(doc, fallback, out);
    }
    out.push('\n');
  }

  /** A property's title, description and string examples, as comments above it. */
  private annotations(schema: NodeId, at: string): void {
    const { doc, out } = this;
    const title = memberOf(doc, schema, 'title');
    if (isString(doc, title)) {
      this.comment(title, at);
      out.push(`${at}//\n`);
    }
    const description = memberOf(doc, schema, 'description');
    if (isString(doc, description)) this.comment(description, at);
    const examples = nonEmptyArray(doc, memberOf(doc, schema, 'examples'));
    if (examples === undefined) return;
    out.push(`${at}// Examples:\n`);
    for (let i = 0; i < doc.count[examples]!; i++) {
      const example = doc.slots[doc.first[examples]! + i]!;
      if (doc.kind[example] !== STRING) continue;
      out.push(`${at}// - `);
      out.copy(doc.text, doc.start[example]!, doc.end[example]!);
      out.push('\n');
    }
  }

  /** Each line of a string as a `//` comment at `at` (none for an empty string). */
  private comment(node: NodeId, at: string): void {
    const { doc, out } = this;
    const start = doc.start[node]! + 1;
    const end = doc.end[node]! - 1;
    // Without escapes a JSON string has no line break: one line, copied as it stands.
    if ((doc.flags[node]! & ESCAPED) === 0) {
      if (end === start) return;
      out.push(`${at}// `);
      out.copy(doc.text, start, end);
      out.push('\n');
      return;
    }
    for (const line of linesOf(stringValue(doc, node))) out.push(`${at}// ${line}\n`);
  }

  /** A string's value, as a model reads it. */
  private decoded(node: NodeId): void {
    const { doc, out } = this;
    if ((doc.flags[node]! & ESCAPED) === 0) out.copy(doc.text, doc.start[node]! + 1, doc.end[node]! - 1);
    else out.push(stringValue(doc, node));
  }
}

const PRIMITIVES: ReadonlyMap<string, string> = new Map([
  ['string', 'string'],
  ['number', 'number'],
  ['integer', 'number'],
  ['boolean', 'boolean'],
  ['null', 'null'],
]);

function indent(level: number): string {
  return level > 0 ? INDENT.repeat(level) : '';
}

/** A text's lines as Rust's `str::lines` gives them: split at `\n`, a `\r` before it dropped, no last empty line. */
export function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

function isLiteral(doc: JsonDocument, node: NodeId, literal: 'true' | 'false'): boolean {
  return doc.kind[node] === LITERAL && doc.text.startsWith(literal, doc.start[node]!);
}

function hasMembers(doc: JsonDocument, node: NodeId | undefined): node is NodeId {
  return node !== undefined && doc.kind[node] === OBJECT && doc.count[node]! > 0;
}

function nonEmptyArray(doc: JsonDocument, node: NodeId | undefined): NodeId | undefined {
  return node !== undefined && doc.kind[node] === ARRAY && doc.count[node]! > 0 ? node : undefined;
}

/** The string items of an array, decoded. */
function stringItems(doc: JsonDocument, list: NodeId): string[] {
  const names: string[] = [];
  for (let i = 0; i < doc.count[list]!; i++) {
    const item = doc.slots[doc.first[list]! + i]!;
    if (isString(doc, item)) names.push(stringValue(doc, item));
  }
  return names;
}

function requiredNames(doc: JsonDocument, schema: NodeId): Set<string> {
  const list = memberOf(doc, schema, 'required');
  return new Set(isArray(doc, list) ? stringItems(doc, list) : []);
}

/** `nullable: true` (OpenAPI) on a schema whose type does not already name null. */
function addsNull(doc: JsonDocument, schema: NodeId): boolean {
  const nullable = memberOf(doc, schema, 'nullable');
  if (nullable === undefined || !isLiteral(doc, nullable, 'true')) return false;
  const type = memberOf(doc, schema, 'type');
  if (isString(doc, type)) return stringValue(doc, type) !== 'null';
  return !(isArray(doc, type) && stringItems(doc, type).includes('null'));
}

/** True when `schema`'s type is written as a union (so an array of it needs parentheses). */
function isUnion(doc: JsonDocument, schema: NodeId): boolean {
  if (!isObject(doc, schema)) return false;
  if (addsNull(doc, schema)) return true;
  if (memberOf(doc, schema, 'const') !== undefined) return false;
  const values = nonEmptyArray(doc, memberOf(doc, schema, 'enum'));
  if (values !== undefined) return doc.count[values]! > 1;
  const variants = nonEmptyArray(doc, memberOf(doc, schema, 'anyOf')) ?? nonEmptyArray(doc, memberOf(doc, schema, 'oneOf'));
  if (variants !== undefined) return doc.count[variants]! > 1 || isUnion(doc, doc.slots[doc.first[variants]!]!);
  const type = memberOf(doc, schema, 'type');
  return isArray(doc, type) && stringItems(doc, type).length > 1;
}
