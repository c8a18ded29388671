// refTargets() finds $ref keys by searching the schema's text and descending
// to each place it occurs; refTargetsByWalk() visits every node. They must
// name the same targets on every schema: real catalogs, generated ones, the
// places where "$ref" is not a $ref, and random schemas.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { OBJECT, valueAt, keyName, type JsonDocument, type NodeId } from '../../../../src/main/engine/json/json-node';
import { readCatalog } from '../../../../src/main/engine/transform/catalog-shape';
import { refTargets, refTargetsByWalk } from '../../../../src/main/engine/transform/ref-targets';
import type { RefTrie } from '../../../../src/main/engine/transform/ref-trie';
import { SCHEMA_DOORS } from '../../../../src/main/engine/transform/schema-vocabulary';
import { realFixtures } from '../../../helpers/fixtures';
import { generateCatalog } from '../../../../scripts/bench/generate-catalog.mjs';

/** The trie as sorted pointer paths, so two tries compare as plain values. */
function paths(trie: RefTrie | undefined, prefix = ''): string[] {
  if (trie === undefined) return [];
  const out: string[] = [];
  for (const [segment, child] of trie.children) {
    const path = `${prefix}/${segment}`;
    out.push(path, ...paths(child, path));
  }
  return out.sort();
}

function targetsOf(text: string): { found: string[]; walked: string[] } {
  const doc = parseJson(text);
  return { found: paths(refTargets(doc, doc.root)), walked: paths(refTargetsByWalk(doc, doc.root)) };
}

/** Every tool schema of a catalog (the writer asks for each one's targets). */
function toolSchemas(doc: JsonDocument): NodeId[] {
  const layout = readCatalog(doc);
  if (!layout) return [];
  const schemas: NodeId[] = [];
  const visit = (envelope: NodeId) => {
    for (let i = 0; i < doc.count[envelope]!; i++) {
      const key = keyName(doc, envelope, i);
      const value = valueAt(doc, envelope, i);
      if (SCHEMA_DOORS.has(key)) schemas.push(value);
      else if (key === 'function' && doc.kind[value] === OBJECT) visit(value);
    }
  };
  for (const tool of layout.tools) if (doc.kind[tool.node] === OBJECT) visit(tool.node);
  return schemas;
}

describe('refTargets', () => {
  it('names the targets of pointers, nested, escaped and percent-encoded', () => {
    const schema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/x' }, b: { items: [{ $ref: '#/properties/a~1b/0' }] }, c: { $ref: '#/%24defs/y%20z' } },
      $defs: { x: { type: 'string' }, y: { anyOf: [{ $ref: '#/examples/0' }] } },
    };
    const { found, walked } = targetsOf(JSON.stringify(schema, null, 2));
    expect(found).toEqual(['/$defs', '/$defs/x', '/$defs/y z', '/examples', '/examples/0', '/properties', '/properties/a/b', '/properties/a/b/0']);
    expect(found).toEqual(walked);
  });

  it('ignores "$ref" where it is not a $ref key', () => {
    const cases = {
      'a property named $ref': { properties: { $ref: { type: 'string' } } },
      'a $defs entry named $ref': { $defs: { $ref: { $ref: '#/$defs/real' } } },
      'inside examples': { examples: [{ $ref: '#/a' }] },
      'inside a default': { default: { $ref: '#/a' } },
      'inside const and enum': { const: { $ref: '#/a' }, enum: ['$ref', { $ref: '#/b' }] },
      'in a description': { description: 'Use "$ref" to point at "#/a".' },
      'as a string value': { required: ['$ref'], items: { $ref: '#/ok' } },
      'a $ref whose value is an object': { $ref: { $ref: '#/inner' } },
      'an anchor and an external ref': { allOf: [{ $ref: '#anchor' }, { $ref: 'other.json#/x' }, { $ref: '#' }] },
    };
    for (const [name, schema] of Object.entries(cases)) {
      const { found, walked } = targetsOf(JSON.stringify(schema, null, 1));
      expect(found, name).toEqual(walked);
    }
    // Duplicate keys: the walk reads each one, and so must the search.
    expect(targetsOf('{"$ref": "#/one", "x": {"$ref": "#/two"}, "$ref": "#/three"}').found).toEqual(['/one', '/three', '/two']);
    expect(targetsOf(JSON.stringify({ $defs: { $ref: { $ref: '#/$defs/real' } } })).found).toEqual(['/$defs', '/$defs/real']);
    expect(targetsOf(JSON.stringify({ properties: { $ref: { type: 'string' } }, examples: [{ $ref: '#/a' }] })).found).toEqual([]);
  });

  it('finds a $ref key written with \\u escapes', () => {
    const text = '{"properties": {"a": {"\\u0024ref": "#/$defs/x"}, "b": {"$r\\u0065f": "#/$defs/y"}}}';
    const { found, walked } = targetsOf(text);
    expect(found).toEqual(['/$defs', '/$defs/x', '/$defs/y']);
    expect(found).toEqual(walked);
  });

  it('resolves a $ref against the base its nearest $id sets', () => {
    const nested = {
      properties: {
        sub: {
          $id: 'http://example.com/sub.json',
          properties: { p: { examples: ['a'] }, q: { $ref: '#/properties/p/examples/0' }, r: { items: {} }, s: { $ref: '#/properties/r/items' } },
        },
      },
    };
    const { found } = targetsOf(JSON.stringify(nested));
    expect(found).toContain('/properties/sub/properties/p/examples/0');
    expect(found).toContain('/properties/sub/properties/r/items');
    // The reading of a validator that ignores $id is kept too: "#/…" from the tool root.
    expect(found).toContain('/properties/p/examples/0');
  });

  it("resolves absolute and relative $refs to the root's $id and to a nested resource's URI", () => {
    const schema = {
      $id: 'https://example.com/a/root.json',
      properties: {
        absolute: { $ref: 'https://example.com/a/root.json#/properties/m/examples/0' },
        relative: { $ref: 'root.json#/properties/m/examples/1' },
        intoLeaf: { $ref: 'b/leaf.json#/examples/0' },
        encoded: { $ref: 'HTTPS://example.com/a/./b/leaf.json#/%24defs/x' },
        elsewhere: { $ref: 'https://example.org/root.json#/properties/m/examples/2' },
      },
      $defs: { leaf: { $id: 'b/leaf.json', examples: [{}], $defs: { x: {} } } },
    };
    const { found, walked } = targetsOf(JSON.stringify(schema));
    expect(found).toEqual(walked);
    expect(found).toEqual(expect.arrayContaining(['/properties/m/examples/0', '/properties/m/examples/1', '/$defs/leaf/examples/0', '/$defs/leaf/$defs/x']));
    expect(found).not.toContain('/properties/m/examples/2');
  });

  it('keeps both readings of a $ref beside an $id: with it as the base (2019-09 on) and without (draft-07)', () => {
    const schema = { $defs: { a: { $id: 'http://x.test/a.json', $ref: '#/examples/0', examples: [{}] } }, examples: [{}] };
    expect(targetsOf(JSON.stringify(schema)).found).toEqual(['/$defs', '/$defs/a', '/$defs/a/examples', '/$defs/a/examples/0', '/examples', '/examples/0']);
  });

  it('follows draft-04 ids only in a schema that declares draft-04, and $dynamicRef pointers', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      properties: { sub: { id: 'http://x.test/s.json', properties: { q: { $ref: '#/examples/0' } }, examples: [{}] } },
    };
    const doc = parseJson(JSON.stringify(schema));
    expect(paths(refTargets(doc, doc.root, new Set(['draft-04'])))).toContain('/properties/sub/examples/0');
    expect(paths(refTargets(doc, doc.root))).not.toContain('/properties/sub/examples/0');
    expect(targetsOf(JSON.stringify({ $dynamicRef: '#/$defs/x/examples/0', $defs: { x: { examples: [1] } } })).found).toContain('/$defs/x/examples/0');
  });

  it('agrees with the walk on every tool of the real and generated catalogs', () => {
    const texts = [...realFixtures().map((f) => f.text), generateCatalog(256 * 1024)];
    let schemas = 0;
    let withTargets = 0;
    for (const text of texts) {
      const doc = parseJson(text);
      for (const schema of toolSchemas(doc)) {
        schemas++;
        const found = paths(refTargets(doc, schema));
        expect(found).toEqual(paths(refTargetsByWalk(doc, schema)));
        if (found.length > 0) withTargets++;
      }
    }
    expect(schemas).toBeGreaterThan(250);
    expect(withTargets).toBeGreaterThan(50);
  });

  it('agrees with the walk on random schemas, pretty or compact', () => {
    const keys = ['$ref', 'properties', '$defs', 'items', 'allOf', 'anyOf', 'examples', 'default', 'enum', 'description', 'dependencies', 'not', 'a', 'b'];
    const refs = ['#/properties/a', '#/$defs/b', '#/items/0', '#', '#x', 'ext.json#/a', '#/a~1b', '#/%24ref'];
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom(...refs, '$ref', 'text', 1, true, null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.array(fc.tuple(fc.constantFrom(...keys), tie('value')), { maxLength: 5 }).map((members) => ({ members })),
      ),
    }));
    const write = (node: unknown, pretty: boolean): string => {
      if (node !== null && typeof node === 'object' && 'members' in node) {
        const members = (node as { members: [string, unknown][] }).members.map(([k, v]) => `${JSON.stringify(k)}:${pretty ? ' ' : ''}${write(v, pretty)}`);
        return `{${pretty ? '\n' : ''}${members.join(pretty ? ',\n' : ',')}${pretty ? '\n' : ''}}`;
      }
      if (Array.isArray(node)) return `[${node.map((item) => write(item, pretty)).join(pretty ? ', ' : ',')}]`;
      return JSON.stringify(node);
    };
    fc.assert(
      fc.property(value, fc.boolean(), (schema, pretty) => {
        const { found, walked } = targetsOf(write(schema, pretty));
        expect(found).toEqual(walked);
      }),
      { numRuns: 2000 },
    );
  });
});
