// One finished analysis: the summary on top, the per-tool table and the
// diff side by side below.

import type { AnalysisSummary } from '../../../shared/contracts';
import { DiffView } from './diff-view';
import { SummaryPanel } from './summary-panel';
import { ToolTable } from './tool-table';

export function AnalysisView({ summary }: { summary: AnalysisSummary }) {
  return (
    <div className="analysis">
      <SummaryPanel summary={summary} />
      <div className="analysis-split">
        {summary.lint ? (
          <ToolTable key={summary.analysisId} lint={summary.lint} analysisId={summary.analysisId} />
        ) : (
          <section className="panel tools-panel" aria-label="Per-tool tokens">
            <div className="panel-head">
              <h3 className="panel-title">Per-tool tokens</h3>
            </div>
            <p className="panel-empty">No per-tool report: this input was not measured tool by tool.</p>
          </section>
        )}
        <DiffView analysisId={summary.analysisId} />
      </div>
    </div>
  );
}
