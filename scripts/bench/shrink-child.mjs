// One library shrink in a fresh process, reporting its time and the
// process's peak resident memory (worker threads included).
import { readFileSync } from 'node:fs';
import { closeSharedCounter, shrink } from '../../out/main/lib.js';

const [file, store] = process.argv.slice(2);
const bytes = readFileSync(file);
const started = performance.now();
const { result, error } = await shrink(bytes, { store });
const ms = performance.now() - started;
await closeSharedCounter();
process.stdout.write(
  JSON.stringify({ ms, maxRssBytes: process.resourceUsage().maxRSS * 1024, inputBytes: bytes.length, handle: result.recovery_handle ?? null, error: error?.code ?? null }) + '\n',
);
