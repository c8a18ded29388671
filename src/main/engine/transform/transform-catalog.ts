// The transform of SPEC §2.2: one pass over the lossless tree that writes the
// compact output directly, dropping annotations and reducing descriptions in
// schema territory and copying everything else as its exact source text.

import { ARRAY, OBJECT, STRING, stringValue, type JsonDocument, type JsonNode, type ObjectNode, type StringNode } from '../json/json-node';
import { pointerOf } from '../json/json-pointer';
import { TextBuilder } from '../json/text-builder';
import { writeCompact } from '../json/write-compact';
import { readCatalog, type CatalogKind, type CatalogLayout } from './catalog-shape';
import { refProtectedPaths } from './protected-paths';
import { reduceDescription } from './reduce-description';
import { DROPPED_ANNOTATIONS, NAME_MAP_KEYWORDS, SCHEMA_DOORS, VERBATIM_KEYWORDS } from './schema-vocabulary';

/** Where one tool sits in the source text and in the output text (UTF-16 offsets). */
export interface ToolSpan {
  name: string;
  sourceStart: number;
  sourceEnd: number;
  outputStart: number;
  outputEnd: number;
}

export interface TransformResult {
  output: string;
  kind: CatalogKind;
  tools: ToolSpan[];
}

/**
 * Parts of the transform that can be switched off, so lint can attribute a
 * saving to whitespace, dropped metadata and trimmed prose. Both default on.
 */
export interface TransformOptions {
  dropAnnotations?: boolean;
  reduceDescriptions?: boolean;
}

/** Transforms a catalog; undefined when the document is not a catalog (pass-through). */
export function transformCatalog(doc: JsonDocument, options: TransformOptions = {}): TransformResult | undefined {
  const layout = readCatalog(doc);
  if (layout === undefined) return undefined;
  const writer = new CatalogWriter(doc.text, layout, options.dropAnnotations ?? true, options.reduceDescriptions ?? true);
  writer.writeRoot(doc.root);
  return { output: writer.out.toString(), kind: layout.kind, tools: writer.spans };
}

class CatalogWriter {
  readonly out = new TextBuilder();
  readonly spans: ToolSpan[] = [];
  private readonly toolNames = new Map<JsonNode, string>();
  private readonly lists: ReadonlySet<JsonNode>;

  constructor(
    private readonly text: string,
    private readonly layout: CatalogLayout,
    private readonly dropAnnotations: boolean,
    private readonly reduceDescriptions: boolean,
  ) {
    for (const tool of layout.tools) this.toolNames.set(tool.node, tool.name);
    this.lists = new Set(layout.lists);
  }

  writeRoot(root: JsonNode): void {
    switch (this.layout.kind) {
      case 'tool-list':
        return this.writeObject(root as ObjectNode, (_key, value) => {
          if (this.lists.has(value)) this.writeToolArray(value);
          else writeCompact(this.text, value, this.out);
        });
      case 'tool-array':
        return this.writeToolArray(root);
      case 'tool':
        return this.writeTool(root as ObjectNode, () => this.writeEnvelope(root as ObjectNode));
      case 'schema':
        return this.writeTool(root as ObjectNode, () => this.writeSchemaRoot(root));
    }
  }

  private writeToolArray(list: JsonNode): void {
    if (list.kind !== ARRAY) return writeCompact(this.text, list, this.out);
    this.out.push('[');
    list.items.forEach((item, i) => {
      if (i > 0) this.out.push(',');
      if (item.kind === OBJECT) this.writeTool(item, () => this.writeEnvelope(item));
      else writeCompact(this.text, item, this.out);
    });
    this.out.push(']');
  }

  private writeTool(node: ObjectNode, write: () => void): void {
    const outputStart = this.out.length;
    write();
    this.spans.push({
      name: this.toolNames.get(node) ?? `#${this.spans.length + 1}`,
      sourceStart: node.start,
      sourceEnd: node.end,
      outputStart,
      outputEnd: this.out.length,
    });
  }

  /** Envelope fields other than `description` are never edited. */
  private writeEnvelope(envelope: ObjectNode): void {
    this.writeObject(envelope, (key, value) => {
      if (key === 'description' && value.kind === STRING) this.writeDescription(value);
      else if (SCHEMA_DOORS.has(key)) this.writeSchemaRoot(value);
      else if (key === 'function' && value.kind === OBJECT) this.writeEnvelope(value);
      else writeCompact(this.text, value, this.out);
    });
  }

  private writeSchemaRoot(schema: JsonNode): void {
    const protectedPaths = refProtectedPaths(this.text, schema);
    this.writeSchema(schema, protectedPaths, protectedPaths ? [] : undefined);
  }

  /** `path` (pointer segments) is tracked only when some $ref needs protecting. */
  private writeSchema(node: JsonNode, protectedPaths: Set<string> | undefined, path: string[] | undefined): void {
    if (node.kind === ARRAY) {
      this.out.push('[');
      node.items.forEach((item, i) => {
        if (i > 0) this.out.push(',');
        path?.push(String(i));
        this.writeSchema(item, protectedPaths, path);
        path?.pop();
      });
      this.out.push(']');
      return;
    }
    if (node.kind !== OBJECT) return writeCompact(this.text, node, this.out);

    const isProtected = (key: string): boolean =>
      protectedPaths !== undefined && path !== undefined && protectedPaths.has(pointerOf([...path, key]));
    this.writeObject(
      node,
      (key, value) => {
        if (DROPPED_ANNOTATIONS.has(key) || VERBATIM_KEYWORDS.has(key)) return writeCompact(this.text, value, this.out);
        if (key === 'description' && value.kind === STRING) {
          return isProtected(key) ? writeCompact(this.text, value, this.out) : this.writeDescription(value);
        }
        path?.push(key);
        if (NAME_MAP_KEYWORDS.has(key) && value.kind === OBJECT) this.writeNameMap(value, protectedPaths, path);
        else this.writeSchema(value, protectedPaths, path);
        path?.pop();
      },
      (key) => this.dropAnnotations && DROPPED_ANNOTATIONS.has(key) && !isProtected(key),
    );
  }

  /** Child keys of a name map are user-chosen names: all survive; only their values are schemas. */
  private writeNameMap(map: ObjectNode, protectedPaths: Set<string> | undefined, path: string[] | undefined): void {
    this.writeObject(map, (name, value) => {
      path?.push(name);
      this.writeSchema(value, protectedPaths, path);
      path?.pop();
    });
  }

  private writeDescription(node: StringNode): void {
    const reduced = this.reduceDescriptions ? reduceDescription(stringValue(this.text, node)) : undefined;
    if (reduced === undefined) this.out.push(this.text.slice(node.start, node.end));
    else this.out.push(JSON.stringify(reduced));
  }

  /** Writes `{…}` with each kept member's key verbatim and its value via `writeValue`. */
  private writeObject(
    node: ObjectNode,
    writeValue: (key: string, value: JsonNode) => void,
    drop?: (key: string) => boolean,
  ): void {
    const { text, out } = this;
    out.push('{');
    let first = true;
    for (let i = 0; i < node.keys.length; i++) {
      const keyNode = node.keys[i]!;
      const key = stringValue(text, keyNode);
      if (drop?.(key)) continue;
      if (!first) out.push(',');
      first = false;
      out.push(text.slice(keyNode.start, keyNode.end));
      out.push(':');
      writeValue(key, node.values[i]!);
    }
    out.push('}');
  }
}
