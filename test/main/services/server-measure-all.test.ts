// Measure all in the Servers view: every server of the last listing that
// can start is measured, one after another, each as a job with its own
// events; a disabled one or one that cannot start as written is left out;
// the servers of the person's own config files start as they are, a
// project file's only after one question that shows every command — a
// "no", or a host that refuses them, is their result and starts nothing.

import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMeasuredEvent, ServersOverview } from '../../../src/shared/contracts';
import type { StartPolicy, StartQuestion } from '../../../src/main/mcp/import/start-approval';
import type { CallContext } from '../../../src/main/services/dispatch';
import { createServerServices, type ServerServices } from '../../../src/main/services/server-services';
import { WorkerClient } from '../../../src/main/workers/worker-client';
import { TINY_SERVER } from '../mcp/servers';

const CLI = resolve(process.env.CAVEMAN_CLI ?? 'out/main/cli.js');
let dir: string;
let home: string;
let project: string;
let marker: string;
let worker: WorkerClient;

beforeAll(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'caveman-measure-all-')));
  home = join(dir, 'home');
  project = join(dir, 'app');
  marker = join(dir, 'project-server-started');
  const tiny = (...args: string[]) => ({ command: process.execPath, args: [TINY_SERVER, ...args] });
  write(
    join(home, '.cursor/mcp.json'),
    JSON.stringify({ mcpServers: { mine: tiny('--tools', '3'), off: { ...tiny(), disabled: true }, broken: { args: ['x'] } } }),
  );
  // The project's server leaves a mark when it starts, so a test can tell it never did.
  const leavesMark = {
    command: process.execPath,
    args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'); import(${JSON.stringify(TINY_SERVER)})`],
  };
  write(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { theirs: leavesMark } }));
  worker = new WorkerClient({ storePath: join(dir, 'ccr.db'), maxBytesSetting: undefined }, 'mcp');
});
afterAll(async () => {
  await worker.close();
  rmSync(dir, { recursive: true, force: true });
});

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function servicesWith(policy: StartPolicy) {
  const events: { event: string; payload: unknown }[] = [];
  const context: CallContext = { clientId: 'test', emit: (event, payload) => void events.push({ event, payload }) };
  const services: ServerServices = createServerServices({
    worker,
    where: () => ({ platform: 'linux', home, env: {}, cwd: project }),
    startPolicy: policy,
    launcher: () => ({ runtime: process.execPath, cli: CLI }),
  });
  const handlers = services.handlers as Required<ServerServices['handlers']>;
  const outcomes = async () => {
    await services.idle();
    return events.filter((each) => each.event === 'serverMeasured').map((each) => each.payload as ServerMeasuredEvent);
  };
  return { handlers, context, outcomes };
}

function asking(answer: boolean): { policy: StartPolicy; asked: StartQuestion[] } {
  const asked: StartQuestion[] = [];
  return { asked, policy: { kind: 'ask', ask: async (question) => (asked.push(question), answer) } };
}

const nameOf = (overview: ServersOverview, id: string) => overview.servers.find((row) => row.server.id === id)!.server.name;

describe('Measure all', () => {
  it("measures the user's servers and, once the person said yes to the one question showing its command, the project's", async () => {
    rmSync(marker, { force: true });
    const { asked, policy } = asking(true);
    const { handlers, context, outcomes } = servicesWith(policy);
    const overview = await handlers.listServers({}, context);
    const started = await handlers.measureAllServers({ tokenizer: 'o200k_base' }, context);
    expect(started.jobs.map((job) => nameOf(overview, job.serverId))).toEqual(['mine', 'theirs']);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.title).toBe('Run a command from a config file?');
    expect(asked[0]!.message).toContain(`"theirs" from ${join(project, '.mcp.json')} (a project's file)`);
    expect(asked[0]!.detail).toContain(process.execPath);
    const results = await outcomes();
    expect(results.map((each) => [nameOf(overview, each.serverId), each.outcome.ok])).toEqual([
      ['mine', true],
      ['theirs', true],
    ]);
    expect(results.map((each) => each.jobId)).toEqual(started.jobs.map((job) => job.jobId));
    expect(existsSync(marker)).toBe(true);
  });

  it('a "no" is the project server\'s result, and it never starts; the user\'s are measured all the same', async () => {
    rmSync(marker, { force: true });
    const { handlers, context, outcomes } = servicesWith(asking(false).policy);
    const overview = await handlers.listServers({}, context);
    await handlers.measureAllServers({ tokenizer: 'o200k_base' }, context);
    const results = await outcomes();
    expect(results.map((each) => [nameOf(overview, each.serverId), each.outcome.ok ? 'ok' : each.outcome.error.code])).toEqual([
      ['mine', 'ok'],
      ['theirs', 'cave_cancelled'],
    ]);
    expect(existsSync(marker)).toBe(false);
  });

  it('a host that refuses them (the browser host without --allow-commands) says why; one project server measured alone asks too', async () => {
    rmSync(marker, { force: true });
    const { handlers, context, outcomes } = servicesWith({ kind: 'refuse' });
    const overview = await handlers.listServers({}, context);
    await handlers.measureAllServers({ tokenizer: 'o200k_base' }, context);
    const theirs = (await outcomes()).find((each) => nameOf(overview, each.serverId) === 'theirs')!;
    expect(theirs.outcome).toMatchObject({ ok: false, error: { code: 'cave_forbidden', message: expect.stringContaining("from a project's config file") } });

    const serverId = overview.servers.find((row) => row.server.name === 'theirs')!.server.id;
    const { asked, policy } = asking(false);
    const alone = servicesWith(policy);
    await alone.handlers.listServers({}, alone.context);
    await expect(alone.handlers.measureServer({ serverId, tokenizer: 'o200k_base' }, alone.context)).rejects.toMatchObject({ code: 'cave_cancelled' });
    expect(asked).toHaveLength(1);
    expect(existsSync(marker)).toBe(false);
  });
});
