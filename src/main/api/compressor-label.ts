// The `compressor` a shrink is recorded with (docs/levels.md, "Recorded with
// the handle"): toolschema, then +share-schemas when shared, then
// +level-<name> when the level is not facts. Other programs (the Go tools)
// read it as a label; whatever re-transforms a stored original reads the
// options back from it. Written here only.

import { DEFAULT_LEVEL, type LevelName } from '../../shared/levels';

const BASE = 'toolschema';
const SHARED = '+share-schemas';
const LEVEL = '+level-';

export interface RecordedOptions {
  shareSchemas: boolean;
  level: LevelName;
}

/** "toolschema", "toolschema+share-schemas", "toolschema+level-leads", "toolschema+share-schemas+level-signatures". */
export function compressorLabel({ shareSchemas, level }: RecordedOptions): string {
  return `${BASE}${shareSchemas ? SHARED : ''}${level === DEFAULT_LEVEL ? '' : `${LEVEL}${level}`}`;
}
