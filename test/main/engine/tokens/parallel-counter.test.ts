import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { CavemanError } from '../../../../src/shared/errors';
import { countTokens } from '../../../../src/main/engine/tokens/count-tokens';
import { ParallelTokenCounter } from '../../../../src/main/engine/tokens/parallel-counter';
import { resolveWorkerScript } from '../../../../src/main/engine/threads/worker-script';
import { TOKENIZER_NAMES, bigConcatenation, mixedText, realTexts } from './token-fixtures';

async function rejection(promise: Promise<unknown>): Promise<CavemanError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CavemanError);
    return error as CavemanError;
  }
  throw new Error('expected a rejection');
}

const big = bigConcatenation(9_000_000);

describe.each([1, 2])('ParallelTokenCounter with %i worker(s)', (workers) => {
  // Small chunks so even the small catalogs are shared between threads.
  const fine = new ParallelTokenCounter({ workers, minParallelChars: 0, chunkChars: 256 });
  const standard = new ParallelTokenCounter({ workers });
  beforeAll(() => Promise.all([fine.warmUp(TOKENIZER_NAMES), standard.warmUp(TOKENIZER_NAMES)]));
  afterAll(() => Promise.all([fine.close(), standard.close()]));

  it.each(TOKENIZER_NAMES)('equals the single-pass count on every real catalog, pretty and compact (%s)', async (tokenizer) => {
    for (const { name, text } of realTexts()) {
      const single = countTokens(text, tokenizer);
      expect(await fine.count(text, tokenizer), name).toBe(single);
      const workersOnly = fine.begin(text, tokenizer);
      expect(await workersOnly.finish({ help: false }), `${name}, workers only`).toBe(single);
      expect(workersOnly.countedByCaller).toBe(0);
    }
  });

  it.each(TOKENIZER_NAMES)('equals the single-pass count on a ~9 MB concatenation (%s)', async (tokenizer) => {
    const job = standard.begin(big, tokenizer);
    expect(job.chunkCount).toBeGreaterThan(10);
    expect(await job.finish()).toBe(countTokens(big, tokenizer));
  });

  it.each(TOKENIZER_NAMES)('equals the single-pass count on random mixed text (%s)', async (tokenizer) => {
    const tiny = new ParallelTokenCounter({ workers, minParallelChars: 0, chunkChars: 3 });
    try {
      await fc.assert(
        fc.asyncProperty(mixedText, fc.boolean(), async (text, help) => {
          expect(await tiny.begin(text, tokenizer).finish({ help })).toBe(countTokens(text, tokenizer));
        }),
        { numRuns: 60 },
      );
    } finally {
      await tiny.close();
    }
  });

  it('counts two jobs begun before either is finished', async () => {
    const input = big.slice(0, 3_000_000);
    const output = JSON.stringify(JSON.parse(realTexts()[0]!.text)).repeat(40);
    const first = standard.begin(input, 'o200k_base');
    const second = standard.begin(output, 'cl100k_base');
    expect(await second.finish()).toBe(countTokens(output, 'cl100k_base'));
    expect(await first.finish()).toBe(countTokens(input, 'o200k_base'));
  });

  it('counts small and empty texts on the calling thread', async () => {
    const small = standard.begin('{"name":"x"}', 'o200k_base');
    expect(small.chunkCount).toBe(1);
    expect(await small.finish({ help: false })).toBe(countTokens('{"name":"x"}', 'o200k_base'));
    expect(small.countedByCaller).toBe(1);
    const empty = standard.begin('', 'o200k_base');
    expect(empty.chunkCount).toBe(0);
    expect(await empty.finish()).toBe(0);
  });

  it('reports progress up to the chunk total', async () => {
    const seen: [number, number][] = [];
    const job = standard.begin(big.slice(0, 2_000_000), 'o200k_base', { onProgress: (done, total) => seen.push([done, total]) });
    await job.finish();
    expect(seen.at(-1)).toEqual([job.chunkCount, job.chunkCount]);
    for (let i = 1; i < seen.length; i++) expect(seen[i]![0]).toBeGreaterThan(seen[i - 1]![0]);
  });

  it('rejects with cave_cancelled when aborted before or during the count, and keeps working', async () => {
    const before = new AbortController();
    before.abort();
    expect((await rejection(standard.count(big, 'o200k_base', { signal: before.signal }))).code).toBe('cave_cancelled');

    for (const help of [true, false]) {
      const during = new AbortController();
      const job = standard.begin(big, 'o200k_base', { signal: during.signal, onProgress: () => during.abort() });
      expect((await rejection(job.finish({ help }))).code).toBe('cave_cancelled');
    }
    const abandoned = standard.begin(big, 'o200k_base');
    abandoned.cancel();
    expect((await rejection(abandoned.finish())).code).toBe('cave_cancelled');
    const text = big.slice(0, 1_000_000);
    expect(await standard.count(text, 'o200k_base')).toBe(countTokens(text, 'o200k_base'));
  });

  it('rejects jobs held by its workers when closed, then starts new workers', async () => {
    const closing = new ParallelTokenCounter({ workers });
    const job = closing.begin(big, 'cl100k_base');
    const finished = job.finish({ help: false });
    await closing.close();
    expect((await rejection(finished)).code).toBe('cave_cancelled');
    const text = big.slice(0, 600_000);
    expect(await closing.count(text, 'cl100k_base')).toBe(countTokens(text, 'cl100k_base'));
    await closing.close();
  });
});

describe('a crashed worker', () => {
  it.each([
    ['exiting-count-worker', /stopped unexpectedly \(exit code 7\)/],
    ['throwing-count-worker', /simulated worker bug/],
  ])('rejects the job with cave_internal instead of hanging (%s)', async (name, message) => {
    // Big enough that the warmed-up worker claims a chunk long before the
    // calling thread could count everything itself.
    const text = big.slice(0, 3_000_000);
    for (const help of [false, true]) {
      const counter = new ParallelTokenCounter({ workers: 1, workerScript: resolveWorkerScript(name, import.meta.url) });
      try {
        await counter.warmUp();
        const error = await rejection(counter.begin(text, 'o200k_base').finish({ help }));
        expect(error.code).toBe('cave_internal');
        expect(error.message).toMatch(message);
      } finally {
        await counter.close();
      }
    }
  });
});

describe('resolveWorkerScript', () => {
  it('prefers the built .js, falls back to the .ts source, and fails loudly otherwise', () => {
    vi.stubEnv('CAVEMAN_BUILT_WORKERS', '');
    try {
      expect(resolveWorkerScript('count-worker', new URL('../../../../src/main/engine/tokens/x.ts', import.meta.url)).protocol).toBe('data:');
      expect(resolveWorkerScript('token-fixtures', import.meta.url).href).toContain(encodeURIComponent('token-fixtures.ts'));
      expect(() => resolveWorkerScript('no-such-worker', import.meta.url)).toThrow(/cannot start worker "no-such-worker"/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('takes the entry from the folder CAVEMAN_BUILT_WORKERS names, when the sources run and it holds one', () => {
    const folder = mkdtempSync(join(tmpdir(), 'caveman-built-workers-'));
    try {
      writeFileSync(join(folder, 'count-worker.js'), '');
      vi.stubEnv('CAVEMAN_BUILT_WORKERS', folder);
      const fromSources = new URL('../../../../src/main/engine/tokens/x.ts', import.meta.url);
      expect(fileURLToPath(resolveWorkerScript('count-worker', fromSources))).toBe(join(folder, 'count-worker.js'));
      // An entry the folder lacks still runs from its source.
      expect(resolveWorkerScript('token-fixtures', import.meta.url).href).toContain(encodeURIComponent('token-fixtures.ts'));
    } finally {
      vi.unstubAllEnvs();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('a process using the counter', () => {
  it('exits on its own without close(), because idle workers are unref()-ed', async () => {
    const script = fileURLToPath(new URL('./exit-without-close.ts', import.meta.url));
    const tsx = import.meta.resolve('tsx');
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--import', tsx, script], { timeout: 30_000 }, (error, out) => (error ? reject(error) : resolve(out)));
    });
    expect(stdout).toMatch(/^exact \d+/);
  });
});
