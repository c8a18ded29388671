// The constraint check reads each sentence of the input once: the count of constraint sentences the report gives comes from the
// walk that looks for the missing ones (a second walk, for the count alone, tested every sentence against the markers again).

import { describe, expect, it, vi } from 'vitest';
import type * as ConstraintMarkers from '../../../../src/main/engine/transform/constraint-markers';

const tested = vi.hoisted(() => ({ sentences: 0 }));
vi.mock('../../../../src/main/engine/transform/constraint-markers', async (importOriginal) => {
  const actual = await importOriginal<typeof ConstraintMarkers>();
  return {
    ...actual,
    hasConstraintMarker: (sentence: string) => {
      tested.sentences++;
      return actual.hasConstraintMarker(sentence);
    },
  };
});

const { parseJson } = await import('../../../../src/main/engine/json/parse-json');
const { checkGuarantees, checkOutput } = await import('../../../../src/main/engine/guarantees/check-guarantees');
const { constraintSentencesOf } = await import('../../../../src/main/engine/guarantees/constraint-survival');
const { descriptionSites } = await import('../../../../src/main/engine/guarantees/description-sites');
const { splitSentences } = await import('../../../../src/main/engine/transform/split-sentences');
const { LEVELS } = await import('../../../../src/shared/levels');
const { realFixtures } = await import('../../../helpers/fixtures');
const { shrinkText } = await import('../../../helpers/transform');

describe('the constraint check', () => {
  it('tests each sentence of the input against the markers once, and counts what constraintSentencesOf counts', () => {
    for (const fixture of realFixtures())
      for (const level of LEVELS) {
        const before = parseJson(fixture.text);
        const after = parseJson(shrinkText(fixture.text, { level }));
        const checked = checkOutput(before, after, undefined, undefined, level);
        const sentences = descriptionSites(before).reduce((sum, site) => sum + splitSentences(site.text.trim()).length, 0);
        tested.sentences = 0;
        const report = checkGuarantees(before, after, checked);
        expect(tested.sentences, `${fixture.name} at ${level}`).toBe(sentences);
        expect(report.constraints.sentences, `${fixture.name} at ${level}`).toBe(constraintSentencesOf(before).length);
      }
  });
});
