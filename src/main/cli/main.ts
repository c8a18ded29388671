#!/usr/bin/env node
// The caveman-shrink command line (docs/cli.md), a drop-in for the reference
// tool: stdout carries only catalog bytes, stderr the report.
//
// `caveman-shrink < file`, with no arguments, is the call whose cold start
// counts: it needs no option parser, so it loads none, and it
// reads stdin while the shrink code loads. Every other call goes to the
// commander program (program.ts), `proxy` with its server already starting;
// all end the same way.

import { DEFAULT_TOKENIZER } from '../../shared/tokenizers';
import { readBoundedStream } from '../library/catalog-file';
import { IncompleteOutputError, reportIncompleteOutput, tolerateClosedPipe } from './stdio';

async function run(): Promise<number> {
  if (process.argv[2] === 'proxy') return runProxyProgram();
  if (process.argv.length > 2) return (await import('./program')).runProgram(process.argv);
  const input = readBoundedStream(process.stdin);
  // Awaited, and a failure reported, by the command; until then it must not count as unhandled.
  input.catch(() => undefined);
  const { runShrinkCommand } = await import('./commands/shrink-command');
  try {
    return await runShrinkCommand(undefined, { tokenizer: DEFAULT_TOKENIZER }, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }, input);
  } catch (error) {
    if (error instanceof IncompleteOutputError) return reportIncompleteOutput(process.stderr, error);
    throw error;
  }
}

/** `proxy`: its server launched before the program loads (early-server.ts), stopped if the command did not take it. */
async function runProxyProgram(): Promise<number> {
  const early = await import('./early-server');
  early.launchEarly(process.argv.slice(3));
  try {
    return await (await import('./program')).runProgram(process.argv);
  } finally {
    await early.stopUntaken();
  }
}

tolerateClosedPipe(process.stdout);
const exitCode = await run();
await (await import('../library/shared-counter')).closeSharedCounter();
process.exitCode = exitCode;
