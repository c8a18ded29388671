import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The JSON report feeds the per-file timings `npm test` prints at the end.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest-report.json' }]],
  },
});
