// One server of the Servers tab: where it is configured, how it starts
// (direct, wrapped, or not wrappable and why), Measure, and once measured
// its cost at each level in each rendering with its tools — unticking one
// leaves it out of the wrap (--exclude-tools) — and which of its calls the
// proxy checks (--check-calls, --no-check-tools). A wrapped server shows the
// level, filters and checks its entry has; to change them, unwrap and wrap
// again.

import { useState } from 'react';
import type { LevelName, ServerCosts, ServerEditPreview, ServerRow } from '../../../shared/contracts';
import { asCavemanError } from '../../../shared/errors';
import { PROXY_DEFAULT_LEVEL } from '../../../shared/levels';
import { CHECK_CALLS_MEANS, CHECK_CALLS_MODES, DEFAULT_CHECK_CALLS, isCheckCallsMode } from '../../../shared/check-calls';
import { useApp, useSettings } from '../app-context';
import { formatCount, formatInt, formatPercent } from '../lib/format';
import { costRows, excludedByEntry, RENDERING_LABELS, RENDERINGS, savedShare } from '../../../shared/server-cost-table';
import { serversStoreFor, checksOf, levelOf, type EditAction, type WrapChecks } from '../state/servers-store';
import { commandText, whereFrom } from './mcp-import-dialog';
import { useServers } from '../hooks/use-servers';
import { Icon } from './icon';

interface ServerCardProps {
  row: ServerRow;
  onPreview(preview: ServerEditPreview): void;
}

export function ServerCard({ row, onPreview }: ServerCardProps) {
  const { api } = useApp();
  const store = serversStoreFor(api);
  const { server, wrap } = row;
  const tokenizer = useSettings((state) => state.tokenizer);
  const measure = useServers((state) => state.measures[server.id]);
  const chosenExcluded = useServers((state) => state.excluded[server.id]);
  const chosenLevel = useServers((state) => levelOf(state, server.id));
  const chosenChecks = useServers((state) => checksOf(state, server.id));
  const [busy, setBusy] = useState<EditAction | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const wrapped = wrap.state === 'wrapped';
  const excluded = new Set(wrapped ? excludedByEntry(row.wrap) : (chosenExcluded ?? []));
  const level: LevelName = wrapped ? (wrap.level ?? PROXY_DEFAULT_LEVEL) : chosenLevel;
  const headingId = `server-${server.id}`;

  const edit = async (action: EditAction) => {
    setBusy(action);
    setProblem(null);
    try {
      onPreview(await store.getState().preview(server.id, action));
    } catch (error) {
      setProblem(asCavemanError(error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <li className={`server-card server-card-${wrap.state}`} aria-labelledby={headingId}>
      <div className="server-card-head">
        <h3 className="server-name" id={headingId}>
          {server.name}
        </h3>
        <span className="mcp-pill">{whereFrom(server)}</span>
        <WrapBadge row={row} />
        <div className="server-actions">
          {measure?.status === 'measuring' ? (
            <button
              type="button"
              className="button button-small"
              onClick={() => void store.getState().cancelMeasure(server.id)}
              disabled={measure.jobId === null}
            >
              Cancel
            </button>
          ) : (
            <button
              type="button"
              className="button button-small"
              onClick={() => void store.getState().measure(server.id, tokenizer)}
              disabled={server.problem !== undefined}
              title="Start the server, list its tools and measure them at every level (nothing is stored)"
            >
              {measure?.status === 'done' ? 'Measure again' : 'Measure'}
            </button>
          )}
          {wrap.state === 'direct' ? (
            <button type="button" className="button button-small button-primary" onClick={() => void edit('wrap')} disabled={busy !== null}>
              {busy === 'wrap' ? 'Preparing…' : 'Wrap…'}
            </button>
          ) : null}
          {wrapped ? (
            <button type="button" className="button button-small" onClick={() => void edit('unwrap')} disabled={busy !== null}>
              {busy === 'unwrap' ? 'Preparing…' : 'Unwrap…'}
            </button>
          ) : null}
        </div>
      </div>

      <dl className="server-facts">
        <dt>Config</dt>
        <dd>
          <code>{server.configPath}</code>
        </dd>
        <dt>{wrapped ? 'Starts' : server.transport === 'stdio' ? 'Command' : 'URL'}</dt>
        <dd>
          <code>{commandText(server)}</code>
        </dd>
        {wrapped && wrap.serves !== undefined ? (
          <>
            <dt>Serves</dt>
            <dd>
              <code>{wrap.serves}</code>
            </dd>
          </>
        ) : null}
        {wrapped ? (
          <>
            <dt>Backup</dt>
            <dd>
              {wrap.backupPath !== undefined ? (
                <code>{wrap.backupPath}</code>
              ) : (
                <span className="server-warn">not found beside the file — unwrap cannot restore the entry</span>
              )}
            </dd>
          </>
        ) : null}
      </dl>
      {wrap.state === 'direct' ? (
        <WrapChecksField serverId={server.id} checks={chosenChecks} onChange={(next) => store.getState().setChecks(server.id, next)} />
      ) : null}
      {wrap.state === 'unwrappable' ? <p className="server-note">Cannot be wrapped: {wrap.reason}</p> : null}
      {problem !== null ? (
        <p className="server-problem" role="alert">
          <Icon name="alert" />
          {problem}
        </p>
      ) : null}

      {measure?.status === 'measuring' ? (
        <div className="server-progress" role="status">
          <progress max={1} value={measure.fraction} aria-label={`Measuring ${server.name}`} />
          <span>
            {measure.queued
              ? 'Waiting for the servers before it…'
              : measure.stage === 'listing'
                ? 'Starting the server and listing its tools…'
                : 'Measuring the listing at every level…'}
          </span>
        </div>
      ) : null}
      {measure?.status === 'error' ? (
        <p className="server-problem" role="alert">
          <Icon name="alert" />
          {measure.message}
        </p>
      ) : null}
      {measure?.status === 'done' ? (
        <Costs
          costs={measure.costs}
          excluded={excluded}
          level={level}
          editable={wrap.state === 'direct'}
          label={server.name}
          onLevel={(next) => store.getState().setLevel(server.id, next)}
          onToggle={(name) => store.getState().toggleTool(server.id, name)}
        />
      ) : null}
    </li>
  );
}

/** A direct server's wrap options for checked calls: which calls, and the tools never checked. */
function WrapChecksField({ serverId, checks, onChange }: { serverId: string; checks: WrapChecks; onChange(next: WrapChecks): void }) {
  const modeId = `check-calls-${serverId}`;
  const toolsId = `no-check-tools-${serverId}`;
  return (
    <div className="server-wrap-checks" role="group" aria-label="Calls the proxy checks">
      <label className="select-label" htmlFor={modeId}>
        Check calls
      </label>
      <select
        id={modeId}
        value={checks.mode}
        title={`${CHECK_CALLS_MEANS[checks.mode]}; an invalid call is answered by the proxy and never reaches the server`}
        onChange={(event) => {
          if (isCheckCallsMode(event.target.value)) onChange({ ...checks, mode: event.target.value });
        }}
      >
        {CHECK_CALLS_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {mode}
            {mode === DEFAULT_CHECK_CALLS ? ' (default)' : ''}
          </option>
        ))}
      </select>
      <label className="select-label" htmlFor={toolsId}>
        except
      </label>
      <input
        id={toolsId}
        type="text"
        className="server-unchecked-input"
        value={checks.unchecked}
        disabled={checks.mode === 'off'}
        placeholder="tool names or globs, comma-separated"
        title="For a server known to accept more than its schema says: these tools' calls are never checked (--no-check-tools)"
        onChange={(event) => onChange({ ...checks, unchecked: event.target.value })}
      />
    </div>
  );
}

function WrapBadge({ row }: { row: ServerRow }) {
  const { wrap } = row;
  if (wrap.state === 'wrapped') {
    const filters = [...(wrap.includeTools ?? []).map((value) => `only ${value}`), ...(wrap.excludeTools ?? []).map((value) => `without ${value}`)];
    const checks = wrap.checkCalls ?? DEFAULT_CHECK_CALLS;
    const unchecked = checks === 'off' ? [] : (wrap.noCheckTools ?? []);
    const details = [...filters, `${CHECK_CALLS_MEANS[checks]}${unchecked.length > 0 ? `, never ${unchecked.join(', ')}` : ''}`];
    return (
      <span className="wrap-badge wrap-badge-wrapped" title={details.join('; ')}>
        <Icon name="check" size={13} />
        Wrapped · {wrap.level ?? `${PROXY_DEFAULT_LEVEL} (default)`}
        {filters.length > 0 ? ` · ${formatCount(filters.length, 'filter')}` : ''}
        {checks !== DEFAULT_CHECK_CALLS ? ` · checks ${checks}` : ''}
      </span>
    );
  }
  if (wrap.state === 'unwrappable') return <span className="wrap-badge wrap-badge-muted">Not wrappable</span>;
  return <span className="wrap-badge">Direct</span>;
}

interface CostsProps {
  costs: ServerCosts;
  excluded: ReadonlySet<string>;
  level: LevelName;
  editable: boolean;
  label: string;
  onLevel(level: LevelName): void;
  onToggle(name: string): void;
}

function Costs({ costs, excluded, level, editable, label, onLevel, onToggle }: CostsProps) {
  const rows = costRows(costs, excluded);
  const before = rows[0]?.before;
  const chosen = costs.levels.find((each) => each.level === level);
  const estimate = rows.some((row) => row.estimate);
  return (
    <div className="server-costs">
      <table className="server-cost-table">
        <caption>
          Tokens per tools/list ({costs.basis}, {costs.tokenizer}){editable ? ' — pick the level to wrap at' : ''}
          {estimate ? ' · ≈ with the unticked tools left out' : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Level</th>
            <th scope="col">Tools</th>
            {RENDERINGS.map((rendering) => (
              <th scope="col" key={rendering} title={RENDERING_LABELS[rendering].title}>
                {RENDERING_LABELS[rendering].head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {before !== undefined ? (
            <tr className="server-cost-before">
              <th scope="row">Without the proxy</th>
              <td>{formatInt(costs.tools.length)}</td>
              {RENDERINGS.map((rendering) => (
                <td key={rendering}>{formatInt(before[rendering])}</td>
              ))}
            </tr>
          ) : null}
          {rows.map((row) => (
            <tr key={row.level} className={row.level === level ? 'server-cost-chosen' : undefined} aria-selected={row.level === level}>
              <th scope="row">
                {editable ? (
                  <label className="server-level">
                    <input type="radio" name={`level-${label}`} checked={row.level === level} onChange={() => onLevel(row.level)} />
                    {row.level}
                  </label>
                ) : (
                  row.level
                )}
              </th>
              <td>{formatInt(row.tools)}</td>
              {RENDERINGS.map((rendering) => (
                <td key={rendering} title={row.describe[rendering] > 0 ? `includes caveman_describe: ${formatInt(row.describe[rendering])} tokens` : undefined}>
                  {row.estimate ? '≈' : ''}
                  {formatInt(row.after[rendering])}{' '}
                  <span className="server-saved">−{formatPercent(savedShare(row.before[rendering], row.after[rendering]))}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="server-note">
        Through the proxy a level that shortens descriptions also lists caveman_describe (counted above), so a model can read any tool’s full definition.
      </p>

      {chosen !== undefined ? (
        <fieldset className="server-tools">
          <legend>
            Tools at {level}, Claude tokens before → after —{' '}
            {editable ? 'untick the ones the proxy should neither list nor let be called' : 'as the wrapped entry filters them'}
          </legend>
          <ul>
            {costs.tools.map((tool, i) => {
              const after = chosen.tools[i]?.anthropic ?? 0;
              const kept = !excluded.has(tool.name);
              return (
                <li key={`${i}:${tool.name}`} className={kept ? undefined : 'server-tool-off'}>
                  <label>
                    <input type="checkbox" checked={kept} disabled={!editable} onChange={() => onToggle(tool.name)} />
                    <code>{tool.name}</code>
                  </label>
                  <span className="server-tool-tokens" title="Claude rendering: before → after at this level">
                    {formatInt(tool.before.anthropic)} → {formatInt(after)}
                  </span>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}
    </div>
  );
}
