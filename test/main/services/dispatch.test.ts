import { describe, expect, it } from 'vitest';
import { CHANNELS, type Method, type RequestOf } from '../../../src/shared/ipc/channels';
import { createDispatcher, type CallContext, type Handlers } from '../../../src/main/services/dispatch';
import { CavemanError } from '../../../src/shared/errors';

const context: CallContext = { clientId: 'test', emit: () => undefined };
const methods = Object.keys(CHANNELS) as Method[];
/** Every handler answers with this code, so a refusal by validation is told apart from a handler run. */
const HANDLER_RAN = 'cave_forbidden';
const handlers = Object.fromEntries(
  methods.map((method) => [
    method,
    () => {
      throw new CavemanError(HANDLER_RAN, 'the handler ran');
    },
  ]),
) as Handlers;
const dispatcher = createDispatcher(handlers);

const HANDLE = 'ccr_0123456789abcdef0123456789abcdef';
/** One valid request per method, typed from the channel table (so the schema accepting it below checks the type too), to derive invalid ones from. */
const VALID: { [M in Method]: RequestOf<M> } = {
  getAppInfo: {},
  analyzeCatalog: { name: 'a.json', tokenizer: 'o200k_base', bytes: new Uint8Array([123, 125]) },
  reanalyzeCatalog: { analysisId: 'abc', tokenizer: 'cl100k_base' },
  openCatalogFiles: { tokenizer: 'o200k_base' },
  cancelJob: { jobId: 'abc' },
  getDiff: { analysisId: 'abc' },
  getLintReport: { analysisId: 'abc' },
  getCatalogText: { analysisId: 'abc', which: 'compressed' },
  compareLevels: { analysisId: 'abc' },
  saveCatalog: { source: { analysisId: 'abc' }, which: 'original' },
  downloadCatalog: { source: { handle: HANDLE }, which: 'compressed' },
  listHistory: { limit: 50, offset: 0, query: 'github' },
  getHistoryEntry: { handle: HANDLE },
  getHistoryTools: { handle: HANDLE, name: 'search' },
  getToolCalls: {},
  deleteHistoryEntry: { handle: HANDLE },
  openHistoryEntry: { handle: HANDLE, tokenizer: 'o200k_base' },
  discoverMcpServers: {},
  pickMcpConfig: {},
  readMcpConfig: { fileName: 'mcp.json', bytes: new Uint8Array([123, 125]) },
  importMcpServer: { server: { discoveredId: 'abc' }, tokenizer: 'o200k_base' },
  listServers: {},
  measureServer: { serverId: 'mcp-abc', tokenizer: 'o200k_base' },
  measureAllServers: { tokenizer: 'o200k_base' },
  previewServerEdit: { serverId: 'mcp-abc', action: 'wrap', level: 'leads', excludeTools: ['echo'], checkCalls: 'all', noCheckTools: ['get_*'] },
  commitServerEdit: {
    serverId: 'mcp-abc',
    action: 'wrap',
    level: 'leads',
    excludeTools: ['echo'],
    checkCalls: 'off',
    noCheckTools: ['a,b'],
    hash: 'a'.repeat(64),
  },
};

/** Optional request fields: `field` on every channel, or `field@method` on one. */
const OPTIONAL = new Set(['query', 'name@getHistoryTools', 'level', 'excludeTools', 'checkCalls', 'noCheckTools']);

function invalidVariants(valid: Record<string, unknown>, method: Method): { request: unknown; mayPass: boolean }[] {
  const variants: { request: unknown; mayPass: boolean }[] = [null, undefined, 42, 'text', [], { ...valid, unexpected: true }].map((request) => ({
    request,
    mayPass: false,
  }));
  for (const key of Object.keys(valid)) {
    const { [key]: _dropped, ...missing } = valid;
    variants.push({ request: missing, mayPass: OPTIONAL.has(key) || OPTIONAL.has(`${key}@${method}`) });
    for (const wrong of [null, 12, 'x'.repeat(300), { nested: true }, [1], -1, '../../etc/passwd', 'ccr_NOTHEX']) {
      // A value of the right primitive type may still be legal (e.g. limit 12, or a name that looks like a path:
      // names are labels, never used as paths); every value of another type must be refused.
      variants.push({ request: { ...valid, [key]: wrong }, mayPass: typeof wrong === typeof valid[key] && wrong !== null && !Array.isArray(wrong) });
    }
  }
  return variants;
}

describe('the dispatcher refuses malformed requests on every channel, before any handler runs', () => {
  it.each(methods)('%s', async (method) => {
    let refused = 0;
    for (const { request, mayPass } of invalidVariants(VALID[method] as Record<string, unknown>, method)) {
      const answer = await dispatcher.dispatch(method, request, context);
      if (answer.ok) throw new Error('a handler that throws cannot answer ok');
      if (mayPass && answer.code === HANDLER_RAN) continue;
      expect(answer, JSON.stringify(request)).toMatchObject({ ok: false, code: 'cave_bad_request' });
      expect(answer.message).toContain(CHANNELS[method].channel);
      refused++;
    }
    expect(refused).toBeGreaterThan(5);
  });

  it('checks that the valid requests are valid (so the refusals above mean something)', async () => {
    for (const method of methods) {
      const answer = await dispatcher.dispatch(method, VALID[method], context);
      expect(answer, method).toMatchObject({ ok: false, code: HANDLER_RAN });
    }
  });

  it('refuses unknown channels and prototype keys', async () => {
    for (const name of ['nope', '__proto__', 'constructor', 'toString', 'history:list']) {
      expect(await dispatcher.dispatch(name, {}, context)).toMatchObject({ ok: false, code: 'cave_bad_request' });
    }
  });

  it('binary fields must be Uint8Array, not strings or arrays of numbers', async () => {
    for (const bytes of ['{}', [123, 125], { 0: 123 }, new Uint16Array(2)]) {
      expect(await dispatcher.dispatch('analyzeCatalog', { ...VALID.analyzeCatalog, bytes }, context)).toMatchObject({ code: 'cave_bad_request' });
    }
  });

  it('turns a handler error into its code, and a contract-breaking answer into cave_internal', async () => {
    const d = createDispatcher({
      cancelJob: () => {
        throw new CavemanError('cave_not_found', 'no such job');
      },
      getHistoryEntry: () => ({ entry: { handle: 'not a handle' } }) as never,
    });
    expect(await d.dispatch('cancelJob', { jobId: 'x' }, context)).toEqual({ ok: false, code: 'cave_not_found', message: 'no such job' });
    expect(await d.dispatch('getHistoryEntry', { handle: HANDLE }, context)).toMatchObject({ ok: false, code: 'cave_internal' });
  });
});
