// The renderer's entry: picks the transport, builds the stores, wires main's
// events and menu commands, and renders the app.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApi } from './transport/create-api';
import { AppProvider } from './app-context';
import { App } from './components/app';
import { openSearchInFocusedEditor } from './lib/editor-registry';
import { isMacPlatform } from './lib/shortcuts';
import { followTheme } from './lib/theme';
import { createAppCommands } from './state/app-commands';
import { connectEvents, createAppStores } from './state/app-stores';
// The stylesheets, in cascade order: base first, then one file per component or view area;
// compact-window.css overrides the views above it for short windows.
import './styles/base.css';
import './styles/controls.css';
import './styles/app-frame.css';
import './styles/notices.css';
import './styles/empty-state.css';
import './styles/shortcut-list.css';
import './styles/results-view.css';
import './styles/job-list.css';
import './styles/catalog-switcher.css';
import './styles/failure-panel.css';
import './styles/analysis-view.css';
import './styles/facts-drilldown.css';
import './styles/level-comparison.css';
import './styles/panels.css';
import './styles/switch.css';
import './styles/diff-view.css';
import './styles/diff-wrap.css';
import './styles/spinner.css';
import './styles/history-list.css';
import './styles/history-details.css';
import './styles/modal-dialog.css';
import './styles/paste-dialog.css';
import './styles/drop-overlay.css';
import './styles/diff-search.css';
import './styles/mcp-import-dialog.css';
import './styles/compact-window.css';
import './styles/history-tool-original.css';

const api = createApi();
const stores = createAppStores(api);
const commands = createAppCommands(api, stores, {
  readClipboardText: () => navigator.clipboard.readText(),
  writeClipboardText: (text) => navigator.clipboard.writeText(text),
  openEditorSearch: openSearchInFocusedEditor,
});
connectEvents(api, stores, commands.run);
followTheme(stores.settings);
void stores.settings.getState().load();
void stores.history.getState().refresh();

const mac = isMacPlatform(navigator.platform);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <AppProvider value={{ api, stores, commands, mac }}>
      <App />
    </AppProvider>
  </StrictMode>,
);
