// Why the browser host without --allow-commands does not start a server the
// page named — one wording for main's refusal and for the import dialog,
// which says it up front (AppInfo.serverStarts 'config') instead of only
// after the click.

const ENABLE = 'start the browser host with --allow-commands to allow it';

/** A command typed into the form (stdio) or a URL (http, sse). */
export function typedServerRefusal(transport: 'stdio' | 'http' | 'sse'): string {
  const what = transport === 'stdio' ? 'starting a typed command' : 'connecting to a typed URL';
  return `${what} is turned off here — import a server from your MCP config files instead, or ${ENABLE}`;
}

/** A server of a project's own config file (.mcp.json, .vscode/mcp.json …): a repository's word, not the person's. */
export function projectServerRefusal(server: string, file: string): string {
  return (
    `${server} is from a project's config file (${file}), which anyone who made the project could have written, and the ` +
    `browser host does not start those without asking — measure or import it in the desktop app, or ${ENABLE}`
  );
}

/** A server of a config file chosen in the page (whose bytes the page could have made up). */
export function pickedServerRefusal(server: string, transport: 'stdio' | 'http' | 'sse'): string {
  const what = transport === 'stdio' ? 'run' : 'connect to';
  return (
    `${server} is from a config file chosen in the page, and the browser host does not ${what} servers from those ` +
    `(a page can send any file) — add it to one of your MCP config files and click Look again, or ${ENABLE}`
  );
}
