// What a person needs to hear when listing an MCP server's tools fails:
// the server could not be started or reached, it exited, it did not answer
// in time, or it spoke something that is not MCP. Collects the evidence on
// the way (the end of its stderr, the first line that was not JSON-RPC) and
// turns any failure into a CavemanError with a sentence that says which.

import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { CavemanError, cancelledError } from '../../../shared/errors';
import type { UnreadableLine } from './json-lines';
import { describeTarget, packageRunner, type McpTarget } from './server-target';
import { errorMessage } from '../../../shared/error-message';
import { redactText } from '../../../shared/redact';

/** How much of the server's stderr a message quotes. */
const STDERR_TAIL_CHARS = 600;
const QUOTE_CHARS = 120;

export class ServerDiagnostics {
  /** What the client was waiting for: "initialize", "tools/list", "tools/list (page 2)". */
  stage = 'initialize';
  private stderr = '';
  private garbage: string | undefined;
  private exited = false;

  constructor(readonly target: McpTarget) {}

  /** Keeps the last few hundred characters the server wrote to stderr. */
  recordStderr(chunk: Buffer | string): void {
    this.stderr = (this.stderr + chunk.toString()).slice(-STDERR_TAIL_CHARS * 2);
  }

  /** A transport error: a message that is not JSON-RPC, or an I/O failure. */
  recordTransportError(error: Error): void {
    if (this.garbage === undefined && isUnreadableMessage(error)) this.garbage = unreadableSnippet(error instanceof SyntaxError, error.message);
  }

  /** A line on a stdio server's stdout that is not JSON-RPC (one over the size limit is no evidence it does not speak MCP). */
  recordUnreadable(problem: UnreadableLine): void {
    if (this.garbage === undefined && problem.kind !== 'too-large') this.garbage = unreadableSnippet(problem.kind === 'not-json', problem.detail);
  }

  recordClosed(): void {
    this.exited = true;
  }

  get sawGarbage(): boolean {
    return this.garbage !== undefined;
  }

  /** The failure as a CavemanError; `timedOut` / `cancelled` say whether our own deadline or the caller stopped it. */
  explain(error: unknown, why: { timedOut: boolean; cancelled: boolean; timeoutMs: number }): CavemanError {
    const who = this.target.transport === 'stdio' ? `the server (${describeTarget(this.target)})` : `the server at ${describeTarget(this.target)}`;
    if (why.cancelled) return cancelledError({ outcome: { left: 'server_stopped' } });
    if (why.timedOut) {
      if (this.garbage !== undefined)
        return new CavemanError(
          'cave_mcp_protocol',
          `${who} does not speak MCP: it wrote ${this.garbage} on stdout and never answered ${this.stage}${this.stderrNote()}`,
        );
      return new CavemanError(
        'cave_mcp_timeout',
        `${who} did not answer ${this.stage} within ${formatSeconds(why.timeoutMs)}${this.stderrNote()}${this.firstRunNote()}`,
      );
    }
    if (error instanceof CavemanError) return error;

    const code = (error as { code?: unknown }).code;
    const syscall = (error as { syscall?: unknown }).syscall;
    if (this.target.transport === 'stdio' && typeof syscall === 'string' && syscall.startsWith('spawn')) {
      const command = JSON.stringify(this.target.command);
      if (code === 'ENOENT')
        return new CavemanError('cave_mcp_unreachable', `could not start ${command}: no such command or file (is it installed and on the PATH?)`);
      if (code === 'EACCES') return new CavemanError('cave_mcp_unreachable', `could not start ${command}: permission denied (is it executable?)`);
      return new CavemanError('cave_mcp_unreachable', `could not start ${command}: ${errorMessage(error)}`);
    }

    if (error instanceof McpError) {
      if (error.code === ErrorCode.ConnectionClosed || this.exited) {
        if (this.garbage !== undefined)
          return new CavemanError(
            'cave_mcp_protocol',
            `${who} does not speak MCP: it wrote ${this.garbage} on stdout and closed the connection before it answered ${this.stage}${this.stderrNote()}`,
          );
        const verb = this.target.transport === 'stdio' ? 'exited' : 'closed the connection';
        return new CavemanError('cave_mcp_unreachable', `${who} ${verb} before it answered ${this.stage}${this.stderrNote()}`);
      }
      if (error.code === ErrorCode.MethodNotFound && this.stage.startsWith('tools/list')) {
        return new CavemanError('cave_mcp_no_tools', `${who} offers no tools (it answered tools/list with "${shorten(error.message)}")`);
      }
      if (error.code === ErrorCode.RequestTimeout)
        return new CavemanError('cave_mcp_timeout', `${who} did not answer ${this.stage} in time${this.stderrNote()}`);
      return new CavemanError('cave_mcp_protocol', `${who} answered ${this.stage} with an error: ${shorten(error.message, 200)}`);
    }

    if (isUnreadableMessage(error as Error)) {
      return new CavemanError(
        'cave_mcp_protocol',
        `${who} answered ${this.stage} with something that is not a valid MCP result (${shorten(errorMessage(error), 200)})`,
      );
    }

    // HTTP: a status the server answered with, or a network failure.
    const status = typeof code === 'number' && code >= 100 && code < 600 ? code : undefined;
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    const network = typeof cause?.code === 'string' ? cause.code : undefined;
    if (this.target.transport !== 'stdio') {
      if (network) return new CavemanError('cave_mcp_unreachable', `could not reach ${describeTarget(this.target)}: ${networkWords(network)}`);
      if (status !== undefined)
        return new CavemanError('cave_mcp_unreachable', `${who} answered HTTP ${status} during ${this.stage}: ${shorten(errorMessage(error), 200)}`);
      return new CavemanError(
        'cave_mcp_unreachable',
        `could not talk to ${describeTarget(this.target)} during ${this.stage}: ${shorten(errorMessage(error), 200)}`,
      );
    }
    if (this.exited) return new CavemanError('cave_mcp_unreachable', `${who} exited before it answered ${this.stage}${this.stderrNote()}`);
    return new CavemanError('cave_mcp_protocol', `${who} failed during ${this.stage}: ${shorten(errorMessage(error), 200)}${this.stderrNote()}`);
  }

  /** Only a server started by a package runner may still be downloading when the wait ends. */
  private firstRunNote(): string {
    const runner = packageRunner(this.target);
    return runner === null ? '' : `; a server started with ${runner} may still be downloading on its first run: try again once it is installed`;
  }

  private stderrNote(): string {
    const text = redactText(this.stderr.replace(/\s+/g, ' ').trim());
    if (text === '') return '';
    return `; its stderr ends with: ${text.length > STDERR_TAIL_CHARS ? `…${text.slice(-STDERR_TAIL_CHARS)}` : text}`;
  }
}

/** A line that did not parse as JSON, or parsed but is not a JSON-RPC message (or result) the SDK accepts. */
function isUnreadableMessage(error: Error): boolean {
  return error instanceof SyntaxError || error?.name === 'ZodError' || error?.constructor?.name === 'ZodError';
}

/** `notJson`: the text did not parse; `message`: what JSON.parse said. */
function unreadableSnippet(notJson: boolean, message: string): string {
  // JSON.parse says e.g. `Unexpected token 'H', "Hello, I a"... is not valid JSON`: quote what it quotes.
  const quoted = /"((?:[^"\\]|\\.)*)"(?:\.\.\.)?\s+is not valid JSON/.exec(message)?.[1];
  if (notJson) return quoted !== undefined ? `text that is not JSON ("${shorten(quoted, QUOTE_CHARS)}…")` : 'text that is not JSON';
  return 'JSON that is not a JSON-RPC message';
}

function networkWords(code: string): string {
  const words: Record<string, string> = {
    ECONNREFUSED: 'connection refused (is the server running?)',
    ENOTFOUND: 'no such host',
    ECONNRESET: 'the connection was reset',
    ETIMEDOUT: 'the connection timed out',
    EAI_AGAIN: 'the host name could not be resolved right now',
    CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  };
  return words[code] ?? code;
}

/** What a server or its transport said, on one line, no longer than `max`, secrets redacted. */
function shorten(text: string, max = QUOTE_CHARS): string {
  const flat = redactText(text.replace(/\s+/g, ' ').trim());
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
