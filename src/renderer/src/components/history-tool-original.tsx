// One tool's original definition, from the catalog behind a history handle,
// in a dialog as large as the window allows (the details column is narrow and
// its bottom is below the fold): pick a tool (each marked shortened or
// complete) and see its definition exactly as it stands in the stored
// original — what the proxy's caveman_describe would answer a model.

import { useEffect, useId, useRef, useState } from 'react';
import type { HistoryTools } from '../../../shared/contracts';
import { asCavemanError } from '../../../shared/errors';
import { useApp } from '../app-context';
import { ModalDialog } from './modal-dialog';
import { Spinner } from './spinner';

type Loaded = { state: 'loading' } | { state: 'ready'; tools: HistoryTools['tools'] } | { state: 'failed'; message: string };
type Shown =
  | { state: 'idle' }
  | { state: 'loading'; name: string }
  | { state: 'ready'; original: NonNullable<HistoryTools['original']> }
  | { state: 'failed'; message: string };

export function ToolOriginalsDialog({ handle, source, onClose }: { handle: string; source: string; onClose(): void }) {
  const { api } = useApp();
  const selectId = useId();
  const selectRef = useRef<HTMLSelectElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [shown, setShown] = useState<Shown>({ state: 'idle' });

  useEffect(() => {
    let current = true;
    api.getHistoryTools({ handle }).then(
      (answer) => current && setLoaded({ state: 'ready', tools: answer.tools }),
      (error: unknown) => current && setLoaded({ state: 'failed', message: asCavemanError(error).message }),
    );
    return () => {
      current = false;
    };
  }, [api, handle]);

  // The picker takes focus once it is there (the dialog opens on Close while the tools load).
  useEffect(() => {
    if (loaded.state === 'ready') selectRef.current?.focus();
  }, [loaded.state]);

  const show = (name: string) => {
    if (name === '') return setShown({ state: 'idle' });
    setShown({ state: 'loading', name });
    api.getHistoryTools({ handle, name }).then(
      (answer) => setShown(answer.original ? { state: 'ready', original: answer.original } : { state: 'failed', message: `${name} is not in this catalog` }),
      (error: unknown) => setShown({ state: 'failed', message: asCavemanError(error).message }),
    );
  };

  const shortened = loaded.state === 'ready' ? loaded.tools.filter((tool) => tool.shortened).length : 0;
  const selected = shown.state === 'ready' ? shown.original.name : shown.state === 'loading' ? shown.name : '';
  const description =
    loaded.state === 'ready'
      ? `${source}: ${shortened} of ${loaded.tools.length} tools shortened; the others are complete in the shrunk catalog.`
      : loaded.state === 'failed'
        ? `Per-tool originals are not available: ${loaded.message}`
        : `${source}: each tool's definition as it stands in the stored original.`;

  return (
    <ModalDialog
      title="Tool originals"
      className="dialog-wide tool-original-dialog"
      description={description}
      onClose={onClose}
      initialFocus={closeRef}
      actions={
        <button ref={closeRef} type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      {loaded.state === 'loading' ? <Spinner label="Reading the tools…" /> : null}
      {loaded.state === 'ready' ? (
        <div className="tool-original">
          <label className="select-label" htmlFor={selectId}>
            Tool
          </label>
          <select id={selectId} ref={selectRef} className="tool-original-select" value={selected} onChange={(event) => show(event.target.value)}>
            <option value="">Choose a tool…</option>
            {loaded.tools.map((tool, index) => (
              <option key={`${index}:${tool.name}`} value={tool.name}>
                {tool.name} — {tool.shortened ? 'shortened' : 'complete'}
              </option>
            ))}
          </select>
          {shown.state === 'loading' ? <Spinner label="Reading the original…" /> : null}
          {shown.state === 'failed' ? <p role="alert">{shown.message}</p> : null}
          {shown.state === 'ready' ? (
            <>
              <p className={shown.original.shortened ? 'tool-original-state is-shortened' : 'tool-original-state is-complete'}>
                {shown.original.shortened
                  ? 'Shortened in the shrunk catalog — this is its full original text.'
                  : 'Complete: the shrunk catalog already has all of its descriptions.'}
              </p>
              <pre className="tool-original-text" aria-label={`Original definition of ${shown.original.name}`} tabIndex={0}>
                {shown.original.text}
              </pre>
            </>
          ) : null}
        </div>
      ) : null}
    </ModalDialog>
  );
}
