// The diff's whole path on the real catalogs: made in main (prettyDiff),
// written into the envelope (changes in bytes), packed on the decoding thread
// (compressed side put together, sections planned on the bytes), unpacked on
// the page (each section decoded, its changes in characters) — and what the
// page shows adds up to exactly what main made, cut where the old plan cut.
import { describe, expect, it } from 'vitest';
import { prettyDiff, type PrettyDiff } from '../../../src/main/engine/diff/pretty-diff';
import { parseJson } from '../../../src/main/engine/json/parse-json';
import { readCatalog } from '../../../src/main/engine/transform/catalog-shape';
import { packDiffEnvelope } from '../../../src/renderer/src/transport/decode-answers';
import { unpackDiff } from '../../../src/renderer/src/transport/diff-transfer';
import type { SectionLimits } from '../../../src/renderer/src/lib/diff-sections';
import { encodeDiff } from '../../../src/shared/ipc/diff-envelope';
import { realFixtures } from '../../helpers/fixtures';
import { shrinkText } from '../../helpers/transform';
import { wholeDiff } from '../fakes/whole-diff';

function diffOf(text: string): PrettyDiff {
  const before = parseJson(text);
  const after = parseJson(shrinkText(text));
  return prettyDiff(
    before,
    after,
    readCatalog(before)!.tools.map((tool) => ({ name: tool.name, original: tool.node })),
  );
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
  for (const limits of [undefined, { bytes: 2_000, changes: 12 }] as (SectionLimits | undefined)[]) {
    for (const { name, text } of catalogs) {
      it(`${name}${limits ? ', in small sections' : ''}: the sections add up to main's diff exactly, each starting a line, cut in unchanged text`, () => {
        const made = diffOf(text);
        const plan = unpackDiff(structuredClone(packDiffEnvelope(encodeDiff(made), undefined, limits)));
        const whole = wholeDiff(plan);
        expect(whole.original).toBe(made.original);
        expect(whole.compressed).toBe(made.compressed);
        expect(whole.changes).toEqual(made.changes);
        expect(plan.tools).toEqual(made.tools);
        expect(plan.changeCount).toBe(made.changes.length);
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
          for (const change of made.changes) expect(change.toA <= atA || change.fromA >= atA).toBe(true);
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
