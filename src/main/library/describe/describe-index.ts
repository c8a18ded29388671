// What caveman_describe answers from, built once per listing: each tool's
// exact original text (a slice of the original catalog, the bytes the server
// wrote), whether the listing shortened it, and who answers to which name.
// A call is then a map lookup, not a re-shrink of the catalog.
//
// Names: a tool answers to its own name; several tools of one name all
// answer, each labelled by its position. A tool without a name answers to
// its placeholder `#n` (its position), beside any tool really named so: a
// real tool named `#3` is never hidden by the third tool's placeholder, nor
// the other way round. A name no tool has that is a glob (`list_*`,
// `{get,set}_*`) answers with every tool it matches. A tool listed as a
// skeleton or by name only is answered after one line saying what the
// listing deferred of it.

import { isObject, isString, memberOf, sourceOf, stringValue, type JsonDocument, type NodeId } from '../../engine/json/json-node';
import { shortenedToolIndexes } from './tool-originals';
import { readCatalog } from '../../engine/transform/catalog-shape';
import { listToolNames } from '../recover-tool';
import { toolNameMatcher } from '../tool-name-globs';
import { levelOfTool, type CatalogLevels, type LevelName } from '../../../shared/levels';

export interface DescribedTool {
  /** 1-based, in catalog order. */
  position: number;
  /** Its own name; undefined when it has none (it answers to `#position`). */
  name: string | undefined;
  /** Its exact text in the original catalog. */
  text: string;
  /** Some description of it is cut or gone in the listing. */
  shortened: boolean;
  /** The level it was listed at, when the listing says (a budget lists tools at several). */
  level?: LevelName | undefined;
}

export interface TextContent {
  type: 'text';
  text: string;
}

/** A tools/call result. */
export interface DescribeAnswer {
  content: TextContent[];
  isError?: true;
  [key: string]: unknown;
}

/** The note after a tool whose descriptions all survived. */
export const COMPLETE_NOTE = 'complete: no description of this tool was shortened in tools/list; the listing already has all of its text.';

const PLACEHOLDER = /^#([1-9][0-9]*)$/;
const text = (value: string): TextContent => ({ type: 'text', text: value });

export class DescribeIndex {
  private readonly byName = new Map<string, DescribedTool[]>();

  private constructor(readonly tools: readonly DescribedTool[]) {
    for (const tool of tools) {
      if (tool.name === undefined) continue;
      const same = this.byName.get(tool.name);
      if (same) same.push(tool);
      else this.byName.set(tool.name, [tool]);
    }
  }

  /** The tools of `original` (the catalog as listed) compared with `shrunk` (what the client was handed), each listed at `levels`. */
  static of(original: JsonDocument, shrunk: JsonDocument, levels?: CatalogLevels): DescribeIndex {
    const shortened = readCatalog(original) ? shortenedToolIndexes(original, shrunk) : new Set<number>();
    return DescribeIndex.withShortened(original, (index) => shortened.has(index), levels);
  }

  /** An index of tools already described (one built elsewhere, say on a worker thread). */
  static fromTools(tools: readonly DescribedTool[]): DescribeIndex {
    return new DescribeIndex(tools);
  }

  /** The tools of `original`, told which (0-based, in catalog order) the listing shortened. */
  static withShortened(original: JsonDocument, shortened: (index: number) => boolean, levels?: CatalogLevels): DescribeIndex {
    const layout = readCatalog(original);
    const tools = (layout?.tools ?? []).map((tool, index) => ({
      position: index + 1,
      name: ownName(original, tool.node),
      text: sourceOf(original, tool.node),
      shortened: shortened(index),
      ...(levels !== undefined ? { level: levelOfTool(levels, index) } : {}),
    }));
    return new DescribeIndex(tools);
  }

  get shortenedCount(): number {
    return this.tools.filter((tool) => tool.shortened).length;
  }

  /** Every name a tool answers to (its own, or its placeholder), in order. */
  names(): string[] {
    return this.tools.map(shownName);
  }

  /** The tools that answer to `name`, in catalog order: by name or placeholder, else every tool a glob matches. */
  lookup(name: string): DescribedTool[] {
    const found = [...(this.byName.get(name) ?? [])];
    const position = PLACEHOLDER.exec(name);
    const unnamed = position ? this.tools[Number(position[1]) - 1] : undefined;
    if (unnamed !== undefined && unnamed.name === undefined) found.push(unnamed);
    if (found.length === 0 && GLOB.test(name)) {
      const matches = toolNameMatcher([name])!;
      return this.tools.filter((tool) => matches(shownName(tool)));
    }
    return found.sort((a, b) => a.position - b.position);
  }

  /**
   * The answer to a call for `names`: per tool one text item of its exact
   * original text, preceded by a label when a name has several tools or is a
   * placeholder, followed by COMPLETE_NOTE when nothing of it was shortened.
   * Names that match nothing are said in a last item; isError only when
   * nothing matched.
   */
  answer(names: readonly string[]): DescribeAnswer {
    const content: TextContent[] = [];
    const unknown: string[] = [];
    for (const name of new Set(names)) {
      const found = this.lookup(name);
      if (found.length === 0) unknown.push(name);
      for (const tool of found) {
        const place = `tool ${tool.position} of ${this.tools.length}${tool.name === undefined ? ', which has no name' : ''}`;
        if (found.length > 1) content.push(text(`${found.length} tools answer to ${JSON.stringify(name)}; this is ${place}:`));
        else if (tool.name === undefined) content.push(text(`${place}:`));
        const deferred = tool.shortened ? deferredNote(tool) : undefined;
        if (deferred !== undefined) content.push(text(deferred));
        content.push(text(tool.text));
        if (!tool.shortened) content.push(text(COMPLETE_NOTE));
      }
    }
    if (unknown.length === 0) return { content };
    const missing = `no tool named ${unknown.map((name) => JSON.stringify(name)).join(', ')} in this listing; ${listToolNames(this.names())}`;
    return content.length === 0 ? { content: [text(missing)], isError: true } : { content: [...content, text(missing)] };
  }
}

/** `name`, or the name of a nested `function` envelope (OpenAI); undefined when it has none. */
function ownName(doc: JsonDocument, envelope: NodeId): string | undefined {
  const name = memberOf(doc, envelope, 'name');
  if (isString(doc, name)) return stringValue(doc, name);
  const inner = memberOf(doc, envelope, 'function');
  return isObject(doc, inner) ? ownName(doc, inner) : undefined;
}

const shownName = (tool: DescribedTool) => tool.name ?? `#${tool.position}`;

/** A name with a glob's special characters: matched against the tools' names when no tool has it. */
const GLOB = /[*?[\]{}!]/;

/** What the listing deferred of a tool listed as a skeleton or by name only, in one line before its definition. */
export function deferredNote(tool: Pick<DescribedTool, 'name' | 'position' | 'level'>): string | undefined {
  const name = tool.name ?? `#${tool.position}`;
  if (tool.level === 'skeletons')
    return (
      `${name} was listed as a typed skeleton: a short lead, and its parameters' names, types, required and short enums; ` +
      'deferred, and below as the server wrote it: every description, pattern, format, bound and longer enum.'
    );
  if (tool.level === 'names')
    return `${name} was listed by its name and a short lead only: its whole input schema was deferred; below is its definition as the server wrote it.`;
  return undefined;
}
