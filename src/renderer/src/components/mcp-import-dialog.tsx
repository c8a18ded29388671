// Import from MCP server…: the servers found in the MCP clients' config
// files (and in a config file the person chooses), each with its own Import
// button, and a form to start or reach any other server. Nothing runs until
// Import is clicked; then main lists the server's tools and the result
// arrives like any other job on the Results tab.

import { useId, useState } from 'react';
import type { McpServerRef } from '../../../shared/contracts';
import { useApp, useSettings, useUi } from '../app-context';
import { Icon } from './icon';
import { McpFoundServers } from './mcp-found-servers';
import { McpServerForm } from './mcp-server-form';
import { ModalDialog } from './modal-dialog';

export { commandText, whereFrom } from '../lib/mcp-server-text';

export function McpImportDialog() {
  const open = useUi((state) => state.mcpDialogOpen);
  return open ? <McpImportDialogBody /> : null;
}

/** One import at a time: which one is under way, and the sentence of the last refusal. */
function useServerImport() {
  const { commands } = useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const start = async (key: string, server: McpServerRef) => {
    setBusy(key);
    setProblem(null);
    const refused = await commands.importServer(server);
    if (refused === null) return; // the dialog is closing
    setProblem(refused);
    setBusy(null);
  };
  return { busy, problem, setProblem, start };
}

function McpImportDialogBody() {
  const { stores } = useApp();
  const { busy, problem, setProblem, start } = useServerImport();
  const fieldId = useId();
  // The browser host without --allow-commands starts only servers of the person's own config files: said before the click.
  const configOnly = useSettings((state) => state.appInfo?.serverStarts === 'config');
  const close = () => stores.ui.getState().setMcpDialogOpen(false);

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
      <McpFoundServers fieldId={fieldId} busy={busy} configOnly={configOnly} onImport={(server) => void start(server.id, { discoveredId: server.id })} />
      <McpServerForm fieldId={fieldId} busy={busy} configOnly={configOnly} onImport={(server) => void start('custom', server)} onProblem={setProblem} />
      {problem ? (
        <p className="mcp-problem" role="alert">
          <Icon name="alert" size={15} />
          {problem}
        </p>
      ) : null}
    </ModalDialog>
  );
}
