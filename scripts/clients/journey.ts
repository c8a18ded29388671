// The real-client journey CI runs after `npm test`: Claude Code with a
// server-filesystem entry that `caveman-shrink wrap` routes through the
// proxy at the profile Claude Code's initialize picks; `claude mcp list` says it is connected; the scripted model loads a
// tool with ToolSearch, calls it and gets the server's own answer, and asks
// caveman_describe, whose answer must be the server's own bytes for the tool
// (compared byte for byte with the server's tools/list text). When Claude
// Code cannot be installed it says so and passes: the rest of CI stands.

import { spawnSync } from 'node:child_process';
import { CATALOGS } from './catalogs';
import { CLAUDE_CODE } from './drivers/claude-code';
import { installClient } from './install-client';
import { CACHE_DIR } from './repo';
import { runSession, workDirOf } from './run-session';
import { sessionResult } from './session-result';
import { readSession } from './read-session';

/** Where two texts first differ, as cmp says it (1-based byte), or undefined when they are the same bytes. */
export function firstDifference(actual: string, expected: string): number | undefined {
  const a = Buffer.from(actual);
  const b = Buffer.from(expected);
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return i + 1;
  return undefined;
}

function check(ok: boolean, passed: string, failed: string): boolean {
  console.log(ok ? `ok    ${passed}` : `FAIL  ${failed}`);
  return ok;
}

export async function runJourney(): Promise<number> {
  const installation = installClient('claude-code', CACHE_DIR);
  if (!installation.ok) {
    console.log(`real-client journey skipped: Claude Code could not be installed (${installation.reason})`);
    return 0;
  }
  const catalog = CATALOGS.find((entry) => entry.id === 'server-filesystem')!;
  const driver = { ...CLAUDE_CODE, steps: new Set(['load-name', 'call', 'describe'] as const) };
  let mcpList = '';
  const session = await runSession(driver, installation.bin, catalog, 'profile', async (home, env) => {
    mcpList = spawnSync(installation.bin, ['mcp', 'list'], { cwd: workDirOf(home), env, encoding: 'utf8', timeout: 120_000 }).stdout ?? '';
  });
  const result = sessionResult(session);
  const [load, call, describe] = result.steps;
  const describeTexts = readSession(session).steps[2]?.texts ?? [];
  const own = session.reference!.tools.get(catalog.describeTool)!;
  const difference = firstDifference(describeTexts[0] ?? '', own);
  const connected = mcpList.split('\n').find((line) => line.startsWith(`${catalog.server}: `)) ?? '';
  const checks = [
    check(
      session.routed?.by === 'wrap',
      `wrap routed "${catalog.server}" in ~/.claude.json through the proxy (no listing flag: the proxy picks Claude Code's profile)`,
      `wrap did not route the entry`,
    ),
    check(/Connected/.test(connected), `claude mcp list: ${connected.replace(/^.* - /, '')}`, `claude mcp list does not say connected: ${mcpList.trim()}`),
    check(
      load?.found.includes(catalog.callTool) === true,
      `ToolSearch loaded ${catalog.callTool}`,
      `ToolSearch did not load ${catalog.callTool}: ${load?.found.join(', ')}`,
    ),
    check(
      call?.exact === true,
      `${catalog.callTool} through the proxy answered as the server does: ${session.reference!.callAnswer.join(' ')}`,
      `the call came back as: ${call?.answerStart}`,
    ),
    check(
      describe?.answered === true && difference === undefined,
      `caveman_describe ${catalog.describeTool}: the server's own ${Buffer.byteLength(own)} bytes`,
      `caveman_describe ${catalog.describeTool} differs from the server's tools/list text: byte ${difference}`,
    ),
  ];
  return checks.every(Boolean) ? 0 : 1;
}
