// Import from MCP server…: the servers found in the MCP clients' config
// files (and in a config file the person chooses), each with its own Import
// button, and a form to start or reach any other server. Nothing runs until
// Import is clicked; then main lists the server's tools and the result
// arrives like any other job on the Results tab.

import { useId, useState, type FormEvent } from 'react';
import type { McpConfigFile, McpServerInfo, McpServerRef } from '../../../shared/contracts';
import { useApp, useMcp, useSettings, useUi } from '../app-context';
import { pickedServerRefusal, typedServerRefusal } from '../../../shared/server-starts';
import { MCP_CLIENT_NAMES } from '../../../shared/mcp-clients';
import { redactUrl, redactedCommandLine } from '../../../shared/redact';
import { serverFromForm, type McpForm, type TransportChoice } from '../lib/mcp-form';
import { Icon } from './icon';
import { ModalDialog } from './modal-dialog';
import { Spinner } from './spinner';

export function McpImportDialog() {
  const open = useUi((state) => state.mcpDialogOpen);
  return open ? <McpImportDialogBody /> : null;
}

const TRANSPORTS: { id: TransportChoice; label: string }[] = [
  { id: 'stdio', label: 'Command (stdio)' },
  { id: 'http', label: 'URL (streamable HTTP)' },
  { id: 'sse', label: 'URL (HTTP+SSE)' },
];

/** The last folder of a path, for "project app". */
function folderName(path: string): string {
  return (
    path
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .pop() || path
  );
}

export function whereFrom(server: McpServerInfo): string {
  const client = MCP_CLIENT_NAMES[server.client];
  if (server.scope === 'project' && server.project) return `${client} · project ${folderName(server.project)}`;
  if (server.scope === 'local' && server.project) return `${client} · local to ${folderName(server.project)}`;
  return client;
}

export function commandText(server: McpServerInfo): string {
  if (server.transport !== 'stdio') return server.url === undefined ? '(no URL)' : redactUrl(server.url);
  const words = [...(server.command !== undefined ? [server.command] : []), ...(server.args ?? [])];
  const text = redactedCommandLine(words);
  return server.command === undefined ? `(no command) ${text}`.trim() : text;
}

export function fileStatus(file: McpConfigFile): string {
  if (file.status === 'found') return file.servers === 0 ? 'no servers' : `${file.servers} server${file.servers === 1 ? '' : 's'}`;
  if (file.status === 'missing') return 'not found';
  return file.message ?? file.status;
}

/** A refusal's wording (it starts with a verb) as a sentence of its own. */
function sentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** Busy mark inside a button (the button keeps its name). */
function ButtonSpinner() {
  return <span className="spinner" style={{ width: 12, height: 12 }} aria-hidden="true" />;
}

function McpImportDialogBody() {
  const { stores, commands } = useApp();
  const status = useMcp((state) => state.status);
  const servers = useMcp((state) => state.servers);
  const files = useMcp((state) => state.files);
  const lookError = useMcp((state) => state.error);
  const [form, setForm] = useState<McpForm>({ transport: 'stdio', commandLine: '', envText: '', url: '', headersText: '' });
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  // The browser host without --allow-commands starts only servers of the person's own config files: said before the click.
  const configOnly = useSettings((state) => state.appInfo?.serverStarts === 'config');
  const refusal = (server: McpServerInfo) => (configOnly && server.client === 'picked' ? `${pickedServerRefusal(server.name, server.transport)}.` : undefined);

  const close = () => stores.ui.getState().setMcpDialogOpen(false);

  const start = async (key: string, server: McpServerRef) => {
    setBusy(key);
    setProblem(null);
    const refused = await commands.importServer(server);
    if (refused === null) return; // the dialog is closing
    setProblem(refused);
    setBusy(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = serverFromForm(form);
    if (!result.ok) {
      setProblem(result.message);
      return;
    }
    void start('custom', result.server);
  };

  const update = (patch: Partial<McpForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setProblem(null); // the sentence was about the form as it was
  };
  const url = form.transport !== 'stdio';

  return (
    <ModalDialog
      title="Import from MCP server"
      className="dialog-wide mcp-dialog"
      description="A server starts only when you click Import. Its tools are listed (every page) and shrunk as one catalog; the original is stored first."
      onClose={close}
      actions={
        <button type="button" className="button" onClick={close}>
          Close
        </button>
      }
    >
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

        {status === 'loading' && servers.length === 0 ? (
          <div className="mcp-note">
            <Spinner label="Looking in the MCP config files…" size={14} />
          </div>
        ) : servers.length === 0 ? (
          <p className="mcp-note">
            {status === 'error'
              ? 'The config files could not be read.'
              : configOnly
                ? 'No servers found in the config files below: this browser host imports only servers of your MCP config files — ' +
                  'add one there and click Look again.'
                : 'No servers found in the config files below. Choose a config file, or start a server yourself below.'}
          </p>
        ) : (
          <ul className="mcp-servers" aria-label="Servers found">
            {servers.map((server, index) => {
              const refused = server.problem ?? refusal(server);
              const whyId = `${fieldId}-why-${index}`;
              return (
                <li key={server.id} className="mcp-server">
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
                    onClick={() => void start(server.id, { discoveredId: server.id })}
                  >
                    {busy === server.id ? <ButtonSpinner /> : null}
                    Import
                  </button>
                </li>
              );
            })}
          </ul>
        )}

        {files.length > 0 ? (
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
        ) : null}
        {lookError ? <p className="mcp-problem">{lookError}</p> : null}
      </section>

      <form className="mcp-section" aria-labelledby={`${fieldId}-other`} onSubmit={submit}>
        <h3 className="mcp-section-title" id={`${fieldId}-other`}>
          Another server
        </h3>
        {configOnly ? (
          <p className="mcp-turned-off" id={`${fieldId}-off`}>
            <Icon name="alert" size={15} />
            {sentence(typedServerRefusal(form.transport))}
          </p>
        ) : null}
        <fieldset className="mcp-transports">
          <legend className="visually-hidden">Connect with</legend>
          {TRANSPORTS.map((choice) => (
            <label key={choice.id} className="mcp-transport">
              <input
                type="radio"
                name={`${fieldId}-transport`}
                value={choice.id}
                checked={form.transport === choice.id}
                onChange={() => update({ transport: choice.id })}
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
        {url ? (
          <>
            <label className="mcp-field" htmlFor={`${fieldId}-url`}>
              Server URL
            </label>
            <input
              id={`${fieldId}-url`}
              className="mcp-input"
              type="url"
              value={form.url}
              spellCheck={false}
              placeholder="http://127.0.0.1:3001/mcp"
              onChange={(event) => update({ url: event.target.value })}
            />
            <label className="mcp-field" htmlFor={`${fieldId}-headers`}>
              HTTP headers <span className="muted">(optional, one “Name: value” per line)</span>
            </label>
            <textarea
              id={`${fieldId}-headers`}
              className="mcp-textarea"
              rows={2}
              value={form.headersText}
              spellCheck={false}
              placeholder="Authorization: Bearer …"
              onChange={(event) => update({ headersText: event.target.value })}
            />
          </>
        ) : (
          <>
            <label className="mcp-field" htmlFor={`${fieldId}-command`}>
              Command line
            </label>
            <input
              id={`${fieldId}-command`}
              className="mcp-input"
              type="text"
              value={form.commandLine}
              spellCheck={false}
              placeholder="npx -y @modelcontextprotocol/server-everything"
              onChange={(event) => update({ commandLine: event.target.value })}
            />
            <label className="mcp-field" htmlFor={`${fieldId}-env`}>
              Environment <span className="muted">(optional, one KEY=value per line)</span>
            </label>
            <textarea
              id={`${fieldId}-env`}
              className="mcp-textarea"
              rows={2}
              value={form.envText}
              spellCheck={false}
              placeholder="API_KEY=…"
              onChange={(event) => update({ envText: event.target.value })}
            />
          </>
        )}
        <div className="mcp-form-actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={busy !== null || configOnly}
            aria-describedby={configOnly ? `${fieldId}-off` : undefined}
          >
            {busy === 'custom' ? <ButtonSpinner /> : null}
            {url ? 'Connect and import' : 'Start and import'}
          </button>
        </div>
      </form>

      {problem ? (
        <p className="mcp-problem" role="alert">
          <Icon name="alert" size={15} />
          {problem}
        </p>
      ) : null}
    </ModalDialog>
  );
}
