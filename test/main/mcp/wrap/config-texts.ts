// Config files as each MCP client writes them, for the wrap tests: where
// the client keeps it (relative to the home folder), its text, and the
// server a test wraps.

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

/** [label, path under a home folder, text, server, project] */
export const formats: [label: string, path: string, text: string, server: string, project?: string][] = [
  ['Claude Desktop', '.config/Claude/claude_desktop_config.json', DESKTOP, 'github'],
  ['Claude Code, user scope', '.claude.json', CLAUDE_CODE, 'context7'],
  ['Claude Code, a project of ~/.claude.json', '.claude.json', CLAUDE_CODE, 'memory', '/work/app'],
  ['VS Code (JSONC: comments, trailing commas, tabs)', 'work/app/.vscode/mcp.json', VSCODE, 'fetch'],
  ['Cursor, one line', '.cursor/mcp.json', CURSOR_ONE_LINE, 'tiny'],
  ['Windsurf, CRLF and a BOM', '.codeium/windsurf/mcp_config.json', WINDSURF_CRLF_BOM, 'git'],
  ['an entry without "args"', 'work/app/.mcp.json', NO_ARGS, 'bare'],
];
