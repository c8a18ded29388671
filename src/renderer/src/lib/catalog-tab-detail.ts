// What a catalog's tab says beside its name: the share saved of what
// Claude sees (the headline everywhere), OpenAI's and the JSON's in its
// tooltip; the JSON saving, labelled, only when what the model sees was not
// counted; or why nothing was saved.

import type { AnalysisFailure, AnalysisSummary } from '../../../shared/contracts';
import { savingRatio } from '../../../shared/ratio';
import { formatPercent } from './format';

export interface TabDetail {
  text: string;
  title?: string;
  /** Nothing was kept: the tab is marked. */
  failed: boolean;
}

export function catalogTabDetail(outcome: AnalysisSummary | AnalysisFailure): TabDetail {
  if (!outcome.ok) return { text: 'failed', failed: true };
  const { report, visible } = outcome;
  const reason = report.pass_through?.reason;
  if (reason === 'store_error' || report.error) return { text: 'not stored', failed: true };
  if (reason) return { text: 'unchanged', failed: false };
  const json = `as JSON ${formatPercent(report.ratio)}`;
  if (!visible)
    return {
      text: `JSON ${formatPercent(report.ratio)} saved`,
      title: 'What the model sees was not counted: the share saved of the catalog file as JSON',
      failed: false,
    };
  const { anthropic, openai } = visible;
  const claude = formatPercent(savingRatio(anthropic.tokens_before, anthropic.tokens_after));
  return {
    text: `${claude} saved`,
    title: `${claude} of what Claude sees saved · OpenAI ${formatPercent(savingRatio(openai.tokens_before, openai.tokens_after))} · ${json}`,
    failed: false,
  };
}
