// How the proxy reads a long line (the SDK's reader re-copied the
// whole buffer per chunk, so a 20 MiB line took seconds). A client sends
// `tools/list` requests padded to 2 and to 20 MiB through the built
// `caveman-shrink proxy` in front of the tiny server, whose listing the proxy
// has cached, so an answer costs the reading; each is timed against
// JSON.parse of the same line in this process, in the same run. Linear
// reading keeps that ratio alike for both sizes (their quotient near 1;
// quadratic reading makes it about 10). Run after `npm run build`:
//
//   node scripts/bench/proxy-line.mjs [ROUNDS]

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatMs, median, ratio } from './measure.mjs';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const MiB = 1024 * 1024;

/** A line client of the built proxy: send(object | text), next() the next stdout line. */
function startProxy(store) {
  const child = spawn(
    process.execPath,
    [join(repo, 'out/main/cli.js'), 'proxy', '--store', store, '--', process.execPath, join(repo, 'test/fixtures/mcp/tiny-server.mjs')],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  );
  const lines = [];
  const waiting = [];
  let partial = [];
  child.stdout.setEncoding('utf8').on('data', (text) => {
    const parts = text.split('\n');
    if (parts.length === 1) return void partial.push(text);
    lines.push(partial.join('') + parts[0], ...parts.slice(1, -1));
    partial = [parts.at(-1)];
    while (waiting.length > 0 && lines.length > 0) waiting.shift()(lines.shift());
  });
  return {
    send: (message) => child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`),
    next: () => (lines.length > 0 ? Promise.resolve(lines.shift()) : new Promise((done) => waiting.push(done))),
    close: () => new Promise((done) => (child.on('close', done), child.stdin.end())),
  };
}

export async function proxyLineReading(rounds = 5) {
  const dir = mkdtempSync(join(tmpdir(), 'caveman-bench-line-'));
  const proxy = startProxy(join(dir, 'ccr.db'));
  try {
    proxy.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    });
    await proxy.next();
    proxy.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await proxy.next();
    let id = 3;
    const results = {};
    for (const mib of [2, 20]) {
      const line = (n) => `{"jsonrpc":"2.0","id":${n},"method":"tools/list","params":{"_meta":{"pad":"${'y'.repeat(mib * MiB)}"}}}`;
      const text = line(0);
      const parseMs = await median(rounds, () => JSON.parse(text));
      const readMs = await median(rounds, async () => {
        proxy.send(line(id++));
        const answer = JSON.parse(await proxy.next());
        if (!answer.result) throw new Error(`no listing: ${JSON.stringify(answer).slice(0, 200)}`);
      });
      results[mib] = { readMs, parseMs, toParse: readMs / parseMs };
    }
    return { ...results, growth: ratio(results[20].toParse, results[2].toParse) };
  } finally {
    await proxy.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const measured = await proxyLineReading(Number(process.argv[2] ?? 5));
  for (const mib of [2, 20]) {
    const { readMs, parseMs } = measured[mib];
    console.log(
      `${String(mib).padStart(2)} MiB line through the proxy: ${formatMs(readMs)} ms (${ratio(readMs, parseMs)}× JSON.parse of it, ${formatMs(parseMs)} ms)`,
    );
  }
  console.log(`× JSON.parse, 20 MiB line / 2 MiB line: ${measured.growth} (linear reading: about 1)`);
}
