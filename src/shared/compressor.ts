// The `compressor` label recorded with a handle (docs/levels.md, "Recorded
// with the handle"): `toolschema`, then `+share-schemas` when the shrink
// wrote shared sub-schemas, then `+level-<name>` when its level is not the
// default, then `+budget-<tokens>` when a budget planned each tool's level
// (the plan is made again from it). One writer and one reader, so what re-transforms a stored
// original (per-tool recovery, the describe tool, Save compressed, the
// app's history) reads back the options the shrink used.

import { DEFAULT_LEVEL, isLevelName, type LevelName } from './levels';

/** The options of a shrink that change its output, as the label records them. */
export interface ShrinkSettings {
  shareSchemas: boolean;
  level: LevelName;
  /** The listing's token budget, when one planned each tool's level (`level` is then the ceiling). */
  budget?: number;
  /** With a budget: the calls per tool name its plan stepped by, recorded beside the label (the shrink's calls), not in it. */
  calls?: Readonly<Record<string, number>>;
}

export const BASE_COMPRESSOR = 'toolschema';
const SHARE_SCHEMAS_PART = 'share-schemas';
const LEVEL_PREFIX = 'level-';
const BUDGET_PREFIX = 'budget-';

export const DEFAULT_SHRINK_SETTINGS: ShrinkSettings = { shareSchemas: false, level: DEFAULT_LEVEL };

/** `toolschema[+share-schemas][+level-<name>][+budget-<tokens>]`; a default shrink is plain `toolschema` (what the Go tools write). */
export function compressorLabel(settings: Partial<ShrinkSettings> = {}): string {
  const parts = [BASE_COMPRESSOR];
  if (settings.shareSchemas === true) parts.push(SHARE_SCHEMAS_PART);
  if (settings.level !== undefined && settings.level !== DEFAULT_LEVEL) parts.push(`${LEVEL_PREFIX}${settings.level}`);
  if (settings.budget !== undefined) parts.push(`${BUDGET_PREFIX}${settings.budget}`);
  return parts.join('+');
}

/**
 * The settings a label records, or undefined for a label this app does not
 * write (another tool's, a part it does not know, parts out of order or twice).
 */
export function parseCompressor(label: string): ShrinkSettings | undefined {
  const [base, ...rest] = label.split('+');
  if (base !== BASE_COMPRESSOR) return undefined;
  const settings: ShrinkSettings = { ...DEFAULT_SHRINK_SETTINGS };
  if (rest[0] === SHARE_SCHEMAS_PART) {
    settings.shareSchemas = true;
    rest.shift();
  }
  if (rest[0]?.startsWith(LEVEL_PREFIX)) {
    const level = rest[0].slice(LEVEL_PREFIX.length);
    // The default level is never written, so a label naming it is not one of ours.
    if (!isLevelName(level) || level === DEFAULT_LEVEL) return undefined;
    settings.level = level;
    rest.shift();
  }
  if (rest[0]?.startsWith(BUDGET_PREFIX)) {
    const digits = rest[0].slice(BUDGET_PREFIX.length);
    // Written as the whole number it is: no sign, no leading zero.
    if (!/^[1-9][0-9]*$/.test(digits) || !Number.isSafeInteger(Number(digits))) return undefined;
    settings.budget = Number(digits);
    rest.shift();
  }
  return rest.length === 0 ? settings : undefined;
}

/** `settings` with the calls a shrink recorded beside its label: they shape only a budget's plan. */
export function withRecordedCalls(settings: ShrinkSettings, calls: Readonly<Record<string, number | undefined>> | undefined): ShrinkSettings {
  if (settings.budget === undefined || calls === undefined) return settings;
  return { ...settings, calls: Object.fromEntries(Object.entries(calls).filter((entry): entry is [string, number] => typeof entry[1] === 'number')) };
}

/** The settings a label records; the defaults for any other label (a row another tool wrote). */
export function recordedSettings(label: string | undefined): ShrinkSettings {
  return (label === undefined ? undefined : parseCompressor(label)) ?? { ...DEFAULT_SHRINK_SETTINGS };
}
