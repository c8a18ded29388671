// The Results tab: running jobs, the loaded catalogs, and the one on screen
// (its analysis or its failure) — or the welcome panel when nothing is loaded.

import { useCatalogs } from '../app-context';
import { outcomeFor } from '../state/catalogs-store';
import { AnalysisView } from './analysis-view';
import { CatalogSwitcher } from './catalog-switcher';
import { EmptyState } from './empty-state';
import { FailurePanel } from './failure-panel';
import { JobList } from './job-list';

export function ResultsView() {
  const active = useCatalogs((state) => outcomeFor(state, state.activeKey));
  const hasJobs = useCatalogs((state) => state.jobs.length > 0);
  const hasLoaded = useCatalogs((state) => state.order.length > 0);

  if (!hasJobs && !hasLoaded) return <EmptyState />;
  return (
    <div className="results">
      <JobList />
      <CatalogSwitcher />
      {active ? active.ok ? <AnalysisView key={active.analysisId} summary={active} /> : <FailurePanel failure={active} /> : null}
    </div>
  );
}
