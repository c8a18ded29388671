// The import dialog's first section: the servers found in the MCP clients' config files, each
// with its own Import button, and the files that were looked in.

import type { McpConfigFile, McpServerInfo } from '../../../shared/contracts';
import { pickedServerRefusal } from '../../../shared/server-starts';
import { useApp, useMcp } from '../app-context';
import { commandText, fileStatus, whereFrom } from '../lib/mcp-server-text';
import { Icon } from './icon';
import { ButtonSpinner, Spinner } from './spinner';

interface FoundServersProps {
  fieldId: string;
  /** The key of the import under way (a server's id), or null. */
  busy: string | null;
  /** The browser host starts only servers of the person's own config files. */
  configOnly: boolean;
  onImport: (server: McpServerInfo) => void;
}

export function McpFoundServers({ fieldId, busy, configOnly, onImport }: FoundServersProps) {
  const { stores } = useApp();
  const status = useMcp((state) => state.status);
  const files = useMcp((state) => state.files);
  const lookError = useMcp((state) => state.error);
  return (
    <section className="mcp-section" aria-labelledby={`${fieldId}-found`}>
      <div className="mcp-section-head">
        <h3 className="mcp-section-title" id={`${fieldId}-found`}>
          Servers in your MCP configs
        </h3>
        <button type="button" className="button button-small" onClick={() => void stores.mcp.getState().discover()} disabled={status === 'loading'}>
          Look again
        </button>
        <button type="button" className="button button-small" onClick={() => void stores.mcp.getState().pickConfig()}>
          <Icon name="open" size={14} />
          Choose a config file…
        </button>
      </div>
      <FoundServerList fieldId={fieldId} busy={busy} configOnly={configOnly} onImport={onImport} />
      {files.length > 0 ? <LookedInFiles files={files} /> : null}
      {lookError ? <p className="mcp-problem">{lookError}</p> : null}
    </section>
  );
}

function FoundServerList({ fieldId, busy, configOnly, onImport }: FoundServersProps) {
  const status = useMcp((state) => state.status);
  const servers = useMcp((state) => state.servers);
  if (status === 'loading' && servers.length === 0) {
    return (
      <div className="mcp-note">
        <Spinner label="Looking in the MCP config files…" size={14} />
      </div>
    );
  }
  if (servers.length === 0) {
    return (
      <p className="mcp-note">
        {status === 'error'
          ? 'The config files could not be read.'
          : configOnly
            ? 'No servers found in the config files below: this browser host imports only servers of your MCP config files — ' +
              'add one there and click Look again.'
            : 'No servers found in the config files below. Choose a config file, or start a server yourself below.'}
      </p>
    );
  }
  // Said before the click: a server from a picked file is one this host would refuse to start.
  const refusal = (server: McpServerInfo) => (configOnly && server.client === 'picked' ? `${pickedServerRefusal(server.name, server.transport)}.` : undefined);
  return (
    <ul className="mcp-servers" aria-label="Servers found">
      {servers.map((server, index) => (
        <FoundServerItem
          key={server.id}
          server={server}
          refused={server.problem ?? refusal(server)}
          whyId={`${fieldId}-why-${index}`}
          busy={busy}
          onImport={() => onImport(server)}
        />
      ))}
    </ul>
  );
}

interface FoundServerItemProps {
  server: McpServerInfo;
  /** Why this server cannot be imported, if it cannot. */
  refused: string | undefined;
  whyId: string;
  busy: string | null;
  onImport: () => void;
}

function FoundServerItem({ server, refused, whyId, busy, onImport }: FoundServerItemProps) {
  return (
    <li className="mcp-server">
      <div className="mcp-server-text">
        <div className="mcp-server-head">
          <span className="mcp-server-name">{server.name}</span>
          <span className="mcp-pill">{server.transport}</span>
          {server.disabled ? <span className="mcp-pill mcp-pill-muted">disabled</span> : null}
          <span className="mcp-server-from" title={server.configPath}>
            {whereFrom(server)}
          </span>
        </div>
        <code className="mcp-server-command" title={commandText(server)}>
          {commandText(server)}
        </code>
        {refused ? (
          <span className="mcp-server-problem" id={whyId}>
            {refused}
          </span>
        ) : server.envNames || server.headerNames ? (
          <span className="mcp-server-extra">
            {server.envNames ? `env: ${server.envNames.join(', ')}` : `headers: ${(server.headerNames ?? []).join(', ')}`}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        className="button button-small"
        aria-label={`Import ${server.name}`}
        title={refused ? `Cannot import: ${refused}` : `Start ${server.name} and shrink its tools`}
        aria-describedby={refused ? whyId : undefined}
        disabled={busy !== null || refused !== undefined}
        onClick={onImport}
      >
        {busy === server.id ? <ButtonSpinner /> : null}
        Import
      </button>
    </li>
  );
}

function LookedInFiles({ files }: { files: McpConfigFile[] }) {
  return (
    <details className="mcp-files">
      <summary>
        Looked in {files.length} file{files.length === 1 ? '' : 's'}
      </summary>
      <ul>
        {files.map((file) => (
          <li key={`${file.client}:${file.path}`}>
            <code>{file.path}</code> — {fileStatus(file)}
          </li>
        ))}
      </ul>
    </details>
  );
}
