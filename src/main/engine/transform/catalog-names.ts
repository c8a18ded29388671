// The names the structural fact rule reads (sentence-names.ts), taken from a
// parsed catalog: every tool's name, and per tool its identifier-like
// parameter names (property names at any depth of its schemas). The
// transform and the facts-kept check both take them from here, so they
// classify every sentence alike.

import { OBJECT, keyName, memberOf, type JsonDocument, type NodeId } from '../json/json-node';
import type { CatalogLayout } from './catalog-shape';
import { CatalogNames, isIdentifierLike, type SentenceNames } from './sentence-names';
import { visitSchema } from './visit-schema';

/** The SentenceNames of each tool of `layout`, by its index (parameters read on first need, once per tool). */
export function sentenceNamesOf(doc: JsonDocument, layout: CatalogLayout): (toolIndex: number) => SentenceNames {
  const catalog = new CatalogNames(layout.tools.map((tool) => tool.name));
  const made: SentenceNames[] = [];
  return (toolIndex) => {
    let names = made[toolIndex];
    if (names === undefined) {
      const tool = layout.tools[toolIndex];
      let parameters: ReadonlySet<string> | undefined;
      names = {
        catalog,
        ownTool: tool?.name,
        parameters: () => (parameters ??= tool === undefined ? new Set() : parameterNames(doc, tool.schemas)),
      };
      made[toolIndex] = names;
    }
    return names;
  };
}

/** Identifier-like property names anywhere in `schemas` (folder_id, pageSize, $filter; not owner or query). */
function parameterNames(doc: JsonDocument, schemas: readonly NodeId[]): Set<string> {
  const names = new Set<string>();
  for (const schema of schemas) {
    visitSchema(doc, schema, (node) => {
      const properties = memberOf(doc, node, 'properties');
      if (properties === undefined || doc.kind[properties] !== OBJECT) return;
      for (let i = 0; i < doc.count[properties]!; i++) {
        const name = keyName(doc, properties, i);
        if (isIdentifierLike(name)) names.add(name);
      }
    });
  }
  return names;
}
