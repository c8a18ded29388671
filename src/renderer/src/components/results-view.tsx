// The Results tab: running jobs (once they have run JOBS_SHOWN_AFTER_MS), the
// loaded catalogs, and the one on screen (its analysis or its failure) — or
// the welcome panel when nothing is loaded.

import { useCatalogs } from '../app-context';
import { useHeldFor } from '../hooks/use-held-for';
import { JOBS_SHOWN_AFTER_MS } from '../lib/job-list-delay';
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
  const showJobs = useHeldFor(hasJobs, JOBS_SHOWN_AFTER_MS);

  if (!showJobs && !hasLoaded) return <EmptyState />;
  return (
    <div className="results">
      {showJobs ? <JobList /> : null}
      <CatalogSwitcher />
      {active ? active.ok ? <AnalysisView key={active.analysisId} summary={active} /> : <FailurePanel failure={active} /> : null}
    </div>
  );
}
