import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { OWN_PROCESS } from './test/harness/own-process.js';

const INCLUDE = ['test/**/*.test.ts'];
const EXCLUDE = ['test/e2e/**', 'node_modules/**'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one file at a time on two cores (cores - 1); many files wait on child
    // processes and worker threads, so one file per core finishes the suite sooner.
    maxWorkers: Math.max(2, availableParallelism()),
    // The JSON report feeds the per-file timings `npm test` prints at the end.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest-report.json' }]],
    // Each project names its own files: with `extends: true` a project's include and exclude are
    // added to the root's, so the root has none.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: INCLUDE,
          exclude: [...EXCLUDE, ...OWN_PROCESS],
          // The files a fork runs one after another share its module registry: the engine, the
          // token counter's rank tables and the schemas are imported once per fork, not per file
          // (one run each: 508 -> 408 s of CPU, import 46 -> 25 s). Files that change what a later file would
          // see are in OWN_PROCESS (test/harness/own-process.ts, checked by vitest-projects.test.ts).
          isolate: false,
          // Fails a file that leaves process.env, the cwd, process listeners or globals changed.
          setupFiles: ['test/harness/shared-fork-check.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'own-process', include: [...OWN_PROCESS], exclude: EXCLUDE },
      },
    ],
  },
});
