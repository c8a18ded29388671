// The Servers store of this page, read with a selector: for the Servers tab
// and each of its server cards alike.

import { useStore } from 'zustand';
import { useApp } from '../app-context';
import { serversStoreFor, type ServersState } from '../state/servers-store';

/** The Servers store of this page, read with a selector. */
export function useServers<T>(selector: (state: ServersState) => T): T {
  return useStore(serversStoreFor(useApp().api), selector);
}
