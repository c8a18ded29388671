// The calls the proxy relayed, per server and tool, over the usage window:
// under a token budget these tools are stepped down last, so what a person
// uses stays richest. Names and counts only — the store never keeps a
// call's arguments. Opened from the History bar.

import { useEffect, useRef, useState } from 'react';
import type { ToolCalls } from '../../../shared/contracts';
import { asCavemanError } from '../../../shared/errors';
import { formatInt } from '../../../shared/format-figures';
import { USAGE_DAYS } from '../../../shared/usage';
import { useApp } from '../app-context';
import { ModalDialog } from './modal-dialog';
import { Spinner } from './spinner';

type Loaded = { state: 'loading' } | { state: 'ready'; calls: ToolCalls } | { state: 'failed'; message: string };

/** The History bar's button, and the dialog it opens. */
export function ToolCallsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button history-calls-button" onClick={() => setOpen(true)}>
        Tool calls…
      </button>
      {open ? <ToolCallsDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ToolCallsDialog({ onClose }: { onClose(): void }) {
  const { api } = useApp();
  const closeRef = useRef<HTMLButtonElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    api.getToolCalls({}).then(
      (calls) => current && setLoaded({ state: 'ready', calls }),
      (error: unknown) => current && setLoaded({ state: 'failed', message: asCavemanError(error).message }),
    );
    return () => {
      current = false;
    };
  }, [api]);

  const days = loaded.state === 'ready' ? loaded.calls.days : USAGE_DAYS;
  return (
    <ModalDialog
      title="Tool calls through the proxy"
      className="dialog-wide tool-calls-dialog"
      description={
        `The calls the proxy relayed to each server in the last ${days} days. Under a token budget, these tools are stepped down last ` +
        "(the most called last of all). Names and counts only: no call's arguments are kept."
      }
      onClose={onClose}
      initialFocus={closeRef}
      actions={
        <button ref={closeRef} type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      {loaded.state === 'loading' ? <Spinner label="Reading the counts…" /> : null}
      {loaded.state === 'failed' ? <p role="alert">The counts could not be read: {loaded.message}</p> : null}
      {loaded.state === 'ready' ? <ToolCallsTable calls={loaded.calls} /> : null}
    </ModalDialog>
  );
}

function ToolCallsTable({ calls }: { calls: ToolCalls }) {
  if (calls.tools.length === 0)
    return (
      <p className="tool-calls-empty">
        No tool was called through the proxy in the last {calls.days} days. A wrapped server&apos;s calls are counted as they are relayed.
      </p>
    );
  return (
    <div className="tool-calls-scroll" tabIndex={0} aria-label="Tool calls">
      <table className="tool-calls-table">
        <thead>
          <tr>
            <th scope="col">Server</th>
            <th scope="col">Tool</th>
            <th scope="col" className="numeric">
              Calls
            </th>
            <th scope="col">Last called (UTC)</th>
          </tr>
        </thead>
        <tbody>
          {calls.tools.map((each) => (
            <tr key={`${each.server}\u0000${each.tool}`}>
              <td>{each.server}</td>
              <th scope="row">{each.tool}</th>
              <td className="numeric">{formatInt(each.calls)}</td>
              <td>{each.lastCalled}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
