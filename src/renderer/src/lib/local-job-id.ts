// Ids for jobs that never reached main: a file refused or unreadable before
// it was sent, a call that failed. The HTTP client and the catalogs store
// both mint them, and a failure is kept under its job's id, so they draw
// from one counter for the whole page: two failures never share a key, and
// one never hides the other. (Main's job ids are UUIDs: never "local-".)

let minted = 0;

/** A job id no other job of this page has: `local-1`, `local-2`, … */
export function localJobId(): string {
  minted += 1;
  return `local-${minted}`;
}
