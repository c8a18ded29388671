// The results file a run writes and the report is rendered from.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CLIENT_PACKAGES, type ClientPackageId } from './client-packages';
import { REPO } from './repo';
import type { SessionResult } from './session-result';

export interface ClientsResults {
  /** The pinned client versions the sessions ran. */
  versions: Record<ClientPackageId, string>;
  /** Clients that could not be installed, and why. */
  unavailable: Partial<Record<ClientPackageId, string>>;
  sessions: SessionResult[];
}

export const DEFAULT_RESULTS = join(REPO, 'bench-results/clients.json');

export function emptyResults(): ClientsResults {
  const versions = Object.fromEntries(Object.entries(CLIENT_PACKAGES).map(([id, pkg]) => [id, pkg.version])) as Record<ClientPackageId, string>;
  return { versions, unavailable: {}, sessions: [] };
}

export function writeResults(file: string, results: ClientsResults): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 1)}\n`);
}

export function readResults(file: string): ClientsResults {
  return JSON.parse(readFileSync(file, 'utf8')) as ClientsResults;
}
