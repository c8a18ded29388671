// Which tools a listing shortened: a description cut or gone, or — where the
// level defers a schema's detail (skeletons, names) — the marker added to a
// tool that lost only structure; never a tool whose own description already
// ended with the marker and lost nothing.

import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { shortenedToolIndexes } from '../../../../src/main/library/describe/tool-originals';
import { DEFERRAL_MARKER } from '../../../../src/main/engine/transform/deferral-marker';
import { shrinkText } from '../../../helpers/transform';

const catalog = JSON.stringify({
  tools: [
    { name: 'patterned', description: 'Finds a file.', inputSchema: { type: 'object', properties: { path: { type: 'string', pattern: '^/' } } } },
    { name: 'plain', description: 'Lists files.', inputSchema: { type: 'object', properties: { dir: { type: 'string' } } } },
    { name: 'marked', description: `Reads a file.${DEFERRAL_MARKER}`, inputSchema: { type: 'object' } },
  ],
});

describe('shortenedToolIndexes', () => {
  it('counts a tool that lost only structure at skeletons, and no tool at facts', () => {
    const at = (level: 'facts' | 'skeletons') => shortenedToolIndexes(parseJson(catalog), parseJson(shrinkText(catalog, { level })));
    expect(at('skeletons')).toEqual(new Set([0]));
    expect(at('facts')).toEqual(new Set());
  });
});
