// The "Import from MCP server…" dialog's data: the servers found in the MCP
// clients' config files (and in files the person picked), which files were
// looked at, and whether a look is under way. Discovery only reads files in
// main; a server starts only when the person imports it (catalogs store).

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { McpConfigFile, McpDiscovery, McpServerInfo } from '../../../shared/contracts';
import { asCavemanError } from '../../../shared/errors';
import type { CavemanApi } from '../../../shared/ipc/caveman-api';

export interface McpState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Found servers: the known config files' first, then those of picked files. */
  servers: McpServerInfo[];
  /** Every file looked at, with what it held. */
  files: McpConfigFile[];
  /** Why the last look or pick failed. */
  error: string | null;
  /** Reads the known config files again (picked files' servers stay). */
  discover(): Promise<void>;
  /** Asks for a config file and adds its servers; nothing happens when the person cancels. */
  pickConfig(): Promise<void>;
}

export type McpStore = StoreApi<McpState>;

export function createMcpStore(api: CavemanApi): McpStore {
  let picked: McpDiscovery = { servers: [], files: [] };
  let discovered: McpDiscovery = { servers: [], files: [] };
  let looks = 0;

  return createStore<McpState>()((set) => {
    const show = () => {
      const ids = new Set(discovered.servers.map((server) => server.id));
      set({ servers: [...discovered.servers, ...picked.servers.filter((server) => !ids.has(server.id))], files: [...discovered.files, ...picked.files] });
    };

    return {
      status: 'idle',
      servers: [],
      files: [],
      error: null,

      async discover() {
        const look = ++looks;
        set({ status: 'loading', error: null });
        try {
          const found = await api.discoverMcpServers({});
          if (look !== looks) return; // a newer look is on its way
          discovered = found;
          show();
          set({ status: 'ready' });
        } catch (error) {
          if (look === looks) set({ status: 'error', error: `Could not read the MCP config files: ${asCavemanError(error).message}` });
        }
      },

      async pickConfig() {
        let found: McpDiscovery | null;
        try {
          found = await api.pickMcpConfig();
        } catch (error) {
          set({ error: `Could not read that config file: ${asCavemanError(error).message}` });
          return;
        }
        if (!found) return;
        const paths = new Set(found.files.map((file) => file.path));
        const ids = new Set(found.servers.map((server) => server.id));
        picked = {
          servers: [...picked.servers.filter((server) => !ids.has(server.id)), ...found.servers],
          files: [...picked.files.filter((file) => !paths.has(file.path)), ...found.files],
        };
        show();
        set({ error: null });
      },
    };
  });
}
