// One row per running job: its file name, the stage it is in, a progress bar
// named after the file, and Cancel.

import { useApp, useCatalogs } from '../app-context';
import { cancellationOutcome } from '../../../shared/errors';
import type { JobFinishedEvent } from '../../../shared/contracts';
import type { JobStage, RunningJob } from '../state/catalogs-store';

const STAGES: Record<JobStage, string> = {
  queued: 'Waiting',
  listing: 'Listing the server’s tools',
  transforming: 'Shrinking',
  counting: 'Counting tokens',
  storing: 'Storing the original',
  checking: 'Checking guarantees',
  diffing: 'Preparing the diff',
};

/** What a cancel did, from how the job ended; a failure for another reason is shown by its own panel. */
function cancelNotice(name: string, outcome: JobFinishedEvent['outcome']): string | null {
  if (outcome.ok) return `${name} finished before the cancel reached it; its result is open.`;
  if (outcome.error.code !== 'cave_cancelled') return null;
  return `Cancelled ${name} — ${cancellationOutcome(outcome.error.message)}.`;
}

function JobRow({ job }: { job: RunningJob }) {
  const { stores } = useApp();
  const percent = Math.round(job.fraction * 100);
  const name = job.name || 'Catalog';
  const cancel = () =>
    void stores.catalogs
      .getState()
      .cancel(job.jobId)
      .then((result) => {
        const notice = result.cancelled ? cancelNotice(name, result.outcome) : null;
        if (notice) stores.ui.getState().notify('info', notice);
      })
      .catch((error: unknown) => stores.ui.getState().notify('error', `Could not cancel ${name}: ${error instanceof Error ? error.message : String(error)}`));
  return (
    <li className="job-row">
      <div className="job-text">
        <span className="job-name" title={name}>
          {name}
        </span>
        <span className="job-stage">{job.cancelling ? 'Cancelling…' : STAGES[job.stage]}</span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${STAGES[job.stage]}, ${percent}%`}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="job-percent" aria-hidden="true">
        {percent}%
      </span>
      <button type="button" className="button button-small" onClick={cancel} disabled={job.cancelling} title={`Stop shrinking ${name}`}>
        Cancel
      </button>
    </li>
  );
}

export function JobList() {
  const jobs = useCatalogs((state) => state.jobs);
  if (jobs.length === 0) return null;
  return (
    <section className="job-list" aria-label="Running jobs">
      <ul>
        {jobs.map((job) => (
          <JobRow key={job.jobId} job={job} />
        ))}
      </ul>
    </section>
  );
}
