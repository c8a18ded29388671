// The caveman-shrink command line's commands and options (docs/cli.md), parsed
// with commander; main.ts sends every call with arguments here.

import { existsSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { packageVersion } from '../library/package-version';
import { CONTRACT_ENUMS, type HistorySortKey, type SortDirection } from '../../shared/contracts';
import { DEFAULT_LEVEL, LEVELS, type LevelName } from '../../shared/levels';
import { PROFILE_NAMES } from '../../shared/profiles';
import { DEFAULT_TOKENIZER, TOKENIZERS } from '../../shared/tokenizers';
import { CHECK_CALLS_MODES, DEFAULT_CHECK_CALLS } from '../../shared/check-calls';
// Commands are imported when they run, so a shrink does not load the MCP SDK (cold start).
import type { McpCommandOptions } from './commands/mcp-command';
import type { ProxyCommandOptions } from './commands/proxy-options';
import type { UnwrapCommandOptions, WrapCommandOptions } from './commands/wrap-command';
import type { ServersCommandOptions } from './commands/servers-command';
import { WRAP_PROXY_FLAGS, type Launcher, type WrapFlagSpec } from '../mcp/wrap/proxy-launch';
import type { CommandIo } from './commands/shrink-command';
import { IncompleteOutputError, reportIncompleteOutput, writeNow } from './stdio';
import { closestCommand } from './closest-command';
import { STRICT_PASS_THROUGH_EXIT } from './strict-exit';
import { UsageError } from './usage-error';

const processIo: CommandIo = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
/** The streams of the run in progress (runProgram sets them): the process's own, or a test's. */
let io: CommandIo = processIo;

const tokenizerOption = () => new Option('-t, --tokenizer <name>', 'tokenizer for the (inferred) token counts').choices(TOKENIZERS).default(DEFAULT_TOKENIZER);
const shareSchemasOption = () =>
  new Option('--share-schemas', 'write identical sub-schemas repeated inside a tool once, in its $defs (off by default: not every client resolves $ref)');
const levelOption = (description: string) => new Option('--level <name>', description).choices(LEVELS);
const budgetOption = () =>
  new Option(
    '--budget <tokens>',
    'fit the listing in TOKENS as Claude is handed it (the describe tool included): each tool at the richest level at or below --level that lets it fit',
  ).argParser(positiveInteger);
const strictOption = () =>
  new Option('--strict', `exit ${STRICT_PASS_THROUGH_EXIT} instead of 0 when the catalog is passed through unshrunk (for CI; stdout still carries it)`);
const storeOption = () => new Option('--store <path>', 'recovery store file (default: $CAVEMAN_CCR_DB, else $CAVEMAN_HOME/ccr.db, else ~/.caveman/ccr.db)');

function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return n;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** What the caller of the run in progress gave (runProgram sets them). */
let givenSignal: AbortSignal | undefined;
let givenLauncher: Launcher | undefined;

/** The run's signal when its caller gave one; else aborted by Ctrl-C or SIGTERM, so a server we started is stopped before we exit. */
function interruptSignal(): AbortSignal {
  if (givenSignal) return givenSignal;
  const controller = new AbortController();
  for (const name of ['SIGINT', 'SIGTERM'] as const) process.once(name, () => controller.abort());
  return controller.signal;
}

/** Runs a command that may reject a usage mistake: message, usage hint, exit 2. */
async function withUsage(command: Command, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    command.error(`error: ${error.message}`, { exitCode: 2, code: 'caveman.usage' });
  }
}

function nonNegativeInteger(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number of at least 0');
  return n;
}

let exitCode = 0;
let running = false;

export interface ProgramRun {
  /** Default: this process's stdin, stdout and stderr. */
  io?: CommandIo;
  /** Stops a command that runs until interrupted (default: SIGINT or SIGTERM). */
  signal?: AbortSignal;
  /** What `wrap` writes into an entry (default: this install, out/main/cli.js beside the running code). */
  launcher?: Launcher;
}

/**
 * Runs the command `argv` (process.argv: node, script, arguments…) names;
 * resolves to its exit status (usage errors 2, --help 0). One run at a time
 * per process: the program is parsed again for each.
 */
export async function runProgram(argv: readonly string[], run: ProgramRun = {}): Promise<number> {
  if (running) throw new Error('runProgram: another command is still running in this process');
  running = true;
  [io, givenSignal, givenLauncher, exitCode] = [run.io ?? processIo, run.signal, run.launcher, 0];
  try {
    await program.parseAsync([...argv]);
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (error instanceof IncompleteOutputError) return reportIncompleteOutput(io.stderr, error);
    throw error;
  } finally {
    [io, givenSignal, givenLauncher, running] = [processIo, undefined, undefined, false];
  }
}

const program = new Command('caveman-shrink')
  .description('Shrink MCP/OpenAI tool catalogs; every original is kept byte-exact in a local recovery store.')
  .version(packageVersion(), '-V, --version', 'print the version')
  // Lets `mcp` and `proxy` hand everything after the server's command to the server.
  .enablePositionalOptions()
  .showHelpAfterError('(run with --help for usage)')
  .configureOutput({ writeOut: (text) => writeNow(io.stdout, text), writeErr: (text) => writeNow(io.stderr, text) })
  // Help, version and usage errors throw; runProgram turns them into exit statuses (2 for a usage error).
  .exitOverride();

program
  .command('shrink [file]', { isDefault: true })
  .description('shrink a catalog from FILE or stdin: compact catalog on stdout, one JSON report line on stderr')
  .addOption(tokenizerOption())
  .addOption(storeOption())
  .addOption(shareSchemasOption())
  .addOption(strictOption())
  .addOption(
    levelOption(`how much description text stays (default: ${DEFAULT_LEVEL}; leads and below defer the rest, reachable with recover HANDLE --tool NAME)`),
  )
  .addOption(budgetOption())
  .option('--describe-tool', "add the describe tool's definition after the tools, for a harness that answers it (the library's toolDescriber)")
  .addHelpText(
    'after',
    `\nExit status: 0 when stdout carries a catalog, shrunk or passed through (with --strict a pass-through exits ` +
      `${STRICT_PASS_THROUGH_EXIT}), 1 when the input could not be read or stdout not written whole, 2 on a usage mistake.\n` +
      '\nInput over 32 MiB (33554432 bytes) is refused: exit 1, nothing on stdout.\n' +
      '\nExample:\n  caveman-shrink < tools.json > tools.min.json\n  caveman-shrink shrink tools.json > tools.min.json',
  )
  // More than one word reaches the action, so `caveman-shrink shrnk file.json` is told it mistyped a command.
  .allowExcessArguments()
  .action(
    async (
      file: string | undefined,
      options: {
        tokenizer: (typeof TOKENIZERS)[number];
        store?: string;
        shareSchemas?: boolean;
        strict?: boolean;
        level?: LevelName;
        budget?: number;
        describeTool?: boolean;
      },
      command: Command,
    ) => {
      // `caveman-shrink frobnicate` is a mistyped command more often than a missing file; after an explicit `shrink`
      // it is a file, and the command says there is no such file.
      if (file !== undefined && file !== '-' && program.args[0] !== 'shrink' && !existsSync(file)) {
        const commands = program.commands.map((each) => each.name());
        const meant = closestCommand(file, commands);
        command.error(`error: ${file} is neither a command nor a file (${meant ? `did you mean ${meant}? ` : ''}commands: ${commands.join(', ')})`, {
          exitCode: 2,
          code: 'caveman.usage',
        });
      }
      if (command.args.length > 1) command.error(`error: shrink takes one file (or stdin), not ${command.args.length}`, { exitCode: 2, code: 'caveman.usage' });
      exitCode = await withUsage(command, async () => (await import('./commands/shrink-command')).runShrinkCommand(file, options, io));
    },
  );

program
  .command('lint')
  .argument('<file>', 'catalog file to measure')
  .description('per-tool token report (measures only; stores nothing)')
  .option('--json', 'print the report as JSON')
  .addOption(tokenizerOption())
  .addOption(shareSchemasOption())
  .addOption(levelOption(`measure the shrink at this level (default: ${DEFAULT_LEVEL})`))
  .addOption(budgetOption())
  .addOption(new Option('--levels', 'every level at a glance: tokens as JSON and as the model sees them (anthropic, openai)').conflicts(['level', 'budget']))
  .action(
    async (
      file: string,
      options: { json?: boolean; tokenizer: (typeof TOKENIZERS)[number]; shareSchemas?: boolean; level?: LevelName; budget?: number; levels?: boolean },
      command: Command,
    ) => {
      exitCode = await withUsage(command, async () =>
        (await import('./commands/lint-command')).runLintCommand(
          file,
          {
            tokenizer: options.tokenizer,
            json: options.json === true,
            shareSchemas: options.shareSchemas === true,
            ...(options.level !== undefined ? { level: options.level } : {}),
            ...(options.budget !== undefined ? { budget: options.budget } : {}),
            levels: options.levels === true,
          },
          io,
        ),
      );
    },
  );

program
  .command('recover')
  .argument('<handle>', 'a handle printed by shrink, e.g. ccr_0123…')
  .description('write the original catalog behind HANDLE to stdout, byte for byte (or one tool of it with --tool)')
  .option('--tool <name>', "only this tool's original definition, exactly as it stands in the catalog")
  .addOption(storeOption())
  .action(async (handle: string, options: { store?: string; tool?: string }) => {
    exitCode = await (await import('./commands/recover-command')).runRecoverCommand(handle, options, io);
  });

program
  .command('history')
  .description('list the handles in the store, newest first (or --sort by a column)')
  .option('--json', 'print the page as JSON')
  .option('-n, --limit <n>', 'how many entries', positiveInteger, 20)
  .option('--offset <n>', 'skip this many entries', nonNegativeInteger, 0)
  .option('-q, --query <text>', 'only entries whose source name or handle contains TEXT (with --calls: whose server does)')
  .option('--calls', 'the tools the proxy relayed calls of in the last 30 days, per server, most called first (they stay richest under a budget)')
  .addOption(new Option('--sort <column>', 'order by this column (default: created)').choices(CONTRACT_ENUMS.historySortKeys))
  .addOption(new Option('--direction <way>', 'sort direction').choices(CONTRACT_ENUMS.sortDirections).default('descending'))
  .addOption(storeOption())
  .action(
    async (options: {
      json?: boolean;
      limit: number;
      offset: number;
      query?: string;
      sort?: HistorySortKey;
      direction: SortDirection;
      store?: string;
      calls?: boolean;
    }) => {
      exitCode = await (await import('./commands/history-command')).runHistoryCommand({ ...options, json: options.json === true }, io);
    },
  );

program
  .command('mcp')
  .argument('[command...]', 'the stdio server to start, after --')
  .description('list every tool of a live MCP server (all pages) and shrink them: compact catalog on stdout, one JSON report line on stderr')
  .option('--config <file>', 'with --server: a server of this MCP client config file, started as its client starts it (its env, folder, variables)')
  .option('--server <name>', 'with --config: the server, by its name in the file')
  .option('--project <folder>', 'with --config ~/.claude.json: the project the server belongs to, when more than one has that name')
  .option('--url <url>', 'a streamable HTTP server instead of a command')
  .option('--sse', 'with --url: the older HTTP+SSE transport')
  .option('-H, --header <name: value>', 'with --url: an HTTP header to send, "Name: value" or Name=value (repeatable)', collect, [])
  .option('-e, --env <KEY=VALUE>', 'an environment variable for the server command (repeatable)', collect, [])
  .option('--timeout <seconds>', 'how long starting the server and listing may take in all', positiveInteger, 60)
  .option('--name <label>', 'source name recorded in history (default mcp:<command or URL host>)')
  .addOption(levelOption(`how much description text stays (default: ${DEFAULT_LEVEL})`))
  .addOption(budgetOption())
  .addOption(shareSchemasOption())
  .addOption(tokenizerOption())
  .addOption(storeOption())
  .addOption(strictOption())
  .passThroughOptions()
  .addHelpText(
    'after',
    `\nExit status: 0 when stdout carries a catalog (also a pass-through, or a server with no tools; with --strict ` +
      `those exit ${STRICT_PASS_THROUGH_EXIT}), 1 when the server could not be started, reached or listed, 2 on a ` +
      `usage mistake.\n` +
      '\nExamples:\n' +
      '  caveman-shrink mcp -- npx -y @modelcontextprotocol/server-everything > tools.min.json\n' +
      '  caveman-shrink mcp --config ~/.cursor/mcp.json --server everything > tools.min.json\n' +
      '  caveman-shrink mcp --url http://127.0.0.1:3001/mcp > tools.min.json',
  )
  .action(async (commandLine: string[], options: McpCommandOptions, command: Command) => {
    exitCode = await withUsage(command, async () => (await import('./commands/mcp-command')).runMcpCommand(commandLine, options, io, interruptSignal()));
  });

program
  .command('proxy')
  .argument('[command...]', 'the stdio server to start and serve, after --')
  .description('serve an MCP server over stdio with tools/list answered shrunk (original stored first, handle on stderr); everything else passes through')
  .option('--url <url>', 'a streamable HTTP server instead of a command')
  .option('--sse', 'with --url: the older HTTP+SSE transport at once (without it, a server that refuses streamable HTTP with a 4xx is reached over HTTP+SSE)')
  .option('-H, --header <name: value>', 'with --url: an HTTP header to send, "Name: value" or Name=value (repeatable; sent to that origin only)', collect, [])
  .option('-e, --env <KEY=VALUE>', 'an environment variable for the server command (repeatable)', collect, [])
  .option('--name <label>', 'source name recorded in history (default mcp:<command or URL host>)')
  .option(
    '--describe-tool',
    "list caveman_describe, which answers a tool's full original definition from the store, when a description was shortened (default)",
  )
  .option('--no-describe-tool', 'do not list caveman_describe')
  .addOption(
    new Option(
      '--profile <name>',
      "how to list for this kind of client (default: the one the client's initialize picks; an unknown client gets listing)",
    ).choices(PROFILE_NAMES),
  )
  .addOption(levelOption("how much description text stays in the listing (default: the profile's ceiling; the rest is one caveman_describe call away)"))
  .addOption(budgetOption())
  .addOption(shareSchemasOption())
  .option('--include-tools <names>', 'list and relay only these tools (names or globs, comma-separated or repeated)', collect, [])
  .option('--exclude-tools <names>', 'never list or relay these tools (names or globs, comma-separated or repeated)', collect, [])
  .addOption(
    new Option(
      '--check-calls <mode>',
      `check tools/call arguments against the tool's original schema before relaying (default: ${DEFAULT_CHECK_CALLS}: ` +
        'the tools whose listing deferred anything); an invalid call is answered by the proxy and never reaches the server',
    ).choices(CHECK_CALLS_MODES),
  )
  .option('--no-check-tools <names>', 'never check the calls of these tools (names or globs, comma-separated or repeated)', collect, [])
  .option(
    '--no-usage',
    'do not count the calls relayed (per tool, in the store: names and counts only) nor keep the tools called in the last 30 days richest under a budget',
  )
  .addOption(tokenizerOption())
  .addOption(storeOption())
  .passThroughOptions()
  .addHelpText(
    'after',
    '\nIn an MCP client config, put it in front of the server:\n' +
      '  "command": "caveman-shrink", "args": ["proxy", "--", "npx", "-y", "@modelcontextprotocol/server-everything"]\n' +
      '  "command": "caveman-shrink", "args": ["proxy", "--url", "https://mcp.example.com/mcp", "--header", "Authorization=Bearer …"]\n' +
      '\nExit status: 0 when the client hung up, 1 when the server could not start or exited, 2 on a usage mistake.',
  )
  .action(async (commandLine: string[], options: ProxyCommandOptions, command: Command) => {
    exitCode = await withUsage(command, async () => (await import('./commands/proxy-command')).runProxyCommand(commandLine, options, io, interruptSignal()));
  });

program
  .command('servers')
  .description('the MCP servers in the known client configs: client, name, wrapped or not, file and command (secrets redacted); starts nothing')
  .option('--measure', 'start each one, list its tools and print what they cost the model per request, as configured and at each level (stores nothing)')
  .option('--run-project-servers', "with --measure: start a project's config file's servers without asking (their commands are printed first)")
  .option('--timeout <seconds>', 'with --measure: how long starting one server and listing may take', positiveInteger, 60)
  .addOption(tokenizerOption())
  .addHelpText(
    'after',
    "\nServers of your own config files start as they are; those of a project's file (.mcp.json, .vscode/mcp.json … in this " +
      'folder or a project ~/.claude.json names) only after you confirm on the terminal, or with --run-project-servers.\n' +
      '\nExit status: 0 when the table was printed, 1 when no server could be measured, 2 on a usage mistake.',
  )
  .action(async (options: ServersCommandOptions) => {
    const command = await import('./commands/servers-command');
    exitCode = await command.runServersCommand(options, io, givenLauncher ?? (await import('./commands/wrap-command')).installOrNone(), interruptSignal());
  });

const configOptions = (command: Command) =>
  command
    .requiredOption(
      '--config <file>',
      "the MCP client's config file (Claude Desktop, Claude Code, Cursor, VS Code, Windsurf, Gemini CLI, Codex's config.toml, " +
        'or any file with an "mcpServers" or "servers" list)',
    )
    .requiredOption('--server <name>', 'the server, by its name in the file')
    .option('--project <folder>', 'in ~/.claude.json: the project the server belongs to, when more than one has that name')
    .option('--dry-run', 'print the change as a unified diff and write nothing');

/** The long options `proxy` takes: a wrapped entry may pass only these. */
const proxyOptionNames = () => program.commands.find((each) => each.name() === 'proxy')?.options.flatMap((option) => (option.long ? [option.long] : [])) ?? [];

/** Each proxy option wrap can write (proxy-launch.ts's table) as an option of the wrap command. */
const wrapProxyOptions = (command: Command) => {
  for (const spec of WRAP_PROXY_FLAGS as readonly WrapFlagSpec[]) {
    const option = new Option(spec.takes === 'none' ? spec.flag : `${spec.flag} <${spec.takes}>`, spec.help);
    if (spec.choices) option.choices(spec.choices);
    if (spec.wholeNumber) option.argParser((value: string) => String(positiveInteger(value)));
    command.addOption(spec.takes === 'values' ? option.argParser(collect).default([]) : option);
  }
  return command;
};

/** The table's options under its keys: commander names a --no- flag's value without the `no` (--no-check-tools: checkTools). */
const tableKeyed = (options: object) =>
  Object.fromEntries(
    WRAP_PROXY_FLAGS.map((spec) => {
      const value = (options as Record<string, unknown>)[new Option(spec.flag).attributeName()];
      // A --no- switch is false when given: the table's key says it is on.
      return [spec.key, spec.takes === 'none' && spec.flag.startsWith('--no-') ? (value === false ? true : undefined) : value];
    }),
  );

wrapProxyOptions(
  configOptions(
    program
      .command('wrap')
      .description(
        "route a configured MCP server through the proxy: its entry then starts this install's `caveman-shrink proxy -- " +
          '<its command>`, with the same args and env; a backup goes beside the file',
      ),
  ),
)
  .addHelpText(
    'after',
    '\nExit status: 0 when wrapped (or the dry run printed), 1 when refused (why is on stderr; nothing was written), 2 on a usage mistake.\n' +
      '\nExample:\n  caveman-shrink wrap --config ~/.config/Claude/claude_desktop_config.json --server everything --dry-run',
  )
  .action(async (options: WrapCommandOptions, command: Command) => {
    const wrapOptions: WrapCommandOptions = { ...options, ...tableKeyed(options) };
    exitCode = await withUsage(command, async () =>
      (await import('./commands/wrap-command')).runWrapCommand(wrapOptions, io, proxyOptionNames(), givenLauncher),
    );
  });

configOptions(program.command('unwrap').description('give a wrapped server its entry back from the backup wrap left: the file as it was, byte for byte'))
  .addHelpText(
    'after',
    '\nExit status: 0 when unwrapped (or the dry run printed), 1 when refused (why is on stderr; nothing was written), 2 on a usage mistake.',
  )
  .action(async (options: UnwrapCommandOptions) => {
    exitCode = await (await import('./commands/wrap-command')).runUnwrapCommand(options, io);
  });
