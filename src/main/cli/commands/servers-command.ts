// `caveman-shrink servers [--measure]`: the MCP servers of the known client
// configs (config-locations.ts), each with its client, file, name and
// whether it is wrapped; with --measure, each one started, listed and
// measured (nothing stored) and what they cost the model per request, as
// they are and at each level, per client and in all. Servers of the
// person's own configs start as they are; a project's file's (.mcp.json,
// .vscode/mcp.json … in a folder) only once confirmed on the terminal, or
// with --run-project-servers. Exit status: 0 the table was printed, 1
// nothing could be measured, 2 a usage mistake.

import { homedir } from 'node:os';
import { createInterface } from 'node:readline/promises';
import type { ReadStream } from 'node:tty';
import { asCavemanError } from '../../../shared/errors';
import { deferringClientsNote } from '../../../shared/profiles';
import { redactText } from '../../../shared/redact';
import { serverCostLine } from '../../../shared/server-cost-table';
import type { TokenizerName } from '../../../shared/tokenizers';
import { packageVersion } from '../../library/package-version';
import type { LocationEnv } from '../../mcp/import/config-locations';
import { discoverServers, type DiscoveredServer } from '../../mcp/import/discover-servers';
import { measurable, targetOfDiscovered } from '../../mcp/import/discovered-target';
import { catalogBytes, listServerTools } from '../../mcp/import/list-server-tools';
import { serverCosts } from '../../mcp/import/server-costs';
import { startRequestOf } from '../../mcp/import/start-approval';
import type { Launcher } from '../../mcp/wrap/proxy-launch';
import { wrapStateOf } from '../../mcp/wrap/wrap-state';
import { writeAll } from '../stdio';
import { commandOf, listingTable, measureTable, type ListedServer, type MeasuredServer } from './servers-table';
import type { CommandIo } from './shrink-command';

export interface ServersCommandOptions {
  measure?: boolean | undefined;
  /** Start a project file's servers without asking (their commands are still printed first). */
  runProjectServers?: boolean | undefined;
  tokenizer: TokenizerName;
  /** Seconds that starting and listing one server may take. */
  timeout: number;
}

const legend = (tokenizer: TokenizerName) =>
  `tokens per request as the model sees them: the anthropic rendering (what Claude is sent), inferred, ${tokenizer}\n` +
  "AS CONFIGURED: a direct server as it lists its tools, a wrapped one through the proxy at its level (or its client's profile's); " +
  'each level: through the proxy, caveman_describe included; ≈: tools a wrapped entry leaves out, taken off by their shares, ' +
  "or a budget below its level, taken as the listing's cost\n";

export async function runServersCommand(options: ServersCommandOptions, io: CommandIo, launcher?: Launcher, signal?: AbortSignal): Promise<number> {
  const where: LocationEnv = { platform: process.platform, home: homedir(), env: process.env, cwd: process.cwd() };
  const discovery = await discoverServers(where);
  const listed: ListedServer[] = discovery.servers.map((server) => ({ server, wrap: wrapStateOf(server, launcher) }));
  const broken = discovery.files.filter((file) => file.status === 'invalid' || file.status === 'unreadable');
  const notes = broken.map((file) => `${file.path}: ${file.message ?? file.status}`);
  if (listed.length === 0) {
    await writeAll(io.stdout, `no MCP servers in the ${discovery.files.length} config files looked at\n`);
    await note(io, notes);
    return 0;
  }
  if (!options.measure) {
    const files = new Set(listed.map((each) => each.server.configPath)).size;
    await writeAll(io.stdout, `${listingTable(listed)}${listed.length} servers in ${files} config files\n`);
    await note(io, notes);
    return 0;
  }

  const candidates = listed.filter((each) => measurable(each.server));
  const project = candidates.filter((each) => startRequestOf(each.server, targetOf(each.server, where)).origin !== 'discovered');
  const confirmed = project.length === 0 || (await confirmProjectServers(project, options, io));
  const measured: MeasuredServer[] = [];
  for (const [index, each] of candidates.entries()) {
    if (!confirmed && project.includes(each)) {
      measured.push({ ...each, outcome: { ok: false, reason: "a project's file: not confirmed (run on a terminal, or add --run-project-servers)" } });
      continue;
    }
    await writeAll(io.stderr, `caveman-shrink servers: measuring ${each.server.name} (${index + 1} of ${candidates.length})…\n`);
    measured.push({ ...each, outcome: await measureOne(each, where, options, signal) });
  }
  const skipped = listed.filter((each) => !measurable(each.server)).map((each) => `${each.server.name}: not measured (${skipReason(each.server)})`);
  const failed = measured.flatMap((each) => (each.outcome.ok ? [] : [`${each.server.name}: not measured (${each.outcome.reason})`]));
  const deferring = deferringClientsNote(measured.flatMap((each) => (each.outcome.ok ? [each.server.client] : [])));
  await writeAll(io.stdout, measureTable(measured) + legend(options.tokenizer) + (deferring === undefined ? '' : `${deferring}\n`));
  await note(io, [...failed, ...skipped, ...notes]);
  return measured.some((each) => each.outcome.ok) ? 0 : 1;
}

async function measureOne(each: ListedServer, where: LocationEnv, options: ServersCommandOptions, signal?: AbortSignal): Promise<MeasuredServer['outcome']> {
  try {
    const listed = await listServerTools(targetOf(each.server, where), {
      timeoutMs: options.timeout * 1000,
      ...(signal ? { signal } : {}),
      clientInfo: { name: 'caveman-shrink', version: packageVersion() },
    });
    const costs = await serverCosts(catalogBytes(listed.tools), { tokenizer: options.tokenizer, signal });
    return { ok: true, line: serverCostLine(costs, each.wrap, each.server.client), tools: listed.tools.length };
  } catch (error) {
    return { ok: false, reason: redactText(asCavemanError(error).message) };
  }
}

/** Shows every project server's command, then asks on a terminal; without one, only --run-project-servers starts them. */
async function confirmProjectServers(project: readonly ListedServer[], options: ServersCommandOptions, io: CommandIo): Promise<boolean> {
  const commands = project.map(({ server }) => `  ${server.name} (${server.configPath}): ${commandOf(server)}`);
  await writeAll(
    io.stderr,
    `caveman-shrink servers: ${project.length} from project config files, written by whoever made the project:\n${commands.join('\n')}\n`,
  );
  if (options.runProjectServers) return true;
  if ((io.stdin as ReadStream).isTTY !== true) return false;
  const prompt = createInterface({ input: io.stdin, output: io.stderr });
  try {
    return /^y(es)?$/i.test((await prompt.question('start them to measure them? [y/N] ')).trim());
  } finally {
    prompt.close();
  }
}

function targetOf(server: DiscoveredServer, where: LocationEnv) {
  return targetOfDiscovered(server, { env: where.env, home: where.home });
}

function skipReason(server: DiscoveredServer): string {
  return server.problem ?? 'disabled in its config';
}

async function note(io: CommandIo, lines: readonly string[]): Promise<void> {
  if (lines.length > 0) await writeAll(io.stderr, lines.map((line) => `caveman-shrink servers: ${line}\n`).join(''));
}
