import { describe, expect, it } from 'vitest';
import { analyzeCatalog } from '../../../src/main/analysis/analyze-catalog';
import { compareLevels } from '../../../src/main/library/level-comparison';
import { ParallelTokenCounter } from '../../../src/main/engine/tokens';
import { RecoveryStore } from '../../../src/main/store';
import { LEVELS } from '../../../src/shared/levels';
import { realFixtures } from '../../helpers/fixtures';

describe('level comparison from an analysis’s figures', () => {
  it('gives, on every real catalog, at every level, with and without shared sub-schemas, the figures it counts itself', async () => {
    const counter = new ParallelTokenCounter({ workers: 0 });
    const store = RecoveryStore.open(':memory:');
    try {
      const fixtures = realFixtures();
      expect(fixtures.length).toBeGreaterThan(5);
      for (const [index, fixture] of fixtures.entries()) {
        // Each catalog at two levels (every level is taken by several catalogs), sharing on for every other one.
        const shareSchemas = index % 2 === 1;
        const counted = await compareLevels(fixture.bytes, { tokenizer: 'o200k_base', shareSchemas, counter });
        for (const level of [LEVELS[index % LEVELS.length]!, LEVELS[(index + 2) % LEVELS.length]!]) {
          const product = await analyzeCatalog({
            analysisId: `${fixture.name}-${level}`,
            name: fixture.name,
            bytes: fixture.bytes,
            tokenizer: 'o200k_base',
            shareSchemas,
            level,
            store,
            counter,
          });
          expect(product.levels, fixture.name).toBeDefined();
          const reused = await compareLevels(fixture.bytes, { tokenizer: 'o200k_base', shareSchemas, counter, known: product.levels });
          expect(reused, `${fixture.name} at ${level}${shareSchemas ? ', shared sub-schemas' : ''}`).toEqual(counted);
        }
      }
    } finally {
      store.close();
      await counter.close();
    }
  }, 600_000);
});
