// The window's top bar: the title, the Results / History tabs (with the
// number of stored handles), the tokenizer, and Open… / Paste JSON /
// Import from MCP server….
// Changing the tokenizer re-measures the catalog on screen.

import { useRef, type KeyboardEvent } from 'react';
import { isTokenizerName } from '../../../shared/tokenizers';
import { useApp, useHistory, useSettings, useUi } from '../app-context';
import { formatInt } from '../lib/format';
import { titleWithShortcut } from '../lib/shortcuts';
import { tokenizerLabel } from '../lib/tokenizer-families';
import { availableTokenizers } from '../state/settings-store';
import type { AppTab } from '../state/ui-store';
import { BrandMark } from './brand-mark';
import { Icon } from './icon';

const TABS: { id: AppTab; label: string; command: 'show-results' | 'show-history' }[] = [
  { id: 'results', label: 'Results', command: 'show-results' },
  { id: 'history', label: 'History', command: 'show-history' },
];

export function Toolbar() {
  const { stores, commands, mac } = useApp();
  const tab = useUi((state) => state.tab);
  const total = useHistory((state) => state.storedTotal);
  const tokenizer = useSettings((state) => state.tokenizer);
  const shareSchemas = useSettings((state) => state.shareSchemas);
  const appInfo = useSettings((state) => state.appInfo);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const changeTokenizer = (value: string) => {
    if (isTokenizerName(value)) commands.setTokenizer(value);
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const jump = event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : null;
    if (step === 0 && jump === null) return;
    event.preventDefault();
    const next = jump ?? (index + step + TABS.length) % TABS.length;
    const target = TABS[next];
    if (!target) return;
    stores.ui.getState().setTab(target.id);
    tabRefs.current[next]?.focus();
  };

  return (
    <header className="toolbar">
      <div className="toolbar-brand">
        <BrandMark />
        <h1 className="toolbar-title">Caveman Shrink</h1>
      </div>

      <div className="segmented" role="tablist" aria-label="Views">
        {TABS.map((item, index) => (
          <button
            key={item.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${item.id}`}
            aria-controls={`panel-${item.id}`}
            aria-selected={tab === item.id}
            tabIndex={tab === item.id ? 0 : -1}
            className="segmented-item"
            onClick={() => stores.ui.getState().setTab(item.id)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {item.label}
            {item.id === 'history' && total !== null ? <span className="count-pill">{formatInt(total)}</span> : null}
          </button>
        ))}
      </div>

      <div className="toolbar-actions">
        <div className="select-field">
          <label className="select-label" htmlFor="tokenizer-select">
            Tokenizer
          </label>
          <select id="tokenizer-select" value={tokenizer} onChange={(event) => changeTokenizer(event.target.value)} title="Pick your model’s family; counts are local estimates (basis: inferred)">
            {availableTokenizers(appInfo).map((name) => (
              <option key={name} value={name}>
                {tokenizerLabel(name)}
              </option>
            ))}
          </select>
        </div>
        <label className="switch toolbar-switch" title="Write identical sub-schemas repeated inside a tool once, in its $defs, and reference them (off by default: not every client resolves $ref)">
          <span className="switch-control">
            <input type="checkbox" aria-label="Share sub-schemas" checked={shareSchemas} onChange={(event) => commands.setShareSchemas(event.target.checked)} />
            <span className="switch-track" aria-hidden="true" />
          </span>
          <span aria-hidden="true">
            Share<span className="toolbar-wide-only"> sub-schemas</span>
          </span>
        </label>
        <button type="button" className="button" aria-label="Import from MCP server…" onClick={() => commands.importMcp()} title="Import from MCP server…: list a live server’s tools and shrink them">
          <Icon name="plug" />
          <span className="toolbar-wide-only">MCP server…</span>
        </button>
        <button type="button" className="button" onClick={() => void commands.paste()} title={titleWithShortcut('Paste JSON', 'paste', mac)}>
          <Icon name="paste" />
          Paste JSON
        </button>
        <button type="button" className="button button-primary" onClick={() => void commands.open()} title={titleWithShortcut('Open…', 'open', mac)}>
          <Icon name="open" />
          Open…
        </button>
      </div>
    </header>
  );
}
