// Per-tool originals: one tool's original definition found from
// the catalog's handle and the tool's name — its exact bytes sliced from the
// stored original, so it is byte-exact from any process, any time later —
// and which tools the shrunk catalog shortened (describe/tool-originals.ts
// says precisely what that means).

import { recordedSettings, withRecordedCalls, type ShrinkSettings } from '../../shared/compressor';
import { CavemanError } from '../../shared/errors';
import type { CatalogLevels } from '../../shared/levels';
import { MAX_JSON_DEPTH, parseJson } from '../engine/json/parse-json';
import { toolOriginals, type ToolOriginal } from './describe/tool-originals';
import { prepareAsRecorded } from './plan-budget';
import { DEFAULT_TOKENIZER, isTokenizerName, type TokenizerName } from '../../shared/tokenizers';
import { readInput } from './read-catalog-text';
import type { StoreOptions } from './recover';
import { withStore } from './store-option';

export type { ToolOriginal };

export interface RecoveredTool {
  name: string;
  /** The tool's definition exactly as it stands in the stored original (UTF-8). */
  original: Uint8Array;
  /** Some description of it was cut or dropped in the shrunk catalog; false means the listing had all of its text. */
  shortened: boolean;
}

/** How many names an unknown-tool message lists before it counts the rest. */
const NAMES_LISTED = 100;

/** A stored original and the options of its latest shrink, as its compressor label records them (the defaults for a row another tool wrote). */
export interface RecordedShrink {
  original: Uint8Array;
  settings: ShrinkSettings;
  /** The tokenizer it counted with (a budget's plan depends on it); the default for a row that names none this version reads. */
  tokenizer: TokenizerName;
}

/** Throws cave_not_found / cave_hash_mismatch like recover. */
export function recoverRecorded(handle: string, options: StoreOptions = {}): RecordedShrink {
  return withStore(
    options.store,
    (store) => {
      const shrink = store.shrink(handle);
      const tokenizer = shrink?.tokenizer;
      return {
        original: store.get(handle),
        settings: withRecordedCalls(recordedSettings(shrink?.compressor), shrink?.calls),
        tokenizer: isTokenizerName(tokenizer) ? tokenizer : DEFAULT_TOKENIZER,
      };
    },
    { readonly: true },
  );
}

/** The tools of the catalog behind `handle`, in order. Throws cave_not_found / cave_hash_mismatch like recover, cave_not_catalog when it holds no catalog. */
export function recoverTools(handle: string, options: StoreOptions = {}): ToolOriginal[] {
  return recoverListing(handle, options).tools;
}

/** recoverTools, with the level each tool was listed at (a budgeted shrink's plan, made again). */
export function recoverListing(handle: string, options: StoreOptions = {}): { tools: ToolOriginal[]; levels: CatalogLevels } {
  const { original, settings, tokenizer } = recoverRecorded(handle, options);
  const prepared = prepareAsRecorded(readInput(original), settings, tokenizer);
  if (!prepared.ok)
    throw new CavemanError(
      'cave_not_catalog',
      `the original behind ${handle} is not a tool catalog (${prepared.passThrough.message}); recover it whole instead`,
    );
  // The engine is deterministic: transforming the original again with the recorded options gives the catalog that was handed out.
  const shrunk = parseJson(new TextDecoder().decode(prepared.transform.output), MAX_JSON_DEPTH);
  return { tools: toolOriginals(prepared.doc, shrunk), levels: prepared.levels };
}

/** One tool's original definition; an unknown name is cave_not_found naming the tools there are. */
export function recoverTool(handle: string, name: string, options: StoreOptions = {}): RecoveredTool {
  const tools = recoverTools(handle, options);
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new CavemanError('cave_not_found', `no tool named ${JSON.stringify(name)} in ${handle}; ${listToolNames(tools.map((t) => t.name))}`);
  return { name: tool.name, original: new TextEncoder().encode(tool.text), shortened: tool.shortened };
}

/** "its tools are: a, b, c" (the first hundred, then how many more). */
export function listToolNames(names: readonly string[]): string {
  if (names.length === 0) return 'it has no tools';
  const shown = names.slice(0, NAMES_LISTED).join(', ');
  return `its tools are: ${shown}${names.length > NAMES_LISTED ? `, … and ${names.length - NAMES_LISTED} more` : ''}`;
}
