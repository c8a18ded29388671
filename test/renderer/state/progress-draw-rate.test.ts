import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectEvents, createAppStores } from '../../../src/renderer/src/state/app-stores';
import { PROGRESS_DRAW_MS } from '../../../src/renderer/src/state/progress-per-frame';
import { createFakeApi } from '../fakes/fake-api';

const FRAME_MS = 16;

/** The page's animation frames, run by hand: each `frame()` runs the callbacks asked for so far, 16 ms after the last. */
function fakeFrames() {
  let queued: FrameRequestCallback[] = [];
  let now = 1000;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => queued.push(callback));
  return () => {
    now += FRAME_MS;
    const due = queued;
    queued = [];
    for (const callback of due) callback(now);
  };
}

describe('progress draw rate', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('draws a running job’s percent at most every PROGRESS_DRAW_MS on the page’s frames, its new stage at once', () => {
    const frame = fakeFrames();
    const api = createFakeApi();
    const stores = createAppStores(api);
    connectEvents(api, stores, () => undefined);
    api.emit('jobsStarted', { jobs: [{ jobId: 'm1', name: 'one.json' }] });
    const fraction = () => stores.catalogs.getState().jobs[0]?.fraction;

    api.emit('jobProgress', { jobId: 'm1', stage: 'counting', fraction: 0.1 });
    expect(fraction()).toBe(0.1);
    api.emit('jobProgress', { jobId: 'm1', stage: 'counting', fraction: 0.2 });
    frame();
    expect(fraction()).toBe(0.2);

    // A percent every frame, as a small catalog's job sends them: one drawn per PROGRESS_DRAW_MS, the latest.
    const drawn = new Set<number>();
    for (let step = 1; step <= 30; step++) {
      api.emit('jobProgress', { jobId: 'm1', stage: 'counting', fraction: 0.2 + step / 100 });
      frame();
      drawn.add(fraction()!);
    }
    // 30 frames of 16 ms: at most 5 draws (100 ms apart), and the bar still moved.
    expect(drawn.size).toBeLessThanOrEqual(Math.ceil((30 * FRAME_MS) / PROGRESS_DRAW_MS));
    expect(drawn.size).toBeGreaterThanOrEqual(3);
    for (let wait = 0; wait < PROGRESS_DRAW_MS / FRAME_MS + 1; wait++) frame();
    expect(fraction()).toBeCloseTo(0.5);

    // A new stage is not held back.
    api.emit('jobProgress', { jobId: 'm1', stage: 'checking', fraction: 0.6 });
    expect(stores.catalogs.getState().jobs[0]).toMatchObject({ stage: 'checking', fraction: 0.6 });
  });
});
