// What a page that resumes its event stream is sent: numbered lines, a job's
// progress only as its latest, and a bounded count of them.

import { describe, expect, it } from 'vitest';
import { EventReplay, MAX_REPLAY_EVENTS } from '../../../src/main/web-host/event-replay';

const parse = (lines: string[]) => lines.map((line) => JSON.parse(line) as { event: string; payload: { jobId?: string; fraction?: number }; seq: number });

describe('event replay', () => {
  it('numbers lines from 1 and keeps of each job only its latest event', () => {
    const replay = new EventReplay();
    expect(JSON.parse(replay.add('jobProgress', { jobId: 'a', stage: 'counting', fraction: 0.1 }))).toMatchObject({ seq: 1 });
    replay.add('jobProgress', { jobId: 'b', stage: 'counting', fraction: 0.1 });
    replay.add('jobProgress', { jobId: 'a', stage: 'counting', fraction: 0.9 });
    replay.add('jobsStarted', { jobs: [] });
    replay.add('jobFinished', { jobId: 'b', outcome: { ok: false, name: 'b', error: { code: 'cave_cancelled', message: 'x' } } });
    expect(parse(replay.since(0)).map(({ event, payload, seq }) => [seq, event, payload.jobId ?? '', payload.fraction ?? ''])).toEqual([
      [3, 'jobProgress', 'a', 0.9],
      [4, 'jobsStarted', '', ''],
      [5, 'jobFinished', 'b', ''],
    ]);
    expect(parse(replay.since(4)).map(({ seq }) => seq)).toEqual([5]);
    expect(replay.since(5)).toEqual([]);
  });

  it('a server being measured (the Servers view) is kept as its latest too: its result, not every step before it', () => {
    const replay = new EventReplay();
    for (const fraction of [0, 0.5, 1]) replay.add('serverProgress', { jobId: 'm', serverId: 'mcp-x', stage: 'listing', fraction });
    replay.add('serverProgress', { jobId: 'n', serverId: 'mcp-y', stage: 'measuring', fraction: 0.2 });
    replay.add('serverMeasured', { jobId: 'm', serverId: 'mcp-x', outcome: { ok: false, error: { code: 'cave_mcp_timeout', message: 'x' } } });
    expect(parse(replay.since(0)).map(({ event, payload, seq }) => [seq, event, payload.jobId])).toEqual([
      [4, 'serverProgress', 'n'],
      [5, 'serverMeasured', 'm'],
    ]);
  });

  it(`keeps at most ${MAX_REPLAY_EVENTS} events, the newest`, () => {
    const replay = new EventReplay();
    for (let i = 0; i < MAX_REPLAY_EVENTS + 10; i++)
      replay.add('jobFinished', { jobId: `job-${i}`, outcome: { ok: false, name: 'x', error: { code: 'cave_cancelled', message: 'x' } } });
    const kept = parse(replay.since(0));
    expect(kept).toHaveLength(MAX_REPLAY_EVENTS);
    expect(kept[0]!.seq).toBe(11);
    expect(kept.at(-1)!.seq).toBe(MAX_REPLAY_EVENTS + 10);
  });
});
