// One server of the Servers tab: where it is configured, how it starts
// (direct, wrapped, or not wrappable and why), Measure, and once measured
// its cost at each level in each rendering with its tools
// (server-level-costs.tsx) — unticking one leaves it out of the wrap
// (--exclude-tools) — and which of its calls the proxy checks
// (--check-calls, --no-check-tools). A wrapped server shows the level,
// filters and checks its entry has; to change them, unwrap and wrap again.

import { useState } from 'react';
import type { LevelName, ServerEditPreview, ServerRow } from '../../../shared/contracts';
import { asCavemanError } from '../../../shared/errors';
import { wrappedListing } from '../../../shared/profiles';
import { CHECK_CALLS_MEANS, DEFAULT_CHECK_CALLS } from '../../../shared/check-calls';
import { useApp, useSettings } from '../app-context';
import { formatCount, formatInt } from '../lib/format';
import { excludedByEntry } from '../../../shared/server-cost-table';
import { serversStoreFor, levelOf, type EditAction } from '../state/servers-store';
import { commandText, whereFrom } from './mcp-import-dialog';
import { useServers } from '../hooks/use-servers';
import { Icon } from './icon';
import { LevelCosts } from './server-level-costs';
import { WrapChecksField } from './server-wrap-checks';

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
  const [busy, setBusy] = useState<EditAction | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const wrapped = wrap.state === 'wrapped';
  const excluded = new Set(wrapped ? excludedByEntry(row.wrap) : (chosenExcluded ?? []));
  const level: LevelName = wrapped ? wrappedListing(wrap, server.client).level : chosenLevel;
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
      {wrap.state === 'direct' ? <WrapChecksField serverId={server.id} /> : null}
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
        <LevelCosts
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

function WrapBadge({ row }: { row: ServerRow }) {
  const { wrap } = row;
  if (wrap.state === 'wrapped') {
    const listing = wrappedListing(wrap, row.server.client);
    const filters = [...(wrap.includeTools ?? []).map((value) => `only ${value}`), ...(wrap.excludeTools ?? []).map((value) => `without ${value}`)];
    const checks = wrap.checkCalls ?? DEFAULT_CHECK_CALLS;
    const unchecked = checks === 'off' ? [] : (wrap.noCheckTools ?? []);
    const details = [...filters, `${CHECK_CALLS_MEANS[checks]}${unchecked.length > 0 ? `, never ${unchecked.join(', ')}` : ''}`];
    return (
      <span className="wrap-badge wrap-badge-wrapped" title={details.join('; ')}>
        <Icon name="check" size={13} />
        Wrapped · {listing.said}
        {listing.budget !== undefined ? ` · within ${formatInt(listing.budget)} tokens` : ''}
        {filters.length > 0 ? ` · ${formatCount(filters.length, 'filter')}` : ''}
        {checks !== DEFAULT_CHECK_CALLS ? ` · checks ${checks}` : ''}
        {wrap.noUsage === true ? ' · calls not counted' : ''}
      </span>
    );
  }
  if (wrap.state === 'unwrappable') return <span className="wrap-badge wrap-badge-muted">Not wrappable</span>;
  return <span className="wrap-badge">Direct</span>;
}
