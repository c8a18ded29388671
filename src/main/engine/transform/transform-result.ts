// What the transform gives back: the shrunk catalog's bytes and where each
// tool sits in the source and in the output. On its own so the passes that
// take a result and give one back (share-schemas.ts) do not import the
// transform that calls them.

import type { CatalogKind } from './catalog-shape';

/** Where one tool sits in the source text (UTF-16 offsets) and in the output (byte offsets). */
export interface ToolSpan {
  name: string;
  sourceStart: number;
  sourceEnd: number;
  outputStart: number;
  outputEnd: number;
}

export interface TransformResult {
  /** The compact shrunk catalog as UTF-8: the exact bytes to send to a model. */
  output: Uint8Array;
  kind: CatalogKind;
  tools: ToolSpan[];
  /** Keywords dropped as equal to their JSON Schema default (docs/transform.md). */
  structureDrops: number;
  /** Shared sub-schema definitions written (0 unless `shareSchemas`). */
  sharedDefinitions: number;
}
