// One tool's original definition, from the catalog behind a history handle:
// pick a tool (each marked shortened or complete) and see its definition
// exactly as it stands in the stored original — what the proxy's
// caveman_describe would answer a model.

import { useEffect, useId, useState } from 'react';
import type { HistoryTools } from '../../../shared/contracts';
import { asCavemanError } from '../../../shared/errors';
import { useApp } from '../app-context';
import { Spinner } from './spinner';

type Loaded = { state: 'loading' } | { state: 'ready'; tools: HistoryTools['tools'] } | { state: 'failed'; message: string };
type Shown = { state: 'idle' } | { state: 'loading'; name: string } | { state: 'ready'; original: NonNullable<HistoryTools['original']> } | { state: 'failed'; message: string };

export function HistoryToolOriginal({ handle }: { handle: string }) {
  const { api } = useApp();
  const selectId = useId();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [shown, setShown] = useState<Shown>({ state: 'idle' });

  useEffect(() => {
    // The parent keys this component by handle, so a new handle starts from 'loading'.
    let current = true;
    api.getHistoryTools({ handle }).then(
      (answer) => current && setLoaded({ state: 'ready', tools: answer.tools }),
      (error: unknown) => current && setLoaded({ state: 'failed', message: asCavemanError(error).message }),
    );
    return () => {
      current = false;
    };
  }, [api, handle]);

  const show = (name: string) => {
    if (name === '') return setShown({ state: 'idle' });
    setShown({ state: 'loading', name });
    api.getHistoryTools({ handle, name }).then(
      (answer) => setShown(answer.original ? { state: 'ready', original: answer.original } : { state: 'failed', message: `${name} is not in this catalog` }),
      (error: unknown) => setShown({ state: 'failed', message: asCavemanError(error).message }),
    );
  };

  if (loaded.state === 'loading') return <section className="tool-original" aria-label="Tool originals"><Spinner label="Reading the tools…" /></section>;
  if (loaded.state === 'failed') {
    return (
      <section className="tool-original" aria-label="Tool originals">
        <p className="tool-original-note">Per-tool originals are not available: {loaded.message}</p>
      </section>
    );
  }
  const shortened = loaded.tools.filter((tool) => tool.shortened).length;
  const selected = shown.state === 'ready' ? shown.original.name : shown.state === 'loading' ? shown.name : '';

  return (
    <section className="tool-original" aria-label="Tool originals">
      <h4 className="tool-original-title">Tool originals</h4>
      <p className="tool-original-note">
        {shortened} of {loaded.tools.length} tools shortened; the others are complete in the shrunk catalog.
      </p>
      <label className="select-label" htmlFor={selectId}>
        Tool
      </label>
      <select id={selectId} className="tool-original-select" value={selected} onChange={(event) => show(event.target.value)}>
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
            {shown.original.shortened ? 'Shortened in the shrunk catalog — this is its full original text.' : 'Complete: the shrunk catalog already has all of its descriptions.'}
          </p>
          <pre className="tool-original-text" aria-label={`Original definition of ${shown.original.name}`} tabIndex={0}>
            {shown.original.text}
          </pre>
        </>
      ) : null}
    </section>
  );
}
