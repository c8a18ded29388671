// The CI profile check's verdicts: a query found direct must be found
// through the proxy at no worse a rank (repeated searches: the proxy's best
// against direct's worst), and Codex's ALL_TOOLS must show as many tools.

import { describe, expect, it } from 'vitest';
import { listingVerdict, recallVerdicts } from '../../../scripts/clients/profile-check';
import type { HarnessCatalog } from '../../../scripts/clients/catalogs';
import type { SessionResult, StepResult } from '../../../scripts/clients/session-result';

const catalog = { id: 'server-filesystem', queries: { 'rename file': 'move_file' } } as unknown as HarnessCatalog;
const step = (kind: StepResult['kind'], found: string[]): StepResult => ({ kind, target: 'rename file', answered: true, found }) as StepResult;
const session = (...lists: string[][]): SessionResult => ({ steps: lists.map((found) => step('recall', found)), serverTools: 14 }) as unknown as SessionResult;

describe('recallVerdicts', () => {
  it('the same or a better rank passes; a worse one, or a miss in any repetition, fails', () => {
    const direct = session(['edit_file', 'move_file'], ['move_file', 'edit_file']);
    expect(recallVerdicts(catalog, direct, session(['move_file']))[0]!.ok).toBe(true);
    // Ties in another order: the proxy's best (2) is no worse than direct's worst (2).
    expect(recallVerdicts(catalog, direct, session(['a', 'move_file'], ['a', 'b', 'move_file']))[0]!.ok).toBe(true);
    expect(recallVerdicts(catalog, direct, session(['a', 'b', 'move_file']))[0]).toEqual({
      ok: false,
      line: 'server-filesystem "rename file" → move_file: rank 1–2 direct, 3 through the proxy',
    });
    expect(recallVerdicts(catalog, direct, session(['move_file'], ['a']))[0]!.ok).toBe(false);
  });

  it('a query direct does not find cannot fail', () => {
    expect(recallVerdicts(catalog, session(['a']), session(['b']))[0]!.ok).toBe(true);
  });
});

describe('listingVerdict', () => {
  it("passes when the proxy's ALL_TOOLS shows at least as many of the server's tools (caveman_describe not counted)", () => {
    const listing = (found: string[]) => ({ steps: [step('listing', found)], serverTools: 3 }) as unknown as SessionResult;
    expect(listingVerdict(catalog, listing(['a', 'b']), listing(['a', 'b', 'caveman_describe'])).ok).toBe(true);
    expect(listingVerdict(catalog, listing(['a', 'b']), listing(['a', 'caveman_describe']))).toEqual({
      ok: false,
      line: 'server-filesystem: ALL_TOOLS shows 2 of 3 tools direct, 1 through the proxy',
    });
  });
});
