// The Servers tab: the MCP servers in the config files of the person's
// clients (only files main found itself), each with its wrap state, its
// cost at every level when measured, and Wrap / Unwrap behind a preview of
// the file's diff; Measure all measures every one and adds them up
// (server-totals.tsx). Nothing starts until Measure (a project file's
// server only once main asked); nothing is written until the preview is
// confirmed.

import { useEffect, useMemo, useState } from 'react';
import type { ServerEditPreview } from '../../../shared/contracts';
import { useApp, useSettings } from '../app-context';
import { measurableRow, serversStoreFor } from '../state/servers-store';
import { useServers } from '../hooks/use-servers';
import { fileStatus } from '../lib/mcp-server-text';
import { ServerCard } from './server-card';
import { ServerEditDialog } from './server-edit-dialog';
import { ServerTotals } from './server-totals';
import { Icon } from './icon';
import { Spinner } from './spinner';
import '../styles/servers-view.css';

const MEASURE_ALL_HINT =
  "Start every server, one after another, list its tools and add up what they cost per request (a project's own file is asked about first; nothing is stored)";

export function ServersView() {
  const { api } = useApp();
  const store = serversStoreFor(api);
  const status = useServers((state) => state.status);
  const rows = useServers((state) => state.rows);
  const files = useServers((state) => state.files);
  const error = useServers((state) => state.error);
  const measures = useServers((state) => state.measures);
  const tokenizer = useSettings((state) => state.tokenizer);
  const measuring = Object.values(measures).some((measure) => measure.status === 'measuring');
  const measurable = rows.some(measurableRow);
  const [preview, setPreview] = useState<ServerEditPreview | null>(null);

  useEffect(() => {
    if (store.getState().status === 'idle') void store.getState().load();
  }, [store]);

  const looked = useMemo(() => files.filter((file) => file.status !== 'missing').length, [files]);

  return (
    <section className="servers-view" aria-labelledby="servers-title">
      <header className="servers-head">
        <div>
          <h2 className="servers-title" id="servers-title">
            MCP servers
          </h2>
          <p className="servers-lede">
            The servers in your MCP clients’ config files. Measure starts one to list its tools and shows what they cost at each level; Measure all adds them
            all up per request; Wrap routes one through the proxy, after showing the change to the file.
          </p>
        </div>
        <div className="servers-head-actions">
          {measuring ? (
            <button type="button" className="button" onClick={() => void store.getState().cancelAll()}>
              Cancel measuring
            </button>
          ) : (
            <button
              type="button"
              className="button button-primary"
              onClick={() => void store.getState().measureAll(tokenizer)}
              disabled={status === 'loading' || !measurable}
              title={MEASURE_ALL_HINT}
            >
              Measure all
            </button>
          )}
          <button type="button" className="button" onClick={() => void store.getState().load()} disabled={status === 'loading'}>
            Look again
          </button>
        </div>
      </header>

      <ServerTotals />

      {status === 'loading' && rows.length === 0 ? <Spinner label="Reading the MCP config files…" /> : null}
      {error !== null ? (
        <p className="servers-error" role="alert">
          <Icon name="alert" />
          {error}
        </p>
      ) : null}

      {status === 'ready' && rows.length === 0 ? (
        <div className="servers-empty">
          <div className="servers-empty-icon" aria-hidden="true">
            <Icon name="plug" size={26} />
          </div>
          <h3>No MCP servers found</h3>
          <p>
            None of the config files Caveman Shrink knows lists a server{looked > 0 ? '' : ' (none of them exists here)'}. Add a server to your client, then
            Look again.
          </p>
        </div>
      ) : null}

      {rows.length > 0 ? (
        <ul className="servers-list" aria-label="Servers">
          {rows.map((row) => (
            <ServerCard key={row.server.id} row={row} onPreview={setPreview} />
          ))}
        </ul>
      ) : null}

      {files.length > 0 ? (
        <details className="servers-files">
          <summary>Config files looked at ({files.length})</summary>
          <ul>
            {files.map((file) => (
              <li key={file.path}>
                <code>{file.path}</code> — {fileStatus(file)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      {preview !== null ? <ServerEditDialog preview={preview} onClose={() => setPreview(null)} /> : null}
    </section>
  );
}
