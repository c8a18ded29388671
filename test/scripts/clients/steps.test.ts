// A session's steps: a client that searches loads first and asks every
// recall query three times; one that lists every tool starts with a wait
// (the call, until the server answers), so the measured call's round trip
// is not its server's start.

import { describe, expect, it } from 'vitest';
import { CATALOGS } from '../../../scripts/clients/catalogs';
import { CLAUDE_CODE } from '../../../scripts/clients/drivers/claude-code';
import { GEMINI_CLI } from '../../../scripts/clients/drivers/gemini-cli';
import { RECALL_REPEATS, sessionSteps } from '../../../scripts/clients/steps';

const filesystem = CATALOGS.find((catalog) => catalog.id === 'server-filesystem')!;

describe('sessionSteps', () => {
  it('loads by name and keywords first, then calls, describes and asks each recall query three times', () => {
    const steps = sessionSteps(filesystem, '/work', CLAUDE_CODE.steps);
    expect(steps.slice(0, 4).map((step) => step.kind)).toEqual(['load-name', 'load-keywords', 'call', 'describe']);
    expect(steps.filter((step) => step.kind === 'recall')).toHaveLength(Object.keys(filesystem.queries).length * RECALL_REPEATS);
    expect(steps[2]).toEqual({ kind: 'call', tool: 'list_directory', arguments: { path: '/work' } });
  });

  it('starts a client without loads with a wait: the same call, taken until the server answers', () => {
    expect(sessionSteps(filesystem, '/work', GEMINI_CLI.steps)).toEqual([
      { kind: 'wait', tool: 'list_directory', arguments: { path: '/work' } },
      { kind: 'call', tool: 'list_directory', arguments: { path: '/work' } },
      { kind: 'describe', tool: 'search_files' },
    ]);
  });
});
