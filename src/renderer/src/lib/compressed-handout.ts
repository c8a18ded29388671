// The compressed catalog is handed out only when its original is in the
// recovery store (main refuses otherwise). The views use this to say so up
// front instead of offering a button that can only fail.

import type { AnalysisSummary } from '../../../shared/contracts';
import { NOTHING_STORED, outcomeWords } from '../../../shared/errors';

/** Why this analysis has no compressed catalog to save or copy, or null when it has one. */
export function whyNoCompressed(summary: AnalysisSummary): string | null {
  const { report } = summary;
  if (report.recovery_handle) return null;
  if (report.pass_through?.reason === 'no_saving') return 'the catalog is already minimal, so it passes through unchanged';
  return `${outcomeWords(NOTHING_STORED)}, so the catalog passes through unchanged`;
}
