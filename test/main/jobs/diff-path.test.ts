// The diff's whole path on the real catalogs: made in main (prettyDiff),
// written into the envelope (changes in bytes), packed on the decoding thread
// (compressed side put together, sections planned on the bytes), unpacked on
// the page (each section decoded, its changes in characters) — and what the
// page shows adds up to exactly what main made, cut where the old plan cut.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DiffPlan } from '../../../src/shared/ipc/diff-plan';
import { encodeDiff } from '../../../src/shared/ipc/diff-envelope';
import { changeList } from '../../helpers/change-ranges';
import { realFixtures } from '../../helpers/fixtures';
import { shrinkDiff } from '../../helpers/transform';

// The page's side, loaded when the suite runs: main's tsconfig, which checks this suite, does not compile the page's code.
const fromPage = (path: string) => import(/* @vite-ignore */ fileURLToPath(new URL(`../../../src/renderer/src/${path}`, import.meta.url)));
type Limits = { bytes: number; changes: number };
const { packDiffEnvelope } = (await fromPage('transport/decode-answers.ts')) as {
  packDiffEnvelope: (bytes: Uint8Array, onStep?: undefined, limits?: Limits) => unknown;
};
const { unpackDiff } = (await fromPage('transport/diff-transfer.ts')) as { unpackDiff: (packed: unknown) => DiffPlan };

/** Both whole texts and every change in characters of them, from what the page is handed. */
function wholeDiff(plan: DiffPlan) {
  let original = '';
  let compressed = '';
  const changes: ReturnType<typeof changeList> = [];
  plan.sections.forEach((_, index) => {
    const texts = plan.textsOf(index);
    for (const change of changeList(texts.changes))
      changes.push({
        ...change,
        fromA: change.fromA + original.length,
        toA: change.toA + original.length,
        fromB: change.fromB + compressed.length,
        toB: change.toB + compressed.length,
      });
    original += texts.original;
    compressed += texts.compressed;
  });
  return { original, compressed, changes };
}

/** Lines before `at` on a side (1-based number of the line `at` starts). */
const lineAt = (text: string, at: number) => text.slice(0, at).split('\n').length;

/** Every real catalog, and one with non-ASCII text in every description (its byte offsets differ from its characters). */
const catalogs = [
  ...realFixtures().map((fixture) => ({ name: fixture.name, text: fixture.text })),
  ...realFixtures()
    .filter((fixture) => fixture.name === 'server-github.json')
    .map((fixture) => ({ name: 'server-github.json, non-ASCII', text: fixture.text.replace(/"description": "/g, '"description": "Übersicht 🦖 — ') })),
];

describe('the diff from main to the page', () => {
  for (const limits of [undefined, { bytes: 2_000, changes: 12 }] as (Limits | undefined)[]) {
    for (const { name, text } of catalogs) {
      it(`${name}${limits ? ', in small sections' : ''}: the sections add up to main's diff exactly, each starting a line, cut in unchanged text`, () => {
        const made = shrinkDiff(text);
        const plan = unpackDiff(structuredClone(packDiffEnvelope(encodeDiff(made), undefined, limits)));
        const whole = wholeDiff(plan);
        expect(whole.original).toBe(made.original);
        expect(whole.compressed).toBe(made.compressed);
        expect(whole.changes).toEqual(changeList(made.changes));
        expect(plan.tools).toEqual(made.tools);
        expect(plan.changeCount).toBe(made.changes.length / 5);
        if (limits) expect(plan.sections.length).toBeGreaterThan(text.length > 20_000 ? 4 : 0);
        let atA = 0;
        let atB = 0;
        plan.sections.forEach((section, index) => {
          const texts = plan.textsOf(index);
          // Where the section starts, in characters, on each side: a line start with the right number.
          expect(section.firstLineA).toBe(lineAt(made.original, atA));
          expect(section.firstLineB).toBe(lineAt(made.compressed, atB));
          if (index > 0) expect([made.original[atA - 1], made.compressed[atB - 1]]).toEqual(['\n', '\n']);
          expect(section.linesA).toBe(texts.original.split('\n').length - 1);
          // No change crosses a cut.
          for (const change of changeList(made.changes)) expect(change.toA <= atA || change.fromA >= atA).toBe(true);
          if (limits && section.changeEnd - section.firstChange > 1) {
            expect(section.changeEnd - section.firstChange).toBeLessThanOrEqual(limits.changes);
            // A cut falls at the first line start past the limit, or before the change that would pass it.
            const longestLine = Math.max(...texts.original.split('\n').map((line) => Buffer.byteLength(line) + 1));
            expect(section.toA - section.fromA).toBeLessThanOrEqual(limits.bytes + longestLine);
          }
          atA += texts.original.length;
          atB += texts.compressed.length;
        });
        // Each tool is counted in the section its first line falls in.
        expect(plan.sections.reduce((sum, section) => sum + section.toolCount, 0)).toBe(made.tools.length);
      });
    }
  }
});
