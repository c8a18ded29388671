// The renderer's entry: picks the transport, builds the stores, wires main's
// events and menu commands, and renders the app.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApi } from './api/create-api';
import { AppProvider } from './app-context';
import { App } from './components/app';
import { openSearchInFocusedEditor } from './lib/editor-registry';
import { isMacPlatform } from './lib/shortcuts';
import { createAppCommands } from './state/app-commands';
import { connectEvents, createAppStores } from './state/app-stores';
import './styles/app.css';

const api = createApi();
const stores = createAppStores(api);
const commands = createAppCommands(api, stores, {
  readClipboardText: () => navigator.clipboard.readText(),
  openEditorSearch: openSearchInFocusedEditor,
});
connectEvents(api, stores, commands.run);
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
