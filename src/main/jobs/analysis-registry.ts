// Finished analyses the renderer can still ask about (diff texts, exports),
// kept in the process that serves the UI. Bounded: the oldest are dropped
// when there are too many or they hold too many bytes.

import type { AnalysisSummary, CatalogSide } from '../../shared/contracts';
import { CavemanError, NOTHING_STORED, outcomeWords } from '../../shared/errors';
import { analysisBuffers } from '../analysis/analysis-buffers';
import type { AnalysisProduct } from '../analysis/analyze-catalog';

/** A successful analysis as the worker made it, with its summary at hand. */
export type StoredAnalysis = AnalysisProduct & { summary: AnalysisSummary };

export interface RegistryLimits {
  maxEntries: number;
  maxBytes: number;
}

const DEFAULT_LIMITS: RegistryLimits = { maxEntries: 12, maxBytes: 768 * 1024 * 1024 };

export class AnalysisRegistry {
  private readonly entries = new Map<string, StoredAnalysis>();

  constructor(private readonly limits: RegistryLimits = DEFAULT_LIMITS) {}

  add(summary: AnalysisSummary, product: AnalysisProduct): void {
    this.entries.set(summary.analysisId, { ...product, summary });
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
      const why = entry.summary.report.pass_through?.message ?? outcomeWords(NOTHING_STORED);
      throw new CavemanError('cave_not_found', `there is no compressed catalog to hand out: ${why}`);
    }
    return entry.output;
  }

  private evict(keep: string): void {
    const sizeOf = (entry: StoredAnalysis) => analysisBuffers(entry).reduce((sum, bytes) => sum + bytes.byteLength, 0);
    let total = [...this.entries.values()].reduce((sum, e) => sum + sizeOf(e), 0);
    for (const [id, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && total <= this.limits.maxBytes) break;
      if (id === keep) continue;
      this.entries.delete(id);
      total -= sizeOf(entry);
    }
  }
}
