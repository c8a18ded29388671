// What checking a tools/call costs, warm (each tool compiled by an untimed
// first call, as a proxy pays once per tool): every tool of
// github-mcp-server, with valid arguments made by the instance generator,
// each call timed alone, in rounds. Beside it, what any check must at least
// do: JSON.parse of the same arguments text. Also the refusals' cost (each
// builds its text and counts its tokens). Printed, never asserted; run it
// alone on an idle machine:
//   node --import tsx scripts/bench/check-latency.ts [CATALOG.json] [ROUNDS]

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CallChecker } from '../../src/main/library/call-check/call-checker';
import { schemaInstances } from '../../test/helpers/schema-instances';
import { toolTexts } from '../../test/main/library/call-check/tool-texts';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const catalog = resolve(process.argv[2] ?? resolve(repo, 'test/fixtures/shared/real/github-mcp-server.json'));
const rounds = Number(process.argv[3] ?? 20);

interface Call {
  tool: string;
  args: string;
}

const valid: Call[] = [];
const invalid: Call[] = [];
for (const tool of toolTexts(readFileSync(catalog, 'utf8'))) {
  const instances = schemaInstances(tool.inputSchema, { seed: 1 });
  for (const args of instances.valid) valid.push({ tool: tool.text, args: JSON.stringify(args) });
  for (const broken of instances.invalid) invalid.push({ tool: tool.text, args: JSON.stringify(broken.instance) });
}

/** Untimed rounds first: V8 settles the validators' code after a few. */
const WARM_UP_ROUNDS = 3;

/** Microseconds per call, each call timed alone, `rounds` times over the calls after the warm-up rounds. */
function timed(calls: readonly Call[], work: (call: Call) => unknown, times = rounds): number[] {
  for (let round = 0; round < WARM_UP_ROUNDS; round++) for (const call of calls) work(call);
  const micros: number[] = [];
  for (let round = 0; round < times; round++) {
    for (const call of calls) {
      const started = process.hrtime.bigint();
      work(call);
      micros.push(Number(process.hrtime.bigint() - started) / 1000);
    }
  }
  return micros.sort((a, b) => a - b);
}

const at = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
const summary = (sorted: readonly number[]) => `p50 ${at(sorted, 0.5)} µs, p99 ${at(sorted, 0.99)} µs (${sorted.length} calls)`;

const checker = new CallChecker();
const started = performance.now();
for (const call of [...valid, ...invalid]) checker.check(call.tool, call.args, 'caveman_describe');
const compileMs = performance.now() - started;
const tools = new Set(valid.map((call) => call.tool)).size;

const floor = timed(valid, (call) => JSON.parse(call.args));
const checks = timed(valid, (call) => {
  if (checker.check(call.tool, call.args, 'caveman_describe').verdict !== 'valid') throw new Error('a valid call was not accepted');
});
const refusals = timed(invalid, (call) => checker.check(call.tool, call.args, 'caveman_describe'), 3);

console.log(`${catalog.split('/').at(-1)}: ${tools} tools, ${valid.length} valid and ${invalid.length} invalid argument objects`);
console.log(`first calls (compiling every tool, then checking): ${compileMs.toFixed(0)} ms in all`);
console.log(`warm check of a valid call: ${summary(checks)}`);
console.log(`JSON.parse of the same arguments alone: ${summary(floor)}`);
console.log(`warm refusal of an invalid call (its text built and counted): ${summary(refusals)}`);
