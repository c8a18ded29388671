// One tool whose input schema repeats many distinct sub-schemas, each a few
// times: the shape that makes `--share-schemas` do the most work (many
// groups of identical sub-schemas, each written once in $defs). Same size,
// same bytes. For the bench's share-schemas scaling and the tests that
// check sharing stays linear.
//
//   node scripts/bench/generate-shared-schemas.mjs BYTES > catalog.json

import { pathToFileURL } from 'node:url';

/** A catalog of about `targetBytes` bytes (compact JSON): one tool, sub-schemas each repeated `copies` times. */
export function generateSharedSchemas(targetBytes, copies = 3) {
  const properties = {};
  let size = 200;
  for (let i = 0; size < targetBytes; i++) {
    const shape = {
      type: 'object',
      description: `Settings of part ${i}, as the service reports them.`,
      properties: {
        [`name_${i}`]: { type: 'string', description: `The name of part ${i}.`, maxLength: 64 + (i % 100) },
        [`count_${i}`]: { type: 'integer', minimum: 0, maximum: 1000 + i },
        tags: { type: 'array', items: { type: 'string', enum: [`tag_${i}_a`, `tag_${i}_b`] } },
      },
      required: [`name_${i}`],
    };
    for (let copy = 0; copy < copies; copy++) {
      const key = `part_${i}_${copy}`;
      properties[key] = shape;
      size += key.length + JSON.stringify(shape).length + 4;
    }
  }
  const tool = { name: 'configure_parts', description: 'Configures every part of the workspace at once.', inputSchema: { type: 'object', properties } };
  return JSON.stringify({ tools: [tool] });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.stdout.write(generateSharedSchemas(Number(process.argv[2] ?? 1024 * 1024)));
