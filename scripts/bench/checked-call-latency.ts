// What checking adds to a valid tools/call through the proxy, against the
// relay's own overhead, in the same run: github-mcp-server's tools served by
// test/fixtures/mcp/listed-tools-server.mjs, called with the instance
// generator's valid arguments (a) straight at the server, (b) through the
// built `caveman-shrink proxy --check-calls off` and (c) through it with
// `--check-calls all`. Warm: every call is made once on each before timing
// (the checker compiles a tool on its first call). Then rounds in which each
// call is made on the three, one after another, the order turning each
// round; each round trip over stdio is timed alone. Printed, never asserted:
//
//   npm run build && node --import tsx scripts/bench/checked-call-latency.ts [CATALOG.json] [ROUNDS]

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemaInstances } from '../../test/helpers/schema-instances';
import { toolTexts } from '../../test/main/library/call-check/tool-texts';
import { callLine, initialized, lineClient, type LineClient } from './line-client';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const catalog = resolve(process.argv[2] || join(repo, 'test/fixtures/shared/real/github-mcp-server.json'));
const rounds = Number(process.argv[3] ?? 5);

const calls = toolTexts(readFileSync(catalog, 'utf8')).flatMap((tool) =>
  schemaInstances(tool.inputSchema, { seed: 1 }).valid.map((args) => ({ name: tool.name, args: JSON.stringify(args) })),
);

const dir = mkdtempSync(join(tmpdir(), 'caveman-checked-latency-'));
const server = [process.execPath, join(repo, 'test/fixtures/mcp/listed-tools-server.mjs'), catalog];
const proxied = (mode: string, store: string) =>
  lineClient(process.execPath, [join(repo, 'out/main/cli.js'), 'proxy', '--store', join(dir, store), '--check-calls', mode, '--', ...server]);
const variants: [string, LineClient][] = [
  ['direct', await initialized(lineClient(server[0]!, server.slice(1)))],
  ['relayed', await initialized(proxied('off', 'off.db'))],
  ['checked', await initialized(proxied('all', 'all.db'))],
];
const micros = new Map<string, number[]>(variants.map(([name]) => [name, []]));

let id = 10;
const timedCall = async (client: LineClient, call: (typeof calls)[number]) => {
  const line = callLine(++id, call.name, call.args);
  const started = process.hrtime.bigint();
  const answer = await client.request(id, line);
  const elapsed = Number(process.hrtime.bigint() - started) / 1000;
  if (answer.includes('"isError":true')) throw new Error(`a valid call of ${call.name} was refused: ${answer.slice(0, 300)}`);
  return elapsed;
};

try {
  for (const [, client] of variants) for (const call of calls) await timedCall(client, call);
  for (let round = 0; round < rounds; round++) {
    for (const call of calls) {
      for (let k = 0; k < variants.length; k++) {
        const [name, client] = variants[(k + round) % variants.length]!;
        micros.get(name)!.push(await timedCall(client, call));
      }
    }
  }
} finally {
  for (const [, client] of variants) await client.stop();
  rmSync(dir, { recursive: true, force: true });
}

const sorted = new Map([...micros].map(([name, times]) => [name, times.sort((a, b) => a - b)]));
const at = (name: string, q: number) => {
  const times = sorted.get(name)!;
  return times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
};
const us = (value: number) => `${value.toFixed(0)} µs`;
console.log(`${catalog.split('/').at(-1)}: ${calls.length} valid calls × ${rounds} rounds on each (warm), round trips over stdio`);
for (const [name] of variants) console.log(`  ${name.padEnd(8)} p50 ${us(at(name, 0.5)).padStart(8)}  p99 ${us(at(name, 0.99)).padStart(8)}`);
for (const q of [0.5, 0.99]) {
  const relay = at('relayed', q) - at('direct', q);
  const check = at('checked', q) - at('relayed', q);
  console.log(`  p${q * 100}: the relay adds ${us(relay)}, checking adds ${us(check)} more (${(check / relay).toFixed(2)}× the relay's own)`);
}
