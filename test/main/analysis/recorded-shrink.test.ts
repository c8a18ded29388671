// What re-transforms a stored original (per-tool recovery, Save compressed
// from history) reads back the options the shrink recorded with the handle
// (docs/levels.md, "Recorded with the handle"), instead of assuming the defaults.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecoveryStore, recoverTools, shrink } from '../../../src/main/lib';
import { parseJson } from '../../../src/main/engine/json/parse-json';
import { shortenedToolIndexes, toolOriginals } from '../../../src/main/library/describe';
import { operations } from '../../../src/main/analysis/worker-operations';
import { StoreHolder } from '../../../src/main/analysis/store-holder';
import type { LevelName } from '../../../src/shared/levels';
import { lint } from '../../../src/main/library/lint';
import { realFixture } from '../../helpers/fixtures';

let dir: string;
let store: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'caveman-recorded-'));
  store = join(dir, 'ccr.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const recipient = {
  type: 'object',
  description: 'A recipient of the message, by address.',
  properties: { address: { type: 'string', format: 'email' }, name: { type: 'string' } },
};
/** Shares a sub-schema, and has a short two-sentence description that facts keeps whole and leads shortens. */
const CATALOG = JSON.stringify({
  tools: [
    {
      name: 'send_note',
      description: 'Sends one note. It is quick and friendly to use.',
      inputSchema: { type: 'object', properties: { to: recipient, cc: recipient, bcc: recipient } },
    },
    { name: 'read_note', description: 'Reads one note.', inputSchema: { type: 'object', properties: { id: { type: 'string' } } } },
  ],
});

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

async function shrunk(options: { shareSchemas?: boolean; level?: LevelName }) {
  const { result, error } = await shrink(CATALOG, { store, ...options });
  expect(error).toBeUndefined();
  return { handle: result.recovery_handle!, output: text(result.output) };
}

async function exportCompressed(handle: string): Promise<string> {
  const holder = new StoreHolder(store, undefined);
  try {
    return text((await operations.exportHandle({ handle, which: 'compressed' }, { store: holder }, undefined as never)).bytes);
  } finally {
    holder.close();
  }
}

/** What history's diff shows of the handle's latest shrink (analyzed again as that shrink recorded it). */
async function analyzedAgain(handle: string): Promise<string> {
  const holder = new StoreHolder(store, undefined);
  try {
    const args = { analysisId: 'again', handle, tokenizer: 'o200k_base' as const };
    const product = await operations.analyzeHandle(args, { store: holder }, { onProgress: () => undefined } as never);
    return text(product.output);
  } finally {
    holder.close();
  }
}

describe('re-transforming a stored original as it was shrunk', () => {
  it.each([
    ['shared sub-schemas', { shareSchemas: true }],
    ['leads', { level: 'leads' as const }],
    ['shared sub-schemas at signatures', { shareSchemas: true, level: 'signatures' as const }],
  ])('%s: Save compressed from history is the bytes the shrink handed out', async (_name, options) => {
    const { handle, output } = await shrunk(options);
    expect(output).not.toBe(text((await shrink(CATALOG, { store: ':memory:' })).result.output));
    expect(await exportCompressed(handle)).toBe(output);
  });

  it('recoverTools says which tools the handed-out output shortened, at the recorded level', async () => {
    const { handle, output } = await shrunk({ level: 'leads' });
    const handedOut = toolOriginals(parseJson(CATALOG), parseJson(output)).map((tool) => tool.shortened);
    expect(handedOut).toEqual([true, false]);
    expect(recoverTools(handle, { store }).map((tool) => tool.shortened)).toEqual(handedOut);
  });

  it('a description moved into shared $defs is not shortened: recoverTools and the describe index say what the unshared output says', async () => {
    const shared = await shrunk({ shareSchemas: true });
    const plain = text((await shrink(CATALOG, { store: ':memory:' })).result.output);
    expect(shared.output).toContain('"$defs"');
    const flags = [...shortenedToolIndexes(parseJson(CATALOG), parseJson(plain))];
    expect([...shortenedToolIndexes(parseJson(CATALOG), parseJson(shared.output))]).toEqual(flags);
    expect(recoverTools(shared.handle, { store }).map((tool) => tool.shortened)).toEqual([false, false]);
  });

  it('records the level in the compressor label and in the metadata', async () => {
    const { handle } = await shrunk({ shareSchemas: true, level: 'leads' });
    const opened = RecoveryStore.open(store);
    try {
      expect(opened.details(handle)?.compressor).toBe('toolschema+share-schemas+level-leads');
    } finally {
      opened.close();
    }
    const db = new Database(store, { readonly: true });
    try {
      const row = db.prepare('SELECT compressor, metadata FROM recoveries WHERE handle = ?').get(handle) as { compressor: string; metadata: Buffer };
      expect(row.compressor).toBe('toolschema+share-schemas+level-leads');
      expect(JSON.parse(row.metadata.toString('utf8'))).toMatchObject({ share_schemas: true, level: 'leads' });
    } finally {
      db.close();
    }
  });

  it('a budget planned with calls: recoverTools, Save compressed and the diff are what that plan handed out', async () => {
    const github = realFixture('github-mcp-server.json');
    const options = { level: 'full', budget: 20_000 } as const;
    const stepped = (await lint(github.bytes, options)).tools.find((tool) => tool.level !== 'full')!;
    const { result } = await shrink(github.bytes, { store, ...options, calls: { [stepped.name]: 2 } });
    const output = text(result.output);
    const handle = result.recovery_handle!;
    const handedOut = toolOriginals(parseJson(github.text), parseJson(output));
    // The tool called keeps its whole text; the plan without its calls would have shortened it.
    expect(handedOut.find((tool) => tool.name === stepped.name)!.shortened).toBe(false);
    expect(recoverTools(handle, { store }).map((tool) => tool.shortened)).toEqual(handedOut.map((tool) => tool.shortened));
    expect(await exportCompressed(handle)).toBe(output);
    expect(await analyzedAgain(handle)).toBe(output);
  });
});
