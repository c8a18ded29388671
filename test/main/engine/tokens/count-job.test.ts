// A count that is stopped says so in the sentence every cancellation uses
// (shared/errors.ts), whether the caller cancelled it or the counter closed.

import { afterAll, describe, expect, it } from 'vitest';
import { ParallelTokenCounter } from '../../../../src/main/engine/tokens/parallel-counter';
import { bigConcatenation } from './token-fixtures';

const text = bigConcatenation(2_000_000);

describe('a stopped count', () => {
  const counter = new ParallelTokenCounter({ workers: 1 });
  afterAll(() => counter.close());

  it('cancelled by its caller: "cancelled while counting tokens — nothing was stored"', async () => {
    const job = counter.begin(text, 'o200k_base');
    job.cancel();
    await expect(job.finish()).rejects.toMatchObject({ code: 'cave_cancelled', message: 'cancelled while counting tokens — nothing was stored' });
  });

  it('held by a counter that closes: "cancelled because the token counter was closed — nothing was stored"', async () => {
    const closing = new ParallelTokenCounter({ workers: 1 });
    const finished = closing.begin(text, 'o200k_base').finish({ help: false });
    await closing.close();
    await expect(finished).rejects.toMatchObject({ code: 'cave_cancelled', message: 'cancelled because the token counter was closed — nothing was stored' });
  });
});
