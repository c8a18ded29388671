// Large shared buffers kept from one shrink for the next. The first write to
// a new buffer costs a page fault per 4 KiB page; a buffer written before
// costs none. A long-running caller (the app, the proxy, a bench) thus
// pays for its buffers once. They are let go after a while unused, so an
// idle app does not hold them.

/** Buffers kept at most: a shrink takes two (its input's copy and its output). */
const KEPT_AT_MOST = 2;
/** Unused this long, the kept buffers are let go. */
const KEPT_FOR_MS = 15_000;

export class SharedScratch {
  private kept: SharedArrayBuffer[] = [];
  private letGo: ReturnType<typeof setTimeout> | undefined;

  /** The smallest kept buffer of at least `byteLength` bytes (no longer kept), else a new one. */
  take(byteLength: number): SharedArrayBuffer {
    let best = -1;
    this.kept.forEach((buffer, i) => {
      if (buffer.byteLength >= byteLength && (best === -1 || buffer.byteLength < this.kept[best]!.byteLength)) best = i;
    });
    if (best === -1) return new SharedArrayBuffer(byteLength);
    return this.kept.splice(best, 1)[0]!;
  }

  /**
   * Keeps `buffer` for a later take(). Only for a buffer nothing will read or
   * write again: no view handed out, no worker still counting or hashing it.
   * Past KEPT_AT_MOST the smallest is let go.
   */
  give(buffer: SharedArrayBuffer): void {
    this.kept.push(buffer);
    if (this.kept.length > KEPT_AT_MOST) {
      this.kept.sort((a, b) => b.byteLength - a.byteLength);
      this.kept.length = KEPT_AT_MOST;
    }
    clearTimeout(this.letGo);
    this.letGo = setTimeout(() => this.clear(), KEPT_FOR_MS);
    this.letGo.unref?.();
  }

  /** Lets every kept buffer go. */
  clear(): void {
    clearTimeout(this.letGo);
    this.letGo = undefined;
    this.kept = [];
  }

  /** Bytes kept now (for tests and diagnostics). */
  get keptBytes(): number {
    return this.kept.reduce((sum, buffer) => sum + buffer.byteLength, 0);
  }
}

/** The scratch buffers of shrink() in this thread. */
export const shrinkScratch = new SharedScratch();
