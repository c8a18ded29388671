// One finished analysis: the summary on top, the per-tool table and the
// diff side by side below. The per-tool report and the diff are fetched when
// the analysis is shown (they can be megabytes for large catalogs).

import { useEffect, useState } from 'react';
import type { AnalysisSummary, ErrorValue, LintReport } from '../../../shared/contracts';
import { asCavemanError } from '../../../shared/errors';
import { useApp } from '../app-context';
import { DiffView } from './diff-view';
import { Spinner } from './spinner';
import { SummaryPanel } from './summary-panel';
import { ToolTable } from './tool-table';

type LintLoad = { id: string; state: 'loading' } | { id: string; state: 'ready'; lint: LintReport } | { id: string; state: 'error'; error: ErrorValue };

function ToolTableLoader({ analysisId }: { analysisId: string }) {
  const { api } = useApp();
  const [load, setLoad] = useState<LintLoad>({ id: analysisId, state: 'loading' });
  const current: LintLoad = load.id === analysisId ? load : { id: analysisId, state: 'loading' };

  useEffect(() => {
    let live = true;
    api.getLintReport(analysisId).then(
      (lint) => live && setLoad({ id: analysisId, state: 'ready', lint }),
      (error: unknown) => live && setLoad({ id: analysisId, state: 'error', error: asCavemanError(error).toValue() }),
    );
    return () => {
      live = false;
    };
  }, [api, analysisId]);

  if (current.state === 'ready') return <ToolTable key={analysisId} lint={current.lint} analysisId={analysisId} />;
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
