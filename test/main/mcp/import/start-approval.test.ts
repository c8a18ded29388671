// Who may make main start an MCP server or reach a URL: discovered servers
// always; anything the page named (typed, or from a config file it sent)
// only when the host allows it or the person says yes in a native dialog.

import { describe, expect, it } from 'vitest';
import type { McpTarget } from '../../../../src/main/mcp/connection/server-target';
import {
  approveStart,
  approveStarts,
  serverStarts,
  startRequestOf,
  startQuestion,
  type StartPolicy,
  type StartQuestion,
  type StartRequest,
} from '../../../../src/main/mcp/import/start-approval';
import { CavemanError } from '../../../../src/shared/errors';

const command: McpTarget = { transport: 'stdio', command: 'sh', args: ['-c', 'touch /tmp/pwned'] };
const url: McpTarget = { transport: 'http', url: 'http://127.0.0.1:9/admin?key=1', headers: { Authorization: 'Bearer secret-value' } };

const typedCommand: StartRequest = { origin: 'typed', target: command };
const typedUrl: StartRequest = { origin: 'typed', target: url };
const pickedCommand: StartRequest = {
  origin: 'picked',
  target: { transport: 'stdio', command: 'sh', args: ['-c', 'touch /tmp/pwned'], env: { TOKEN: 'secret-env' }, cwd: '/srv/project' },
  picked: { file: 'x.json', server: 'e' },
};
const pickedUrl: StartRequest = { origin: 'picked', target: url, picked: { file: 'team.json', server: 'remote' } };
const everyNamedByThePage = [typedCommand, typedUrl, pickedCommand, pickedUrl];

function asking(answer: boolean): { policy: StartPolicy; asked: StartQuestion[] } {
  const asked: StartQuestion[] = [];
  return { asked, policy: { kind: 'ask', ask: async (question) => (asked.push(question), answer) } };
}

/** The typed error approveStart rejected with. */
async function rejection(request: StartRequest, policy: StartPolicy): Promise<CavemanError> {
  const error = await approveStart(request, policy).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CavemanError);
  return error as CavemanError;
}

describe('approveStart', () => {
  it('starts a discovered server under every policy, without asking', async () => {
    const { policy, asked } = asking(false);
    for (const each of [{ kind: 'refuse' } as const, { kind: 'allow' } as const, policy]) {
      await expect(approveStart({ origin: 'discovered', target: command }, each)).resolves.toBeUndefined();
      await expect(approveStart({ origin: 'discovered', target: url }, each)).resolves.toBeUndefined();
    }
    expect(asked).toEqual([]);
  });

  it('refuses whatever the page named when the host refuses, saying how to allow it', async () => {
    for (const request of everyNamedByThePage) {
      const error = await rejection(request, { kind: 'refuse' });
      expect(error.code, JSON.stringify(request)).toBe('cave_forbidden');
      expect(error.message).toContain('--allow-commands');
    }
    expect((await rejection(typedCommand, { kind: 'refuse' })).message).toMatch(/^starting a typed command is turned off here/);
    expect((await rejection(typedUrl, { kind: 'refuse' })).message).toMatch(/^connecting to a typed URL is turned off here/);
    expect((await rejection(pickedCommand, { kind: 'refuse' })).message).toMatch(
      /^e is from a config file chosen in the page, and the browser host does not run servers from those \(a page can send any file\)/,
    );
    expect((await rejection(pickedUrl, { kind: 'refuse' })).message).toMatch(
      /^remote is from a config file chosen in the page, and the browser host does not connect to servers from those/,
    );
  });

  it('tells the page which servers Import starts, so the dialog says so before the click', () => {
    expect(serverStarts(undefined)).toBe('config');
    expect(serverStarts({ kind: 'refuse' })).toBe('config');
    expect(serverStarts({ kind: 'allow' })).toBe('any');
    expect(serverStarts(asking(true).policy)).toBe('ask');
  });

  it('lets everything through when the host allows it (--allow-commands)', async () => {
    for (const request of everyNamedByThePage) await expect(approveStart(request, { kind: 'allow' })).resolves.toBeUndefined();
  });

  it('asks the person once per start; yes starts, no is cave_cancelled', async () => {
    const yes = asking(true);
    for (const request of everyNamedByThePage) await expect(approveStart(request, yes.policy)).resolves.toBeUndefined();
    expect(yes.asked).toHaveLength(4);
    const no = asking(false);
    expect(await rejection(typedCommand, no.policy)).toMatchObject({
      code: 'cave_cancelled',
      message: 'you chose not to run that command — nothing was started',
    });
    expect(await rejection(pickedUrl, no.policy)).toMatchObject({
      code: 'cave_cancelled',
      message: 'you chose not to connect to that server — nothing was sent',
    });
  });
});

describe('startQuestion', () => {
  it.each<[string, StartRequest, StartQuestion]>([
    [
      'a typed command exactly',
      typedCommand,
      { title: 'Run a command?', message: 'Caveman Shrink will run this command to list its MCP tools:', detail: 'sh -c "touch /tmp/pwned"', confirm: 'Run' },
    ],
    [
      'a picked config server with its file, command, folder and env names',
      pickedCommand,
      {
        title: 'Run a command from a config file?',
        message: 'Caveman Shrink will run this command "e" from x.json to list its MCP tools:',
        detail: 'sh -c "touch /tmp/pwned"\n\nIn folder: /srv/project\n\nWith environment variables: TOKEN',
        confirm: 'Run',
      },
    ],
    [
      'a typed URL with the names of the headers it would send',
      typedUrl,
      {
        title: 'Connect to a server?',
        message: 'Caveman Shrink will connect to this URL to list its MCP tools:',
        detail: 'http://127.0.0.1:9/admin?key=***\n\nSending headers: Authorization',
        confirm: 'Connect',
      },
    ],
    [
      'a picked URL with its file',
      pickedUrl,
      {
        title: 'Connect to a server from a config file?',
        message: 'Caveman Shrink will connect to this URL "remote" from team.json to list its MCP tools:',
        detail: 'http://127.0.0.1:9/admin?key=***\n\nSending headers: Authorization',
        confirm: 'Connect',
      },
    ],
  ])('shows %s', (_what, request, expected) => {
    expect(startQuestion(request)).toEqual(expected);
  });

  it('never shows an env or header value', () => {
    expect(JSON.stringify(everyNamedByThePage.map(startQuestion))).not.toMatch(/secret-value|secret-env/);
  });
});

describe("a project's own config file", () => {
  const server = (name: string, scope: 'user' | 'project', client: 'cursor' | 'picked' = 'cursor') =>
    ({ id: name, name, client, scope, configPath: `/srv/app/${name}.json`, transport: 'stdio', command: 'sh' }) as const;

  it("is asked for, as a file the page chose is; the person's own files are not", () => {
    expect(startRequestOf(server('mine', 'user'), command)).toEqual({ origin: 'discovered', target: command });
    expect(startRequestOf(server('theirs', 'project'), command)).toEqual({
      origin: 'project',
      target: command,
      picked: { file: '/srv/app/theirs.json', server: 'theirs' },
    });
    expect(startRequestOf(server('chosen', 'user', 'picked'), command).origin).toBe('picked');
  });

  it("several are asked for in one question that shows each one's file and command; the browser host refuses them with why", async () => {
    const { asked, policy } = asking(true);
    const requests = [
      startRequestOf(server('a', 'project'), command),
      startRequestOf(server('b', 'project'), url),
      startRequestOf(server('c', 'user'), command),
    ];
    await approveStarts(requests, policy);
    expect(asked).toEqual([
      {
        title: 'Run 2 commands from project config files?',
        message: 'Caveman Shrink will start these 2 servers from project config files (written by whoever made the project) to list their MCP tools:',
        detail: 'a (/srv/app/a.json):\nsh -c "touch /tmp/pwned"\n\nb (/srv/app/b.json):\nhttp://127.0.0.1:9/admin?key=***',
        confirm: 'Run',
      },
    ]);
    await expect(approveStarts(requests, { kind: 'refuse' })).rejects.toMatchObject({
      code: 'cave_forbidden',
      message: expect.stringMatching(/^a is from a project's config file \(\/srv\/app\/a\.json\), .+ --allow-commands to allow it$/),
    });
    await expect(approveStarts([requests[2]!], { kind: 'refuse' })).resolves.toBeUndefined();
  });
});
