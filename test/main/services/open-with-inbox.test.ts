// Files named at launch or by the OS wait for a window, then start there in order and are announced once.

import { describe, expect, it } from 'vitest';
import type { JobStarted } from '../../../src/shared/contracts';
import type { CallContext } from '../../../src/main/services/dispatch';
import { createOpenWithInbox } from '../../../src/main/services/open-with-inbox';

function recordingContext(clientId: string) {
  const events: [string, unknown][] = [];
  const context: CallContext = { clientId, emit: (event, payload) => void events.push([event, payload]) };
  return { context, events };
}

function recordingOpen() {
  const calls: { paths: readonly string[]; clientId: string }[] = [];
  const open = async (paths: readonly string[], context: CallContext): Promise<JobStarted[]> => {
    calls.push({ paths, clientId: context.clientId });
    return paths.map((path) => ({ jobId: `job-${path}`, name: path }));
  };
  return { calls, open };
}

describe('the open-with inbox', () => {
  it('keeps paths until a window attaches, then starts them there and announces them with jobsStarted', async () => {
    const { calls, open } = recordingOpen();
    const inbox = createOpenWithInbox(open, (error) => expect.unreachable(String(error)));
    inbox.add(['/a.json', '/b.json']);
    await inbox.settled();
    expect(calls).toEqual([]);

    const window = recordingContext('w1');
    inbox.attach(window.context);
    await inbox.settled();
    expect(calls).toEqual([{ paths: ['/a.json', '/b.json'], clientId: 'w1' }]);
    expect(window.events).toEqual([
      [
        'jobsStarted',
        {
          jobs: [
            { jobId: 'job-/a.json', name: '/a.json' },
            { jobId: 'job-/b.json', name: '/b.json' },
          ],
        },
      ],
    ]);
  });

  it('delivers later paths at once, in order, and each only once (a reload re-attaches without repeats)', async () => {
    const { calls, open } = recordingOpen();
    const inbox = createOpenWithInbox(open, (error) => expect.unreachable(String(error)));
    const window = recordingContext('w1');
    inbox.attach(window.context);
    inbox.add(['/c.json']);
    inbox.add(['/d.json']);
    inbox.attach(window.context);
    await inbox.settled();
    expect(calls.map((call) => call.paths)).toEqual([['/c.json'], ['/d.json']]);
    expect(window.events).toHaveLength(2);
  });

  it('waits again once its window is gone, and goes to the next window', async () => {
    const { calls, open } = recordingOpen();
    const inbox = createOpenWithInbox(open, (error) => expect.unreachable(String(error)));
    const first = recordingContext('w1');
    const second = recordingContext('w2');
    inbox.attach(first.context);
    inbox.detach('w1');
    inbox.add(['/e.json']);
    await inbox.settled();
    expect(calls).toEqual([]);
    inbox.attach(second.context);
    await inbox.settled();
    expect(calls).toEqual([{ paths: ['/e.json'], clientId: 'w2' }]);
    // Detaching a window that is no longer the target changes nothing.
    inbox.detach('w1');
    inbox.add(['/f.json']);
    await inbox.settled();
    expect(calls.at(-1)).toEqual({ paths: ['/f.json'], clientId: 'w2' });
  });

  it('reports a delivery that failed as a whole and keeps delivering later ones', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const inbox = createOpenWithInbox(
      async (paths) => {
        if (fail) throw new Error('worker gone');
        return paths.map((path) => ({ jobId: path, name: path }));
      },
      (error) => errors.push(error),
    );
    const window = recordingContext('w1');
    inbox.attach(window.context);
    inbox.add(['/g.json']);
    await inbox.settled();
    fail = false;
    inbox.add(['/h.json']);
    await inbox.settled();
    expect(errors).toEqual([new Error('worker gone')]);
    expect(window.events).toEqual([['jobsStarted', { jobs: [{ jobId: '/h.json', name: '/h.json' }] }]]);
  });
});
