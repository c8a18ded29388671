// Who may make main start an MCP server or reach a URL. A server from the
// person's own config files (discovery's user files, ~/.claude.json) is
// their own setup: it starts on Import or Measure. A project's own file
// (.mcp.json, .vscode/mcp.json, … in a folder) is a repository's word:
// whoever made the project wrote its commands, so they are shown and asked
// for first. Anything else is only the page's word — a command or URL typed
// into it, or a config file whose bytes it handed over (a page could send
// any bytes). The browser host takes the page's word only
// when started with --allow-commands; the desktop app asks the person in a
// native dialog the page can neither draw nor answer. Pure: the dialog is a
// parameter, so every decision is tested without Electron.

import { CavemanError, cancelledError } from '../../../shared/errors';
import { pickedServerRefusal, projectServerRefusal, typedServerRefusal } from '../../../shared/server-starts';
import { describeTarget, type McpTarget } from '../connection/server-target';
import type { DiscoveredServer } from './discover-servers';

/** Where a server to import came from: the person's own config files, a project's file, a file the page chose, the page's form. */
export type ServerOrigin = 'discovered' | 'project' | 'picked' | 'typed';

export interface StartRequest {
  origin: ServerOrigin;
  /** What will run or be reached, variables already expanded. */
  target: McpTarget;
  /** A server from a config file the person did not write themselves (picked, or a project's): the file and the server's name in it. */
  picked?: { file: string; server: string } | undefined;
}

/** How a discovered server may start: a project file's needs asking; a picked file's is the page's word. */
export function startRequestOf(server: DiscoveredServer, target: McpTarget): StartRequest {
  const picked = { file: server.configPath, server: server.name };
  if (server.client === 'picked') return { origin: 'picked', target, picked };
  return server.scope === 'project' ? { origin: 'project', target, picked } : { origin: 'discovered', target };
}

/** What the native dialog shows; its first button starts, the other cancels. */
export interface StartQuestion {
  title: string;
  message: string;
  detail: string;
  confirm: 'Run' | 'Connect';
}

/** How a host treats a server that did not come from discovery. */
export type StartPolicy = { kind: 'refuse' } | { kind: 'allow' } | { kind: 'ask'; ask: (question: StartQuestion) => Promise<boolean> };

/** What the page is told of `policy`, so it shows up front which servers Import starts (AppInfo.serverStarts). */
export function serverStarts(policy: StartPolicy | undefined): 'any' | 'ask' | 'config' {
  if (policy === undefined || policy.kind === 'refuse') return 'config';
  return policy.kind === 'allow' ? 'any' : 'ask';
}

/** The longest command line or URL a question shows (the dialog must stay readable). */
const SHOWN_LENGTH = 4096;

/**
 * Resolves when `request` may start; throws cave_forbidden when the policy
 * refuses it, cave_cancelled when the person declines. Discovered servers
 * always pass.
 */
export async function approveStart(request: StartRequest, policy: StartPolicy): Promise<void> {
  return approveStarts([request], policy);
}

/** As approveStart, for several at once: one question shows every command (Measure all); it refuses or declines them together. */
export async function approveStarts(requests: readonly StartRequest[], policy: StartPolicy): Promise<void> {
  const asked = requests.filter((request) => request.origin !== 'discovered');
  if (asked.length === 0 || policy.kind === 'allow') return;
  if (policy.kind === 'refuse') throw startRefused(asked[0]!);
  const question = asked.length === 1 ? startQuestion(asked[0]!) : startsQuestion(asked);
  if (!(await policy.ask(question))) throw startDeclined(asked[0]!);
}

/** One question for several servers of project files: each one's name, file and command line. */
function startsQuestion(requests: readonly StartRequest[]): StartQuestion {
  const each = requests.map(({ target, picked }) => `${picked?.server ?? 'a server'} (${picked?.file ?? 'typed'}):\n${describeTarget(target, SHOWN_LENGTH)}`);
  return {
    title: `Run ${requests.length} commands from project config files?`,
    message:
      `Caveman Shrink will start these ${requests.length} servers from project config files ` +
      '(written by whoever made the project) to list their MCP tools:',
    detail: each.join('\n\n'),
    confirm: 'Run',
  };
}

/** The question for a server that is not from discovery: the exact command line or URL, and the names (never values) of what goes with it. */
export function startQuestion(request: StartRequest): StartQuestion {
  const { target, picked } = request;
  const from = picked ? ` "${picked.server}" from ${picked.file}${request.origin === 'project' ? " (a project's file)" : ''}` : '';
  const extras: string[] = [];
  if (target.transport === 'stdio') {
    if (target.cwd !== undefined) extras.push(`In folder: ${target.cwd}`);
    if (target.env && Object.keys(target.env).length > 0) extras.push(`With environment variables: ${Object.keys(target.env).join(', ')}`);
  } else if (target.headers && Object.keys(target.headers).length > 0) {
    extras.push(`Sending headers: ${Object.keys(target.headers).join(', ')}`);
  }
  const detail = [describeTarget(target, SHOWN_LENGTH), ...extras].join('\n\n');
  if (target.transport === 'stdio') {
    return {
      title: picked ? 'Run a command from a config file?' : 'Run a command?',
      message: `Caveman Shrink will run this command${from} to list its MCP tools:`,
      detail,
      confirm: 'Run',
    };
  }
  return {
    title: picked ? 'Connect to a server from a config file?' : 'Connect to a server?',
    message: `Caveman Shrink will connect to this URL${from} to list its MCP tools:`,
    detail,
    confirm: 'Connect',
  };
}

function startRefused({ origin, target, picked }: StartRequest): CavemanError {
  const server = picked?.server ?? 'that server';
  const message =
    origin === 'project'
      ? projectServerRefusal(server, picked?.file ?? "a project's file")
      : origin === 'picked'
        ? pickedServerRefusal(server, target.transport)
        : typedServerRefusal(target.transport);
  return new CavemanError('cave_forbidden', message);
}

function startDeclined({ target }: StartRequest): CavemanError {
  return target.transport === 'stdio'
    ? cancelledError({ what: 'you chose not to run that command', outcome: { left: 'nothing_started' } })
    : cancelledError({ what: 'you chose not to connect to that server', outcome: { left: 'nothing_sent' } });
}
