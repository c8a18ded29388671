#!/usr/bin/env node
// Runs the browser host (docs/app.md): the main-process services and the built
// renderer on 127.0.0.1. stdout carries exactly one line, the address to
// open, so scripts and tests can read it; everything else (the store it
// uses, how to stop it) goes to stderr.

import { fileURLToPath } from 'node:url';
import { createAppServices } from '../services/app-services';
import { resolveStorePath } from '../store/store-path';
import { createWebHost } from './create-web-host';
import { reportEventLoopOnSignal } from './event-loop-report';
import { parseWebHostArgs, WEB_HOST_USAGE, type WebHostArgs } from './web-host-args';
import { errorMessage } from '../../shared/error-message';

async function main(): Promise<void> {
  let args: WebHostArgs;
  try {
    // `npm run web -- a.json` runs in the package folder; INIT_CWD is where it was typed.
    args = parseWebHostArgs(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
  } catch (error) {
    process.stderr.write(`web-host: ${errorMessage(error)}\n\n${WEB_HOST_USAGE}`);
    process.exit(2);
  }
  if (args.help) {
    process.stdout.write(WEB_HOST_USAGE);
    return;
  }

  if (args.eventLoopReport) reportEventLoopOnSignal((line) => process.stderr.write(line));
  const services = await createAppServices({
    warmUp: true,
    storePath: args.storePath,
    platform: 'browser',
    startPolicy: { kind: args.allowCommands ? 'allow' : 'refuse' },
  });
  let host: Awaited<ReturnType<typeof createWebHost>>;
  try {
    host = await createWebHost({
      dispatcher: services.dispatcher,
      // Built as out/main/web-host.js next to out/renderer/.
      rendererDir: args.rendererDir ?? fileURLToPath(new URL('../renderer/', import.meta.url)),
      port: args.port,
      log: (line) => process.stderr.write(`web-host: ${line}\n`),
      inbox: services.inbox,
    });
  } catch (error) {
    await services.close();
    throw error;
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1); // a second Ctrl-C does not wait
    stopping = true;
    process.stderr.write(`web-host: ${signal}, shutting down\n`);
    void host
      .close()
      .then(() => services.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`web-host: shutdown failed: ${errorMessage(error)}\n`);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  services.inbox.add(args.files);
  process.stdout.write(`Caveman Shrink is running at ${host.url}\n`);
  // The rest is for the person at the terminal, so it goes to stderr (stdout stays one line).
  process.stderr.write(`web-host: recovery store ${args.storePath ?? resolveStorePath()}\nweb-host: press Ctrl+C to stop\n`);
  if (args.files.length > 0)
    process.stderr.write(`web-host: ${args.files.length === 1 ? '1 file opens' : `${args.files.length} files open`} in the page once it is open\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`web-host: ${errorMessage(error)}\n`);
  process.exit(1);
});
