// `npm run clients`: the real-client harness (docs/clients.md). Installs the
// pinned Claude Code, Codex and Gemini CLI into a cache folder on first use,
// runs each offline against a fake model API of our own, with each catalog's
// server direct and through the proxy at every level, and reports what each
// client sent the model.
//
//   npm run clients [-- --clients claude-code,codex] [--catalogs server-filesystem] [--levels leads,profile,overviews@8000]
//                   [--busy N] [--client-env KEY=VALUE,…]
//                   [--results FILE] [--docs]      measure, write the results file (and docs/clients.md's tables);
//                                                  --busy: N spinning processes for the run, --client-env: added to each client's environment
//   npm run clients -- --report [--results FILE] [--docs]   render the tables from a results file
//   npm run clients -- --journey                             the CI check (Claude Code through wrap and the proxy)
//   npm run clients -- --profile-check                       the CI check of each deferring client's search at its profile
//   npm run clients -- --checked-call [--clients …]          a wrong call, its refusal and the corrected call, as the model read them

import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { LEVELS } from '../../src/shared/levels';
import { isVariant } from './variants';
import { CATALOGS } from './catalogs';
import { CLIENTS } from './clients';
import { runCheckedCall } from './checked-call';
import { runJourney } from './journey';
import { runProfileCheck } from './profile-check';
import { measureClients } from './measure-clients';
import { parseClientEnv, startBusyLoops, withClientEnv } from './run-conditions';
import { renderTables, writeDocs } from './render-docs';
import { CLI } from './repo';
import { DEFAULT_RESULTS, readResults, writeResults } from './results-file';

const { values } = parseArgs({
  options: {
    clients: { type: 'string' },
    catalogs: { type: 'string' },
    levels: { type: 'string' },
    results: { type: 'string', default: DEFAULT_RESULTS },
    docs: { type: 'boolean', default: false },
    report: { type: 'boolean', default: false },
    journey: { type: 'boolean', default: false },
    'profile-check': { type: 'boolean', default: false },
    'checked-call': { type: 'boolean', default: false },
    busy: { type: 'string', default: '0' },
    'client-env': { type: 'string' },
  },
});

function picked<T extends { id: string }>(all: readonly T[], list: string | undefined, what: string): T[] {
  if (list === undefined) return [...all];
  return list.split(',').map((id) => all.find((item) => item.id === id) ?? usage(`unknown ${what} "${id}" (known: ${all.map((item) => item.id).join(', ')})`));
}

function usage(message: string): never {
  console.error(`npm run clients: ${message}`);
  process.exit(2);
}

if (!existsSync(CLI)) usage(`${CLI} is missing: run npm run build first`);
if (values.journey) process.exit(await runJourney());
if (values['profile-check']) process.exit(await runProfileCheck());
if (values['checked-call']) process.exit(await runCheckedCall(picked(CLIENTS, values.clients ?? 'claude-code', 'client')));
if (!values.report) {
  const variants = values.levels?.split(',') ?? [...LEVELS, 'profile'];
  const unknown = variants.find((variant) => !isVariant(variant) || variant === 'direct');
  if (unknown !== undefined) usage(`unknown level "${unknown}" (known: ${LEVELS.join(', ')}, profile, or LEVEL@TOKENS for a budget)`);
  const busy = Number(values.busy);
  if (!Number.isInteger(busy) || busy < 0) usage(`--busy takes a count of processes, not "${values.busy}"`);
  let clientEnv: Record<string, string> = {};
  try {
    clientEnv = parseClientEnv(values['client-env']);
  } catch (error) {
    usage((error as Error).message);
  }
  const stopBusy = startBusyLoops(busy);
  try {
    await measureClients({
      clients: picked(CLIENTS, values.clients, 'client').map((driver) => withClientEnv(driver, clientEnv)),
      catalogs: picked(CATALOGS, values.catalogs, 'catalog'),
      variants: variants.filter(isVariant).filter((variant) => variant !== 'direct'),
      onSession: (_, results) => writeResults(values.results, results),
    });
  } finally {
    stopBusy();
  }
  console.log(`results: ${values.results}`);
}
const results = readResults(values.results);
if (values.docs) writeDocs(results);
else console.log(`\n${renderTables(results)}`);
