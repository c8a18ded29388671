// An MCP client transport to a command running in this process
// (startCommand: `caveman-shrink proxy …`), framed as over stdio: what the
// SDK's StdioClientTransport does with a child process, without the process.

import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { startCommand, type RunningCommand } from './cli';

export class CommandTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly reader = new ReadBuffer();
  readonly running: RunningCommand;

  constructor(args: string[]) {
    this.running = startCommand(args);
  }

  /** What the command wrote to stderr so far. */
  stderr(): string {
    return this.running.stderr();
  }

  async start(): Promise<void> {
    this.running.stdout.on('data', (chunk: Buffer) => {
      this.reader.append(chunk);
      for (;;) {
        let message: JSONRPCMessage | null;
        try {
          message = this.reader.readMessage();
        } catch (error) {
          this.onerror?.(error as Error);
          continue;
        }
        if (message === null) return;
        this.onmessage?.(message);
      }
    });
    void this.running.exited.then(
      () => this.onclose?.(),
      (error: unknown) => this.onerror?.(error as Error),
    );
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.running.stdin.write(serializeMessage(message));
  }

  async close(): Promise<void> {
    this.running.stdin.end();
    await this.running.exited.catch(() => undefined);
  }
}
