// The reference for "byte for byte": a server's own tools/list, read from
// its stdout as raw lines (every page), each tool's exact text sliced with
// the project's lossless parser — no SDK schema parsing, no re-serialising.

import { spawn } from 'node:child_process';
import { childCount, itemAt, memberOf, sourceOf, stringValue } from '../../../src/main/engine/json/json-node';
import { parseJson } from '../../../src/main/engine/json/parse-json';

/** Each tool's exact text by name, every page. */
export async function rawServerTools(argv: string[]): Promise<Map<string, string>> {
  return (await rawServerListing(argv)).tools;
}

/** The same, with the tools/list answer lines exactly as the server wrote them. */
export async function rawServerListing(argv: string[]): Promise<{ tools: Map<string, string>; lines: string[] }> {
  const child = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'ignore'] });
  const lines: string[] = [];
  let partial = '';
  let wake = () => undefined as void;
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    const parts = (partial + text).split('\n');
    partial = parts.pop()!;
    lines.push(...parts);
    wake();
  });
  const answer = async (id: number): Promise<string> => {
    for (;;) {
      const at = lines.findIndex((line) => (JSON.parse(line) as { id?: unknown }).id === id);
      if (at >= 0) return lines.splice(at, 1)[0]!;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  try {
    send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-reference', version: '1' } } });
    await answer(1);
    send({ method: 'notifications/initialized' });
    const tools = new Map<string, string>();
    const pages: string[] = [];
    let cursor: string | undefined;
    for (let id = 2; ; id++) {
      send({ id, method: 'tools/list', ...(cursor === undefined ? {} : { params: { cursor } }) });
      const line = await answer(id);
      pages.push(line);
      const doc = parseJson(line);
      const result = memberOf(doc, doc.root, 'result')!;
      const list = memberOf(doc, result, 'tools')!;
      for (let i = 0; i < childCount(doc, list); i++) {
        const tool = itemAt(doc, list, i);
        tools.set(stringValue(doc, memberOf(doc, tool, 'name')!), sourceOf(doc, tool));
      }
      const next = memberOf(doc, result, 'nextCursor');
      if (next === undefined) return { tools, lines: pages };
      cursor = stringValue(doc, next);
    }
  } finally {
    child.kill();
  }
}
