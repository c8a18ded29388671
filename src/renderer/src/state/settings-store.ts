// App-wide settings and facts: the host's AppInfo (store path, store error,
// tokenizers), the tokenizer new analyses use (the host's default until the
// person picks one), whether they share sub-schemas (off until turned on),
// whether the diff collapses unchanged stretches (off until turned on) and
// wraps long lines (on until turned off), the level new analyses shrink at
// (facts until picked), the model's input price and the table's share of
// the width beside the diff (the tokenizer once picked, the share switch, the
// level, the price and the table's share kept across reloads and restarts in
// the renderer's storage, which both hosts have), and the theme (the OS's
// until light or dark is picked, kept the same way).

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppInfo, TokenizerName } from '../../../shared/contracts';
import { asCavemanError, type ErrorValue } from '../../../shared/errors';
import type { CavemanApi } from '../../../shared/ipc/caveman-api';
import { DEFAULT_TOKENIZER, isTokenizerName, TOKENIZERS } from '../../../shared/tokenizers';
import { DEFAULT_LEVEL, isLevelName, type LevelName } from '../../../shared/levels';
import { parseInputPrice } from '../lib/input-price';

/** The slice of the Web Storage API the settings use; null where there is none (or it refuses access). */
export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;

export const INPUT_PRICE_KEY = 'caveman.inputPricePerMillion';
export const LEVEL_KEY = 'caveman.level';
export const TOKENIZER_KEY = 'caveman.tokenizer';
export const SHARE_SCHEMAS_KEY = 'caveman.shareSchemas';
export const BUDGET_KEY = 'caveman.budget';
export const TABLE_SHARE_KEY = 'caveman.tableShare';
export const THEME_KEY = 'caveman.theme';

/** The OS's light or dark (system), or the one the person picked. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);

export interface SettingsState {
  appInfo: AppInfo | null;
  appInfoError: ErrorValue | null;
  tokenizer: TokenizerName;
  /** The person chose the tokenizer (the host's default no longer overrides it). */
  tokenizerChosen: boolean;
  collapseUnchanged: boolean;
  /** The diff wraps long lines (on by default: descriptions read whole); off, they scroll sideways. */
  wrapLines: boolean;
  /** New analyses write repeated sub-schemas once, in each tool's $defs (docs/transform.md; off by default). */
  shareSchemas: boolean;
  /** How much description text new analyses keep (facts until picked); with a budget, the richest level a tool is listed at. */
  level: LevelName;
  /** Tokens the listing may take as Claude is handed it (docs/levels.md, "Budgets"), or null for none. */
  budget: number | null;
  /** USD per 1M input tokens, or null when the person has not given one. */
  inputPrice: number | null;
  /** The per-tool table's share of the width it shares with the diff, or null for the automatic split. */
  tableShare: number | null;
  theme: Theme;

  load(): Promise<void>;
  setTokenizer(tokenizer: TokenizerName): void;
  setShareSchemas(share: boolean): void;
  setLevel(level: LevelName): void;
  setBudget(budget: number | null): void;
  setCollapseUnchanged(collapse: boolean): void;
  setWrapLines(wrap: boolean): void;
  setInputPrice(price: number | null): void;
  setTableShare(share: number | null): void;
  setTheme(theme: Theme): void;
}

export type SettingsStore = StoreApi<SettingsState>;

/** The tokenizers to offer: the host's list, or every known one before AppInfo arrives. */
export function availableTokenizers(appInfo: AppInfo | null): readonly TokenizerName[] {
  return appInfo && appInfo.tokenizers.length > 0 ? appInfo.tokenizers : TOKENIZERS;
}

/** The stored price, or null when there is none or it is not a valid price (a hand-edited or corrupted value must not reach the view). */
function readInputPrice(storage: SettingsStorage): number | null {
  try {
    return parseInputPrice(storage?.getItem(INPUT_PRICE_KEY));
  } catch {
    return null;
  }
}

function writeInputPrice(storage: SettingsStorage, price: number | null): void {
  try {
    if (price === null) storage?.removeItem(INPUT_PRICE_KEY);
    else storage?.setItem(INPUT_PRICE_KEY, String(price));
  } catch {
    // Storage full or refused: the price still holds for this session.
  }
}

/** The stored level, or the default when there is none or it is not a level (a hand-edited value, a level a later version added). */
function readLevel(storage: SettingsStorage): LevelName {
  try {
    const stored = storage?.getItem(LEVEL_KEY);
    return isLevelName(stored) ? stored : DEFAULT_LEVEL;
  } catch {
    return DEFAULT_LEVEL;
  }
}

function writeLevel(storage: SettingsStorage, level: LevelName): void {
  try {
    if (level === DEFAULT_LEVEL) storage?.removeItem(LEVEL_KEY);
    else storage?.setItem(LEVEL_KEY, level);
  } catch {
    // Storage full or refused: the level still holds for this session.
  }
}

/** A budget as stored or typed: a whole number of tokens of at least 1, else none. */
export function readBudget(text: string | null): number | null {
  if (text === null || !/^[1-9][0-9]*$/.test(text.trim())) return null;
  const budget = Number(text.trim());
  return Number.isSafeInteger(budget) ? budget : null;
}

/** The stored table share, or null when there is none or it is not a share of the width (0 to 1). */
function readTableShare(storage: SettingsStorage): number | null {
  const share = Number(readItem(storage, TABLE_SHARE_KEY) ?? NaN);
  return share > 0 && share < 1 ? share : null;
}

/** The stored theme, or the OS's (system) when there is none or it is not one. */
function readTheme(storage: SettingsStorage): Theme {
  const stored = readItem(storage, THEME_KEY);
  return isTheme(stored) ? stored : 'system';
}

/** The stored value of `key`, or null when there is none or storage refuses access. */
function readItem(storage: SettingsStorage, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value` under `key` (null removes it); storage full or refused, the value still holds for this session. */
function writeItem(storage: SettingsStorage, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // kept in memory only
  }
}

export function createSettingsStore(api: CavemanApi, storage: SettingsStorage = null): SettingsStore {
  const storedTokenizer = readItem(storage, TOKENIZER_KEY);
  const chosen = isTokenizerName(storedTokenizer) ? storedTokenizer : null;
  return createStore<SettingsState>()((set, get) => ({
    appInfo: null,
    appInfoError: null,
    tokenizer: chosen ?? DEFAULT_TOKENIZER,
    tokenizerChosen: chosen !== null,
    collapseUnchanged: false,
    wrapLines: true,
    shareSchemas: readItem(storage, SHARE_SCHEMAS_KEY) === 'true',
    level: readLevel(storage),
    budget: readBudget(readItem(storage, BUDGET_KEY)),
    inputPrice: readInputPrice(storage),
    tableShare: readTableShare(storage),
    theme: readTheme(storage),

    async load() {
      try {
        const appInfo = await api.getAppInfo({});
        // A picked tokenizer this host does not offer (a stored pick from another build) gives way to its default.
        const keep = get().tokenizerChosen && appInfo.tokenizers.includes(get().tokenizer);
        set({ appInfo, appInfoError: null, ...(keep ? {} : { tokenizer: appInfo.defaultTokenizer }) });
      } catch (error) {
        set({ appInfoError: asCavemanError(error).toValue() });
      }
    },
    setTokenizer(tokenizer) {
      writeItem(storage, TOKENIZER_KEY, tokenizer);
      set({ tokenizer, tokenizerChosen: true });
    },
    setCollapseUnchanged: (collapseUnchanged) => set({ collapseUnchanged }),
    setWrapLines: (wrapLines) => set({ wrapLines }),
    setShareSchemas(shareSchemas) {
      writeItem(storage, SHARE_SCHEMAS_KEY, shareSchemas ? 'true' : null);
      set({ shareSchemas });
    },
    setLevel(level) {
      writeLevel(storage, level);
      set({ level });
    },
    setBudget(budget) {
      const valid = readBudget(budget === null ? null : String(budget));
      writeItem(storage, BUDGET_KEY, valid === null ? null : String(valid));
      set({ budget: valid });
    },
    setInputPrice(inputPrice) {
      const valid = inputPrice !== null && Number.isFinite(inputPrice) && inputPrice >= 0 ? inputPrice : null;
      writeInputPrice(storage, valid);
      set({ inputPrice: valid });
    },
    setTableShare(share) {
      const valid = share !== null && share > 0 && share < 1 ? share : null;
      writeItem(storage, TABLE_SHARE_KEY, valid === null ? null : String(valid));
      set({ tableShare: valid });
    },
    setTheme(theme) {
      writeItem(storage, THEME_KEY, theme === 'system' ? null : theme);
      set({ theme });
    },
  }));
}
