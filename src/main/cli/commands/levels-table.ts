// `caveman-shrink lint --levels`: every level at a glance — one row per level,
// its tokens as JSON and as the model sees them in each rendering, each
// with the share saved against the catalog as it came.

import type { LevelsReport } from '../../../shared/contracts';
import { savingRatio } from '../../../shared/ratio';
import { DEFERRAL_MARKER } from '../../library/describe';
import { formatInt as count, formatPercent } from '../../../shared/format-figures';
import { formatTable } from '../format-table';

export function levelsTable(report: LevelsReport): string {
  const { original } = report;
  const cell = (before: number, after: number) => `${count(after)} (${formatPercent(savingRatio(before, after))})`;
  const rows = [
    ['(as it came)', count(original.json), count(original.anthropic), count(original.openai), '', ''],
    ...report.levels.map((row) => [
      row.level,
      cell(original.json, row.json),
      cell(original.anthropic, row.anthropic),
      cell(original.openai, row.openai),
      row.passes_through ? 'passes through' : formatPercent(row.beyond_minification),
      String(row.marked_tools),
    ]),
  ];
  return (
    formatTable(['LEVEL', 'JSON', 'ANTHROPIC', 'OPENAI', 'BEYOND MINIFIED', 'MARKED'], rows) +
    `tokenizer: ${report.tokenizer} (basis: ${report.basis})${report.share_schemas ? ' · shared sub-schemas' : ''} ` +
    `· minified JSON ${count(report.tokens_minified)} · ` +
    `anthropic and openai: what the model sees · MARKED: tools whose description ends in "${DEFERRAL_MARKER}" (details one describe call away)\n`
  );
}
