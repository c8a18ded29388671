// Decoded text → parsed document → transformed catalog, or the reason the
// input must pass through unchanged. Shared by shrink, lint and the app.

import type { PassThrough } from '../../shared/contracts';
import { DEFAULT_LEVEL, type CatalogLevels } from '../../shared/levels';
import { CavemanError, type ErrorCode, type ErrorOutcome } from '../../shared/errors';
import type { JsonDocument } from '../engine/json/json-node';
import { JsonSyntaxError, MAX_JSON_DEPTH, parseJson } from '../engine/json/parse-json';
import { readCatalog, type CatalogLayout } from '../engine/transform/catalog-shape';
import { transformCatalog, type TransformOptions, type TransformResult } from '../engine/transform/transform-catalog';
import { span, type Progress } from '../engine/tool-progress';
import type { ReadInput } from './read-catalog-text';

/** Parsing's share of preparing a catalog (the transform takes the rest): measured about 2 : 3 at 32 MiB. */
const PARSE_SHARE = 0.4;

/** A catalog ready to measure: its parsed document, its layout (read once, carried here) and its transform. */
export interface CatalogPrepared {
  ok: true;
  doc: JsonDocument;
  layout: CatalogLayout;
  transform: TransformResult;
  /** The level each tool was transformed at: one for all, or a budget's plan. */
  levels: CatalogLevels;
}

export type PreparedCatalog = CatalogPrepared | { ok: false; passThrough: PassThrough };

/** The input parsed and laid out (undefined layout: not a catalog), or why it must pass through. */
export type ParsedCatalog = { ok: true; doc: JsonDocument; layout: CatalogLayout | undefined } | { ok: false; passThrough: PassThrough };

/**
 * `sharedOutput`: write the shrunk catalog into shared memory (for parallel
 * counting), taken from `allocateShared` when given; `shareSchemas`: write
 * repeated sub-schemas once; `toolLevels`: a budget's plan; `parsed`: the
 * input already parsed (parseCatalog); `onOutput`: hears the output as it
 * is written (TransformOptions.onOutput).
 */
export function prepareCatalog(
  input: ReadInput,
  options: Pick<TransformOptions, 'sharedOutput' | 'allocateShared' | 'shareSchemas' | 'level' | 'toolLevels' | 'onProgress' | 'onOutput'> & {
    parsed?: ParsedCatalog | undefined;
  } = {},
): PreparedCatalog {
  const parsed = options.parsed ?? parseCatalog(input, options.onProgress && span(options.onProgress, 0, PARSE_SHARE));
  if (!parsed.ok) return parsed;
  const { doc, layout } = parsed;
  const transform =
    layout &&
    transformCatalog(doc, {
      sharedOutput: options.sharedOutput ?? false,
      ...(options.allocateShared ? { allocateShared: options.allocateShared } : {}),
      ...(input.decoded.ok && input.decoded.asciiBytes ? { asciiBytes: input.decoded.asciiBytes } : {}),
      shareSchemas: options.shareSchemas ?? false,
      ...(options.level !== undefined ? { level: options.level } : {}),
      ...(options.toolLevels !== undefined ? { toolLevels: options.toolLevels } : {}),
      ...(options.onProgress ? { onProgress: span(options.onProgress, PARSE_SHARE, 1) } : {}),
      ...(options.onOutput ? { onOutput: options.onOutput } : {}),
    });
  if (!layout || !transform) {
    return {
      ok: false,
      passThrough: {
        reason: 'not_catalog',
        message: 'not a tool catalog: expected {"tools":[…]}, {"functions":[…]}, an array of tools, one tool, or a JSON Schema',
      },
    };
  }
  return { ok: true, doc, layout, transform, levels: options.toolLevels ?? options.level ?? DEFAULT_LEVEL };
}

/** Decoded text → parsed document and its layout, or why the input must pass through. */
export function parseCatalog(input: ReadInput, onProgress?: Progress): ParsedCatalog {
  const { decoded } = input;
  if (!decoded.ok) {
    return {
      ok: false,
      passThrough: { reason: 'invalid_utf8', message: `not UTF-8: byte ${decoded.invalidAt} starts an invalid sequence`, offset: decoded.invalidAt },
    };
  }
  let doc: JsonDocument;
  try {
    doc = parseJson(decoded.text, MAX_JSON_DEPTH, onProgress);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return {
      ok: false,
      passThrough: {
        reason: error.problem === 'depth' ? 'too_deep' : 'invalid_json',
        message: error.message,
        line: error.line,
        column: error.column,
        offset: error.offset,
      },
    };
  }
  // Read once here; readCatalog keeps it for the transform and the checks.
  return { ok: true, doc, layout: readCatalog(doc) };
}

const REASON_CODES = {
  input_too_large: 'cave_input_too_large',
  invalid_utf8: 'cave_invalid_utf8',
  invalid_json: 'cave_invalid_json',
  too_deep: 'cave_too_deep',
  not_catalog: 'cave_not_catalog',
  no_saving: 'cave_not_catalog',
  store_error: 'cave_store_unavailable',
} as const satisfies Record<PassThrough['reason'], ErrorCode>;

/** The error a measuring call (lint, profile) throws where shrink would pass through, with the position a JSON error has; `outcome`: what it left behind. */
export function passThroughError(passThrough: PassThrough, outcome?: ErrorOutcome): CavemanError {
  const { line, column, offset } = passThrough;
  const position = line !== undefined && column !== undefined && offset !== undefined ? { line, column, offset } : undefined;
  return new CavemanError(REASON_CODES[passThrough.reason], passThrough.message, { ...(outcome ? { outcome } : {}), ...(position ? { position } : {}) });
}
