// The window: toolbar, store banner, the Results and History tab panels
// (both stay mounted so the diff survives a tab switch; Servers reads the
// config files when first shown), the drop overlay,
// the paste and MCP import dialogs and notices.

import { useEffect } from 'react';
import { useFileDrop } from '../hooks/use-file-drop';
import { useGlobalKeys } from '../hooks/use-global-keys';
import { useUi } from '../app-context';
import { prewarmDiff } from '../lib/prewarm-diff';
import { DropOverlay } from './drop-overlay';
import { HistoryView } from './history-view';
import { McpImportDialog } from './mcp-import-dialog';
import { Notices } from './notices';
import { PasteDialog } from './paste-dialog';
import { ShortcutsDialog } from './shortcuts-dialog';
import { ResultsView } from './results-view';
import { ServersView } from './servers-view';
import { StoreBanner } from './store-banner';
import { Toolbar } from './toolbar';

export function App() {
  const tab = useUi((state) => state.tab);
  const dragging = useFileDrop();
  useGlobalKeys();
  // The first diff after the page opened runs compiled code (prewarm-diff.ts).
  useEffect(() => prewarmDiff(), []);
  return (
    <div className="app">
      <Toolbar />
      <StoreBanner />
      <main className="app-main">
        <div className="tab-panel" role="tabpanel" id="panel-results" aria-labelledby="tab-results" hidden={tab !== 'results'}>
          <ResultsView />
        </div>
        <div className="tab-panel" role="tabpanel" id="panel-history" aria-labelledby="tab-history" hidden={tab !== 'history'}>
          <HistoryView />
        </div>
        <div className="tab-panel" role="tabpanel" id="panel-servers" aria-labelledby="tab-servers" hidden={tab !== 'servers'}>
          {tab === 'servers' ? <ServersView /> : null}
        </div>
      </main>
      <DropOverlay visible={dragging} />
      <PasteDialog />
      <ShortcutsDialog />
      <McpImportDialog />
      <Notices />
    </div>
  );
}
