// The import against real servers from npm (devDependencies, started with
// this Node and their bin file): what we list equals what the SDK's Client
// lists, and the shrunk catalog keeps every tool's selection profile. The
// token counts are printed for the record.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogBytes, listServerTools } from '../../../../src/main/mcp/import/list-server-tools';
import type { McpTarget } from '../../../../src/main/mcp/connection/server-target';
import { RecoveryStore, sameSelectionProfile, selectionProfile, shrink } from '../../../../src/main/lib';
import { EVERYTHING_BIN, FILESYSTEM_BIN, node, sdkListAll, startHttpEverything } from '../servers';

let dir: string;
let http: Awaited<ReturnType<typeof startHttpEverything>>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'caveman-mcp-real-'));
  http = await startHttpEverything();
});
afterAll(() => {
  http?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const servers: [string, () => McpTarget][] = [
  ['server-everything (stdio)', () => node(EVERYTHING_BIN)],
  ['server-filesystem (stdio)', () => node(FILESYSTEM_BIN, dir)],
  ['server-everything (streamable HTTP)', () => ({ transport: 'http', url: http.url })],
];

describe.each(servers)('%s', (label, target) => {
  it('import equals what the SDK client lists; the shrink keeps the selection profile and stores the original', async () => {
    const listed = await listServerTools(target(), { timeoutMs: 30_000 });
    const reference = await sdkListAll(target());
    expect(listed.tools.length).toBeGreaterThan(5);
    expect(listed.tools).toEqual(reference.tools);
    expect(listed.tools.map((tool) => (tool as { name: string }).name)).toEqual(reference.tools.map((tool) => (tool as { name: string }).name));

    const bytes = catalogBytes(listed.tools);
    const store = RecoveryStore.open(':memory:');
    try {
      const { result, error } = await shrink(bytes, { store, sourceName: `mcp:${label}` });
      expect(error).toBeUndefined();
      expect(result.recovery_handle).toMatch(/^ccr_[0-9a-f]{32}$/);
      expect(result.tokens_after).toBeLessThan(result.tokens_before);
      expect(sameSelectionProfile(selectionProfile(result.output), selectionProfile(bytes))).toBe(true);
      expect(Buffer.from(store.get(result.recovery_handle!)).equals(Buffer.from(bytes))).toBe(true);
      console.log(
        `${label}: ${listed.tools.length} tools in ${listed.pages} page(s), ${result.tokens_before} → ` +
          `${result.tokens_after} tokens (${(result.ratio * 100).toFixed(1)}% saved, ${result.tokenizer}, inferred)`,
      );
    } finally {
      store.close();
    }
  });
});
