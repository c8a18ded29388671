// The calls the proxy relays, counted per tool and written to the store a
// little later in one transaction (and when the proxy stops), so a call
// never waits for a write. Names and counts only: a call's arguments are
// never kept. A store that will not take them is said once, and calls go on.

import { errorMessage } from '../../../shared/error-message';

/** How long counted calls wait before they are written together. */
const WRITE_AFTER_MS = 2_000;

export class CallTally {
  private counts = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failed = false;

  constructor(
    /** Writes a batch: calls per tool name. */
    private readonly write: (counts: ReadonlyMap<string, number>) => void | Promise<void>,
    /** Says once that the store would not take them. */
    private readonly warn: (why: string) => void,
  ) {}

  count(tool: string): void {
    this.counts.set(tool, (this.counts.get(tool) ?? 0) + 1);
    this.timer ??= setTimeout(() => void this.flush(), WRITE_AFTER_MS);
    this.timer.unref?.();
  }

  /** Writes what was counted so far (the proxy calls it when it stops). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.counts.size === 0) return;
    const batch = this.counts;
    this.counts = new Map();
    try {
      await this.write(batch);
    } catch (error) {
      if (!this.failed) this.warn(`tool calls are not counted: the store would not take them (${errorMessage(error)})`);
      this.failed = true;
    }
  }
}
