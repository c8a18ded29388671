// `caveman-shrink lint FILE [--json]`: per-tool token report; stores nothing.

import type { LintReport } from '../../../shared/contracts';
import { asCavemanError, CavemanError } from '../../../shared/errors';
import type { TokenizerName } from '../../../shared/tokenizers';
import { formatMiB } from '../../api/read-catalog-text';
import { lint } from '../../api/lint';
import { readBoundedFile } from '../bounded-input';
import { formatPercent, formatTable } from '../format-table';
import { writeAll } from '../stdio';
import type { CommandIo } from './shrink-command';

export async function runLintCommand(file: string, options: { tokenizer: TokenizerName; json: boolean }, io: CommandIo): Promise<number> {
  let report: LintReport;
  try {
    const input = await readBoundedFile(file);
    if (input.tooLarge) {
      throw new CavemanError('cave_input_too_large', `${file} is ${formatMiB(input.size ?? 0)}, above the 32 MiB limit`);
    }
    report = await lint(input.bytes, { tokenizer: options.tokenizer });
  } catch (thrown) {
    const error = thrown instanceof CavemanError ? thrown : asCavemanError(thrown);
    const message = error.code === 'cave_internal' && (thrown as NodeJS.ErrnoException).code ? `cannot read ${file}: ${(thrown as Error).message}` : error.message;
    await writeAll(io.stderr, `caveman-shrink lint: ${message}\n`);
    return 1;
  }
  await writeAll(io.stdout, options.json ? JSON.stringify(report) + '\n' : lintTable(report));
  return 0;
}

export function lintTable(report: LintReport): string {
  const rows = report.tools.map((tool) => [tool.name, String(tool.tokens_before), String(tool.tokens_after), formatPercent(tool.ratio)]);
  rows.push(['(envelope)', String(report.envelope.tokens_before), String(report.envelope.tokens_after), '']);
  rows.push([`TOTAL (basis: ${report.basis})`, String(report.total.tokens_before), String(report.total.tokens_after), formatPercent(report.total.ratio)]);
  return formatTable(['TOOL', 'BEFORE', 'AFTER', 'RATIO'], rows) + `tokenizer: ${report.tokenizer}\n` + describeToolLine(report);
}

/** The proxy's describe tool next to the saving: what it adds, or why it is not listed. */
function describeToolLine(report: LintReport): string {
  const price = report.describe_tool;
  if (price === undefined) return '';
  if (price.shortened_tools === 0) return `proxy: ${price.name} not listed (no description was shortened)\n`;
  const saved = report.total.tokens_before - report.total.tokens_after;
  const shortened = `${price.shortened_tools} tool${price.shortened_tools === 1 ? '' : 's'} shortened`;
  return `proxy: ${price.name} adds ${price.tokens} tokens (${shortened}); saved ${saved} - ${price.tokens} = ${saved - price.tokens} tokens per tools/list\n`;
}
