// Until an ArrayBuffer is first detached in a thread, V8 compiles its
// typed-array reads without detach checks, and the first transfer
// (postMessage with a transfer list detaches what it sends) throws away every
// optimised function that relied on that: the JSON parser, the token counter,
// the checks, the diff — all at once in the jobs worker, at the end of the
// first real analysis, each compiled again (docs/performance.md, "Tuning in
// the code"). A thread that transfers detaches one small buffer of its own
// as it starts, before anything is optimised, so its code is compiled once,
// with the checks, and kept.

/** Detaches a buffer of 8 bytes; call once, first thing, in a thread that transfers. */
export function detachEarly(): void {
  const buffer = new ArrayBuffer(8);
  structuredClone(buffer, { transfer: [buffer] });
}
