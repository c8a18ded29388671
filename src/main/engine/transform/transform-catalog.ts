// The transform (docs/transform.md): one pass over the lossless tree that
// writes the compact output directly, dropping annotations, reducing
// descriptions and dropping default-valued keywords in schema territory, and
// copying everything else as its exact source text. Shared sub-schemas
// (opt-in) are a second pass over that output (share-schemas.ts). The level
// (docs/levels.md, level-rules.ts), one for the catalog or one per tool,
// says what stays; a tool that lost anything at a deferral level ends its
// own description with the marker.

import { DEFAULT_LEVEL, defersDetails, type LevelName } from '../../../shared/levels';
import { levelRules, type LevelRules } from './level-rules';
import { shortLead } from './short-lead';
import { writeObjectSchema, writeSkeleton } from './skeleton-writer';
import { ByteWriter } from '../json/byte-writer';
import { ARRAY, OBJECT, STRING, itemAt, keyAt, keyName, stringValue, valueAt, type JsonDocument, type NodeId } from '../json/json-node';
import { writeCompact } from '../json/write-compact';
import { indexOfQuoted } from '../text/find-quoted';
import { sentenceNamesOf } from './catalog-names';
import { readCatalog, type CatalogLayout } from './catalog-shape';
import { DEFERRAL_MARKER, endsWithDeferralMarker, withoutDeferralMarker } from './deferral-marker';
import { reducedDescriptionJson, SMALL_DESCRIPTION_BYTES, type ReductionOptions } from './reduce-description';
import { declaredDialects, isDraft04, needsDialect } from './dialect';
import { refTargets } from './ref-targets';
import type { RefTrie } from './ref-trie';
import { keywordsOf } from './schema-redundancy';
import {
  DROPPED_ANNOTATIONS,
  NAME_MAP_KEYWORDS,
  SCHEMA_DOORS,
  SUBSCHEMA_KEYWORDS,
  SUBSCHEMA_LIST_KEYWORDS,
  SUBSCHEMA_MAP_KEYWORDS,
  VERBATIM_KEYWORDS,
} from './schema-vocabulary';
import { someSchemaMember } from './schema-members';
import type { SentenceNames } from './sentence-names';
import { shareSchemas } from './share-schemas';
import type { ToolSpan, TransformResult } from './transform-result';
import { hasDuplicateKey, isDroppableDefault, type StructureScope } from './structural-defaults';
import { NO_PROGRESS, perTool, type Progress } from '../tool-progress';

export type { ToolSpan, TransformResult } from './transform-result';

/**
 * Parts of the transform that can be switched off, so lint can attribute a
 * saving to whitespace, dropped metadata, structure and trimmed prose. All
 * default on except `shareSchemas` (not every client resolves `$ref`).
 */
export interface TransformOptions {
  /** How much stays (docs/levels.md): `facts` by default; `full` reduces nothing, the deferral levels defer. */
  level?: LevelName;
  /** A level per tool, by its place in the catalog (a budget's plan); `level` for a tool it does not name. */
  toolLevels?: readonly LevelName[];
  dropAnnotations?: boolean;
  reduceDescriptions?: boolean;
  /** Drop keywords equal to their JSON Schema default (docs/transform.md). */
  exactStructure?: boolean;
  /** Write identical sub-schemas repeated inside one tool once, in that tool's `$defs`. */
  shareSchemas?: boolean;
  /** Write the output into shared memory, so counting threads can read it without a copy. */
  sharedOutput?: boolean;
  /** Where that shared memory comes from (default: new buffers). */
  allocateShared?: (byteLength: number) => SharedArrayBuffer;
  /** The document's text as bytes, when it is plain ASCII (DecodedInput.asciiBytes): copied from instead of encoded. */
  asciiBytes?: Uint8Array;
  /** Hears the tools written, 0…1 (a 32 MiB catalog takes about a second). */
  onProgress?: Progress;
  /**
   * Hears the output written so far after each tool: a view from the start
   * of the buffer being written (bytes once written never change; a bigger
   * buffer replaces it when it fills; a deferral marker is only ever
   * inserted into the tool being written). Not called with `shareSchemas`,
   * whose output is rewritten once written.
   */
  onOutput?: (written: Uint8Array) => void;
}

/** Transforms a catalog; undefined when the document is not a catalog (pass-through). */
export function transformCatalog(doc: JsonDocument, options: TransformOptions = {}): TransformResult | undefined {
  const layout = readCatalog(doc);
  if (layout === undefined) return undefined;
  const share = options.shareSchemas ?? false;
  const out = new ByteWriter(doc.text.length + 64, {
    shared: options.sharedOutput ?? false,
    ...(options.allocateShared ? { allocateShared: options.allocateShared } : {}),
    ...(options.asciiBytes ? { source: { text: doc.text, bytes: options.asciiBytes } } : {}),
  });
  const progress = perTool(options.onProgress ?? NO_PROGRESS, layout.tools.length);
  const onOutput = share ? undefined : options.onOutput;
  const onToolWritten =
    onOutput === undefined
      ? progress
      : (toolIndex: number) => {
          progress(toolIndex);
          onOutput(out.bytes());
        };
  const level = options.level ?? DEFAULT_LEVEL;
  const { toolLevels } = options;
  const writer = new CatalogWriter(
    doc,
    layout,
    out,
    toolLevels === undefined ? () => level : (toolIndex) => (toolIndex === undefined ? level : (toolLevels[toolIndex] ?? level)),
    options.dropAnnotations ?? true,
    options.reduceDescriptions ?? true,
    options.exactStructure ?? true,
    onToolWritten,
  );
  writer.writeRoot();
  const result: TransformResult = { output: out.bytes(), kind: layout.kind, tools: writer.spans, structureDrops: writer.structureDrops, sharedDefinitions: 0 };
  return share ? shareSchemas(result, options.sharedOutput ?? false) : result;
}

/**
 * Whether `schema` has an `unevaluatedProperties`/`unevaluatedItems` keyword
 * anywhere in it (they read the annotations of default-valued keywords).
 * Most schemas never say the word: a search of the schema's own slice (a
 * view, not a copy) rules them out, unless a \u escape could hide it in a
 * key. The rest are walked, so the word in a description, an example or a
 * property's name does not count (the transform drops some of those, and a
 * second shrink must then decide the same).
 */
function hasUnevaluated(doc: JsonDocument, schema: NodeId): boolean {
  const text = doc.text.slice(doc.start[schema], doc.end[schema]);
  if (indexOfQuoted(text, 'unevaluated') === -1 && !text.includes('\\u')) return false;
  return someSchemaMember(doc, schema, (key) => key === 'unevaluatedProperties' || key === 'unevaluatedItems');
}

const decoder = new TextDecoder();

/** The output as text (for checks and display; what is sent is the bytes). */
export function outputText(result: TransformResult, span?: ToolSpan): string {
  return decoder.decode(span ? result.output.subarray(span.outputStart, span.outputEnd) : result.output);
}

/**
 * True when an envelope has a non-empty description of its own (or its
 * nested `function` has): only such a tool can carry the marker, so only
 * such a tool is shrunk at a deferral level (docs/levels.md).
 */
function hasOwnDescription(doc: JsonDocument, envelope: NodeId): boolean {
  for (let i = 0; i < doc.count[envelope]!; i++) {
    const key = keyName(doc, envelope, i);
    const value = valueAt(doc, envelope, i);
    if (key === 'description' && doc.kind[value] === STRING && stringValue(doc, value).trim() !== '') return true;
    if (key === 'function' && doc.kind[value] === OBJECT && hasOwnDescription(doc, value)) return true;
  }
  return false;
}

class CatalogWriter {
  readonly spans: ToolSpan[] = [];
  structureDrops = 0;
  /** Each tool's place in the layout, by its node. */
  private readonly toolIndexes = new Map<NodeId, number>();
  /** The structural fact rule's names, per tool (read when a description is first reduced). */
  private namesOf: ((toolIndex: number) => SentenceNames) | undefined;
  /** How the tool being written reduces its descriptions: at facts, at the deferral level. */
  private factsReduction: ReductionOptions = { kind: 'facts' };
  private deferralReduction: ReductionOptions = { kind: 'deferral' };
  private readonly lists: ReadonlySet<NodeId>;
  private readonly text: string;
  /** The tool being written reduces its descriptions (its level is not full, and reducing is not switched off). */
  private reduces = false;
  /** What the tool being written keeps. */
  private rules: LevelRules = levelRules(DEFAULT_LEVEL);
  /** The tool being written is shrunk at its deferral level (it has a description of its own to carry the marker). */
  private toolDefers = false;
  /** Its schemas' descriptions go (overviews, signatures). */
  private deletesDescriptions = false;
  /** Some non-empty description of the tool being written was shortened or removed. */
  private toolLost = false;
  /** Output offset of the closing quote of the tool's last non-empty own description (-1: none yet). */
  private markerAt = -1;
  /** That description, as written, already ends with the marker. */
  private ownMarked = false;
  /** The tool schema being written keeps its `$schema` (dialect.ts: dropping it would change what it means). */
  private keepDialect = false;

  constructor(
    private readonly doc: JsonDocument,
    private readonly layout: CatalogLayout,
    private readonly out: ByteWriter,
    private readonly levelOf: (toolIndex: number | undefined) => LevelName,
    private readonly dropAnnotations: boolean,
    private readonly reduceDescriptions: boolean,
    private readonly exactStructure: boolean,
    private readonly onToolWritten: (toolIndex: number) => void,
  ) {
    this.text = doc.text;
    layout.tools.forEach((tool, index) => this.toolIndexes.set(tool.node, index));
    this.lists = new Set(layout.lists);
  }

  writeRoot(): void {
    const { root } = this.doc;
    switch (this.layout.kind) {
      case 'tool-list':
        return this.writeMembers(root, (_key, value) => {
          if (this.lists.has(value)) this.writeToolArray(value);
          else writeCompact(this.doc, value, this.out);
        });
      case 'tool-array':
        return this.writeToolArray(root);
      case 'tool':
        return this.writeTool(root, true, () => this.writeEnvelope(root));
      case 'schema':
        // A bare schema has no envelope, so no description of its own to carry the marker.
        return this.writeTool(root, false, () => this.writeSchemaRoot(root));
    }
  }

  private writeToolArray(list: NodeId): void {
    const { doc, out } = this;
    out.push('[');
    for (let i = 0; i < doc.count[list]!; i++) {
      if (i > 0) out.push(',');
      const item = itemAt(doc, list, i);
      if (doc.kind[item] === OBJECT) this.writeTool(item, true, () => this.writeEnvelope(item));
      else writeCompact(doc, item, out);
    }
    out.push(']');
  }

  private writeTool(node: NodeId, envelope: boolean, write: () => void): void {
    const outputStart = this.out.length;
    const toolIndex = this.toolIndexes.get(node);
    this.beginTool(node, toolIndex, envelope);
    write();
    // The envelope is written in its own key order, usually `description` before the schema: the marker goes in afterwards.
    if (this.toolDefers && this.toolLost && this.markerAt !== -1 && !this.ownMarked) this.out.insert(this.markerAt, DEFERRAL_MARKER);
    this.spans.push({
      name: toolIndex === undefined ? `#${this.spans.length + 1}` : this.layout.tools[toolIndex]!.name,
      sourceStart: this.doc.start[node]!,
      sourceEnd: this.doc.end[node]!,
      outputStart,
      outputEnd: this.out.length,
    });
    this.onToolWritten(this.spans.length - 1);
  }

  /** Sets what the tool at `node` keeps, from its level. */
  private beginTool(node: NodeId, toolIndex: number | undefined, envelope: boolean): void {
    const level = this.levelOf(toolIndex);
    this.reduces = this.reduceDescriptions && level !== 'full';
    if (this.reduces && toolIndex !== undefined) {
      const names = (this.namesOf ??= sentenceNamesOf(this.doc, this.layout))(toolIndex);
      this.factsReduction = { kind: 'facts', names };
      this.deferralReduction = { kind: 'deferral', names };
    }
    this.toolDefers = this.reduces && defersDetails(level) && envelope && hasOwnDescription(this.doc, node);
    // A tool with nowhere to carry the marker is shrunk at facts: nothing beyond what facts drops goes unmarked.
    this.rules = levelRules(this.toolDefers ? level : this.reduces ? 'facts' : 'full');
    this.deletesDescriptions = this.toolDefers && this.rules.schemaDescriptions === 'deferred';
    this.toolLost = false;
    this.markerAt = -1;
    this.ownMarked = false;
  }

  /** Envelope fields other than `description` are never edited. */
  private writeEnvelope(envelope: NodeId): void {
    this.writeMembers(envelope, (key, value) => {
      const kind = this.doc.kind[value];
      if (key === 'description' && kind === STRING) this.writeDescription(value);
      else if (SCHEMA_DOORS.has(key)) this.writeSchemaDoor(value);
      else if (key === 'function' && kind === OBJECT) this.writeEnvelope(value);
      else writeCompact(this.doc, value, this.out);
    });
  }

  /** A tool's schema: exact (descriptions as the level says), its typed skeleton, or `{"type":"object"}`. */
  private writeSchemaDoor(schema: NodeId): void {
    const { schema: kept } = this.rules;
    if (!this.toolDefers || kept === 'exact') return this.writeSchemaRoot(schema);
    const lost = kept === 'skeleton' ? writeSkeleton(this.doc, schema, this.out) : writeObjectSchema(this.doc, schema, this.out);
    if (lost) this.toolLost = true;
  }

  private writeSchemaRoot(schema: NodeId): void {
    const { doc } = this;
    let known: boolean | undefined;
    const unevaluated = () => (known ??= hasUnevaluated(doc, schema));
    const dialects = declaredDialects(doc, schema);
    const targets = refTargets(doc, schema, dialects);
    this.keepDialect = this.dropAnnotations && needsDialect(doc, schema, dialects, { targets, exactStructure: this.exactStructure });
    this.writeSchema(schema, targets, { unevaluated, root: true, draft04: isDraft04(dialects) });
    this.keepDialect = false;
  }

  /**
   * `targets` is the part of the $ref-target trie below this node: a member
   * on the way to a target is never dropped or rewritten. `scope` is set when
   * the node stands where a schema stands (not inside vendor data): only
   * there are default-valued keywords dropped.
   */
  private writeSchema(node: NodeId, targets: RefTrie | undefined, scope?: StructureScope): void {
    const { doc, text, out } = this;
    const kind = doc.kind[node];
    if (kind === ARRAY) {
      out.push('[');
      for (let i = 0; i < doc.count[node]!; i++) {
        if (i > 0) out.push(',');
        this.writeSchema(itemAt(doc, node, i), targets?.child(String(i)), scope && { unevaluated: scope.unevaluated, root: false, draft04: scope.draft04 });
      }
      out.push(']');
      return;
    }
    if (kind !== OBJECT) return writeCompact(doc, node, out);

    const inner = scope && { unevaluated: scope.unevaluated, root: false, draft04: scope.draft04 };
    out.push('{');
    let first = true;
    for (let i = 0; i < doc.count[node]!; i++) {
      const keyNode = keyAt(doc, node, i);
      const value = valueAt(doc, node, i);
      const key = stringValue(doc, keyNode);
      const below = targets?.child(key);
      const dropped = DROPPED_ANNOTATIONS.has(key);
      if (dropped && this.dropAnnotations && below === undefined && !(this.keepDialect && key === '$schema')) continue;
      if (
        scope &&
        this.exactStructure &&
        below === undefined &&
        isDroppableDefault(doc, key, value, scope) &&
        !hasDuplicateKey(doc, node, key, (j) => keyName(doc, node, j))
      ) {
        this.structureDrops++;
        continue;
      }
      if (this.deletesDescriptions && key === 'description' && below === undefined && doc.kind[value] === STRING) {
        // Deferred whole at signatures; an empty one was never text to lose.
        if (stringValue(doc, value).trim() !== '') this.toolLost = true;
        continue;
      }
      if (!first) out.push(',');
      first = false;
      out.copy(text, doc.start[keyNode]!, doc.end[keyNode]!);
      out.push(':');
      const valueKind = doc.kind[value];
      if (dropped || VERBATIM_KEYWORDS.has(key)) writeCompact(doc, value, out);
      else if (key === 'description' && valueKind === STRING) {
        if (below === undefined) this.writeDescription(value, node);
        else writeCompact(doc, value, out);
      } else if (NAME_MAP_KEYWORDS.has(key) && valueKind === OBJECT) this.writeNameMap(value, below, SUBSCHEMA_MAP_KEYWORDS.has(key) ? inner : undefined);
      else
        this.writeSchema(value, below, inner && (SUBSCHEMA_KEYWORDS.has(key) || (SUBSCHEMA_LIST_KEYWORDS.has(key) && valueKind === ARRAY)) ? inner : undefined);
    }
    out.push('}');
  }

  /** Child keys of a name map are user-chosen names: all survive; only their values are schemas. */
  private writeNameMap(map: NodeId, targets: RefTrie | undefined, scope: StructureScope | undefined): void {
    const { doc, text, out } = this;
    out.push('{');
    for (let i = 0; i < doc.count[map]!; i++) {
      if (i > 0) out.push(',');
      const keyNode = keyAt(doc, map, i);
      const value = valueAt(doc, map, i);
      out.copy(text, doc.start[keyNode]!, doc.end[keyNode]!);
      out.push(':');
      // `dependencies` maps to a schema or to an array of names; only a schema (an object) is one.
      this.writeSchema(value, targets?.child(stringValue(doc, keyNode)), doc.kind[value] === OBJECT ? scope : undefined);
    }
    out.push('}');
  }

  /**
   * `owner`: the schema object the description belongs to (rule 3 reads its
   * keywords); none for a tool's own, which is its selection surface (a
   * client's tool search reads it): whole unless the level defers it.
   */
  private writeDescription(node: NodeId, owner?: NodeId): void {
    if (this.toolDefers) return this.writeDeferringDescription(node, owner === undefined);
    let reducedJson: string | undefined;
    if (this.reduces && owner !== undefined) {
      const { doc } = this;
      // Most descriptions are short: no decoding, no reading of keywords.
      if (doc.end[node]! - doc.start[node]! - 2 > SMALL_DESCRIPTION_BYTES / 3) {
        reducedJson = reducedDescriptionJson(stringValue(doc, node), () => keywordsOf(doc, owner), this.factsReduction);
      }
    }
    if (reducedJson === undefined) this.out.copy(this.text, this.doc.start[node]!, this.doc.end[node]!);
    else this.out.push(reducedJson);
  }

  /**
   * A description at a deferral level: whole, or its lead and warning
   * sentences, as the level says. The tool's own keeps a marker it already
   * ends with out of the reduction (so a second shrink changes nothing), and
   * is where the marker goes.
   */
  private writeDeferringDescription(node: NodeId, own: boolean): void {
    const { doc, out } = this;
    const text = stringValue(doc, node);
    const blank = text.trim() === '';
    const marked = own && endsWithDeferralMarker(text);
    const reducedJson = blank ? undefined : own ? this.ownDescriptionJson(marked ? withoutDeferralMarker(text) : text) : this.deferredJson(text);
    if (reducedJson === undefined) out.copy(this.text, doc.start[node]!, doc.end[node]!);
    else {
      out.push(reducedJson);
      this.toolLost = true;
    }
    if (own && !blank) {
      this.markerAt = out.length - 1;
      this.ownMarked = marked && reducedJson === undefined;
    }
  }

  /** The tool's own description as its level writes it (a JSON literal), or undefined when it stays as it is. */
  private ownDescriptionJson(text: string): string | undefined {
    switch (this.rules.toolDescription) {
      case 'whole':
        return undefined;
      case 'short-lead': {
        const lead = shortLead(text);
        return lead === text ? undefined : JSON.stringify(lead);
      }
      default:
        return this.deferredJson(text);
    }
  }

  /** A description cut to its lead and warning sentences (a JSON literal), or undefined when nothing is cut. */
  private deferredJson(text: string): string | undefined {
    return reducedDescriptionJson(text, undefined, this.deferralReduction);
  }

  /** Writes `{…}` with each member's key verbatim and its value via `writeValue`. */
  private writeMembers(node: NodeId, writeValue: (key: string, value: NodeId) => void): void {
    const { doc, text, out } = this;
    out.push('{');
    for (let i = 0; i < doc.count[node]!; i++) {
      if (i > 0) out.push(',');
      const keyNode = keyAt(doc, node, i);
      out.copy(text, doc.start[keyNode]!, doc.end[keyNode]!);
      out.push(':');
      writeValue(stringValue(doc, keyNode), valueAt(doc, node, i));
    }
    out.push('}');
  }
}
