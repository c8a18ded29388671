// The real Electron entry (src/main/electron/main.ts) and preload, run with
// Electron replaced by a recorder, so what they actually wire up is checked —
// not only the pure rules in security.ts (test/main/electron/security.test.ts):
// the window's options, the guards on every webContents, the permission and
// CSP hooks, one IPC handler per contract channel that refuses foreign
// senders and malformed payloads (fast-check), a preload that exposes named
// methods only, and no request field through which the renderer could name a
// file to write.

import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { validatorFor } from '../../../src/main/contracts/contract-validator';
import { hardenedWebPreferences } from '../../../src/main/electron/security';
import { CONTENT_SECURITY_POLICY } from '../../../src/shared/content-security-policy';
import { exportFileName } from '../../../src/main/analysis/export-name';
import { approveStart, type StartPolicy } from '../../../src/main/mcp/import/start-approval';
import { CONTRACT_SCHEMAS } from '../../../src/shared/contracts';
import { CHANNELS, EVENTS, methodsFor, type Method } from '../../../src/shared/ipc/channels';

/** What the fake Electron saw. */
const seen = vi.hoisted(() => ({
  windows: [] as { options: Record<string, unknown>; contents: FakeContentsShape }[],
  loads: [] as string[],
  app: new Map<string, (...args: unknown[]) => unknown>(),
  ipc: new Map<string, (event: unknown, request: unknown) => Promise<unknown>>(),
  permission: undefined as undefined | ((contents: unknown, permission: string, callback: (granted: boolean) => void, details?: unknown) => void),
  headers: undefined as
    undefined | ((details: { responseHeaders?: Record<string, string[]> }, callback: (answer: { responseHeaders?: Record<string, string[]> }) => void) => void),
  external: [] as string[],
  exposed: [] as [string, unknown][],
  invoked: [] as [string, unknown][],
  saveDialog: undefined as undefined | ((options: { defaultPath?: string }) => Promise<{ canceled: boolean; filePath?: string }>),
  handlerCalls: [] as [string, unknown][],
  startPolicy: undefined as undefined | StartPolicy,
  messageBoxes: [] as { detail?: string }[],
  sent: [] as [number, string, unknown][],
  opened: [] as string[][],
}));

interface FakeContentsShape {
  id: number;
  listeners: Map<string, (...args: unknown[]) => unknown>;
  openHandler?: (details: { url: string }) => { action: string };
}

vi.mock('electron', () => {
  let nextId = 1;
  class FakeContents implements FakeContentsShape {
    id = nextId++;
    listeners = new Map<string, (...args: unknown[]) => unknown>();
    openHandler?: (details: { url: string }) => { action: string };
    on(name: string, listener: (...args: unknown[]) => unknown) {
      this.listeners.set(name, listener);
      return this;
    }
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      this.openHandler = handler;
    }
    send(channel: string, payload: unknown) {
      seen.sent.push([this.id, channel, payload]);
    }
    isDestroyed() {
      return false;
    }
  }
  class BrowserWindow {
    webContents = new FakeContents();
    constructor(options: Record<string, unknown>) {
      seen.windows.push({ options, contents: this.webContents });
    }
    once() {}
    on() {}
    show() {}
    focus() {}
    restore() {}
    isMinimized() {
      return false;
    }
    loadFile(path: string) {
      seen.loads.push(`file:${path}`);
      return Promise.resolve();
    }
    loadURL(url: string) {
      seen.loads.push(`url:${url}`);
      return Promise.resolve();
    }
  }
  const electron = {
    BrowserWindow,
    app: {
      requestSingleInstanceLock: () => true,
      on: (name: string, listener: (...args: unknown[]) => unknown) => void seen.app.set(name, listener),
      whenReady: () => Promise.resolve(),
      quit: () => undefined,
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: typeof seen.permission) => void (seen.permission = handler),
        webRequest: { onHeadersReceived: (handler: typeof seen.headers) => void (seen.headers = handler) },
      },
    },
    ipcMain: { handle: (channel: string, handler: (event: unknown, request: unknown) => Promise<unknown>) => void seen.ipc.set(channel, handler) },
    Menu: { setApplicationMenu: () => undefined, buildFromTemplate: (template: unknown) => template },
    dialog: {
      showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
      showSaveDialog: (_owner: unknown, options: { defaultPath?: string }) => seen.saveDialog!(options),
      // The person answers "Cancel" to every question.
      showMessageBox: async (...args: unknown[]) => {
        seen.messageBoxes.push(args[args.length - 1] as { detail?: string });
        return { response: 1, checkboxChecked: false };
      },
    },
    shell: { openExternal: async (url: string) => void seen.external.push(url) },
    contextBridge: { exposeInMainWorld: (key: string, value: unknown) => void seen.exposed.push([key, value]) },
    ipcRenderer: {
      invoke: async (channel: string, request: unknown) => {
        seen.invoked.push([channel, request]);
        return { ok: true, value: null };
      },
      on: () => undefined,
      removeListener: () => undefined,
    },
  };
  return { ...electron, default: electron };
});

// The services behind the dispatcher are replaced by recorders (the real ones are tested elsewhere); the
// dispatcher, the IPC registration, the trust check and the native dialogs are the real ones.
vi.mock('../../../src/main/services/app-services', async () => {
  const { createDispatcher } = await import('../../../src/main/services/dispatch');
  const { methodsFor: methods } = await import('../../../src/shared/ipc/channels');
  return {
    createAppServices: async (options: { extend?: (core: unknown) => Record<string, unknown>; startPolicy?: StartPolicy }) => {
      seen.startPolicy = options.startPolicy;
      const record = (method: string) => (request: unknown) => {
        seen.handlerCalls.push([method, request]);
        throw Object.assign(new Error('recorded'), { code: 'cave_not_found' });
      };
      const core = {
        startAnalysis: (name: string) => ({ jobId: 'job', name }),
        exportBytes: async () => ({ fileName: exportFileName('../../../etc/passwd\\..\\tools.json', 'compressed'), bytes: new Uint8Array([0x7b, 0x7d]) }),
        readMcpConfig: async () => ({ servers: [], files: [] }),
      };
      const handlers = Object.fromEntries(methods('ipc').map((method) => [method, record(method)]));
      const { createOpenWithInbox } = await import('../../../src/main/services/open-with-inbox');
      const inbox = createOpenWithInbox(
        async (paths) => {
          seen.opened.push([...paths]);
          return paths.map((path) => ({ jobId: `job:${path}`, name: path }));
        },
        (error) => {
          throw error;
        },
      );
      return {
        dispatcher: createDispatcher({ ...handlers, ...options.extend?.(core) }),
        core,
        inbox,
        idle: async () => undefined,
        close: async () => undefined,
      };
    },
  };
});

const IPC_METHODS = methodsFor('ipc');
let APP_URL: string;
let PRELOAD_PATH: string;
let RENDERER_INDEX: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'caveman-rel-electron-'));
  ({ APP_URL, PRELOAD_PATH, RENDERER_INDEX } = await import('../../../src/main/electron/window'));
  // Launched as `caveman-shrink-desktop launch.json --some-switch`.
  const argv = process.argv;
  process.argv = ['/opt/caveman/caveman-shrink-desktop', 'launch.json', '--some-switch'];
  await import('../../../src/main/electron/main');
  process.argv = argv;
  await vi.waitFor(() => expect(seen.windows).toHaveLength(1));
  await import('../../../src/preload/index');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const mainContents = () => seen.windows[0]!.contents;
const trusted = () => ({ sender: mainContents(), senderFrame: { url: APP_URL } });

describe('the window main.ts creates', () => {
  it('is created with exactly the hardened preferences and loads the app from disk, never a URL', () => {
    const { options } = seen.windows[0]!;
    expect(options.webPreferences).toEqual(hardenedWebPreferences(PRELOAD_PATH));
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
    });
    expect(seen.loads).toEqual([`file:${RENDERER_INDEX}`]);
  });

  it('blocks navigation and redirects away from the app, webviews, and window.open (only http(s) goes to the system browser)', () => {
    const { listeners, openHandler } = mainContents();
    const attempt = (name: string, url?: string) => {
      let prevented = false;
      listeners.get(name)!({ preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      `${APP_URL.replace('index.html', 'other.html')}`,
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
    ]) {
      expect(attempt('will-navigate', url), url).toBe(true);
      expect(attempt('will-redirect', url), url).toBe(true);
    }
    expect(attempt('will-navigate', APP_URL)).toBe(false);
    expect(attempt('will-attach-webview')).toBe(true);
    for (const url of ['https://docs.example/page', 'file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'https://user:pw@example.com/'])
      expect(openHandler!({ url })).toEqual({ action: 'deny' });
    expect(seen.external).toEqual(['https://docs.example/page']);
  });

  it('guards every other webContents too: no webviews, no new windows', () => {
    const created = seen.app.get('web-contents-created')!;
    const listeners = new Map<string, (event: { preventDefault(): void }) => void>();
    let openHandler: ((details: { url: string }) => { action: string }) | undefined;
    created(
      {},
      {
        on: (name: string, listener: (event: { preventDefault(): void }) => void) => listeners.set(name, listener),
        setWindowOpenHandler: (handler: typeof openHandler) => (openHandler = handler),
      },
    );
    let prevented = false;
    listeners.get('will-attach-webview')!({ preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    expect(openHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
  });

  it('refuses every permission request', () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'midi',
      'clipboard-read',
      'clipboard-sanitized-write',
      'openExternal',
      'fullscreen',
      'pointerLock',
      'unknown',
    ]) {
      let granted: boolean | undefined;
      seen.permission!({}, permission, (answer) => (granted = answer));
      expect(granted, permission).toBe(false);
    }
  });

  it('puts the strict CSP on every response, over whatever the response said', () => {
    let answer: { responseHeaders?: Record<string, string[]> } | undefined;
    seen.headers!(
      { responseHeaders: { 'Content-Security-Policy': ["default-src *; script-src 'unsafe-inline' 'unsafe-eval'"], 'X-Other': ['1'] } },
      (a) => (answer = a),
    );
    expect(answer!.responseHeaders!['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(answer!.responseHeaders!['X-Other']).toEqual(['1']);
    expect(CONTENT_SECURITY_POLICY.split('; ')).toEqual(
      expect.arrayContaining(["default-src 'none'", "script-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"]),
    );
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-|\*|https?:|data:.*script/);
    const meta = readFileSync(fileURLToPath(new URL('../../../src/renderer/index.html', import.meta.url)), 'utf8').match(
      /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/,
    )?.[1];
    // frame-ancestors is ignored in <meta>
    expect(meta?.split('; ')).toEqual(CONTENT_SECURITY_POLICY.split('; ').filter((rule) => !rule.startsWith('frame-ancestors')));
  });
});

describe('files opened from outside the window (launch arguments, a second launch, the OS)', () => {
  it('starts them in the window once its page has loaded, announced with jobs:started', async () => {
    const contents = mainContents();
    expect(seen.opened).toEqual([]);
    contents.listeners.get('did-finish-load')!();
    await vi.waitFor(() => expect(seen.opened).toEqual([[join(process.cwd(), 'launch.json')]]));

    seen.app.get('second-instance')!({}, ['/opt/caveman/caveman-shrink-desktop', '--original-process-start-time=1', 'b.json', '/abs/c.json'], '/home/me');
    let prevented = false;
    seen.app.get('open-file')!({ preventDefault: () => (prevented = true) }, '/Users/me/d.json');
    expect(prevented).toBe(true);
    await vi.waitFor(() => expect(seen.opened).toHaveLength(3));
    expect(seen.opened.slice(1)).toEqual([['/home/me/b.json', '/abs/c.json'], ['/Users/me/d.json']]);

    const announced = seen.sent.filter(([, channel]) => channel === EVENTS.jobsStarted.channel);
    expect(announced.map(([id]) => id)).toEqual([contents.id, contents.id, contents.id]);
    expect(announced[1]![2]).toEqual({
      jobs: [
        { jobId: 'job:/home/me/b.json', name: '/home/me/b.json' },
        { jobId: 'job:/abs/c.json', name: '/abs/c.json' },
      ],
    });
  });
});

describe('IPC: one handler per contract channel, and nothing reaches a handler unless it is valid and from the app window', () => {
  it('registers exactly the IPC channels of the contract', () => {
    expect([...seen.ipc.keys()].sort()).toEqual(IPC_METHODS.map((m) => CHANNELS[m].channel).sort());
  });

  it.each(IPC_METHODS.map((method) => [CHANNELS[method].channel, method] as const))(
    '%s refuses another webContents, a foreign frame in the app window, and a missing frame',
    async (channel) => {
      const handler = seen.ipc.get(channel)!;
      const calls = seen.handlerCalls.length;
      const foreignContents = { id: 999, isDestroyed: () => false, send: () => undefined };
      for (const event of [
        { sender: foreignContents, senderFrame: { url: APP_URL } },
        { sender: mainContents(), senderFrame: { url: 'https://evil.example/' } },
        { sender: mainContents(), senderFrame: { url: 'file:///tmp/other.html' } },
        { sender: mainContents(), senderFrame: null },
        { sender: mainContents() },
      ]) {
        expect(await handler(event, {})).toEqual({ ok: false, code: 'cave_forbidden', message: expect.any(String) });
      }
      expect(seen.handlerCalls.length).toBe(calls);
    },
  );

  it('fuzz: every channel answers any payload with a typed failure or runs the handler on a valid request only (fast-check)', async () => {
    const validators = new Map(IPC_METHODS.map((method) => [method, validatorFor(CHANNELS[method].request)]));
    const hostile = fc.oneof(
      fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true }),
      fc.constantFrom<unknown>(
        { __proto__: { admin: true } },
        JSON.parse('{"__proto__":{"polluted":true}}'),
        { constructor: { prototype: { polluted: true } } },
        { path: '/etc/passwd' },
        { filePath: '/tmp/x' },
        new Uint8Array(4),
        'x'.repeat(100_000),
      ),
    );
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...IPC_METHODS), hostile, async (method: Method, payload) => {
        const before = seen.handlerCalls.length;
        const answer = (await seen.ipc.get(CHANNELS[method].channel)!(trusted(), payload)) as { ok: boolean; code?: string };
        answered++;
        if (validators.get(method)!(payload)) return; // a valid request may run (the recorders then answer cave_not_found)
        expect(answer).toMatchObject({ ok: false, code: 'cave_bad_request' });
        expect(seen.handlerCalls.length).toBe(before);
      }),
      { numRuns: 1000, seed: 20_261_130 },
    );
    expect(answered).toBe(1000);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the renderer cannot name a file to write', () => {
  /** Every property name a renderer request can carry, per channel (following $refs through the contract). */
  function requestFields(): Map<string, Set<string>> {
    const byId = new Map(CONTRACT_SCHEMAS.map((schema) => [(schema as { $id: string }).$id, schema as unknown]));
    const resolve = (ref: string, base: string): [unknown, string] => {
      const [file, pointer = ''] = ref.split('#');
      const id = file ? new URL(file, base).href : base;
      let node = byId.get(id);
      for (const part of pointer.split('/').filter(Boolean)) node = (node as Record<string, unknown>)[decodeURIComponent(part)];
      return [node, id];
    };
    const fields = new Map<string, Set<string>>();
    for (const method of IPC_METHODS.concat(methodsFor('http'))) {
      const names = new Set<string>();
      const seenNodes = new Set<unknown>();
      const walk = (node: unknown, base: string) => {
        if (typeof node !== 'object' || node === null || seenNodes.has(node)) return;
        seenNodes.add(node);
        const schema = node as Record<string, unknown>;
        if (typeof schema.$ref === 'string') walk(...resolve(schema.$ref, base));
        for (const [name, sub] of Object.entries((schema.properties ?? {}) as object)) {
          names.add(name);
          walk(sub, base);
        }
        for (const key of ['oneOf', 'anyOf', 'allOf', 'items', 'additionalProperties']) {
          const sub = schema[key];
          if (Array.isArray(sub)) sub.forEach((s) => walk(s, base));
          else walk(sub, base);
        }
      };
      walk(...resolve(CHANNELS[method].request, CHANNELS[method].request.split('#')[0]!));
      fields.set(CHANNELS[method].channel, names);
    }
    return fields;
  }

  it('no request field of any channel is a path, a folder or a file to write', () => {
    const all = new Set([...requestFields().values()].flatMap((names) => [...names]));
    const pathLike = [...all].filter((name) => /path|dir(?!ection$)|folder|file(?!Name$)|dest|target|output|location|cwd/i.test(name));
    expect(pathLike).toEqual([]);
    // fileName (mcp:readConfig) is a display name for bytes the person picked in the browser; main never opens it.
    // direction (history:list) is a sort order, an enum of two words.
  });

  it('mcp:import is the only channel that names a program to run, and main asks in a native dialog before running one', async () => {
    const offenders = [...requestFields()].filter(([, names]) => names.has('command') || names.has('args') || names.has('env')).map(([channel]) => channel);
    expect(offenders).toEqual(['mcp:import']);
    // The page cannot draw or answer this dialog; "Cancel" refuses and nothing starts.
    const policy = seen.startPolicy;
    expect(policy?.kind).toBe('ask');
    await expect(approveStart({ origin: 'typed', target: { transport: 'stdio', command: 'node', args: ['evil.js'] } }, policy!)).rejects.toMatchObject({
      code: 'cave_cancelled',
    });
    expect(seen.messageBoxes.at(-1)).toMatchObject({ detail: 'node evil.js' });
  });

  it('every request object refuses extra fields, so a smuggled "path" never reaches a handler', async () => {
    for (const method of IPC_METHODS) {
      const answer = (await seen.ipc.get(CHANNELS[method].channel)!(trusted(), {
        path: '/etc/passwd',
        filePath: '/tmp/x',
        defaultPath: '/root/.ssh/id_rsa',
      })) as { ok: boolean; code: string };
      expect(answer, method).toMatchObject({ ok: false, code: 'cave_bad_request' });
    }
  });

  it('catalog:save writes only where the native dialog says, offering a bare file name even for a hostile catalog name', async () => {
    const target = join(dir, 'chosen.json');
    const offered: (string | undefined)[] = [];
    seen.saveDialog = async (options) => (offered.push(options.defaultPath), { canceled: false, filePath: target });
    const answer = (await seen.ipc.get(CHANNELS.saveCatalog.channel)!(trusted(), { source: { analysisId: 'a1' }, which: 'compressed' })) as {
      ok: boolean;
      value?: { fileName: string };
    };
    expect(answer).toEqual({ ok: true, value: { status: 'saved', fileName: 'chosen.json' } });
    expect(readFileSync(target, 'utf8')).toBe('{}');
    expect(offered).toHaveLength(1);
    expect(offered[0]).not.toMatch(/[/\\]/);
    seen.saveDialog = async () => ({ canceled: true });
    expect(await seen.ipc.get(CHANNELS.saveCatalog.channel)!(trusted(), { source: { analysisId: 'a1' }, which: 'original' })).toEqual({
      ok: true,
      value: { status: 'cancelled' },
    });
  });

  it('export file names (offered by the save dialog, sent as a download) never carry a path, for any name (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 255 }),
          fc.constantFrom('..', '../..', '/etc/passwd', 'C:\\Windows\\win.ini', '\\\\server\\share\\x', '.', ' ', 'con', 'a\u0000b'),
        ),
        fc.constantFrom('original' as const, 'compressed' as const),
        (name, which) => {
          const file = exportFileName(name, which);
          expect(file).not.toMatch(/[/\\:*?"<>|\u0000-\u001f]/);
          expect(file).toMatch(/^.+\.json$/);
        },
      ),
      { numRuns: 2000, seed: 20_261_130 },
    );
  });
});

describe('the preload', () => {
  it('exposes one object, "api", of named functions — one per IPC channel and one subscription per event — and nothing generic', () => {
    expect(seen.exposed.map(([key]) => key)).toEqual(['api']);
    const api = seen.exposed[0]![1] as Record<string, unknown>;
    const expected = [...IPC_METHODS, ...Object.keys(EVENTS).map((name) => `on${name.charAt(0).toUpperCase()}${name.slice(1)}`)].sort();
    expect(Object.keys(api).sort()).toEqual(expected);
    for (const [key, value] of Object.entries(api)) expect(typeof value, key).toBe('function');
    for (const forbidden of ['invoke', 'send', 'ipcRenderer', 'process', 'require', 'env', 'fs']) expect(api).not.toHaveProperty(forbidden);
  });

  it('each method invokes only its own channel', async () => {
    const api = seen.exposed[0]![1] as Record<string, (request: unknown) => Promise<unknown>>;
    for (const method of IPC_METHODS) {
      seen.invoked.length = 0;
      await api[method]!({ probe: method });
      expect(seen.invoked).toEqual([[CHANNELS[method].channel, { probe: method }]]);
    }
  });
});
