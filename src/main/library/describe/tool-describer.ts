// The describe tool outside the proxy: what a harness that
// lists a shrunk catalog needs to answer caveman_describe itself — the
// definition to list beside the tools, and the answer to a call, each tool
// exactly as the original catalog has it. Built once per catalog; answering
// is a lookup.
//
//   const describer = toolDescriber({ handle }, { store });
//   tools.push(describer.definition);                       // list it
//   describer.answer(call.arguments);                       // a tools/call result

import { CavemanError } from '../../../shared/errors';
import type { LevelName } from '../../../shared/levels';
import { MAX_JSON_DEPTH, parseJson } from '../../engine/json/parse-json';
import { passThroughError, prepareCatalog } from '../prepare-catalog';
import { readInput, type CatalogInput } from '../read-catalog-text';
import { recover, type StoreOptions } from '../recover';
import { recoverListing } from '../recover-tool';
import { describeToolDefinition, describeToolName, describeUsage, requestedNames, type DescribeToolDefinition } from './describe-tool-definition';
import { DescribeIndex, type DescribeAnswer } from './describe-index';

/**
 * The catalog to describe: a stored original by its handle, or the original
 * bytes with the shrunk catalog that was handed out (when `shrunk` is left
 * out, the original is shrunk again with `shareSchemas` and `level` as given).
 */
export type DescribeSource = { handle: string } | { original: CatalogInput; shrunk?: CatalogInput };

export interface DescribeToolsOptions extends StoreOptions {
  /** The catalog was shrunk with shared sub-schemas (only read when `shrunk` is not given). */
  shareSchemas?: boolean;
  /** The level the catalog was shrunk at, `facts` by default (only read when `shrunk` is not given). */
  level?: LevelName;
}

export interface ToolDescriber {
  /** The entry to list after the catalog's tools (its name steps aside for a tool of the same name). */
  definition: DescribeToolDefinition;
  /** How many tools the shrunk catalog shortened: list the definition only when some were. */
  shortened: number;
  /** The tools/call result for these arguments (`{"names": […]}`). */
  answer(args: unknown): DescribeAnswer;
}

const decode = (input: CatalogInput) => (typeof input === 'string' ? input : new TextDecoder().decode(input));

export function toolDescriber(source: DescribeSource, options: DescribeToolsOptions = {}): ToolDescriber {
  const index = indexOf(source, options);
  const name = describeToolName(index.tools.flatMap((tool) => (tool.name === undefined ? [] : [tool.name])));
  return {
    definition: describeToolDefinition(name),
    shortened: index.shortenedCount,
    answer(args) {
      const names = requestedNames(args);
      return names === undefined ? { content: [{ type: 'text', text: describeUsage(name, args) }], isError: true } : index.answer(names);
    },
  };
}

/** One answer: each named tool exactly as the original catalog has it (see DescribeIndex.answer). */
export function describeTools(source: DescribeSource, names: string | readonly string[], options: DescribeToolsOptions = {}): DescribeAnswer {
  return toolDescriber(source, options).answer({ names: typeof names === 'string' ? [names] : names });
}

function indexOf(source: DescribeSource, options: DescribeToolsOptions): DescribeIndex {
  if ('handle' in source) {
    // recoverListing re-transforms the original as it was shrunk (the recorded options, a budget's plan made again) and
    // says which tools lost text and at which level each was listed.
    const { tools, levels } = recoverListing(source.handle, options);
    const original = parseJson(decode(recover(source.handle, options)), MAX_JSON_DEPTH);
    return DescribeIndex.withShortened(original, (at) => tools[at]?.shortened === true, levels);
  }
  const read = readInput(source.original);
  if (!read.decoded.ok) throw new CavemanError('cave_invalid_utf8', `the original is not UTF-8 (byte ${read.decoded.invalidAt})`);
  if (source.shrunk !== undefined) return DescribeIndex.of(parseJson(read.decoded.text, MAX_JSON_DEPTH), parseJson(decode(source.shrunk), MAX_JSON_DEPTH));
  const prepared = prepareCatalog(read, { shareSchemas: options.shareSchemas ?? false, ...(options.level !== undefined ? { level: options.level } : {}) });
  if (!prepared.ok) throw passThroughError(prepared.passThrough);
  return DescribeIndex.of(prepared.doc, parseJson(new TextDecoder().decode(prepared.transform.output), MAX_JSON_DEPTH), prepared.levels);
}
