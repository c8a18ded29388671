// `caveman-shrink wrap --config FILE --server NAME [--level L]
// [--include-tools …] [--exclude-tools …] [--dry-run]` and
// `caveman-shrink unwrap --config FILE --server NAME [--dry-run]`: route one
// server of an MCP client's config through the proxy, and put it back.
// Exit status: 0 done (or the dry run's diff printed), 1 refused (one line
// on stderr saying why; nothing was written), 2 a usage mistake.

import { existsSync, realpathSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appLauncher } from '../../mcp/wrap/app-launcher';
import { WRAP_PROXY_FLAGS, proxyFlags, type Launcher, type ProxyOptions } from '../../mcp/wrap/proxy-launch';
import { describeRef } from '../../mcp/wrap/config-document';
import { commitUnwrap, commitWrap, prepareUnwrap, prepareWrap } from '../../mcp/wrap/wrap-server';
import { words } from '../../mcp/wrap/wrap-plan';
import { WrapRefusal } from '../../mcp/wrap/wrap-refusal';
import { writeAll } from '../stdio';
import { UsageError } from '../usage-error';
import { oneLine } from './proxy-options';
import type { CommandIo } from './shrink-command';

export interface UnwrapCommandOptions {
  config: string;
  server: string;
  project?: string | undefined;
  dryRun?: boolean | undefined;
}

export type WrapCommandOptions = UnwrapCommandOptions & ProxyOptions;

/**
 * This install, as a client's launcher must start it: the Node running us
 * and the built CLI entry beside this chunk (out/main/cli.js), both absolute
 * with links resolved (app-launcher.ts).
 */
export function thisInstall(): Launcher {
  return appLauncher({ kind: 'node', execPath: process.execPath }, fileURLToPath(new URL('./cli.js', import.meta.url)), {
    realpath: realpathSync,
    exists: existsSync,
  });
}

/** `proxyOptions`: the long options this install's `proxy` command takes, so a wrapped entry never asks it for one it lacks. */
export async function runWrapCommand(
  options: WrapCommandOptions,
  io: CommandIo,
  proxyOptions: readonly string[],
  launcher: Launcher = thisInstall(),
): Promise<number> {
  const wanted: ProxyOptions = Object.fromEntries(WRAP_PROXY_FLAGS.map((spec) => [spec.key, options[spec.key]]));
  const given = WRAP_PROXY_FLAGS.filter((spec) => proxyFlags({ [spec.key]: wanted[spec.key] }).length > 0).map((spec) => spec.flag);
  for (const flag of given) {
    if (!proxyOptions.includes(flag)) throw new UsageError(`this install's proxy does not take ${flag}, so a server wrapped with it would not start`);
  }
  return refusing(io, 'wrap', async () => {
    const prepared = await prepareWrap({ config: options.config, ref: { server: options.server, project: options.project }, launcher, options: wanted });
    if (launcher.cli.includes(`${sep}_npx${sep}`)) {
      await note(
        io,
        'wrap',
        `this copy runs from npx's cache (${launcher.cli}), which npm may clear; install caveman-shrink and wrap from there to keep the entry working`,
      );
    }
    if (options.dryRun) {
      await writeAll(io.stdout, prepared.diff);
      await note(io, 'wrap', `dry run: nothing was written; a wrap would also create the backup ${prepared.backupPath}`);
      return 0;
    }
    await commitWrap(prepared);
    await writeAll(
      io.stdout,
      `wrapped ${describeRef(prepared.entry)} in ${prepared.read.path}\n` +
        `  it starts: ${words(prepared.launch)}\n` +
        `  backup:    ${prepared.backupPath} (unwrap puts the entry back from it)\n` +
        'restart the client (or reload its MCP servers) to start it through the proxy\n',
    );
    return 0;
  });
}

export async function runUnwrapCommand(options: UnwrapCommandOptions, io: CommandIo, launcher?: Launcher): Promise<number> {
  return refusing(io, 'unwrap', async () => {
    const prepared = await prepareUnwrap({
      config: options.config,
      ref: { server: options.server, project: options.project },
      launcher: launcher ?? installOrNone(),
    });
    const outcome = prepared.exact
      ? 'the file is byte for byte the one the wrap read'
      : 'the entry is back exactly as it was; the rest of the file changed since the wrap and stays as it is now';
    if (options.dryRun) {
      await writeAll(io.stdout, prepared.diff);
      await note(io, 'unwrap', `dry run: nothing was written; after it ${outcome}`);
      return 0;
    }
    await commitUnwrap(prepared);
    await writeAll(io.stdout, `unwrapped ${describeRef(prepared.entry)} in ${prepared.read.path}: ${outcome}; the backup ${prepared.backupPath} was removed\n`);
    return 0;
  });
}

/** Runs `work`; a refusal is one stderr line and exit 1. */
async function refusing(io: CommandIo, command: string, work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof WrapRefusal)) throw error;
    await note(io, command, error.message);
    return 1;
  }
}

function note(io: CommandIo, command: string, line: string): Promise<void> {
  return writeAll(io.stderr, `caveman-shrink ${command}: ${oneLine(line)}\n`);
}

/** Unwrap (and the servers listing) recognise any install's entry by its shape; this install's exact path is a bonus when there is one. */
export function installOrNone(): Launcher | undefined {
  try {
    return thisInstall();
  } catch {
    return undefined;
  }
}
