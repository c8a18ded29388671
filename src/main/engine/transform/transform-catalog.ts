// The transform of SPEC §2.2: one pass over the lossless tree that writes the
// compact output directly, dropping annotations and reducing descriptions in
// schema territory and copying everything else as its exact source text.

import { ARRAY, OBJECT, STRING, stringValue, type JsonDocument, type JsonNode, type ObjectNode, type StringNode } from '../json/json-node';
import { ByteWriter } from '../json/byte-writer';
import { writeCompact } from '../json/write-compact';
import { readCatalog, type CatalogKind, type CatalogLayout } from './catalog-shape';
import { refTargets, type RefTrie } from './ref-targets';
import { reduceDescription } from './reduce-description';
import { DROPPED_ANNOTATIONS, NAME_MAP_KEYWORDS, SCHEMA_DOORS, VERBATIM_KEYWORDS } from './schema-vocabulary';

/** Where one tool sits in the source text (UTF-16 offsets) and in the output (byte offsets). */
export interface ToolSpan {
  name: string;
  sourceStart: number;
  sourceEnd: number;
  outputStart: number;
  outputEnd: number;
}

export interface TransformResult {
  /** The compact shrunk catalog as UTF-8: the exact bytes to send to a model. */
  output: Uint8Array;
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
  /** Write the output into shared memory, so counting threads can read it without a copy. */
  sharedOutput?: boolean;
}

/** Transforms a catalog; undefined when the document is not a catalog (pass-through). */
export function transformCatalog(doc: JsonDocument, options: TransformOptions = {}): TransformResult | undefined {
  const layout = readCatalog(doc);
  if (layout === undefined) return undefined;
  const out = new ByteWriter(doc.text.length + 64, options.sharedOutput ?? false);
  const writer = new CatalogWriter(doc.text, layout, out, options.dropAnnotations ?? true, options.reduceDescriptions ?? true);
  writer.writeRoot(doc.root);
  return { output: out.bytes(), kind: layout.kind, tools: writer.spans };
}

const decoder = new TextDecoder();

/** The output as text (for checks and display; what is sent is the bytes). */
export function outputText(result: TransformResult, span?: ToolSpan): string {
  return decoder.decode(span ? result.output.subarray(span.outputStart, span.outputEnd) : result.output);
}

class CatalogWriter {
  readonly spans: ToolSpan[] = [];
  private readonly toolNames = new Map<JsonNode, string>();
  private readonly lists: ReadonlySet<JsonNode>;

  constructor(
    private readonly text: string,
    private readonly layout: CatalogLayout,
    readonly out: ByteWriter,
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
    this.writeSchema(schema, refTargets(this.text, schema));
  }

  /**
   * `targets` is the part of the $ref-target trie below this node: a member
   * on the way to a target is never dropped or rewritten.
   */
  private writeSchema(node: JsonNode, targets: RefTrie | undefined): void {
    const { text, out } = this;
    if (node.kind === ARRAY) {
      out.push('[');
      for (let i = 0; i < node.items.length; i++) {
        if (i > 0) out.push(',');
        this.writeSchema(node.items[i]!, targets?.child(String(i)));
      }
      out.push(']');
      return;
    }
    if (node.kind !== OBJECT) return writeCompact(text, node, out);

    out.push('{');
    let first = true;
    for (let i = 0; i < node.keys.length; i++) {
      const keyNode = node.keys[i]!;
      const key = stringValue(text, keyNode);
      const value = node.values[i]!;
      const below = targets?.child(key);
      const dropped = DROPPED_ANNOTATIONS.has(key);
      if (dropped && this.dropAnnotations && below === undefined) continue;
      if (!first) out.push(',');
      first = false;
      out.copy(text, keyNode.start, keyNode.end);
      out.push(':');
      if (dropped || VERBATIM_KEYWORDS.has(key)) writeCompact(text, value, out);
      else if (key === 'description' && value.kind === STRING) {
        if (below === undefined) this.writeDescription(value);
        else writeCompact(text, value, out);
      } else if (NAME_MAP_KEYWORDS.has(key) && value.kind === OBJECT) this.writeNameMap(value, below);
      else this.writeSchema(value, below);
    }
    out.push('}');
  }

  /** Child keys of a name map are user-chosen names: all survive; only their values are schemas. */
  private writeNameMap(map: ObjectNode, targets: RefTrie | undefined): void {
    const { text, out } = this;
    out.push('{');
    for (let i = 0; i < map.keys.length; i++) {
      if (i > 0) out.push(',');
      const keyNode = map.keys[i]!;
      out.copy(text, keyNode.start, keyNode.end);
      out.push(':');
      this.writeSchema(map.values[i]!, targets?.child(stringValue(text, keyNode)));
    }
    out.push('}');
  }

  private writeDescription(node: StringNode): void {
    const reduced = this.reduceDescriptions ? reduceDescription(stringValue(this.text, node)) : undefined;
    if (reduced === undefined) this.out.copy(this.text, node.start, node.end);
    else this.out.push(JSON.stringify(reduced));
  }

  /** Writes `{…}` with each member's key verbatim and its value via `writeValue`. */
  private writeObject(node: ObjectNode, writeValue: (key: string, value: JsonNode) => void): void {
    const { text, out } = this;
    out.push('{');
    for (let i = 0; i < node.keys.length; i++) {
      if (i > 0) out.push(',');
      const keyNode = node.keys[i]!;
      out.copy(text, keyNode.start, keyNode.end);
      out.push(':');
      writeValue(stringValue(text, keyNode), node.values[i]!);
    }
    out.push('}');
  }
}
