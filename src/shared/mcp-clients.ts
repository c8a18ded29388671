// Each MCP client's name as a person knows it: the app's lists and the
// CLI's servers table say the same.

import type { McpClient } from './contracts';

export const MCP_CLIENT_NAMES: Readonly<Record<McpClient, string>> = {
  'claude-desktop': 'Claude Desktop',
  'claude-code': 'Claude Code',
  cursor: 'Cursor',
  vscode: 'VS Code',
  windsurf: 'Windsurf',
  codex: 'Codex',
  gemini: 'Gemini CLI',
  picked: 'Chosen file',
};
