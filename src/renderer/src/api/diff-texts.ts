// Both transports build DiffTexts the same way: the layout (changed ranges,
// tool lines) plus the two pretty-printed sides, which travel as UTF-8 bytes.

import { CavemanError } from '../../../shared/errors';
import type { DiffLayout, LintReport } from '../../../shared/contracts';
import type { DiffTexts } from '../../../shared/ipc/caveman-api';

const decoder = new TextDecoder('utf-8');

/** UTF-8 bytes as text (invalid sequences become U+FFFD, as the original catalog may hold them). */
export function decodeText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/**
 * The layout (UTF-8 JSON of a DiffLayout) with its texts; refuses a layout
 * that is not one, or texts whose length does not match it (the ranges would
 * point elsewhere).
 */
export function assembleDiff(layoutJson: Uint8Array, original: Uint8Array, compressed: Uint8Array): DiffTexts {
  const layout = parseLayout(layoutJson);
  const texts = { original: decodeText(original), compressed: decodeText(compressed) };
  if (texts.original.length !== layout.originalChars || texts.compressed.length !== layout.compressedChars) {
    throw new CavemanError('cave_internal', 'internal error: the diff texts do not match their layout');
  }
  return { ...layout, ...texts };
}

function parseLayout(bytes: Uint8Array): DiffLayout {
  let layout: unknown;
  try {
    layout = JSON.parse(decodeText(bytes));
  } catch {
    throw new CavemanError('cave_internal', 'internal error: the diff layout is not JSON');
  }
  const candidate = layout as Partial<DiffLayout> | null;
  if (!candidate || !Array.isArray(candidate.changes) || !Array.isArray(candidate.tools) || typeof candidate.originalChars !== 'number' || typeof candidate.compressedChars !== 'number') {
    throw new CavemanError('cave_internal', 'internal error: the diff layout has the wrong shape');
  }
  return candidate as DiffLayout;
}

/** The per-tool report from its UTF-8 JSON bytes; refuses anything that is not one. */
export function parseLintReport(bytes: Uint8Array): LintReport {
  let report: unknown;
  try {
    report = JSON.parse(decodeText(bytes));
  } catch {
    throw new CavemanError('cave_internal', 'internal error: the per-tool report is not JSON');
  }
  const candidate = report as Partial<LintReport> | null;
  if (!candidate || !Array.isArray(candidate.tools) || typeof candidate.total !== 'object' || typeof candidate.envelope !== 'object') {
    throw new CavemanError('cave_internal', 'internal error: the per-tool report has the wrong shape');
  }
  return candidate as LintReport;
}
