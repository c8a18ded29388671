// The `openai` rendering (docs/transform.md): the tools as OpenAI's harmony format
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

import {
  ARRAY,
  ESCAPED,
  LITERAL,
  OBJECT,
  STRING,
  isArray,
  isObject,
  isString,
  keyAt,
  keyName,
  stringValue,
  valueAt,
  type JsonDocument,
  type NodeId,
} from '../json/json-node';
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
    const { doc, out } = this;
    if (tool.description !== undefined) this.comment(tool.description, '');
    out.push('type ');
    if (tool.name !== undefined) this.decoded(tool.name);
    const schema = tool.schema;
    const keywords = schema !== undefined && isObject(doc, schema) ? keywordsOf(doc, schema) : undefined;
    if (schema === undefined || (keywords && takesNoArguments(doc, keywords))) {
      out.push(' = () => any;\n');
      return;
    }
    out.push(' = (_: ');
    this.type(schema, keywords, -1, false);
    out.push(') => any;\n');
  }

  /**
   * The type of `schema` (its `keywords` when it is an object), begun on a
   * line at indentation `level` (-1: the parameters, whose properties are not
   * indented, as documented). `describedAbove`: its description is already a
   * comment above.
   */
  private type(schema: NodeId, keywords: Keywords | undefined, level: number, describedAbove: boolean): void {
    const { doc, out } = this;
    if (keywords === undefined) {
      out.push(isLiteral(doc, schema, 'false') ? 'never' : 'any');
      return;
    }
    const values = nonEmptyArray(doc, keywords.enum);
    const variants = nonEmptyArray(doc, keywords.anyOf) ?? nonEmptyArray(doc, keywords.oneOf);
    const { type } = keywords;
    if (keywords.const !== undefined) writeCompact(doc, keywords.const, out);
    else if (values !== undefined) this.union(values, (value) => writeCompact(doc, value, out));
    else if (variants !== undefined) this.union(variants, (variant) => this.type(variant, this.keywordsOf(variant), level, false));
    else if (isString(doc, type)) this.named(stringValue(doc, type), keywords, level, describedAbove);
    else if (isArray(doc, type) && stringItems(doc, type).length > 0) {
      stringItems(doc, type).forEach((name, i) => {
        if (i > 0) out.push(' | ');
        this.named(name, keywords, level, describedAbove);
      });
    } else if (hasMembers(doc, keywords.properties)) this.object(keywords, level, describedAbove);
    else if (keywords.items !== undefined) this.array(keywords, level);
    else out.push('any');
    if (addsNull(doc, keywords)) out.push(' | null');
  }

  private keywordsOf(schema: NodeId): Keywords | undefined {
    return isObject(this.doc, schema) ? keywordsOf(this.doc, schema) : undefined;
  }

  private union(list: NodeId, each: (item: NodeId) => void): void {
    const { doc, out } = this;
    for (let i = 0; i < doc.count[list]!; i++) {
      if (i > 0) out.push(' | ');
      each(doc.slots[doc.first[list]! + i]!);
    }
  }

  private named(name: string, keywords: Keywords, level: number, describedAbove: boolean): void {
    if (name === 'object') this.object(keywords, level, describedAbove);
    else if (name === 'array') this.array(keywords, level);
    else this.out.push(PRIMITIVES.get(name) ?? 'any');
  }

  private array(keywords: Keywords, level: number): void {
    const { doc, out } = this;
    const { items } = keywords;
    if (items === undefined || doc.kind[items] === ARRAY) {
      out.push('any[]');
      return;
    }
    const itemKeywords = this.keywordsOf(items);
    const grouped = itemKeywords !== undefined && isUnion(doc, itemKeywords);
    if (grouped) out.push('(');
    this.type(items, itemKeywords, level, false);
    out.push(grouped ? ')[]' : '[]');
  }

  private object(keywords: Keywords, level: number, describedAbove: boolean): void {
    const { doc, out } = this;
    const { properties } = keywords;
    if (!hasMembers(doc, properties)) {
      out.push('object');
      return;
    }
    const inner = indent(level + 1);
    const required = new Set(isArray(doc, keywords.required) ? stringItems(doc, keywords.required) : []);
    out.push('{\n');
    if (!describedAbove && isString(doc, keywords.description)) this.comment(keywords.description, inner);
    for (let i = 0; i < doc.count[properties]!; i++) this.property(properties, i, level + 1, required);
    out.push(`${indent(level)}}`);
  }

  private property(properties: NodeId, index: number, level: number, required: ReadonlySet<string>): void {
    const { doc, out } = this;
    const at = indent(level);
    const key = keyAt(doc, properties, index);
    const schema = valueAt(doc, properties, index);
    const keywords = this.keywordsOf(schema);
    if (keywords) this.annotations(keywords, at);
    out.push(at);
    this.decoded(key);
    if (!required.has(keyName(doc, properties, index))) out.push('?');
    out.push(': ');
    this.type(schema, keywords, level, true);
    out.push(',');
    const fallback = keywords?.default;
    if (fallback !== undefined) {
      out.push(' // default: ');
      // A string default of an enum reads as the bare value (docs/format.md: `// default: celsius`).
      if (isString(doc, fallback) && keywords!.enum !== undefined) out.copy(doc.text, doc.start[fallback]! + 1, doc.end[fallback]! - 1);
      else writeCompact(doc, fallback, out);
    }
    out.push('\n');
  }

  /** A property's title, description and string examples, as comments above it. */
  private annotations(keywords: Keywords, at: string): void {
    const { doc, out } = this;
    if (isString(doc, keywords.title)) {
      this.comment(keywords.title, at);
      out.push(`${at}//\n`);
    }
    if (isString(doc, keywords.description)) this.comment(keywords.description, at);
    const examples = nonEmptyArray(doc, keywords.examples);
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

/** The keywords this rendering reads, found in one pass over a schema's members (the last of a name wins, as in JSON.parse). */
class Keywords {
  type: NodeId | undefined = undefined;
  const: NodeId | undefined = undefined;
  enum: NodeId | undefined = undefined;
  anyOf: NodeId | undefined = undefined;
  oneOf: NodeId | undefined = undefined;
  allOf: NodeId | undefined = undefined;
  $ref: NodeId | undefined = undefined;
  properties: NodeId | undefined = undefined;
  patternProperties: NodeId | undefined = undefined;
  additionalProperties: NodeId | undefined = undefined;
  required: NodeId | undefined = undefined;
  items: NodeId | undefined = undefined;
  nullable: NodeId | undefined = undefined;
  default: NodeId | undefined = undefined;
  title: NodeId | undefined = undefined;
  description: NodeId | undefined = undefined;
  examples: NodeId | undefined = undefined;
}

type Keyword = keyof Keywords;

/** The keywords by length: a key is matched against its source text without decoding it (a 32 MiB catalog has millions). */
const KEYWORDS_BY_LENGTH: readonly (readonly Keyword[])[] = (() => {
  const names = Object.keys(new Keywords()) as Keyword[];
  const table: Keyword[][] = [];
  for (const name of names) (table[name.length] ??= []).push(name);
  return table;
})();
const KEYWORDS: ReadonlySet<string> = new Set(Object.keys(new Keywords()));

function keywordsOf(doc: JsonDocument, schema: NodeId): Keywords {
  const keywords = new Keywords();
  const { text, start, end, flags } = doc;
  for (let i = 0; i < doc.count[schema]!; i++) {
    const key = keyAt(doc, schema, i);
    if ((flags[key]! & ESCAPED) !== 0) {
      const name = keyName(doc, schema, i);
      if (KEYWORDS.has(name)) keywords[name as Keyword] = valueAt(doc, schema, i);
      continue;
    }
    const from = start[key]! + 1;
    const candidates = KEYWORDS_BY_LENGTH[end[key]! - 1 - from];
    if (candidates === undefined) continue;
    for (const name of candidates) {
      if (!text.startsWith(name, from)) continue;
      keywords[name] = valueAt(doc, schema, i);
      break;
    }
  }
  return keywords;
}

/** An object schema that has no properties and admits no others. */
function takesNoArguments(doc: JsonDocument, keywords: Keywords): boolean {
  const { type } = keywords;
  if (type !== undefined && !(isString(doc, type) && stringValue(doc, type) === 'object')) return false;
  if (hasMembers(doc, keywords.properties) || hasMembers(doc, keywords.patternProperties)) return false;
  if (
    keywords.anyOf !== undefined ||
    keywords.oneOf !== undefined ||
    keywords.allOf !== undefined ||
    keywords.enum !== undefined ||
    keywords.const !== undefined ||
    keywords.$ref !== undefined
  )
    return false;
  const others = keywords.additionalProperties;
  return others === undefined || isLiteral(doc, others, 'false');
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

/** `nullable: true` (OpenAPI) on a schema whose type does not already name null. */
function addsNull(doc: JsonDocument, keywords: Keywords): boolean {
  const { nullable, type } = keywords;
  if (nullable === undefined || !isLiteral(doc, nullable, 'true')) return false;
  if (isString(doc, type)) return stringValue(doc, type) !== 'null';
  return !(isArray(doc, type) && stringItems(doc, type).includes('null'));
}

/** True when a schema's type is written as a union (so an array of it needs parentheses). */
function isUnion(doc: JsonDocument, keywords: Keywords): boolean {
  if (addsNull(doc, keywords)) return true;
  if (keywords.const !== undefined) return false;
  const values = nonEmptyArray(doc, keywords.enum);
  if (values !== undefined) return doc.count[values]! > 1;
  const variants = nonEmptyArray(doc, keywords.anyOf) ?? nonEmptyArray(doc, keywords.oneOf);
  if (variants !== undefined) {
    const first = doc.slots[doc.first[variants]!]!;
    return doc.count[variants]! > 1 || (isObject(doc, first) && isUnion(doc, keywordsOf(doc, first)));
  }
  const { type } = keywords;
  return isArray(doc, type) && stringItems(doc, type).length > 1;
}
