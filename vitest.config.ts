import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one file at a time on two cores (cores - 1); many files wait on child
    // processes and worker threads, so one file per core finishes the suite sooner.
    maxWorkers: Math.max(2, availableParallelism()),
    // The JSON report feeds the per-file timings `npm test` prints at the end.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest-report.json' }]],
  },
});
