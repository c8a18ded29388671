// How long listing a server's tools may take, in a module of its own: the
// services that pass it on run in the process that serves the window, which
// must not load the MCP SDK that list-server-tools.ts (a worker's) imports.

export const DEFAULT_LIST_TIMEOUT_MS = 60_000;
