// Wrap or unwrap, confirmed: the change to the config file as a diff, the
// command line the client starts from then on, and the backup — created by
// a wrap, restored from and removed by an unwrap. Confirming writes exactly
// this change, or nothing when the file moved on since (then it says so).

import { useRef, useState } from 'react';
import type { ServerEditDone, ServerEditPreview } from '../../../shared/contracts';
import { asCavemanError } from '../../../shared/errors';
import { useApp } from '../app-context';
import { costlierChoice, serversStoreFor } from '../state/servers-store';
import { useServers } from '../hooks/use-servers';
import { Icon } from './icon';
import { ModalDialog } from './modal-dialog';

function diffLineClass(line: string): string | undefined {
  if (line.startsWith('+++') || line.startsWith('---')) return 'server-diff-file';
  if (line.startsWith('@@')) return 'server-diff-hunk';
  if (line.startsWith('+')) return 'server-diff-added';
  if (line.startsWith('-')) return 'server-diff-removed';
  return undefined;
}

/** The notice once the file is written. */
function doneText(done: ServerEditDone, wrap: boolean): string {
  return wrap
    ? `Wrapped “${done.row.server.name}”; the file as it was is in ${done.backupPath}. Restart the client (or reload ` +
        `its MCP servers) to start it through the proxy.`
    : `Unwrapped “${done.row.server.name}”: ` +
        `${done.exact ? 'the file is byte for byte the one the wrap read' : 'the entry is back as it was'}; the backup ` +
        `was removed.`;
}

export function ServerEditDialog({ preview: first, onClose }: { preview: ServerEditPreview; onClose(): void }) {
  const { api, stores } = useApp();
  const [preview, setPreview] = useState(first);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const wrap = preview.action === 'wrap';
  const costlier = useServers((state) => (wrap ? costlierChoice(state, preview.serverId) : undefined));

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const done = await serversStoreFor(api).getState().commit(preview);
      stores.ui.getState().notify('info', doneText(done, wrap));
      onClose();
    } catch (error) {
      const refusal = asCavemanError(error);
      // The file moved on: show the change as it would be made now, so what is confirmed next is what is seen.
      try {
        setPreview(await serversStoreFor(api).getState().preview(preview.serverId, preview.action));
        setProblem(`${refusal.message}. The diff above is now the change to the file as it is.`);
      } catch (again) {
        setProblem(`${refusal.message}. ${asCavemanError(again).message}`);
      }
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      title={wrap ? 'Wrap this server?' : 'Unwrap this server?'}
      className="dialog-wide server-edit-dialog"
      onClose={onClose}
      initialFocus={cancelRef}
      description={<EditDescription preview={preview} />}
      actions={
        <>
          <button ref={cancelRef} type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-primary" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Writing…' : wrap ? 'Wrap' : 'Unwrap'}
          </button>
        </>
      }
    >
      {costlier !== undefined ? (
        <p className="server-costlier-chosen" role="status">
          <Icon name="alert" />
          <span>{costlier} To wrap at a level that costs less, cancel and pick another on the server’s card.</span>
        </p>
      ) : null}
      <EditFacts preview={preview} />
      <pre className="server-diff" aria-label={`Changes to ${preview.configPath}`}>
        {preview.diff
          .replace(/\n$/, '')
          .split('\n')
          .map((line, i) => (
            <span key={i} className={diffLineClass(line)}>
              {line}
            </span>
          ))}
      </pre>
      {problem !== null ? (
        <p className="server-problem" role="alert">
          <Icon name="alert" />
          {problem}
        </p>
      ) : null}
    </ModalDialog>
  );
}

/** Which file is written, and the backup a wrap makes or an unwrap puts back and removes. */
function EditDescription({ preview }: { preview: ServerEditPreview }) {
  if (preview.action === 'wrap') {
    return (
      <p>
        This change is written to <code>{preview.configPath}</code>. The file as it is now is saved first as <code>{preview.backupPath}</code>; Unwrap puts the
        entry back from it.
      </p>
    );
  }
  return (
    <p>
      The entry is put back from <code>{preview.backupPath}</code>, which is then removed
      {preview.exact ? '; the file will be byte for byte the one the wrap read.' : '; the rest of the file changed since the wrap and stays as it is now.'}
    </p>
  );
}

/** What the client starts from then on, the variables it sets, and the server the proxy serves. */
function EditFacts({ preview }: { preview: ServerEditPreview }) {
  const env = Object.entries(preview.env ?? {});
  return (
    <dl className="server-facts">
      {preview.action === 'wrap' && preview.starts !== undefined ? (
        <>
          <dt>Starts</dt>
          <dd>
            <code>{preview.starts}</code>
          </dd>
        </>
      ) : null}
      {env.length > 0 ? (
        <>
          <dt>Sets</dt>
          <dd>
            <code>{env.map(([key, value]) => `${key}=${value}`).join(' ')}</code> (so the app’s own binary runs the CLI as Node)
          </dd>
        </>
      ) : null}
      <dt>Serves</dt>
      <dd>
        <code>{preview.serves}</code>
      </dd>
    </dl>
  );
}
