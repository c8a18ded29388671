// The clients the harness runs, each a way a real client shows MCP tools.

import type { ClientDriver } from './client-driver';
import { CLAUDE_CODE, CLAUDE_CODE_LISTING } from './drivers/claude-code';
import { CODEX, CODEX_TOOL_SEARCH } from './drivers/codex';
import { GEMINI_CLI } from './drivers/gemini-cli';

export const CLIENTS: ClientDriver[] = [CLAUDE_CODE, CLAUDE_CODE_LISTING, CODEX, CODEX_TOOL_SEARCH, GEMINI_CLI] as ClientDriver[];
