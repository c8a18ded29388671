// Writes the harness's tables into docs/clients.md, between its markers,
// from a results file: what `npm run clients -- --docs` leaves there.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGS } from './catalogs';
import { CLIENT_PACKAGES } from './client-packages';
import { CLIENTS } from './clients';
import { REPO } from './repo';
import { clientTable, recallTable, topFiveTable } from './report';
import type { ClientsResults } from './results-file';

export const CLIENTS_DOC = join(REPO, 'docs/clients.md');
const BEGIN = '<!-- clients:begin (written by npm run clients -- --docs) -->';
const END = '<!-- clients:end -->';

function clientSection(results: ClientsResults, clientId: string): string[] {
  const driver = CLIENTS.find((client) => client.id === clientId)!;
  const pkg = CLIENT_PACKAGES[driver.pkg];
  const heading = `### ${driver.label}, ${pkg.name} ${results.versions[driver.pkg]}`;
  const unavailable = results.unavailable[driver.pkg];
  if (unavailable) return [heading, '', `Not measured: ${unavailable}`, ''];
  const sessions = results.sessions.filter((session) => session.client === clientId);
  const model = sessions.find((session) => session.model)?.model;
  const lines = [heading, '', `Model named in its requests: \`${model ?? '?'}\`.`, '', clientTable(driver, sessions), ''];
  if (!driver.steps.has('recall')) return lines;
  for (const catalog of CATALOGS.filter((entry) => sessions.some((session) => session.catalog === entry.id))) {
    lines.push(
      `Recall on ${catalog.id}: the intended tool's rank in ${driver.label}'s own search (— not in its answer; ✗ worse than direct).`,
      '',
      recallTable(sessions, catalog.id, catalog.queries),
      '',
      '<details><summary>Top 5 per query</summary>',
      '',
      topFiveTable(sessions, catalog.id, catalog.queries),
      '',
      '</details>',
      '',
    );
  }
  return lines;
}

export function renderTables(results: ClientsResults): string {
  const clients = [...new Set(results.sessions.map((session) => session.client))];
  const unmeasured = CLIENTS.filter((client) => results.unavailable[client.pkg] && !clients.includes(client.id)).map((client) => client.id);
  return [...clients, ...unmeasured].flatMap((client) => clientSection(results, client)).join('\n');
}

export function writeDocs(results: ClientsResults): void {
  const doc = readFileSync(CLIENTS_DOC, 'utf8');
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${CLIENTS_DOC} has no ${BEGIN} … ${END} section`);
  writeFileSync(CLIENTS_DOC, `${doc.slice(0, start + BEGIN.length)}\n\n${renderTables(results)}\n${doc.slice(end)}`);
}
