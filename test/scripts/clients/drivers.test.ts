// How the harness configures and reads the clients: Codex's config.toml (the
// fake provider, the server's table, and that table replaced by the proxied
// entry where wrap cannot edit TOML), and the tools each search answered.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLAUDE_CODE } from '../../../scripts/clients/drivers/claude-code';
import { CODEX, CODEX_TOOL_SEARCH } from '../../../scripts/clients/drivers/codex';

const homes: string[] = [];
afterEach(() => homes.splice(0).forEach((home) => rmSync(home, { recursive: true, force: true })));

describe('Codex config.toml', () => {
  it('names the fake API as its provider and the server as a table, and swaps that table for the proxied entry', () => {
    const home = mkdtempSync(join(tmpdir(), 'caveman-clients-'));
    homes.push(home);
    CODEX_TOOL_SEARCH.writeConfig(home, 'http://127.0.0.1:4000', { name: 'gh', argv: ['/usr/bin/node', '/srv/a "b".mjs'] });
    const file = CODEX_TOOL_SEARCH.configFile(home);
    expect(readFileSync(file, 'utf8')).toBe(
      [
        'model = "gpt-5.5"',
        'model_provider = "caveman-fake"',
        '',
        '[model_providers.caveman-fake]',
        'name = "fake model API"',
        'base_url = "http://127.0.0.1:4000/v1"',
        'wire_api = "responses"',
        '',
        '[mcp_servers.gh]',
        'command = "/usr/bin/node"',
        'args = ["/srv/a \\"b\\".mjs"]',
        'default_tools_approval_mode = "approve"',
        '',
      ].join('\n'),
    );
    CODEX_TOOL_SEARCH.writeEntryByHand!(home, { name: 'gh', argv: ['/usr/bin/node', 'cli.js', 'proxy', '--', '/usr/bin/node', 'server.mjs'] });
    expect(readFileSync(file, 'utf8')).toMatch(
      /wire_api = "responses"\n\n\[mcp_servers\.gh\]\ncommand = "\/usr\/bin\/node"\nargs = \["cli\.js", "proxy", "--", "\/usr\/bin\/node", "server\.mjs"\]\n/,
    );
  });
});

describe('what each search answered', () => {
  it('Claude Code: its tool_reference blocks, the server’s tools by their bare names', () => {
    const result = {
      type: 'tool_result',
      content: [
        { type: 'tool_reference', tool_name: 'mcp__gh__list_issues' },
        { type: 'tool_reference', tool_name: 'WebSearch' },
      ],
    };
    expect(CLAUDE_CODE.searchResults([result], 'gh')).toEqual(['list_issues', 'WebSearch']);
  });

  it('Codex tool_search: the tools of its output, namespace by namespace', () => {
    const output = {
      type: 'tool_search_output',
      tools: [
        { type: 'namespace', name: 'mcp__gh', tools: [{ name: 'list_issues' }, { name: 'get_me' }] },
        { type: 'namespace', name: 'multi_agent_v1', tools: [{ name: 'spawn_agent' }] },
      ],
    };
    expect(CODEX_TOOL_SEARCH.searchResults([output], 'gh')).toEqual(['list_issues', 'get_me', 'multi_agent_v1.spawn_agent']);
  });

  it('Codex code mode: the server’s tools its ALL_TOOLS listing shows before Codex cut the output', () => {
    const output = {
      type: 'custom_tool_call_output',
      output: [
        { type: 'input_text', text: 'Script completed\nOutput:\n' },
        { type: 'input_text', text: 'mcp__gh__actions_get: Get …\n\n…8000 tokens truncated…\nmcp__gh__update_issue: Up' },
      ],
    };
    expect(CODEX.searchResults([output], 'gh')).toEqual(['actions_get', 'update_issue']);
  });
});
