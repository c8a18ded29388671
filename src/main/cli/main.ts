#!/usr/bin/env node
// The caveman-shrink command line (SPEC §4), a drop-in for the reference
// tool: stdout carries only catalog bytes, stderr the report.

import { Command, InvalidArgumentError, Option } from 'commander';
import { closeSharedCounter } from '../api/shared-counter';
import { DEFAULT_TOKENIZER, TOKENIZERS } from '../../shared/tokenizers';
import { runHistoryCommand } from './commands/history-command';
import { runLintCommand } from './commands/lint-command';
import { runRecoverCommand } from './commands/recover-command';
import { runShrinkCommand, type CommandIo } from './commands/shrink-command';
import { tolerateClosedPipe } from './stdio';

const io: CommandIo = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };

const tokenizerOption = () =>
  new Option('-t, --tokenizer <name>', 'tokenizer for the (inferred) token counts').choices(TOKENIZERS).default(DEFAULT_TOKENIZER);
const storeOption = () =>
  new Option('--store <path>', 'recovery store file (default: $CAVEMAN_CCR_DB, else $CAVEMAN_HOME/ccr.db, else ~/.caveman/ccr.db)');

function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return n;
}

function nonNegativeInteger(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number of at least 0');
  return n;
}

let exitCode = 0;
const program = new Command('caveman-shrink')
  .description('Shrink MCP/OpenAI tool catalogs; every original is kept byte-exact in a local recovery store.')
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride((error) => {
    // Usage errors exit 2; --help and --version exit 0.
    process.exit(error.exitCode === 0 ? 0 : 2);
  });

program
  .command('shrink [file]', { isDefault: true })
  .description('shrink a catalog from FILE or stdin: compact catalog on stdout, one JSON report line on stderr')
  .addOption(tokenizerOption())
  .addOption(storeOption())
  .addHelpText('after', '\nExample:\n  caveman-shrink < tools.json > tools.min.json\n  caveman-shrink shrink tools.json > tools.min.json')
  .action(async (file: string | undefined, options: { tokenizer: (typeof TOKENIZERS)[number]; store?: string }) => {
    exitCode = await runShrinkCommand(file, options, io);
  });

program
  .command('lint')
  .argument('<file>', 'catalog file to measure')
  .description('per-tool token report (measures only; stores nothing)')
  .option('--json', 'print the report as JSON')
  .addOption(tokenizerOption())
  .action(async (file: string, options: { json?: boolean; tokenizer: (typeof TOKENIZERS)[number] }) => {
    exitCode = await runLintCommand(file, { tokenizer: options.tokenizer, json: options.json === true }, io);
  });

program
  .command('recover')
  .argument('<handle>', 'a handle printed by shrink, e.g. ccr_0123…')
  .description('write the original catalog behind HANDLE to stdout, byte for byte')
  .addOption(storeOption())
  .action(async (handle: string, options: { store?: string }) => {
    exitCode = await runRecoverCommand(handle, options, io);
  });

program
  .command('history')
  .description('list the handles in the store, newest first')
  .option('--json', 'print the page as JSON')
  .option('-n, --limit <n>', 'how many entries', positiveInteger, 20)
  .option('--offset <n>', 'skip this many entries', nonNegativeInteger, 0)
  .option('-q, --query <text>', 'only entries whose source name or handle contains TEXT')
  .addOption(storeOption())
  .action(async (options: { json?: boolean; limit: number; offset: number; query?: string; store?: string }) => {
    exitCode = await runHistoryCommand({ ...options, json: options.json === true }, io);
  });

tolerateClosedPipe(process.stdout);
await program.parseAsync(process.argv);
await closeSharedCounter();
process.exitCode = exitCode;
