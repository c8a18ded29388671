// The closing transcript of issue 15, as a test that prints it: an SDK
// client over stdio lists tools through `caveman-shrink proxy`, asks
// caveman_describe for a tool whose description was shortened and gets the
// original byte for byte (checked against the server's own tools/list, read
// raw), then calls the real tool — and the same after restarting the proxy.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cliArgv, tempStore } from '../../helpers/cli';
import { rawServerTools } from './raw-server-tools';
import { EVERYTHING_BIN, REPO } from './servers';

let store: ReturnType<typeof tempStore>;
beforeAll(() => {
  store = tempStore();
});
afterAll(() => store.cleanup());

const cut = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max)}… (${Buffer.byteLength(text)} bytes)` : text);

it('transcript: list, describe a shortened tool byte for byte, call it; again after a restart', async () => {
  const server = [process.execPath, EVERYTHING_BIN];
  const reference = await rawServerTools(server);
  const lines: string[] = [`server: node server-everything (${reference.size} tools in its own tools/list)`];
  const say = (line: string) => lines.push(line);

  for (const run of ['proxy started', 'proxy restarted (same store)']) {
    say(`\n== ${run}: caveman-shrink proxy --store <tmp>/ccr.db -- node server-everything`);
    const transport = new StdioClientTransport({ command: process.execPath, args: [...cliArgv(), 'proxy', '--store', store.db, '--', ...server], cwd: REPO, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const client = new Client({ name: 'transcript', version: '1' });
    await client.connect(transport);
    try {
      const listed = await client.listTools();
      say(`client → tools/list: ${listed.tools.length} tools: ${listed.tools.map((tool) => tool.name).join(', ')}`);
      for (const line of stderr.trim().split('\n').filter((l) => l.includes('tools/list'))) say(`stderr: ${line}`);
      const describeTool = listed.tools.find((tool) => tool.name === 'caveman_describe')!;
      say(`caveman_describe as listed: ${JSON.stringify(describeTool)}`);

      // A tool whose listed description is not the server's own.
      const shortened = listed.tools.find((tool) => tool.name !== 'caveman_describe' && tool.description !== (JSON.parse(reference.get(tool.name)!) as { description?: string }).description)!;
      say(`shortened tool: ${shortened.name}; listed description: ${JSON.stringify(shortened.description)}`);
      const answer = (await client.callTool({ name: 'caveman_describe', arguments: { name: shortened.name } })) as { content: { text: string }[] };
      const original = answer.content[0]!.text;
      say(`client → tools/call caveman_describe {"name":"${shortened.name}"}`);
      say(`← ${answer.content.length} content item(s); text: ${cut(original)}`);
      const same = Buffer.from(original, 'utf8').equals(Buffer.from(reference.get(shortened.name)!, 'utf8'));
      say(`byte-for-byte against the server's own tools/list entry for ${shortened.name}: ${same ? 'identical' : 'DIFFERENT'} (${Buffer.byteLength(original)} bytes)`);
      expect(same).toBe(true);

      const complete = listed.tools.find((tool) => tool.name === 'echo')!;
      const completeAnswer = (await client.callTool({ name: 'caveman_describe', arguments: { name: complete.name } })) as { content: { text: string }[] };
      say(`client → tools/call caveman_describe {"name":"echo"} ← ${completeAnswer.content.map((part) => cut(part.text, 100)).join(' | ')}`);

      const call = { name: 'echo', arguments: { message: `hello after ${run}` } };
      const result = await client.callTool(call);
      say(`client → tools/call ${JSON.stringify(call)} ← ${JSON.stringify(result)}`);
      expect(result).toEqual({ content: [{ type: 'text', text: `Echo: hello after ${run}` }] });
    } finally {
      await client.close();
    }
  }
  console.log(lines.join('\n'));
});
