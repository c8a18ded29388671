import { describe, expect, it } from 'vitest';
import { CHANNELS, EVENTS, methodsFor } from '../../../src/shared/ipc/channels';
import { registerIpcHandlers } from '../../../src/main/electron/ipc';
import { createDispatcher } from '../../../src/main/services/dispatch';

type InvokeHandler = (event: unknown, request: unknown) => Promise<unknown>;

function setup() {
  const handlers = new Map<string, InvokeHandler>();
  const ipcMain = { handle: (channel: string, handler: InvokeHandler) => void handlers.set(channel, handler) };
  const dispatcher = createDispatcher({
    cancelJob: ({ jobId }, context) => {
      context.emit('jobProgress', { jobId, stage: 'queued', fraction: 0 });
      return { cancelled: true };
    },
  });
  const trusted = {
    id: 1,
    isDestroyed: () => false,
    sent: [] as unknown[][],
    send(...args: unknown[]) {
      this.sent.push(args);
    },
  };
  const foreign = {
    id: 2,
    isDestroyed: () => false,
    sent: [] as unknown[][],
    send(...args: unknown[]) {
      this.sent.push(args);
    },
  };
  registerIpcHandlers(ipcMain as never, dispatcher, (event) => (event as unknown as { sender: unknown }).sender === trusted);
  return { handlers, trusted, foreign };
}

describe('IPC registration', () => {
  it('registers exactly the IPC channels of the contract', () => {
    const { handlers } = setup();
    expect([...handlers.keys()].sort()).toEqual(
      methodsFor('ipc')
        .map((m) => CHANNELS[m].channel)
        .sort(),
    );
    expect(handlers.has(CHANNELS.downloadCatalog.channel)).toBe(false);
  });

  it('refuses senders that are not the app window, without running anything', async () => {
    const { handlers, foreign } = setup();
    const answer = await handlers.get('jobs:cancel')!({ sender: foreign }, { jobId: 'a' });
    expect(answer).toMatchObject({ ok: false, code: 'cave_forbidden' });
    expect(foreign.sent).toEqual([]);
  });

  it('validates, dispatches and sends events only to the calling window', async () => {
    const { handlers, trusted, foreign } = setup();
    expect(await handlers.get('jobs:cancel')!({ sender: trusted }, { jobId: 'a' })).toEqual({ ok: true, value: { cancelled: true } });
    expect(trusted.sent).toEqual([[EVENTS.jobProgress.channel, { jobId: 'a', stage: 'queued', fraction: 0 }]]);
    expect(foreign.sent).toEqual([]);
    expect(await handlers.get('jobs:cancel')!({ sender: trusted }, { jobId: '../x' })).toMatchObject({ ok: false, code: 'cave_bad_request' });
    expect(await handlers.get('history:list')!({ sender: trusted }, { limit: 1, offset: 0 })).toMatchObject({ ok: false, code: 'cave_bad_request' });
  });
});
