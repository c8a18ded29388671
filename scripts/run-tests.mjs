// `npm test`: runs each phase in order, stops at the first failure with its
// exit code, and ends with where the time went — each phase's wall time and
// the slowest Vitest files (from the JSON report vitest.config.ts writes), so
// a slow suite shows its cause in every CI log. The static checks read the
// sources and write nothing the others read, so they run side by side (on two
// cores that saves about a third of their time); each one's output is printed
// whole when it ends, never interleaved.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const PHASES = [['typecheck', 'lint', 'format:check'], 'build', 'test:unit', 'test:package', 'test:e2e'];
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

/** `steps`: each step's wall time and its phases (one, or those run side by side), each with its own time and exit code. */
function printSummary(steps) {
  const line = (name, ms, status) => `  ${name.padEnd(12)} ${seconds(ms).padStart(8)}  ${status === 0 ? 'passed' : `failed (exit ${status})`}`;
  console.log('\nWhere the time went:');
  for (const step of steps) {
    if (step.phases.length === 1) {
      console.log(line(step.phases[0].name, step.ms, step.phases[0].status));
      continue;
    }
    console.log(`  ${'side by side'.padEnd(12)} ${seconds(step.ms).padStart(8)}`);
    for (const phase of step.phases) console.log(`  ${line(phase.name, phase.ms, phase.status)}`);
  }
  console.log(`  ${'total'.padEnd(12)} ${seconds(steps.reduce((sum, step) => sum + step.ms, 0)).padStart(8)}`);
  const slowest = slowestVitestFiles();
  if (slowest.length === 0) return;
  console.log("Slowest Vitest files (each file's own time; files run in parallel):");
  for (const file of slowest) console.log(`  ${seconds(file.ms).padStart(8)}  ${String(file.tests).padStart(4)} tests  ${file.name}`);
}

const exitCodeOf = (status, signal) => status ?? (signal ? 1 : 0);

function runAlone(name) {
  const started = performance.now();
  const { status, signal } = spawnSync('npm', ['run', '-s', name], { stdio: 'inherit' });
  return [{ name, ms: performance.now() - started, status: exitCodeOf(status, signal) }];
}

/** Runs the phases at once and resolves when all have ended; each one's output is printed whole as it ends. */
function runSideBySide(names) {
  const started = performance.now();
  return Promise.all(
    names.map(
      (name) =>
        new Promise((resolve) => {
          const child = spawn('npm', ['run', '-s', name], { stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (status, signal) => {
            process.stdout.write(Buffer.concat(output));
            resolve({ name, ms: performance.now() - started, status: exitCodeOf(status, signal) });
          });
        }),
    ),
  );
}

rmSync(VITEST_REPORT, { force: true });
const steps = [];
for (const step of PHASES) {
  const started = performance.now();
  const phases = Array.isArray(step) ? await runSideBySide(step) : runAlone(step);
  steps.push({ ms: performance.now() - started, phases });
  const failed = phases.find((phase) => phase.status !== 0);
  if (failed) {
    printSummary(steps);
    process.exit(failed.status);
  }
}
printSummary(steps);
