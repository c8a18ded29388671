// One finished analysis: the summary on top, the per-tool table and the
// diff side by side below (or the diff alone, expanded). The per-tool report and the diff are fetched when
// the analysis is shown (they can be megabytes for large catalogs), or taken
// over from the fetch begun when its job finished, or drawn at once from the
// report that came with that event (result-prefetch.ts).

import { useCallback } from 'react';
import type { AnalysisSummary } from '../../../shared/contracts';
import type { LoadProgress } from '../../../shared/ipc/caveman-api';
import { useApp, useUi } from '../app-context';
import { useAnalysisData } from '../hooks/use-analysis-data';
import { whyNoCompressed } from '../lib/compressed-handout';
import { AnalysisSplit } from './analysis-split';
import { DiffView } from './diff-view';
import { PreviewTag } from './preview-tag';
import { LoadStatus } from './load-status';
import { SummaryPanel } from './summary-panel';
import { ToolTable } from './tool-table';

function ToolTableLoader({ analysisId, preview }: { analysisId: string; preview: string | null }) {
  const { api, stores } = useApp();
  const current = useAnalysisData(
    analysisId,
    useCallback(
      (id: string, onProgress: (progress: LoadProgress) => void) =>
        stores.prefetch.take('lint', id, onProgress) ?? api.getLintReport({ analysisId: id }, { onProgress }),
      [api, stores],
    ),
    stores.prefetch.known,
  );

  if (current.state === 'ready') return <ToolTable key={analysisId} lint={current.value} analysisId={analysisId} preview={preview} />;
  return (
    <section className="panel tools-panel" aria-label="Per-tool tokens">
      <div className="panel-head">
        <h3 className="panel-title">Per-tool tokens</h3>
        <PreviewTag reason={preview} />
      </div>
      {current.state === 'loading' ? (
        <div className="diff-status">
          <LoadStatus what="the per-tool report" progress={current.progress} />
        </div>
      ) : (
        <div className="diff-status" role="alert">
          <p>Could not load the per-tool report: {current.error.message}</p>
        </div>
      )}
    </section>
  );
}

export function AnalysisView({ summary }: { summary: AnalysisSummary }) {
  // When nothing is handed out, the table and the diff still show what the
  // shrink would remove — labelled as a preview so they cannot be misread.
  const preview = whyNoCompressed(summary);
  // An expanded diff takes the summary's room too (hidden, so nothing typed there is lost).
  const expanded = useUi((state) => state.diffExpanded);
  return (
    <div className={expanded ? 'analysis analysis-diff-expanded' : 'analysis'}>
      <SummaryPanel summary={summary} />
      <AnalysisSplit
        table={<ToolTableLoader analysisId={summary.analysisId} preview={preview} />}
        diff={<DiffView analysisId={summary.analysisId} preview={preview} />}
      />
    </div>
  );
}
