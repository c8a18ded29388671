// The check CI runs after the journey: each deferring client, with each
// catalog's server direct and through the proxy at the profile the client's
// initialize picks, must find what it finds direct. Claude Code's own search
// (ToolSearch) must rank every query's intended tool that it finds direct at
// no worse a rank through the proxy; Codex's code mode, which has no search
// but reads the ALL_TOOLS listing up to a cut, must see at least as many of
// the server's tools through the proxy as direct. A client that cannot be
// installed is said so and skipped.

import { CATALOGS, type HarnessCatalog } from './catalogs';
import type { ClientDriver } from './client-driver';
import { CLAUDE_CODE } from './drivers/claude-code';
import { CODEX } from './drivers/codex';
import { installClient } from './install-client';
import { rankCell, ranksOf, worstRank } from './report';
import { CACHE_DIR } from './repo';
import { runSession } from './run-session';
import { sessionResult, type SessionResult } from './session-result';
import { DESCRIBE_TOOL, type StepKind } from './steps';

type Verdict = { ok: boolean; line: string };

/** Direct, then through the proxy at the client's profile, with only `kind` steps. */
async function bothWays(driver: ClientDriver, bin: string, catalog: HarnessCatalog, kind: StepKind): Promise<[SessionResult, SessionResult]> {
  const only = { ...driver, steps: new Set([kind]) } as ClientDriver;
  const direct = sessionResult(await runSession(only, bin, catalog, 'direct'));
  const proxied = sessionResult(await runSession(only, bin, catalog, 'profile'));
  return [direct, proxied];
}

/** A query direct finds every time is worse through the proxy when the proxy's best rank is below direct's worst, or it is missed. */
export function recallVerdicts(catalog: HarnessCatalog, direct: SessionResult, proxied: SessionResult): Verdict[] {
  return Object.entries(catalog.queries).map(([query, tool]) => {
    const [before, after] = [ranksOf(direct, query, tool), ranksOf(proxied, query, tool)];
    const found = after.filter((rank) => rank > 0);
    const worse = worstRank(before) !== Infinity && (found.length < after.length || Math.min(...found) > worstRank(before));
    return { ok: !worse, line: `${catalog.id} "${query}" → ${tool}: rank ${rankCell(before)} direct, ${rankCell(after)} through the proxy` };
  });
}

export function listingVerdict(catalog: HarnessCatalog, direct: SessionResult, proxied: SessionResult): Verdict {
  const shown = (result: SessionResult) => result.steps.find((step) => step.kind === 'listing')?.found.filter((name) => name !== DESCRIBE_TOOL).length ?? 0;
  const [before, after] = [shown(direct), shown(proxied)];
  return { ok: after >= before, line: `${catalog.id}: ALL_TOOLS shows ${before} of ${direct.serverTools} tools direct, ${after} through the proxy` };
}

async function checkClient(driver: ClientDriver, check: (catalog: HarnessCatalog, bin: string) => Promise<Verdict[]>): Promise<boolean> {
  const installation = installClient(driver.pkg, CACHE_DIR);
  if (!installation.ok) {
    console.log(`skip  ${driver.label}: it could not be installed (${installation.reason})`);
    return true;
  }
  let ok = true;
  for (const catalog of CATALOGS) {
    for (const verdict of await check(catalog, installation.bin)) {
      console.log(`${verdict.ok ? 'ok  ' : 'FAIL'}  ${driver.label}: ${verdict.line}`);
      ok &&= verdict.ok;
    }
  }
  return ok;
}

export async function runProfileCheck(): Promise<number> {
  const claude = await checkClient(CLAUDE_CODE, async (catalog, bin) => recallVerdicts(catalog, ...(await bothWays(CLAUDE_CODE, bin, catalog, 'recall'))));
  const codex = await checkClient(CODEX, async (catalog, bin) => [listingVerdict(catalog, ...(await bothWays(CODEX, bin, catalog, 'listing')))]);
  return claude && codex ? 0 : 1;
}
