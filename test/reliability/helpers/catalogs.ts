// Small, distinct, deterministic catalogs for the load and crash tests: the
// writer processes and the test that checks them build the same bytes from
// the same (prefix, index), so the test knows exactly what every handle must
// give back. The shape rotates through the docs/transform.md shapes and every catalog
// has something to shrink (pretty-printing, titles, examples, long prose).

import { createHash } from 'node:crypto';

const PROSE =
  'Looks the request up in the local index and returns the matching records in order of relevance. ' +
  'The ranking favours recent records over old ones when two are equally close. ' +
  'Results are paged; ask again with the cursor to read the next page.';

function tool(prefix: string, index: number, k: number): Record<string, unknown> {
  return {
    name: `${prefix}_${index}_tool_${k}`,
    description: `${PROSE} The limit must be at most ${10 + k} records.`,
    inputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      title: `Input of ${prefix} ${index}/${k}`,
      properties: {
        query: { type: 'string', title: 'Query', description: 'What to look for.', examples: [`q${index}`] },
        limit: { type: 'integer', minimum: 1, maximum: 10 + k, default: 5 },
        mode: { enum: ['fast', 'exact', `m${index}`] },
      },
      required: ['query'],
    },
  };
}

/** Tool objects in the envelope a shape uses. */
function envelope(shape: number, raw: Record<string, unknown>): Record<string, unknown> {
  if (shape === 1) return { type: 'function', function: { name: raw.name, description: raw.description, parameters: raw.inputSchema } };
  if (shape === 2) return { name: raw.name, description: raw.description, parameters: raw.inputSchema };
  return raw;
}

/**
 * Catalog number `index` of the series `prefix`: pretty-printed UTF-8 JSON,
 * different for every (prefix, index), in one of four shapes (MCP tools,
 * OpenAI function array, {"functions":[…]}, a single tool).
 */
export function distinctCatalog(prefix: string, index: number): Buffer {
  const shape = index % 4;
  const count = 1 + (index % 3);
  const tools = Array.from({ length: count }, (_, k) => envelope(shape === 3 ? 0 : shape, tool(prefix, index, k)));
  let doc: unknown;
  if (shape === 0) doc = { tools };
  else if (shape === 1) doc = tools;
  else if (shape === 2) doc = { functions: tools };
  else doc = tools[0];
  return Buffer.from(JSON.stringify(doc, null, 2) + '\n', 'utf8');
}

/** The handle docs/store.md gives these bytes (computed here, independently of the store). */
export function expectedHandle(bytes: Uint8Array): string {
  return `ccr_${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}`;
}

/** A payload of `size` bytes, different for every (seed, index): for raw store writes. */
export function bulkPayload(seed: string, index: number, size: number): Buffer {
  const words = new Uint32Array(Math.ceil(size / 4));
  // xorshift32 from a hash of (seed, index): cheap, and no two payloads alike.
  let x = createHash('sha256').update(`${seed}:${index}`).digest().readUInt32BE(0) || 1;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x >>> 0;
  }
  return Buffer.from(words.buffer, 0, size);
}
