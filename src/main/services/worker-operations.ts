// The operations a service worker performs, as plain functions of their
// arguments and the worker's resources, so they can be tested in-process.

import { CavemanError } from '../../shared/errors';
import { prepareCatalog, passThroughError } from '../api/prepare-catalog';
import { readInput } from '../api/read-catalog-text';
import type { ParallelTokenCounter } from '../engine/tokens';
import type { Operations } from '../jobs/worker-protocol';
import type { StoreHolder } from '../jobs/store-holder';
import { analyzeCatalog, type AnalysisStage } from './analysis/analyze-catalog';
import { exportFileName } from './analysis/export-name';

export interface OperationResources {
  store: StoreHolder;
  counter?: ParallelTokenCounter | undefined;
}

export interface OperationControl {
  signal: AbortSignal;
  onProgress: (stage: AnalysisStage, fraction: number) => void;
}

type Implementations = {
  [K in keyof Operations]: (args: Operations[K]['args'], resources: OperationResources, control: OperationControl) => Promise<Operations[K]['result']> | Operations[K]['result'];
};

export const operations: Implementations = {
  async analyze({ analysisId, name, tokenizer, bytes }, { store, counter }, { signal, onProgress }) {
    return analyzeCatalog({ analysisId, name, bytes, tokenizer, store: openStore(store), counter, signal, onProgress });
  },

  async analyzeHandle({ analysisId, handle, tokenizer }, { store, counter }, { signal, onProgress }) {
    const opened = store.get();
    const bytes = opened.get(handle);
    const entry = opened.details(handle);
    const name = entry?.source_name && entry.source_name !== 'stdin' ? entry.source_name : `${handle}.json`;
    return analyzeCatalog({ analysisId, name, bytes, tokenizer, store: opened, counter, signal, onProgress });
  },

  exportHandle({ handle, which }, { store }) {
    const opened = store.get();
    const original = opened.get(handle);
    const entry = opened.details(handle);
    const name = entry?.source_name && entry.source_name !== 'stdin' ? entry.source_name : handle;
    if (which === 'original') return { fileName: exportFileName(name, 'original'), bytes: original };
    // The original is in the store already, so the compressed form may be handed out.
    const prepared = prepareCatalog(readInput(original));
    if (!prepared.ok) throw passThroughError(prepared.passThrough);
    return { fileName: exportFileName(name, 'compressed'), bytes: prepared.transform.output };
  },

  storeInfo(_args, { store }) {
    const opened = store.get();
    return { path: opened.path, readOnly: opened.readOnly, maxBytes: opened.maxBytes, retainedBytes: opened.retainedBytes() };
  },

  history({ limit, offset, query }, { store }) {
    const page = store.get().history({ limit, offset, ...(query ? { query } : {}) });
    return { ...page, limit, offset, ...(query ? { query } : {}) };
  },

  details({ handle }, { store }) {
    return store.get().details(handle) ?? null;
  },

  delete({ handle }, { store }) {
    return store.get().delete(handle);
  },
};

/**
 * The store for a shrink. When it cannot be opened, shrink still runs and
 * passes the catalog through with the store's error (fail-open), so the
 * person sees the result and why nothing was stored.
 */
function openStore(store: StoreHolder) {
  try {
    return store.get();
  } catch (error) {
    if (error instanceof CavemanError) return store.path;
    throw error;
  }
}
