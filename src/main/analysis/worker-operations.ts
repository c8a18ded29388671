// The operations a service worker performs, as plain functions of their
// arguments and the worker's resources, so they can be tested in-process.

import { DEFAULT_SHRINK_SETTINGS } from '../../shared/compressor';
import { CavemanError, MAX_INPUT_BYTES, configTooLargeError } from '../../shared/errors';
import { DEFAULT_LEVEL } from '../../shared/levels';
import { DEFAULT_TOKENIZER } from '../../shared/tokenizers';
import type { ParallelTokenCounter } from '../engine/tokens';
import type { AnalysisStage } from './analyze-catalog';
import { exportFileName } from './export-name';
import { historyPage } from '../store';
import { USAGE_DAYS } from '../../shared/usage';
import type { StoreHolder } from './store-holder';
import type { Operations } from './operation-types';
import { packageVersion } from '../library/package-version';

export interface OperationResources {
  store: StoreHolder;
  counter?: ParallelTokenCounter | undefined;
}

export interface OperationControl {
  signal: AbortSignal;
  onProgress: (stage: AnalysisStage, fraction: number) => void;
}

type Implementations = {
  [K in keyof Operations]: (
    args: Operations[K]['args'],
    resources: OperationResources,
    control: OperationControl,
  ) => Promise<Operations[K]['result']> | Operations[K]['result'];
};

// The engine's modules load on the first call that needs them (the jobs worker's warm-up makes that call at start):
// the store worker, which answers the page's first calls (app info, history), starts without them.
const analysis = () => import('./analyze-catalog');
const recordedShrink = () => import('./recorded-shrink');
const recovery = () => import('../library/recover-tool');

export const operations: Implementations = {
  async analyze({ analysisId, name, tokenizer, bytes, origin, shareSchemas, level, budget }, { store, counter }, { signal, onProgress }) {
    const { analyzeCatalog } = await analysis();
    return analyzeCatalog({ analysisId, name, bytes, tokenizer, origin, shareSchemas, level, budget, store: openStore(store), counter, signal, onProgress });
  },

  async analyzeHandle({ analysisId, handle, tokenizer, shareSchemas, level, budget, shrink }, { store, counter }, { signal, onProgress }) {
    const [{ analyzeCatalog }, { shrinkAgain }] = await Promise.all([analysis(), recordedShrink()]);
    const opened = store.get();
    const bytes = opened.get(handle);
    const entry = opened.details(handle);
    // The request's options count only where the shrink's compressor is not one this version reads.
    const again = shrinkAgain(opened, handle, shrink, {
      tokenizer,
      shareSchemas: shareSchemas === true,
      level: level ?? DEFAULT_LEVEL,
      ...(budget !== undefined ? { budget } : {}),
    });
    const name = entry?.source_name && entry.source_name !== 'stdin' ? entry.source_name : `${handle}.json`;
    const { options } = again;
    return analyzeCatalog({
      analysisId,
      name,
      bytes,
      tokenizer: again.tokenizer,
      shareSchemas: options.shareSchemas,
      level: options.level,
      budget: options.budget,
      calls: options.calls,
      store: opened,
      counter,
      signal,
      onProgress,
    });
  },

  async compareLevels({ bytes, tokenizer, shareSchemas, known }, { counter }, { signal }) {
    const { compareLevels } = await import('../library/level-comparison');
    return compareLevels(bytes, { tokenizer, shareSchemas, signal, known, ...(counter ? { counter } : {}) });
  },

  async exportHandle({ handle, which, shrink }, { store }) {
    const [{ shrinkAgain }, { passThroughError }, { prepareAsRecorded }, { readInput }] = await Promise.all([
      recordedShrink(),
      import('../library/prepare-catalog'),
      import('../library/plan-budget'),
      import('../library/read-catalog-text'),
    ]);
    const opened = store.get();
    const original = opened.get(handle);
    const entry = opened.details(handle);
    const name = entry?.source_name && entry.source_name !== 'stdin' ? entry.source_name : handle;
    if (which === 'original') return { fileName: exportFileName(name, 'original'), bytes: original };
    const { options, tokenizer } = shrinkAgain(opened, handle, shrink, { tokenizer: DEFAULT_TOKENIZER, ...DEFAULT_SHRINK_SETTINGS });
    // The original is in the store already, so the compressed form may be handed out: shrunk as that shrink was (a budget planned again).
    const prepared = prepareAsRecorded(readInput(original), options, tokenizer);
    if (!prepared.ok) throw passThroughError(prepared.passThrough);
    return { fileName: exportFileName(name, 'compressed'), bytes: prepared.transform.output };
  },

  async discoverMcpServers({ where }) {
    const { discoverServers } = await import('../mcp/import/discover-servers');
    return discoverServers(where);
  },

  async readMcpConfig({ displayName, bytes }) {
    const { serversInPickedFile } = await import('../mcp/import/discover-servers');
    if (bytes.byteLength > MAX_INPUT_BYTES) throw configTooLargeError(displayName, bytes.byteLength);
    return serversInPickedFile(displayName, new TextDecoder().decode(bytes));
  },

  async listMcpTools({ target, timeoutMs, name }, _resources, { signal, onProgress }) {
    // Loaded on first use: the MCP SDK stays out of the workers that never import a server.
    const { catalogBytes, listServerTools } = await import('../mcp/import/list-server-tools');
    const listed = await listServerTools(target, {
      timeoutMs,
      signal,
      clientInfo: { name: 'caveman-shrink', version: packageVersion() },
      // Until initialize is answered the wait has no fraction (the app shows how long); then the page count is not known
      // up front: each page moves the bar a little closer to the end.
      onProgress: ({ stage, pages }) => (stage === 'connecting' ? onProgress('connecting', 0) : onProgress('listing', 0.2 + 0.75 * (pages / (pages + 1)))),
    });
    if (listed.tools.length === 0) throw new CavemanError('cave_mcp_no_tools', `${name} listed no tools — there is nothing to shrink`);
    return { bytes: catalogBytes(listed.tools), tools: listed.tools.length };
  },

  async measureListing({ bytes, tokenizer }, { counter }, { signal, onProgress }) {
    const { serverCosts } = await import('../mcp/import/server-costs');
    return serverCosts(bytes, { tokenizer, counter, signal, onProgress: (fraction) => onProgress('counting', fraction) });
  },

  async prepareProxyListing({ tokenizer }) {
    const [{ loadTokenizer }] = await Promise.all([import('../engine/tokens'), import('../mcp/proxy/proxy-listing')]);
    loadTokenizer(tokenizer);
    return null;
  },

  async proxyListing({ tools, settings, context, cacheKey }, { store }) {
    const [{ listingProduct, storedProduct }, { toolFilter }, { unpackTools }] = await Promise.all([
      import('../mcp/proxy/proxy-listing'),
      import('../mcp/proxy/tool-filter'),
      import('../mcp/proxy/listing-text'),
    ]);
    const filter = toolFilter(settings.includeTools, settings.excludeTools);
    const product = await listingProduct(unpackTools(tools), { ...settings, clientInfo: context.clientInfo, store: openStore(store), filter });
    // Kept for the next start with the same listing, once the listing is on its way (its bytes move to the caller, so a copy is kept);
    // a store that cannot keep it costs only that.
    if (cacheKey !== undefined) {
      const kept = storedProduct({ ...product, bytes: product.bytes.slice() });
      setImmediate(() => tryQuietly(() => store.get().cacheListing(cacheKey, kept)));
    }
    return product;
  },

  markListingUsed({ cacheKey }, { store }) {
    tryQuietly(() => store.get().markListingUsed(cacheKey));
    return null;
  },

  recordToolCalls({ server, counts }, { store }) {
    store.get().recordToolCalls(server, new Map(Object.entries(counts)));
    return null;
  },

  async warmUp({ tokenizer }, { store, counter }, { signal }) {
    const { warmUp } = await import('./warm-up');
    await warmUp(tokenizer, () => store.get(), counter, signal);
    return null;
  },

  storeInfo(_args, { store }) {
    const opened = store.get();
    return { path: opened.path, readOnly: opened.readOnly, maxBytes: opened.maxBytes, retainedBytes: opened.retainedBytes() };
  },

  history(request, { store }) {
    return historyPage(store.get(), request);
  },

  details({ handle }, { store }) {
    return store.get().details(handle) ?? null;
  },

  delete({ handle }, { store }) {
    return store.get().delete(handle);
  },

  async historyTools({ handle, name }, { store }) {
    const { recoverTool, recoverTools } = await recovery();
    const opened = store.get();
    const tools = recoverTools(handle, { store: opened }).map((tool) => ({ name: tool.name, shortened: tool.shortened }));
    if (name === undefined) return { tools };
    const found = recoverTool(handle, name, { store: opened });
    return { tools, original: { name: found.name, shortened: found.shortened, text: new TextDecoder().decode(found.original) } };
  },

  async toolCalls(_, { store }) {
    return { days: USAGE_DAYS, tools: store.get().listToolCalls(USAGE_DAYS) };
  },
};

function tryQuietly(work: () => void): void {
  try {
    work();
  } catch {
    // Nothing depends on it.
  }
}

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
