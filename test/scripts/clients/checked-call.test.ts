// The checked-call transcript's steps: the tool made callable first (a load
// where the client defers tools, a wait where it lists them), then a call
// its original schema refuses and the same call corrected.

import { describe, expect, it } from 'vitest';
import { checkedCallSteps } from '../../../scripts/clients/checked-call';
import { CLAUDE_CODE } from '../../../scripts/clients/drivers/claude-code';
import { GEMINI_CLI } from '../../../scripts/clients/drivers/gemini-cli';

const wrong = { path: '/work/hello.txt', edits: [{ oldText: 'hello' }], dryRun: true };
const corrected = { path: '/work/hello.txt', edits: [{ oldText: 'hello', newText: 'hi' }], dryRun: true };

describe('checkedCallSteps', () => {
  it('loads edit_file where the client defers tools, then calls it without and with an edit’s newText', () => {
    expect(checkedCallSteps(CLAUDE_CODE, '/work', 'list_directory', { path: '/work' })).toEqual([
      { kind: 'load-name', tool: 'edit_file' },
      { kind: 'call', tool: 'edit_file', arguments: wrong },
      { kind: 'call', tool: 'edit_file', arguments: corrected },
    ]);
  });

  it('waits for the server with the catalog’s own call where the client lists every tool', () => {
    expect(checkedCallSteps(GEMINI_CLI, '/work', 'list_directory', { path: '/work' })[0]).toEqual({
      kind: 'wait',
      tool: 'list_directory',
      arguments: { path: '/work' },
    });
  });
});
