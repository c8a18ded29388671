// `npm test`: runs each phase in order, stops at the first failure with its
// exit code, and ends with where the time went — each phase's wall time and
// the slowest Vitest files (from the JSON report vitest.config.ts writes), so
// a slow suite shows its cause in every CI log.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const PHASES = ['typecheck', 'lint', 'format:check', 'build', 'test:unit', 'test:package', 'test:e2e'];
const VITEST_REPORT = 'test-results/vitest-report.json';
const SLOWEST_SHOWN = 10;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function slowestVitestFiles() {
  if (!existsSync(VITEST_REPORT)) return [];
  const report = JSON.parse(readFileSync(VITEST_REPORT, 'utf8'));
  return report.testResults
    .map((file) => ({ name: file.name.replace(`${process.cwd()}/`, ''), ms: file.endTime - file.startTime, tests: file.assertionResults.length }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST_SHOWN);
}

function printSummary(timings) {
  const total = timings.reduce((sum, phase) => sum + phase.ms, 0);
  console.log('\nWhere the time went:');
  for (const phase of timings)
    console.log(`  ${phase.name.padEnd(12)} ${seconds(phase.ms).padStart(8)}  ${phase.status === 0 ? 'passed' : `failed (exit ${phase.status})`}`);
  console.log(`  ${'total'.padEnd(12)} ${seconds(total).padStart(8)}`);
  const slowest = slowestVitestFiles();
  if (slowest.length === 0) return;
  console.log("Slowest Vitest files (each file's own time; files run in parallel):");
  for (const file of slowest) console.log(`  ${seconds(file.ms).padStart(8)}  ${String(file.tests).padStart(4)} tests  ${file.name}`);
}

rmSync(VITEST_REPORT, { force: true });
const timings = [];
for (const name of PHASES) {
  const started = performance.now();
  const { status, signal } = spawnSync('npm', ['run', '-s', name], { stdio: 'inherit' });
  const exitCode = status ?? (signal ? 1 : 0);
  timings.push({ name, ms: performance.now() - started, status: exitCode });
  if (exitCode !== 0) {
    printSummary(timings);
    process.exit(exitCode);
  }
}
printSummary(timings);
