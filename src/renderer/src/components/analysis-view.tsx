// One finished analysis: the summary on top, the per-tool table and the
// diff side by side below. The per-tool report and the diff are fetched when
// the analysis is shown (they can be megabytes for large catalogs).

import { useCallback } from 'react';
import type { AnalysisSummary } from '../../../shared/contracts';
import { useApp } from '../app-context';
import { useAnalysisData } from '../hooks/use-analysis-data';
import { DiffView } from './diff-view';
import { Spinner } from './spinner';
import { SummaryPanel } from './summary-panel';
import { ToolTable } from './tool-table';

function ToolTableLoader({ analysisId }: { analysisId: string }) {
  const { api } = useApp();
  const current = useAnalysisData(analysisId, useCallback((id: string) => api.getLintReport(id), [api]));

  if (current.state === 'ready') return <ToolTable key={analysisId} lint={current.value} analysisId={analysisId} />;
  return (
    <section className="panel tools-panel" aria-label="Per-tool tokens">
      <div className="panel-head">
        <h3 className="panel-title">Per-tool tokens</h3>
      </div>
      {current.state === 'loading' ? (
        <div className="diff-status">
          <Spinner label="Loading the per-tool report…" />
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
  return (
    <div className="analysis">
      <SummaryPanel summary={summary} />
      <div className="analysis-split">
        <ToolTableLoader analysisId={summary.analysisId} />
        <DiffView analysisId={summary.analysisId} />
      </div>
    </div>
  );
}
