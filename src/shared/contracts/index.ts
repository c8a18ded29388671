// The contracts: every wire shape as a JSON Schema 2020-12 document (the
// source of truth) and the TypeScript types generated from them.

import cliShrinkLine from './cli-shrink-line.schema.json';
import defs from './defs.schema.json';
import guaranteeReport from './guarantee-report.schema.json';
import historyEntry from './history-entry.schema.json';
import historyPage from './history-page.schema.json';
import ipc from './ipc.schema.json';
import lintLevels from './lint-levels.schema.json';
import lintReport from './lint-report.schema.json';
import shrinkReport from './shrink-report.schema.json';

export type * from './types.generated';

/** Every contract schema; $refs between them resolve by $id. */
export const CONTRACT_SCHEMAS = [defs, shrinkReport, lintReport, lintLevels, historyEntry, historyPage, guaranteeReport, cliShrinkLine, ipc] as const;

export const CONTRACT_IDS = {
  shrinkReport: shrinkReport.$id,
  lintReport: lintReport.$id,
  lintLevels: lintLevels.$id,
  historyEntry: historyEntry.$id,
  historyPage: historyPage.$id,
  guaranteeReport: guaranteeReport.$id,
  cliShrinkLine: cliShrinkLine.$id,
  ipc: ipc.$id,
  errorValue: `${defs.$id}#/$defs/errorValue`,
} as const;

/** The enum lists, from a generated module so a caller can take them without the schemas. */
export { CONTRACT_ENUMS } from './enums.generated';
