// The measurement: every client, on every catalog, direct and through the
// proxy as each variant (every level, and the profile the client gets).

import type { HarnessCatalog } from './catalogs';
import type { ClientDriver } from './client-driver';
import type { ClientPackageId } from './client-packages';
import { installClient, type Installation } from './install-client';
import { CACHE_DIR } from './repo';
import { emptyResults, type ClientsResults } from './results-file';
import { runSession, type Variant } from './run-session';
import { sessionResult, type SessionResult } from './session-result';

export interface MeasureOptions {
  clients: ClientDriver[];
  catalogs: HarnessCatalog[];
  /** How the proxy serves the server besides direct (variants.ts). */
  variants: readonly Exclude<Variant, 'direct'>[];
  /** Called after each session (progress, and writing the results so far). */
  onSession(result: SessionResult, results: ClientsResults): void;
}

function summary(result: SessionResult): string {
  const session = `${result.client} ${result.catalog} ${result.variant}`;
  if (result.failure !== undefined) return `${session}: the client sent no request (${result.failure.split('\n').pop()})`;
  const upfront = result.upfrontTokens === undefined ? 'never showed the server' : `${result.upfrontTokens} tokens upfront`;
  return `${session}: ${upfront}, ${result.steps.filter((step) => step.answered).length} of ${result.steps.length} steps answered`;
}

export async function measureClients(options: MeasureOptions): Promise<ClientsResults> {
  const results = emptyResults();
  const installed = new Map<ClientPackageId, Installation>();
  for (const driver of options.clients) {
    if (!installed.has(driver.pkg)) installed.set(driver.pkg, installClient(driver.pkg, CACHE_DIR));
    const installation = installed.get(driver.pkg)!;
    if (!installation.ok) {
      results.unavailable[driver.pkg] = installation.reason;
      console.log(`${driver.id}: not measured, it could not be installed: ${installation.reason}`);
      continue;
    }
    const plan = options.catalogs.flatMap((catalog) =>
      (['direct', ...options.variants] as Variant[]).map((variant): [HarnessCatalog, Variant] => [catalog, variant]),
    );
    for (const [catalog, variant] of plan) {
      const result = sessionResult(await runSession(driver, installation.bin, catalog, variant));
      results.sessions.push(result);
      console.log(summary(result));
      options.onSession(result, results);
    }
  }
  return results;
}
