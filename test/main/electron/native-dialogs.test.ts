import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nativeDialogHandlers } from '../../../src/main/electron/native-dialogs';
import type { CoreServices } from '../../../src/main/services/core-services';
import type { CallContext } from '../../../src/main/services/dispatch';
import { MAX_INPUT_BYTES } from '../../../src/shared/errors';
import type { JobFinishedEvent } from '../../../src/shared/contracts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'caveman-dialogs-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const finishedEvents: JobFinishedEvent[] = [];
let heard: () => void = () => undefined;
const context: CallContext = {
  clientId: '1',
  emit: (event, payload) => {
    if (event !== 'jobFinished') return;
    finishedEvents.push(payload as JobFinishedEvent);
    heard();
  },
};
/** The jobFinished events sent to the window, once there are `count`. */
const finishedSoFar = (count: number) =>
  new Promise<JobFinishedEvent[]>((resolve) => {
    heard = () => finishedEvents.length >= count && resolve(finishedEvents);
    heard();
  });

function fakeCore() {
  const started: { name: string; bytes: Uint8Array }[] = [];
  const configs: { name: string; text: string }[] = [];
  const core: CoreServices = {
    startAnalysis: (name, bytes) => {
      started.push({ name, bytes });
      return { jobId: `job${started.length}`, name };
    },
    exportBytes: async ({ which }) => ({ fileName: which === 'compressed' ? 'tools.min.json' : 'tools.json', bytes: new Uint8Array([1, 2, 3]) }),
    readMcpConfig: async (name, bytes) => {
      configs.push({ name, text: Buffer.from(bytes).toString() });
      return { servers: [], files: [{ path: name, client: 'picked', status: 'found', servers: 0 }] };
    },
  };
  return { core, started, configs };
}

describe('native dialogs', () => {
  it('opens the files the person picks, refusing oversized ones before reading them', async () => {
    const small = join(dir, 'tools.json');
    writeFileSync(small, '{"tools":[]}');
    const huge = join(dir, 'huge.json');
    writeFileSync(huge, '');
    truncateSync(huge, MAX_INPUT_BYTES + 1); // sparse: no 32 MiB actually written
    const { core, started } = fakeCore();
    const dialog = { showOpenDialog: async () => ({ canceled: false, filePaths: [small, huge] }), showSaveDialog: async () => ({ canceled: true }) };
    const handlers = nativeDialogHandlers(core, { dialog: dialog as never, window: () => undefined });
    const result = await handlers.openCatalogFiles!({ tokenizer: 'o200k_base' }, context);
    expect(result.jobs.map((j) => j.name)).toEqual(['tools.json', 'huge.json']);
    expect(started.map((s) => [s.name, Buffer.from(s.bytes).toString()])).toEqual([['tools.json', '{"tools":[]}']]);
    const failed = (await finishedSoFar(1)).map(({ jobId, outcome }) => ({ jobId, name: outcome.name, code: outcome.ok ? null : outcome.error.code }));
    expect(failed).toEqual([{ jobId: result.jobs[1]!.jobId, name: 'huge.json', code: 'cave_input_too_large' }]);
  });

  it('returns no jobs when the dialog is cancelled', async () => {
    const { core } = fakeCore();
    const dialog = { showOpenDialog: async () => ({ canceled: true, filePaths: [] }), showSaveDialog: async () => ({ canceled: true }) };
    expect(
      await nativeDialogHandlers(core, { dialog: dialog as never, window: () => undefined }).openCatalogFiles!({ tokenizer: 'o200k_base' }, context),
    ).toEqual({ jobs: [] });
  });

  it('reads the MCP config file the person picks (main chooses the path; cancel reads nothing)', async () => {
    const file = join(dir, 'claude_desktop_config.json');
    writeFileSync(file, '{"mcpServers":{}}');
    const { core, configs } = fakeCore();
    let picked = true;
    const dialog = {
      showOpenDialog: async () => (picked ? { canceled: false, filePaths: [file] } : { canceled: true, filePaths: [] }),
      showSaveDialog: async () => ({ canceled: true }),
    };
    const handlers = nativeDialogHandlers(core, { dialog: dialog as never, window: () => undefined });
    expect(await handlers.pickMcpConfig!({}, context)).toMatchObject({ status: 'picked', discovery: { files: [{ path: file, status: 'found' }] } });
    expect(configs).toEqual([{ name: file, text: '{"mcpServers":{}}' }]);
    picked = false;
    expect(await handlers.pickMcpConfig!({}, context)).toEqual({ status: 'cancelled' });
    expect(configs).toHaveLength(1);
  });

  it('saves where the person chose, offering the export file name', async () => {
    const { core } = fakeCore();
    const target = join(dir, 'chosen.json');
    let offered: string | undefined;
    const dialog = {
      showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
      showSaveDialog: async (options: { defaultPath?: string }) => {
        offered = options.defaultPath;
        return { canceled: false, filePath: target };
      },
    };
    const handlers = nativeDialogHandlers(core, { dialog: dialog as never, window: () => undefined });
    expect(await handlers.saveCatalog!({ source: { analysisId: 'a' }, which: 'compressed' }, context)).toEqual({ status: 'saved', fileName: 'chosen.json' });
    expect(offered).toBe('tools.min.json');
    expect([...readFileSync(target)]).toEqual([1, 2, 3]);
  });
});

describe('askInNativeDialog', () => {
  it('says yes only when the person picks the first button, showing the question as start-approval worded it', async () => {
    const { askInNativeDialog } = await import('../../../src/main/electron/native-dialogs');
    const shown: { title?: string; message?: string; detail?: string; buttons?: string[]; cancelId?: number; defaultId?: number }[] = [];
    const answering = (response: number) => ({
      showMessageBox: async (options: (typeof shown)[number]) => {
        shown.push(options);
        return { response, checkboxChecked: false };
      },
    });
    const question = {
      title: 'Run a command?',
      message: 'Caveman Shrink will run this command to list its MCP tools:',
      detail: 'node server.js --port 1',
      confirm: 'Run',
    } as const;
    await expect(askInNativeDialog(answering(0) as never, undefined, question)).resolves.toBe(true);
    await expect(askInNativeDialog(answering(1) as never, undefined, question)).resolves.toBe(false);
    expect(shown[0]).toMatchObject({
      title: question.title,
      message: question.message,
      detail: 'node server.js --port 1',
      buttons: ['Run', 'Cancel'],
      cancelId: 1,
      defaultId: 1,
    });
  });
});
