// A describe transcript, as a test that prints it: an
// SDK client over stdio lists tools through `caveman-shrink proxy`, asks
// caveman_describe for two shortened tools in one call and gets each
// exactly as the server wrote it — compared byte for byte with the server's
// own tools/list line, read raw, and found verbatim in it — then calls a real
// tool; the same after restarting the proxy. A second server writes its
// tools the way a parse-and-stringify would not give back (`1.0`,
// `\u00e9`, `1e400`, spacing), so the comparison can tell.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMPLETE_NOTE } from '../../../../src/main/library/describe';
import { tempStore } from '../../../helpers/cli';
import { CommandTransport } from '../../../helpers/command-transport';
import { rawServerListing } from '../raw-server-tools';
import { EVERYTHING_BIN, REPO } from '../servers';

let store: ReturnType<typeof tempStore>;
let dir: string;
beforeAll(() => {
  store = tempStore();
  dir = mkdtempSync(join(tmpdir(), 'caveman-transcript-'));
});
afterAll(() => {
  store.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const cut = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max)}… (${Buffer.byteLength(text)} bytes)` : text);
const FILLER =
  'The team that wrote it likes long walks, warm tea and quiet afternoons in the garden. Its logo is a small ' +
  'green frog that somebody drew by hand, one rainy spring, on the back of an envelope.';
const EXACT_TOOLS = [
  `{ "name": "cafe", "description": "Finds a caf\\u00e9. ${FILLER}", "inputSchema": {"type":"object",` +
    `"properties":{"ratio":{"type":"number","default":1.0,"maximum":1e400}}} }`,
  `{"name":"echo","description":"Echoes. ${FILLER}","inputSchema":{"type":"object","properties":{"message":{"type":"string","minLength":1.0}}}}`,
];

/** Every description string in a tool, in order, as one text. */
function descriptions(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  return Object.entries(value)
    .map(([key, inner]) => (key === 'description' && typeof inner === 'string' ? `${inner}\n` : descriptions(inner)))
    .join('');
}

type Texts = { content: { text: string }[]; isError?: boolean };

async function transcript(
  title: string,
  server: string[],
  proxyArgs: string[],
  call: { name: string; arguments: Record<string, unknown> },
  say: (line: string) => void,
): Promise<void> {
  const reference = await rawServerListing(server);
  const rawLine = Buffer.from(reference.lines.join('\n'), 'utf8');
  say(`\n##### ${title}: ${reference.tools.size} tools in the server's own tools/list (${reference.lines.length} page(s), ${rawLine.length} bytes)`);
  for (const run of ['proxy started', 'proxy restarted (same store)']) {
    say(`\n== ${run}: caveman-shrink proxy --store <tmp>/ccr.db ${proxyArgs.join(' ')} -- ${server.map((arg) => arg.replace(REPO, '.')).join(' ')}`);
    const transport = new CommandTransport(['proxy', '--store', store.db, ...proxyArgs, '--', ...server]);
    const client = new Client({ name: 'transcript', version: '1' });
    await client.connect(transport);
    try {
      const listed = await client.listTools();
      say(`client → tools/list: ${listed.tools.length} tools: ${listed.tools.map((tool) => tool.name).join(', ')}`);
      for (const line of transport
        .stderr()
        .trim()
        .split('\n')
        .filter((l) => l.includes('tools/list')))
        say(`stderr: ${line}`);
      const describeTool = listed.tools.find((tool) => tool.name === 'caveman_describe')!;
      say(`caveman_describe as listed: ${JSON.stringify(describeTool)}`);

      // Tools with a description (their own or a parameter's) that is not the server's own.
      const served = listed.tools.filter((tool) => tool.name !== 'caveman_describe');
      const shortened = served.filter((tool) => descriptions(tool) !== descriptions(JSON.parse(reference.tools.get(tool.name)!)));
      expect(shortened.length).toBeGreaterThan(0);
      for (const tool of shortened.slice(0, 2)) say(`shortened: ${tool.name}; listed: ${cut(JSON.stringify(tool), 240)}`);
      // Two tools: shortened ones, or one and a complete one (the answer then notes it is complete).
      const names = [...shortened, ...served.filter((tool) => !shortened.includes(tool))].slice(0, 2).map((tool) => tool.name);
      const answer = (await client.callTool({ name: 'caveman_describe', arguments: { names } })) as Texts;
      say(
        `client → tools/call caveman_describe ${JSON.stringify({ names })} ← ${answer.content.length} content ` +
          `items${answer.content.some((part) => part.text === COMPLETE_NOTE) ? ` (one is the note "${COMPLETE_NOTE}")` : ''}`,
      );
      expect(answer.isError).toBeUndefined();
      const texts = answer.content.filter((part) => part.text !== COMPLETE_NOTE);
      expect(texts).toHaveLength(2);
      answer.content = texts;
      for (const [n, name] of names.entries()) {
        const bytes = Buffer.from(answer.content[n]!.text, 'utf8');
        const same = bytes.equals(Buffer.from(reference.tools.get(name)!, 'utf8'));
        const at = rawLine.indexOf(bytes);
        say(`  ${name}: ${cut(answer.content[n]!.text)}`);
        say(
          `  byte for byte against the server's own entry: ${same ? 'identical' : 'DIFFERENT'} (${bytes.length} bytes); ` +
            `verbatim in its raw tools/list line at byte ${at}`,
        );
        const reserialised = JSON.stringify(JSON.parse(answer.content[n]!.text));
        if (reserialised !== answer.content[n]!.text)
          say(`  (a parse and stringify would have given ${Buffer.byteLength(reserialised)} different bytes: ${cut(reserialised, 100)})`);
        expect(same).toBe(true);
        expect(at).toBeGreaterThan(0);
      }

      const result = await client.callTool(call);
      say(`client → tools/call ${JSON.stringify(call)} ← ${JSON.stringify(result)}`);
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  }
}

it("transcript: list, describe two shortened tools in one call with the server's own bytes, call a tool; again after a restart", async () => {
  const lines: string[] = [];
  const say = (line: string) => lines.push(line);
  await transcript(
    'server-everything',
    [process.execPath, EVERYTHING_BIN],
    ['--level', 'leads'],
    { name: 'echo', arguments: { message: 'hello through the proxy' } },
    say,
  );
  const file = join(dir, 'tools.json');
  writeFileSync(file, `[${EXACT_TOOLS.join(', ')}]`);
  await transcript(
    'a server writing 1.0, \\u00e9 and 1e400',
    [process.execPath, join(REPO, 'test/fixtures/mcp/listed-tools-server.mjs'), file],
    ['--level', 'leads'],
    { name: 'echo', arguments: { message: 'hi' } },
    say,
  );
  console.log(lines.join('\n'));
});
