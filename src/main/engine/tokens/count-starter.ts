// What a GrowingCount needs of the counter that runs its job, named on its
// own so growing-count.ts does not import the counter that imports it
// (ParallelTokenCounter is the one that implements it).

import type { TokenizerName } from '../../../shared/tokenizers';
import type { CountJob, CountJobOptions, CountText, SharedCountJob } from './count-job';

export interface CountStarter {
  /** A job counting a finished text. */
  begin(text: CountText, tokenizer: TokenizerName, options?: CountJobOptions): CountJob;
  /** A job counting a shared buffer while it is still being written, with room for `capacity` chunks. */
  beginGrowingJob(buffer: Uint8Array<SharedArrayBuffer>, tokenizer: TokenizerName, capacity: number, options: CountJobOptions): SharedCountJob;
}
