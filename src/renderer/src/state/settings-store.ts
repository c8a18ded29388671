// App-wide settings and facts: the host's AppInfo (store path, store error,
// tokenizers), the tokenizer new analyses use (the host's default until the
// person picks one), whether they share sub-schemas (off until turned on) and
// whether the diff collapses unchanged stretches.
// The theme follows the OS through CSS, so it needs no setting.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppInfo, TokenizerName } from '../../../shared/contracts';
import { asCavemanError, type ErrorValue } from '../../../shared/errors';
import type { CavemanApi } from '../../../shared/ipc/caveman-api';
import { DEFAULT_TOKENIZER, TOKENIZERS } from '../../../shared/tokenizers';

export interface SettingsState {
  appInfo: AppInfo | null;
  appInfoError: ErrorValue | null;
  tokenizer: TokenizerName;
  /** The person chose the tokenizer (the host's default no longer overrides it). */
  tokenizerChosen: boolean;
  collapseUnchanged: boolean;
  /** New analyses write repeated sub-schemas once, in each tool's $defs (SPEC §2.3a; off by default). */
  shareSchemas: boolean;

  load(): Promise<void>;
  setTokenizer(tokenizer: TokenizerName): void;
  setShareSchemas(share: boolean): void;
  setCollapseUnchanged(collapse: boolean): void;
}

export type SettingsStore = StoreApi<SettingsState>;

/** The tokenizers to offer: the host's list, or every known one before AppInfo arrives. */
export function availableTokenizers(appInfo: AppInfo | null): readonly TokenizerName[] {
  return appInfo && appInfo.tokenizers.length > 0 ? appInfo.tokenizers : TOKENIZERS;
}

export function createSettingsStore(api: CavemanApi): SettingsStore {
  return createStore<SettingsState>()((set, get) => ({
    appInfo: null,
    appInfoError: null,
    tokenizer: DEFAULT_TOKENIZER,
    tokenizerChosen: false,
    collapseUnchanged: false,
    shareSchemas: false,

    async load() {
      try {
        const appInfo = await api.getAppInfo({});
        set({ appInfo, appInfoError: null, ...(get().tokenizerChosen ? {} : { tokenizer: appInfo.defaultTokenizer }) });
      } catch (error) {
        set({ appInfoError: asCavemanError(error).toValue() });
      }
    },
    setTokenizer: (tokenizer) => set({ tokenizer, tokenizerChosen: true }),
    setCollapseUnchanged: (collapseUnchanged) => set({ collapseUnchanged }),
    setShareSchemas: (shareSchemas) => set({ shareSchemas }),
  }));
}
