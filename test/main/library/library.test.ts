import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CavemanError, history, lint, recover, RecoveryStore, selectionProfile, shrink } from '../../../src/main/lib';
import { parseJson } from '../../../src/main/engine/json/parse-json';
import { checkGuarantees } from '../../../src/main/engine/guarantees/check-guarantees';
import { realFixtures, referenceInputs } from '../../helpers/fixtures';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'caveman-lib-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const decode = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('library API', () => {
  it('shrinks every real catalog with all guarantees, recoverable from a fresh store instance', async () => {
    const path = join(dir, 'ccr.db');
    for (const fixture of realFixtures()) {
      const { result, error } = await shrink(fixture.bytes, { store: path });
      expect(error).toBeUndefined();
      expect(result.recovery_handle).toMatch(/^ccr_[0-9a-f]{32}$/);
      expect(result.tokens_after).toBeLessThan(result.tokens_before);
      const report = checkGuarantees(parseJson(fixture.text), parseJson(decode(result.output)));
      expect([report.selection.ok, report.construction.ok, report.constraints.ok, report.facts.ok]).toEqual([true, true, true, true]);
      expect(Buffer.from(recover(result.recovery_handle!, { store: path })).equals(fixture.bytes)).toBe(true);
      const again = await shrink(result.output, { store: path });
      expect(again.result.pass_through?.reason, `${fixture.name} is idempotent`).toBe('no_saving');
    }
    expect(history({ store: path }).total).toBe(realFixtures().length);
  });

  it('history takes the store query whole: the days a handle was stored narrow the list', async () => {
    const path = join(dir, 'ccr.db');
    await shrink(realFixtures()[0]!.bytes, { store: path });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect([history({ store: path, createdFrom: tomorrow }).total, history({ store: path, createdBefore: tomorrow }).total]).toEqual([0, 1]);
  });

  it('shares sub-schemas only when asked, and records it with the handle so history shows how a catalog was shrunk', async () => {
    const recipient = {
      type: 'object',
      description: 'A recipient of the message, by address.',
      properties: { address: { type: 'string', format: 'email' }, name: { type: 'string' } },
    };
    const catalog = JSON.stringify(
      { tools: [{ name: 'send', inputSchema: { type: 'object', properties: { to: recipient, cc: recipient, bcc: recipient, replyTo: recipient } } }] },
      null,
      2,
    );
    const path = join(dir, 'ccr.db');
    const plain = await shrink(catalog, { store: path, sourceName: 'plain.json' });
    expect(decode(plain.result.output)).not.toContain('$ref');
    const sharedPath = join(dir, 'shared.db');
    const shared = await shrink(catalog, { store: sharedPath, sourceName: 'shared.json', shareSchemas: true });
    expect(decode(shared.result.output)).toContain('{"$ref":"#/$defs/s1"}');
    expect(shared.result.tokens_after).toBeLessThan(plain.result.tokens_after);
    expect(shared.result.recovery_handle).toBe(plain.result.recovery_handle);
    expect(history({ store: path }).entries[0]!.compressor).toBe('toolschema');
    expect(history({ store: sharedPath }).entries[0]!.compressor).toBe('toolschema+share-schemas');
    const report = checkGuarantees(parseJson(catalog), parseJson(decode(shared.result.output)));
    expect([report.selection.ok, report.construction.ok, report.constraints.ok, report.facts.ok]).toEqual([true, true, true, true]);
    const lintShared = await lint(catalog, { shareSchemas: true });
    expect([lintShared.share_schemas, lintShared.tokens_after]).toEqual([true, shared.result.tokens_after]);
    expect(lintShared.tools[0]!.saving.structure).toBeGreaterThan(0);
  });

  it('accepts a path, ":memory:" or a caller-owned store, and leaves the latter open', async () => {
    const sample = referenceInputs().SAMPLE!;
    expect((await shrink(sample, { store: ':memory:' })).result.recovery_handle).toBeDefined();
    const owned = RecoveryStore.open(join(dir, 'owned.db'));
    const { result } = await shrink(sample, { store: owned, sourceName: 'sample.json' });
    expect(owned.has(result.recovery_handle!)).toBe(true);
    expect(owned.details(result.recovery_handle!)).toMatchObject({ source_name: 'sample.json', tool_count: 1, tokenizer: 'o200k_base' });
    owned.close();
  });

  it('fail-open: a store that cannot take the original gives the pass-through result and an error', async () => {
    const full = RecoveryStore.open(join(dir, 'full.db'), { maxBytes: 10 });
    const sample = referenceInputs().SAMPLE!;
    const { result, error } = await shrink(sample, { store: full });
    expect(error).toBeInstanceOf(CavemanError);
    expect(error!.code).toBe('cave_store_full');
    expect(decode(result.output)).toBe(sample);
    expect(result).toMatchObject({ ratio: 0, pass_through: { reason: 'store_error' }, error: { code: 'cave_store_full' } });
    expect(result.tokens_after).toBe(result.tokens_before);
    expect(result).not.toHaveProperty('recovery_handle');
    expect(full.history().total).toBe(0);
    full.close();
  });

  it('pass-through results have no recovery_handle key at all', async () => {
    for (const input of ['{', '42', '{"tools":[{"name":"a"}]}']) {
      const { result, error } = await shrink(input, { store: ':memory:' });
      expect(error).toBeUndefined();
      expect(Object.keys(result)).not.toContain('recovery_handle');
      expect(result.ratio).toBe(0);
    }
  });

  it('refuses input above 32 MiB with cave_input_too_large', async () => {
    const huge = new Uint8Array(32 * 1024 * 1024 + 1);
    await expect(shrink(huge, { store: ':memory:' })).rejects.toMatchObject({ code: 'cave_input_too_large' });
    await expect(lint(huge)).rejects.toMatchObject({ code: 'cave_input_too_large' });
  });

  it('cancels with cave_cancelled and stores nothing', async () => {
    const store = RecoveryStore.open(':memory:');
    const controller = new AbortController();
    controller.abort();
    await expect(shrink(realFixtures()[0]!.bytes, { store, signal: controller.signal })).rejects.toMatchObject({ code: 'cave_cancelled' });
    expect(store.history().total).toBe(0);
    store.close();
  });

  it('reports progress up to 1', async () => {
    const fractions: number[] = [];
    await shrink(realFixtures().find((f) => f.name === 'github-mcp-server.json')!.bytes, { store: ':memory:', onProgress: (p) => fractions.push(p.fraction) });
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((f, i) => i === 0 || f >= fractions[i - 1]! - 1e-9)).toBe(true);
  });

  it('lint throws typed errors for what is not a catalog', async () => {
    await expect(lint('{"a":')).rejects.toMatchObject({ code: 'cave_invalid_json', message: expect.stringMatching(/line 1, column 6/) });
    await expect(lint('42')).rejects.toMatchObject({ code: 'cave_not_catalog' });
    await expect(lint(new Uint8Array([0x7b, 0xff, 0x7d]))).rejects.toMatchObject({ code: 'cave_invalid_utf8' });
    await expect(lint('['.repeat(5000))).rejects.toMatchObject({ code: 'cave_too_deep' });
  });

  it('selectionProfile reads the selection surface', () => {
    const profile = selectionProfile(referenceInputs().SAMPLE!);
    expect(profile.tools[0]).toMatchObject({ name: 'search_files', enums: { '/properties/mode': '["regex","literal","glob"]' } });
  });

  it('counts with cl100k_base when asked', async () => {
    const sample = referenceInputs().SAMPLE!;
    const o200k = (await shrink(sample, { store: ':memory:' })).result;
    const cl100k = (await shrink(sample, { store: ':memory:', tokenizer: 'cl100k_base' })).result;
    expect(cl100k.tokenizer).toBe('cl100k_base');
    expect(cl100k.tokens_before).not.toBe(o200k.tokens_before);
  });
});

describe('lint totals', () => {
  it('equal what shrink counts, BOM included, for every real catalog', async () => {
    for (const fixture of realFixtures()) {
      for (const bytes of [fixture.bytes, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fixture.bytes])]) {
        const report = await lint(bytes);
        const { result } = await shrink(bytes, { store: ':memory:' });
        expect([report.total.tokens_before, report.total.tokens_after], fixture.name).toEqual([result.tokens_before, result.tokens_after]);
        expect(report.envelope.tokens_before).toBeGreaterThanOrEqual(0);
        expect(report.envelope.tokens_after).toBeGreaterThanOrEqual(0);
      }
    }
  });
});
