// How long one caveman_describe call takes through `caveman-shrink proxy`
// (≤ 1 ms on github-mcp-server). An SDK client lists the
// tools of a catalog file served by test/fixtures/mcp/listed-tools-server.mjs,
// then asks for every tool, one call at a time, and prints the median and the
// slowest call, the round trip over stdio included.
//
//   npm run build && node scripts/bench/describe-latency.mjs [CATALOG.json] [ROUNDS]

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const catalog = resolve(process.argv[2] ?? join(repo, 'test/fixtures/shared/real/github-mcp-server.json'));
const rounds = Number(process.argv[3] ?? 3);
const dir = mkdtempSync(join(tmpdir(), 'caveman-describe-bench-'));
const server = [process.execPath, join(repo, 'test/fixtures/mcp/listed-tools-server.mjs'), catalog];
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [join(repo, 'out/main/cli.js'), 'proxy', '--store', join(dir, 'ccr.db'), '--', ...server],
  stderr: 'ignore',
});
const client = new Client({ name: 'describe-bench', version: '1' });
await client.connect(transport);
try {
  const { tools } = await client.listTools();
  const describe = tools.find((tool) => tool.name.startsWith('caveman_describe'));
  if (!describe) throw new Error('the proxy listed no describe tool');
  const names = tools.filter((tool) => tool !== describe).map((tool) => tool.name);
  const times = [];
  for (let round = 0; round < rounds; round++) {
    for (const name of names) {
      const started = performance.now();
      const answer = await client.callTool({ name: describe.name, arguments: { name } });
      times.push(performance.now() - started);
      if (answer.isError) throw new Error(`${name}: ${JSON.stringify(answer.content)}`);
    }
  }
  // The floor: a ping through the same proxy (a relayed request, answered by the server).
  const pings = [];
  for (let n = 0; n < times.length; n++) {
    const started = performance.now();
    await client.ping();
    pings.push(performance.now() - started);
  }
  const summary = (list) => {
    list.sort((a, b) => a - b);
    const at = (q) => list[Math.min(list.length - 1, Math.floor(q * list.length))].toFixed(2);
    return `median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${list.at(-1).toFixed(2)} ms`;
  };
  console.log(`${names.length} tools × ${rounds} rounds, round trips over stdio: describe ${summary(times)}; ping ${summary(pings)}`);
} finally {
  await client.close();
  rmSync(dir, { recursive: true, force: true });
}
