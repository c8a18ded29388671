// One library shrink in a fresh process, reporting its time and the
// process's peak resident memory (worker threads included).
import { readFileSync } from 'node:fs';
import { closeSharedCounter, shrink } from '../../out/main/lib.js';

// Linux carries the parent's high-water mark across fork+exec into
// getrusage's maxRSS, so a child spawned by a big bench process would report
// the parent's peak. VmHWM belongs to this process's own address space.
function peakRssBytes() {
  try {
    const kib = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kib) return Number(kib) * 1024;
  } catch {
    // not Linux: fall through
  }
  return process.resourceUsage().maxRSS * 1024;
}

const [file, store] = process.argv.slice(2);
const bytes = readFileSync(file);
const started = performance.now();
const { result, error } = await shrink(bytes, { store });
const ms = performance.now() - started;
await closeSharedCounter();
process.stdout.write(
  JSON.stringify({ ms, maxRssBytes: peakRssBytes(), inputBytes: bytes.length, handle: result.recovery_handle ?? null, error: error?.code ?? null }) + '\n',
);
