// What the configured servers cost the model on every request, once
// measured: each server's row (as configured, and through the proxy at each
// level), each client's total when it has more than one — what that client
// sends with all its servers listed — and the total across every config. Claude's view (the anthropic
// rendering), as the cards' tables; the arithmetic is shared with the CLI's
// `servers --measure` (src/shared/server-cost-table.ts).

import type { LevelName, ServerRow } from '../../../shared/contracts';
import { LEVELS } from '../../../shared/levels';
import { MCP_CLIENT_NAMES } from '../../../shared/mcp-clients';
import { deferringClientsNote } from '../../../shared/profiles';
import { serverCostLine, sumCostLines, type ServerCostLine } from '../../../shared/server-cost-table';
import { formatInt } from '../lib/format';
import { useServers } from '../hooks/use-servers';
import { measurableRow, type Measure } from '../state/servers-store';

interface Line {
  row: ServerRow;
  line: ServerCostLine;
  tools: number;
}

export function ServerTotals() {
  const rows = useServers((state) => state.rows);
  const measures = useServers((state) => state.measures);
  const lines: Line[] = rows.flatMap((row) => {
    const measure = measures[row.server.id];
    return measure?.status === 'done' ? [{ row, line: serverCostLine(measure.costs, row.wrap, row.server.client), tools: measure.costs.tools.length }] : [];
  });
  if (lines.length === 0) return null;
  const tokenizer = Object.values(measures).find((measure) => measure.status === 'done')?.costs.tokenizer;
  const clients = [...new Set(lines.map(({ row }) => row.server.client))];
  const left = rows.filter((row) => measurableRow(row) && measures[row.server.id]?.status !== 'done');
  const deferring = deferringClientsNote(clients);
  return (
    <section className="server-totals" aria-labelledby="server-totals-title">
      <h3 id="server-totals-title">What your servers cost per request</h3>
      <div className="server-totals-scroll">
        <table className="server-cost-table server-totals-table">
          <caption>
            Tokens the model is sent on every request, as Claude sees them (anthropic rendering, inferred{tokenizer ? `, ${tokenizer}` : ''}). As configured: a
            direct server as it lists its tools, a wrapped one through the proxy at its level; each level: through the proxy, caveman_describe included.
          </caption>
          <thead>
            <tr>
              <th scope="col">Server</th>
              <th scope="col">Tools</th>
              <th scope="col">As configured</th>
              {LEVELS.map((level) => (
                <th scope="col" key={level}>
                  {level}
                </th>
              ))}
            </tr>
          </thead>
          {clients.map((client) => {
            const mine = lines.filter(({ row }) => row.server.client === client);
            return (
              <tbody key={client}>
                {mine.map(({ row, line, tools }) => (
                  <Figures key={row.server.id} label={`${row.server.name}`} note={MCP_CLIENT_NAMES[client]} line={line} tools={tools} />
                ))}
                {mine.length > 1 ? (
                  <Figures
                    label={`${MCP_CLIENT_NAMES[client]} total`}
                    note={countOf(mine.length)}
                    line={sumCostLines(mine.map((each) => each.line))}
                    tools={toolsOf(mine)}
                    total
                  />
                ) : null}
              </tbody>
            );
          })}
          <tfoot>
            <Figures label="All configs" note={countOf(lines.length)} line={sumCostLines(lines.map((each) => each.line))} tools={toolsOf(lines)} total />
          </tfoot>
        </table>
      </div>
      {deferring !== undefined ? <p className="server-note">{deferring}</p> : null}
      {left.length > 0 ? (
        <p className="server-note">Not in the totals: {left.map((row) => `${row.server.name} (${leftBecause(measures[row.server.id])})`).join(', ')}.</p>
      ) : null}
    </section>
  );
}

function Figures({ label, note, line, tools, total }: { label: string; note: string; line: ServerCostLine; tools: number; total?: boolean }) {
  const mark = line.estimate ? '≈' : '';
  const cell = (value: number) => `${mark}${formatInt(value)}`;
  return (
    <tr className={total ? 'server-totals-sum' : undefined}>
      <th scope="row">
        {label} <span className="server-totals-note">{note}</span>
      </th>
      <td>{formatInt(tools)}</td>
      <td className="server-totals-now">{cell(line.asConfigured)}</td>
      {LEVELS.map((level: LevelName) => (
        <td key={level}>{cell(line.levels[level])}</td>
      ))}
    </tr>
  );
}

function leftBecause(measure: Measure | undefined): string {
  if (measure?.status === 'error') return 'could not be measured: see its card';
  return measure?.status === 'measuring' ? 'measuring' : 'not measured';
}

function countOf(count: number): string {
  return `${count} ${count === 1 ? 'server' : 'servers'}`;
}

function toolsOf(lines: readonly Line[]): number {
  return lines.reduce((sum, each) => sum + each.tools, 0);
}
