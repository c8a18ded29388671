// The recent events of one page of the browser host, numbered, so a page
// whose stream dropped can be sent what it missed: a line written just
// before the drop never reached it, and lines emitted while it was away had
// nowhere to go. A job's progress is kept only as its latest (a finished job
// only as its result), so a long job does not push older results out.

import type { EventName, EventTypes } from '../../shared/ipc/channels';
import type { EventLine } from '../../shared/ipc/http-protocol';

/** Events kept per page at most; the oldest go first. */
export const MAX_REPLAY_EVENTS = 512;

/** Bytes of events kept per page at most; the oldest go first. */
export const MAX_REPLAY_BYTES = 4 * 1024 * 1024;

interface Kept {
  line: string;
  jobId?: string;
}

/** Events about one job: only the latest of each job is kept. */
const JOB_EVENTS: readonly EventName[] = ['jobProgress', 'jobFinished', 'serverProgress', 'serverMeasured'];

function jobOf(event: EventName, payload: unknown): string | undefined {
  if (!JOB_EVENTS.includes(event)) return undefined;
  return (payload as EventTypes['jobProgress' | 'jobFinished' | 'serverProgress' | 'serverMeasured']).jobId;
}

export class EventReplay {
  /** By seq, oldest first (a Map keeps insertion order). */
  private readonly kept = new Map<number, Kept>();
  /** A job's kept event (its latest progress, or its result). */
  private readonly byJob = new Map<string, number>();
  private bytes = 0;
  private last = 0;

  /** Numbers the event, keeps it, and answers its line. */
  add(event: EventName, payload: unknown): string {
    const seq = ++this.last;
    const message: EventLine = { event, payload, seq };
    const line = `${JSON.stringify(message)}\n`;
    const jobId = jobOf(event, payload);
    if (jobId !== undefined) {
      const superseded = this.byJob.get(jobId);
      if (superseded !== undefined) this.remove(superseded);
      this.byJob.set(jobId, seq);
    }
    this.kept.set(seq, { line, jobId });
    this.bytes += line.length;
    while (this.kept.size > MAX_REPLAY_EVENTS || (this.bytes > MAX_REPLAY_BYTES && this.kept.size > 1)) {
      this.remove(this.kept.keys().next().value as number);
    }
    return line;
  }

  /** The kept lines numbered after `seq`, in order. */
  since(seq: number): string[] {
    const lines: string[] = [];
    for (const [at, { line }] of this.kept) if (at > seq) lines.push(line);
    return lines;
  }

  private remove(seq: number): void {
    const kept = this.kept.get(seq);
    if (!kept) return;
    this.kept.delete(seq);
    this.bytes -= kept.line.length;
    if (kept.jobId !== undefined && this.byJob.get(kept.jobId) === seq) this.byJob.delete(kept.jobId);
  }
}
