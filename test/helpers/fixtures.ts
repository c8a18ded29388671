// Test data shared by the suites: the real catalogs and the reference inputs,
// copied unchanged into test/fixtures/shared so a clean clone has them.

import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../fixtures/shared');
export const REAL_DIR = join(FIXTURES_DIR, 'real');

export interface Fixture {
  name: string;
  path: string;
  bytes: Buffer;
  text: string;
}

export function realFixtures(): Fixture[] {
  return readdirSync(REAL_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const path = join(REAL_DIR, name);
      const bytes = readFileSync(path);
      return { name, path, bytes, text: bytes.toString('utf8') };
    });
}

export function realFixture(name: string): Fixture {
  const found = realFixtures().find((f) => f.name === name);
  if (!found) throw new Error(`no real fixture ${name}`);
  return found;
}

/** The reference implementation's test inputs, by key (GO_DDL, SAMPLE, PUT_OBJECT, …). */
export function referenceInputs(): Record<string, string> {
  return JSON.parse(readFileSync(join(FIXTURES_DIR, 'reference/inputs.json'), 'utf8')) as Record<string, string>;
}
