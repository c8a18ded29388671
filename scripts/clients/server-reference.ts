// What the server itself says, to hold the clients' answers to: each tool's
// exact text in its own tools/list answer (what caveman_describe must give
// back byte for byte), and its answer to the call the scripted model makes.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { rawServerTools } from '../../test/main/mcp/raw-server-tools';

export interface ServerReference {
  /** Each tool's text in the server's tools/list answer, by name. */
  tools: Map<string, string>;
  /** The texts of the server's answer to the scripted call. */
  callAnswer: string[];
}

async function callTexts(argv: readonly string[], tool: string, args: Record<string, unknown>): Promise<string[]> {
  const client = new Client({ name: 'caveman-clients-reference', version: '1' });
  await client.connect(new StdioClientTransport({ command: argv[0]!, args: argv.slice(1), stderr: 'ignore' }));
  try {
    const result = await client.callTool({ name: tool, arguments: args });
    return (result.content as { type: string; text?: string }[]).flatMap((item) => (item.type === 'text' && item.text !== undefined ? [item.text] : []));
  } finally {
    await client.close();
  }
}

export async function serverReference(argv: readonly string[], tool: string, args: Record<string, unknown>): Promise<ServerReference> {
  return { tools: await rawServerTools([...argv]), callAnswer: await callTexts(argv, tool, args) };
}
