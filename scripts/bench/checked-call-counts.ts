// Checked calls end to end on the nine public catalogs: each catalog is
// served by test/fixtures/mcp/listed-tools-server.mjs (answering each call
// with the exact line it read) behind the built `caveman-shrink proxy
// --check-calls all`; every generated valid and invalid argument object is
// called once. Counted: forwarded (the server answered; for a valid call,
// the arguments it read are the client's bytes), refused by the proxy, and
// tools the proxy said it left unchecked. Run after `npm run build`:
//
//   node --import tsx scripts/bench/checked-call-counts.ts

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemaInstances } from '../../test/helpers/schema-instances';
import { realFixtures } from '../../test/helpers/fixtures';
import { toolTexts } from '../../test/main/library/call-check/tool-texts';
import { callLine, initialized, lineClient } from './line-client';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const NOT_CALLED = 'was not called: the server never saw these arguments';

interface Tally {
  tools: number;
  valid: number;
  invalid: number;
  forwarded: number;
  forwardedExact: number;
  refused: number;
  falseRefusals: number;
  missedInvalid: number;
  uncheckedTools: number;
}

async function countCatalog(path: string, store: string): Promise<Tally> {
  const tools = toolTexts(readFileSync(path, 'utf8'));
  const server = [process.execPath, join(repo, 'test/fixtures/mcp/listed-tools-server.mjs'), path, '--echo-calls'];
  const proxy = await initialized(
    lineClient(process.execPath, [join(repo, 'out/main/cli.js'), 'proxy', '--store', store, '--check-calls', 'all', '--', ...server]),
  );
  const tally: Tally = {
    tools: tools.length,
    valid: 0,
    invalid: 0,
    forwarded: 0,
    forwardedExact: 0,
    refused: 0,
    falseRefusals: 0,
    missedInvalid: 0,
    uncheckedTools: 0,
  };
  let id = 10;
  for (const tool of tools) {
    const { valid, invalid } = schemaInstances(tool.inputSchema, { seed: 45 });
    const calls = [
      ...valid.map((args) => ({ args: JSON.stringify(args), valid: true })),
      ...invalid.map((broken) => ({ args: JSON.stringify(broken.instance), valid: false })),
    ];
    for (const call of calls) {
      const line = callLine(++id, tool.name, call.args);
      const answer = JSON.parse(await proxy.request(id, line)) as { result?: { isError?: boolean; content?: { text?: string }[] } };
      const text = answer.result?.content?.[0]?.text ?? '';
      const refused = answer.result?.isError === true && text.includes(NOT_CALLED);
      tally[call.valid ? 'valid' : 'invalid']++;
      if (refused) tally.refused++;
      else tally.forwarded++;
      if (!refused && call.valid && text.endsWith(`"arguments":${call.args}}}`)) tally.forwardedExact++;
      if (refused && call.valid) tally.falseRefusals++;
      if (!refused && !call.valid) tally.missedInvalid++;
    }
  }
  await proxy.stop();
  tally.uncheckedTools = (proxy.stderr().match(/relayed unchecked from now on/g) ?? []).length;
  return tally;
}

const dir = mkdtempSync(join(tmpdir(), 'caveman-checked-counts-'));
const total: Record<string, number> = {};
try {
  console.log('catalog                  tools  valid  invalid  forwarded (exact bytes)  refused  false refusals  invalid relayed  unchecked tools');
  const cells = (t: Record<string, number>) => [
    [t.tools, 5],
    [t.valid, 5],
    [t.invalid, 7],
    [`${t.forwarded} (${t.forwardedExact})`, 23],
    [t.refused, 7],
    [t.falseRefusals, 14],
    [t.missedInvalid, 15],
    [t.uncheckedTools, 15],
  ];
  const row = (t: Record<string, number>) =>
    cells(t)
      .map(([value, width]) => String(value).padStart(Number(width)))
      .join('  ');
  for (const fixture of realFixtures()) {
    const tally = await countCatalog(fixture.path, join(dir, 'ccr.db'));
    for (const [key, value] of Object.entries(tally)) total[key] = (total[key] ?? 0) + value;
    console.log(`${fixture.name.replace(/\.json$/, '').padEnd(23)}${row(tally as unknown as Record<string, number>)}`);
  }
  console.log(`${'all nine'.padEnd(23)}${row(total)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
