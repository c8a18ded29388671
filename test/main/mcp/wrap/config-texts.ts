// Config files as each MCP client writes them, for the wrap tests: where
// the client keeps it (relative to the home folder), its text, and the
// server a test wraps.

import type { ConfigKind } from '../../../../src/main/mcp/import/config-locations';

export const DESKTOP = `{
  "mcpServers": {
    "everything": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-everything"]
    },
    "github": {
      "command": "docker",
      "args": ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server"],
      "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_x" }
    }
  },
  "globalShortcut": "Alt+Space"
}
`;

export const CLAUDE_CODE = `{
  "numStartups": 12,
  "mcpServers": {
    "context7": {
      "type": "stdio",
      "command": "npx",
      "args": [
        "-y",
        "@upstash/context7-mcp"
      ],
      "env": {}
    }
  },
  "projects": {
    "/work/app": {
      "allowedTools": [],
      "mcpServers": {
        "memory": {
          "type": "stdio",
          "command": "npx",
          "args": [
            "-y",
            "@modelcontextprotocol/server-memory"
          ]
        }
      }
    }
  }
}`;

// VS Code's mcp.json as people write it: comments, trailing commas, "inputs".
export const VSCODE = `// Servers for this workspace
{
\t"inputs": [
\t\t{ "type": "promptString", "id": "token", "password": true },
\t],
\t"servers": {
\t\t/* the one we wrap */
\t\t"fetch": {
\t\t\t"type": "stdio",
\t\t\t"command": "uvx", // Python
\t\t\t"args": ["mcp-server-fetch", "\${workspaceFolder}"],
\t\t\t"env": { "TOKEN": "\${input:token}", },
\t\t},
\t\t"remote": { "type": "http", "url": "https://mcp.example.com/mcp" },
\t},
}
`;

export const CURSOR_ONE_LINE = `{"mcpServers":{"tiny":{"command":"node","args":["server.mjs","--stdio"]},"other":{"command":"x"}}}`;
export const WINDSURF_CRLF_BOM =
  `\uFEFF{\r\n    "mcpServers": {\r\n        "git": {\r\n            "command": "uvx",` +
  `\r\n            "args": ["mcp-server-git"]\r\n        }\r\n    }\r\n}\r\n`;
export const NO_ARGS = `{\n  "mcpServers": {\n    "bare": {\n      "command": "my-server"\n    }\n  }\n}\n`;

// Codex's config.toml as its docs write it and people edit it: comments, an
// inline env, an env sub-table, a server without args, a URL server.
export const CODEX = `# Codex settings
model = "gpt-5.1"

[mcp_servers.context7]   # docs lookups
command = "npx" # from npm
args = ["-y", "@upstash/context7-mcp"]
env = { "API_KEY" = "value" }
startup_timeout_sec = 20

[mcp_servers.github]
command = 'docker'
args = [
  "run", "-i", "--rm",
  "ghcr.io/github/github-mcp-server",
]

[mcp_servers.github.env]
GITHUB_PERSONAL_ACCESS_TOKEN = "ghp_x"

[mcp_servers.bare]
command = "my-server"

[mcp_servers.figma]
url = "https://mcp.figma.com/mcp"
bearer_token_env_var = "FIGMA_TOKEN"

[tui]
notifications = true
`;

/** Every server of a [mcp_servers] table written inline or with dotted keys, CRLF and a BOM. */
export const CODEX_INLINE_CRLF_BOM =
  '\uFEFF[mcp_servers]\r\ninline = { command = "uvx", args = ["mcp-server-git"] }\r\n' +
  'dotted.command = "node"\r\ndotted.args = ["server.mjs"]\r\ndotted.env.DEBUG = "1"\r\n';

// Gemini CLI's settings.json: other settings around "mcpServers", "httpUrl" for streamable HTTP.
export const GEMINI = `{
  "theme": "GitHub",
  "mcpServers": {
    "pythonTools": {
      "command": "python",
      "args": ["-m", "my_mcp_server", "--port", "8080"],
      "cwd": "./mcp-servers/python",
      "env": { "API_KEY": "$EXTERNAL_API_KEY" },
      "timeout": 15000,
      "trust": false
    },
    "httpServer": { "httpUrl": "http://localhost:3000/mcp", "timeout": 5000 }
  }
}
`;

/** [label, path under a home folder, text, server, project] */
export const formats: [label: string, path: string, text: string, server: string, project?: string][] = [
  ['Claude Desktop', '.config/Claude/claude_desktop_config.json', DESKTOP, 'github'],
  ['Claude Code, user scope', '.claude.json', CLAUDE_CODE, 'context7'],
  ['Claude Code, a project of ~/.claude.json', '.claude.json', CLAUDE_CODE, 'memory', '/work/app'],
  ['VS Code (JSONC: comments, trailing commas, tabs)', 'work/app/.vscode/mcp.json', VSCODE, 'fetch'],
  ['Cursor, one line', '.cursor/mcp.json', CURSOR_ONE_LINE, 'tiny'],
  ['Windsurf, CRLF and a BOM', '.codeium/windsurf/mcp_config.json', WINDSURF_CRLF_BOM, 'git'],
  ['an entry without "args"', 'work/app/.mcp.json', NO_ARGS, 'bare'],
  ['Codex, an inline env and comments', '.codex/config.toml', CODEX, 'context7'],
  ['Codex, an env sub-table and args over lines', '.codex/config.toml', CODEX, 'github'],
  ['Codex, no args', '.codex/config.toml', CODEX, 'bare'],
  ['Codex, an inline entry (CRLF and a BOM)', '.codex/config.toml', CODEX_INLINE_CRLF_BOM, 'inline'],
  ['Codex, dotted keys (CRLF and a BOM)', '.codex/config.toml', CODEX_INLINE_CRLF_BOM, 'dotted'],
  ['Gemini CLI', '.gemini/settings.json', GEMINI, 'pythonTools'],
];

/** The kind the import reads a file of `formats` as. */
export function kindOf(path: string): ConfigKind {
  if (path.endsWith('.claude.json')) return 'claude-code-user';
  if (path.endsWith('.vscode/mcp.json')) return 'vscode';
  if (path.endsWith('.toml')) return 'codex';
  if (path.endsWith('.gemini/settings.json')) return 'gemini';
  return 'servers';
}
