// The window's top bar: the title, the Results / History tabs (with the
// number of stored handles), the settings new analyses use (analysis-settings.tsx),
// and Open… / Paste JSON / Import from MCP server….

import { useRef, type KeyboardEvent } from 'react';
import { useApp, useHistory, useUi } from '../app-context';
import { formatInt } from '../lib/format';
import { titleWithShortcut } from '../lib/shortcuts';
import type { AppTab } from '../state/ui-store';
import { AnalysisSettings } from './analysis-settings';
import { BrandMark } from './brand-mark';
import { Icon } from './icon';

const TABS: { id: AppTab; label: string; command: 'show-results' | 'show-history' | 'show-servers' }[] = [
  { id: 'results', label: 'Results', command: 'show-results' },
  { id: 'history', label: 'History', command: 'show-history' },
  { id: 'servers', label: 'Servers', command: 'show-servers' },
];

export function Toolbar() {
  const { stores, commands, mac } = useApp();
  const tab = useUi((state) => state.tab);
  const total = useHistory((state) => state.storedTotal);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

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
        <AnalysisSettings />
        <button
          type="button"
          className="button"
          aria-label="Import from MCP server…"
          onClick={() => commands.importMcp()}
          title="Import from MCP server…: list a live server’s tools and shrink them"
        >
          <Icon name="plug" />
          MCP server…
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
