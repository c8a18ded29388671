// Finished analyses the renderer can still ask about (diff texts, exports),
// kept in the process that serves the UI. Bounded: the oldest are dropped
// when there are too many or they hold too many bytes.

import type { AnalysisSummary, CatalogSide } from '../../shared/contracts';
import { CavemanError } from '../../shared/errors';
import type { AnalysisPayload } from '../jobs/worker-protocol';

export interface StoredAnalysis {
  summary: AnalysisSummary;
  lint: Uint8Array | undefined;
  original: Uint8Array;
  output: Uint8Array;
  transformed: Uint8Array | undefined;
  diff: AnalysisPayload['diff'];
}

export interface RegistryLimits {
  maxEntries: number;
  maxBytes: number;
}

const DEFAULT_LIMITS: RegistryLimits = { maxEntries: 12, maxBytes: 768 * 1024 * 1024 };

export class AnalysisRegistry {
  private readonly entries = new Map<string, StoredAnalysis>();

  constructor(private readonly limits: RegistryLimits = DEFAULT_LIMITS) {}

  add(summary: AnalysisSummary, payload: AnalysisPayload): void {
    this.entries.set(summary.analysisId, {
      summary,
      lint: payload.lint,
      original: payload.original,
      output: payload.output,
      transformed: payload.transformed,
      diff: payload.diff,
    });
    this.evict(summary.analysisId);
  }

  /** The analysis, or cave_not_found when it was closed or evicted. */
  get(analysisId: string): StoredAnalysis {
    const entry = this.entries.get(analysisId);
    if (!entry) throw new CavemanError('cave_not_found', 'that result is no longer open — drop or open the catalog again');
    // Most recently used last, so eviction takes the least recently used.
    this.entries.delete(analysisId);
    this.entries.set(analysisId, entry);
    return entry;
  }

  /**
   * The bytes of one side for saving or copying. The compressed side is only
   * handed out when its original was committed to the store (a handle exists).
   */
  side(analysisId: string, which: CatalogSide): Uint8Array {
    const entry = this.get(analysisId);
    if (which === 'original') return entry.original;
    if (!entry.summary.report.recovery_handle) {
      const why = entry.summary.report.pass_through?.message ?? 'nothing was stored';
      throw new CavemanError('cave_not_found', `there is no compressed catalog to hand out: ${why}`);
    }
    return entry.output;
  }

  private evict(keep: string): void {
    const sizeOf = (e: StoredAnalysis) =>
      e.original.byteLength + e.output.byteLength + (e.lint?.byteLength ?? 0) + (e.transformed?.byteLength ?? 0) + (e.diff ? e.diff.layout.byteLength + e.diff.original.byteLength + e.diff.compressed.byteLength : 0);
    let total = [...this.entries.values()].reduce((sum, e) => sum + sizeOf(e), 0);
    for (const [id, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && total <= this.limits.maxBytes) break;
      if (id === keep) continue;
      this.entries.delete(id);
      total -= sizeOf(entry);
    }
  }
}
