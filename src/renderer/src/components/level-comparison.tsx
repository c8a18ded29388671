// Every level at a glance, under the summary's cards: what the model sees of
// the catalog at each level (anthropic, with the JSON and OpenAI's harmony in
// each title), the level on screen marked. Each is a button that switches to
// it (the same switch as the settings' Level). The figures are made on
// demand, off the main thread, and kept per original, tokenizer and sharing:
// switching levels re-shrinks the catalog but not the comparison. They are
// asked for once the page is idle after the result was drawn: counting four
// levels on the host would take the two cores from the diff's first build.

import { useEffect, useState } from 'react';
import type { AnalysisSummary, LevelComparison } from '../../../shared/contracts';
import { asCavemanError } from '../../../shared/errors';
import { LEVEL_KEEPS } from '../../../shared/levels';
import { savingRatio } from '../../../shared/ratio';
import { useApp } from '../app-context';
import { formatInt, formatPercent } from '../lib/format';
import { whenIdle } from '../lib/when-idle';

const made = new Map<string, Promise<LevelComparison>>();

/** How long a busy page may put the comparison off. */
const IDLE_TIMEOUT_MS = 1000;

function comparisonKey(summary: AnalysisSummary): string {
  return `${summary.report.recovery_handle ?? summary.analysisId}|${summary.tokenizer}|${summary.shareSchemas === true}`;
}

export function LevelComparisonRow({ summary }: { summary: AnalysisSummary }) {
  const { api, commands } = useApp();
  const key = comparisonKey(summary);
  const [state, setState] = useState<{ key: string; comparison?: LevelComparison; error?: string } | null>(null);

  useEffect(() => {
    let current = true;
    const ask = () => {
      let pending = made.get(key);
      if (!pending) {
        pending = api.compareLevels({ analysisId: summary.analysisId });
        made.set(key, pending);
        pending.catch(() => made.delete(key));
      }
      pending.then(
        (comparison) => current && setState({ key, comparison }),
        (error: unknown) => current && setState({ key, error: asCavemanError(error).message }),
      );
    };
    // Made already (this original shown before): at once; else once the page is idle.
    let cancel: (() => void) | undefined;
    if (made.has(key)) ask();
    else cancel = whenIdle(ask, IDLE_TIMEOUT_MS);
    return () => {
      current = false;
      cancel?.();
    };
  }, [api, key, summary.analysisId]);

  const shown = state?.key === key ? state : null;
  return (
    <div className="level-row" role="group" aria-label="Levels: what the model sees">
      <span className="level-row-label">Levels</span>
      {shown?.error ? (
        <span className="level-row-note">Could not compare the levels: {shown.error}</span>
      ) : !shown?.comparison ? (
        <span className="level-row-note" aria-live="polite">
          Counting each level…
        </span>
      ) : (
        shown.comparison.levels.map((figures) => {
          const before = shown.comparison!.before;
          const saving = savingRatio(before.anthropic, figures.anthropic);
          return (
            <button
              key={figures.level}
              type="button"
              className="level-choice"
              aria-pressed={figures.level === summary.level}
              onClick={() => commands.setLevel(figures.level)}
              title={
                `${figures.level}: ${LEVEL_KEEPS[figures.level]}. The model sees ${formatInt(figures.anthropic)} tokens, ` +
                `${formatPercent(saving)} fewer than the catalog as it came (harmony ${formatInt(figures.openai)}); as JSON ` +
                `${formatInt(figures.tokens)}${figures.passesThrough ? '; nothing to save at this level, it passes through' : ''}`
              }
            >
              <span className="level-choice-name">{figures.level}</span>
              <span className="level-choice-tokens">{formatInt(figures.anthropic)}</span>
            </button>
          );
        })
      )}
    </div>
  );
}
