// One row per running job: its file name, the stage it is in, a progress bar
// named after the file, and Cancel. While an MCP server has not answered
// initialize there is nothing to measure: the row says what it waits for
// and for how long.

import { useEffect, useState } from 'react';
import { useApp, useCatalogs } from '../app-context';
import { outcomeWords } from '../../../shared/errors';
import type { JobFinishedEvent } from '../../../shared/contracts';
import type { JobStage, RunningJob } from '../state/catalogs-store';
import { errorMessage } from '../../../shared/error-message';
import { progressFillStyle } from '../lib/progress-fill';

const STAGES: Record<JobStage, string> = {
  queued: 'Waiting',
  connecting: 'Waiting for the server to answer initialize',
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
  const { error } = outcome;
  return `Cancelled ${name} — ${error.outcome ? outcomeWords(error.outcome) : error.message}.`;
}

/** Whole seconds since `since` (Date.now()), each drawn as it begins. */
function useSecondsSince(since: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const untilNextSecond = () => 1000 - ((Date.now() - since) % 1000);
    let timer = setTimeout(function tick() {
      setNow(Date.now());
      timer = setTimeout(tick, untilNextSecond());
    }, untilNextSecond());
    return () => clearTimeout(timer);
  }, [since]);
  return Math.floor((now - since) / 1000);
}

/** A stage with no fraction to show (a server starting): an open-ended bar and the time waited so far. */
function WaitingBar({ name, stage, since }: { name: string; stage: string; since: number }) {
  const seconds = useSecondsSince(since);
  return (
    <>
      <div className="progress is-waiting" role="progressbar" aria-label={name} aria-valuetext={`${stage}, ${seconds} s`}>
        <div className="progress-fill" />
      </div>
      <span className="job-percent" aria-hidden="true">
        {seconds} s
      </span>
    </>
  );
}

function JobRow({ job }: { job: RunningJob }) {
  const { stores } = useApp();
  const percent = Math.round(job.fraction * 100);
  const name = job.name || 'Catalog';
  const stage = job.cancelling ? 'Cancelling…' : STAGES[job.stage];
  const cancel = () =>
    void stores.catalogs
      .getState()
      .cancel(job.jobId)
      .then((result) => {
        const notice = result.cancelled ? cancelNotice(name, result.outcome) : null;
        if (notice) stores.ui.getState().notify('info', notice);
      })
      .catch((error: unknown) => stores.ui.getState().notify('error', `Could not cancel ${name}: ${errorMessage(error)}`));
  return (
    <li className="job-row">
      <div className="job-text">
        <span className="job-name" title={name}>
          {name}
        </span>
        <span className="job-stage">{stage}</span>
      </div>
      {job.stage === 'connecting' ? (
        <WaitingBar name={name} stage={STAGES.connecting} since={job.since} />
      ) : (
        <>
          <div
            className="progress"
            role="progressbar"
            aria-label={name}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${STAGES[job.stage]}, ${percent}%`}
          >
            <div className="progress-fill" style={progressFillStyle(percent)} />
          </div>
          <span className="job-percent" aria-hidden="true">
            {percent}%
          </span>
        </>
      )}
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
