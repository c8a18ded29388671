// Where MCP clients keep their server lists, as their documentation gives
// them (a pure function of the platform, home folder and environment, so it
// is tested on every platform from any one):
//
// - Claude Desktop: claude_desktop_config.json in ~/Library/Application
//   Support/Claude (macOS), %APPDATA%\Claude (Windows), ~/.config/Claude
//   (Linux, where there is no official build; community builds use it).
// - Claude Code: ~/.claude.json — top-level "mcpServers" (user scope) and
//   "projects"[<folder>]."mcpServers" (local scope) — and .mcp.json at a
//   project's root (project scope).
// - Cursor: ~/.cursor/mcp.json (global) and .cursor/mcp.json in a project.
// - VS Code: mcp.json in the user profile (Code/User beside Claude's folder:
//   ~/Library/Application Support, %APPDATA%, ~/.config) and
//   .vscode/mcp.json in a workspace; its list is called "servers".
// - Windsurf: ~/.codeium/windsurf/mcp_config.json.
// - Codex: config.toml in $CODEX_HOME (default ~/.codex), and .codex/config.toml
//   in a (trusted) project: TOML, one [mcp_servers.<name>] table per server.
// - Gemini CLI: settings.json in ~/.gemini ($GEMINI_CLI_HOME stands in for the
//   home folder), and .gemini/settings.json in a project: "mcpServers", where
//   "httpUrl" is streamable HTTP and "url" the older HTTP+SSE.
//
// Project files are looked for in the current folder and in the projects
// ~/.claude.json names.

import { join, win32 } from 'node:path';
import type { McpClient } from '../../../shared/contracts';

export interface LocationEnv {
  platform: NodeJS.Platform;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The folder the app was started in, searched for project files (none when it is the home folder or the root). */
  cwd?: string | undefined;
}

/** The environment variables the locations depend on. */
export const LOCATION_VARIABLES = ['APPDATA', 'XDG_CONFIG_HOME', 'CODEX_HOME', 'GEMINI_CLI_HOME'] as const;

export type ConfigKind =
  /** A file whose top-level "mcpServers" lists servers. */
  | 'servers'
  /** ~/.claude.json: top-level "mcpServers" and per-project "projects".*."mcpServers". */
  | 'claude-code-user'
  /** VS Code's mcp.json: top-level "servers". */
  | 'vscode'
  /** Gemini CLI's settings.json: top-level "mcpServers", "httpUrl" for streamable HTTP and "url" for HTTP+SSE. */
  | 'gemini'
  /** Codex's config.toml: TOML, [mcp_servers.<name>] tables. */
  | 'codex';

export interface ConfigLocation {
  path: string;
  client: Exclude<McpClient, 'picked'>;
  kind: ConfigKind;
  scope: 'user' | 'project';
  /** The project folder of a project file. */
  project?: string;
}

/** The files every discovery reads first (user-level), in a stable order. */
export function userConfigLocations(where: LocationEnv): ConfigLocation[] {
  const path = where.platform === 'win32' ? win32.join : join;
  // Where desktop apps keep their settings.
  let appDataDir: string;
  if (where.platform === 'darwin') appDataDir = path(where.home, 'Library', 'Application Support');
  else if (where.platform === 'win32') appDataDir = where.env.APPDATA ?? path(where.home, 'AppData', 'Roaming');
  else appDataDir = where.env.XDG_CONFIG_HOME || path(where.home, '.config');
  return [
    { path: path(appDataDir, 'Claude', 'claude_desktop_config.json'), client: 'claude-desktop', kind: 'servers', scope: 'user' },
    { path: path(where.home, '.claude.json'), client: 'claude-code', kind: 'claude-code-user', scope: 'user' },
    { path: path(where.home, '.cursor', 'mcp.json'), client: 'cursor', kind: 'servers', scope: 'user' },
    { path: path(appDataDir, 'Code', 'User', 'mcp.json'), client: 'vscode', kind: 'vscode', scope: 'user' },
    { path: path(where.home, '.codeium', 'windsurf', 'mcp_config.json'), client: 'windsurf', kind: 'servers', scope: 'user' },
    { path: path(where.env.CODEX_HOME || path(where.home, '.codex'), 'config.toml'), client: 'codex', kind: 'codex', scope: 'user' },
    { path: path(where.env.GEMINI_CLI_HOME || where.home, '.gemini', 'settings.json'), client: 'gemini', kind: 'gemini', scope: 'user' },
  ];
}

/** At most this many project folders are searched (a ~/.claude.json can name hundreds). */
export const MAX_PROJECTS = 50;

/**
 * Project-level files (.mcp.json, .cursor/mcp.json, .vscode/mcp.json, .codex/config.toml, .gemini/settings.json) in each folder,
 * without duplicates or the user-level files again.
 */
export function projectConfigLocations(where: LocationEnv, projects: readonly string[]): ConfigLocation[] {
  const path = where.platform === 'win32' ? win32.join : join;
  const folders: string[] = [];
  const seen = new Set<string>();
  const norm = (folder: string) => (where.platform === 'win32' || where.platform === 'darwin' ? folder.toLowerCase() : folder).replace(/[\\/]+$/, '');
  const home = norm(where.home);
  for (const folder of [where.cwd, ...projects]) {
    if (!folder || folders.length >= MAX_PROJECTS) continue;
    const key = norm(folder);
    // The home folder's .cursor/mcp.json is Cursor's global file; the root is no project.
    if (key === home || key === '' || seen.has(key)) continue;
    seen.add(key);
    folders.push(folder);
  }
  return folders.flatMap((project) => [
    { path: path(project, '.mcp.json'), client: 'claude-code', kind: 'servers', scope: 'project', project },
    { path: path(project, '.cursor', 'mcp.json'), client: 'cursor', kind: 'servers', scope: 'project', project },
    { path: path(project, '.vscode', 'mcp.json'), client: 'vscode', kind: 'vscode', scope: 'project', project },
    { path: path(project, '.codex', 'config.toml'), client: 'codex', kind: 'codex', scope: 'project', project },
    { path: path(project, '.gemini', 'settings.json'), client: 'gemini', kind: 'gemini', scope: 'project', project },
  ]);
}

/** What a file's name says of its format, for a file named by hand: ~/.claude.json, a Codex config.toml, Gemini CLI's settings.json; else its lists say. */
export function kindOfConfigPath(path: string): ConfigKind | undefined {
  const normal = path.replace(/\\/g, '/');
  if (normal.endsWith('/.claude.json') || normal === '.claude.json') return 'claude-code-user';
  if (/\.toml$/i.test(normal)) return 'codex';
  if (normal.endsWith('.gemini/settings.json')) return 'gemini';
  return undefined;
}
