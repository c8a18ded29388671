// Who may make main start an MCP server or reach a URL. A server from a
// config file main read from disk itself (discovery) is the person's own
// setup: it starts on Import. Anything else is only the page's word — a
// command or URL typed into it, or a config file whose bytes it handed over
// (a page could send any bytes). The browser host takes the page's word only
// when started with --allow-commands; the desktop app asks the person in a
// native dialog the page can neither draw nor answer. Pure: the dialog is a
// parameter, so every decision is tested without Electron.

import { CavemanError, cancelledError } from '../../../shared/errors';
import { pickedServerRefusal, typedServerRefusal } from '../../../shared/server-starts';
import { describeTarget, type McpTarget } from '../connection/server-target';

/** Where a server to import came from. */
export type ServerOrigin = 'discovered' | 'picked' | 'typed';

export interface StartRequest {
  origin: ServerOrigin;
  /** What will run or be reached, variables already expanded. */
  target: McpTarget;
  /** A server from a picked config file: the file's name and the server's name in it. */
  picked?: { file: string; server: string } | undefined;
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
  if (request.origin === 'discovered' || policy.kind === 'allow') return;
  if (policy.kind === 'refuse') throw startRefused(request);
  if (!(await policy.ask(startQuestion(request)))) throw startDeclined(request);
}

/** The question for a server that is not from discovery: the exact command line or URL, and the names (never values) of what goes with it. */
export function startQuestion(request: StartRequest): StartQuestion {
  const { target, picked } = request;
  const from = picked ? ` "${picked.server}" from ${picked.file}` : '';
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
  const message = origin === 'picked' ? pickedServerRefusal(picked?.server ?? 'that server', target.transport) : typedServerRefusal(target.transport);
  return new CavemanError('cave_forbidden', message);
}

function startDeclined({ target }: StartRequest): CavemanError {
  return target.transport === 'stdio'
    ? cancelledError({ what: 'you chose not to run that command', outcome: { left: 'nothing_started' } })
    : cancelledError({ what: 'you chose not to connect to that server', outcome: { left: 'nothing_sent' } });
}
