// `caveman-shrink lint FILE [--json]`: per-tool token report; stores nothing.

import type { LevelsReport, LintReport, RenderedTokens, ToolDescriptionTally } from '../../../shared/contracts';
import { asCavemanError, CavemanError, unreadableReason } from '../../../shared/errors';
import { DEFAULT_LEVEL, type LevelName } from '../../../shared/levels';
import type { TokenizerName } from '../../../shared/tokenizers';
import { lint } from '../../library/lint';
import { readBoundedFile, tooLargeMessage } from '../../library/catalog-file';
import { formatCount, formatInt, formatPercent } from '../../../shared/format-figures';
import { formatTable } from '../format-table';
import { SEEN_HEADER, SEEN_LEGEND, seenCells } from '../seen-cells';
import { writeAll } from '../stdio';
import { levelsTable } from './levels-table';
import type { CommandIo } from './shrink-command';
import { isBudgetBelowFloor } from '../../library/plan-budget';
import { UsageError } from '../usage-error';

export interface LintCommandOptions {
  tokenizer: TokenizerName;
  json: boolean;
  shareSchemas?: boolean;
  level?: LevelName;
  /** Measure what a budget plans (each tool's level in the table); below the catalog's floor, a usage mistake. */
  budget?: number;
  /** Every level at a glance instead of one level's per-tool report. */
  levels?: boolean;
}

export async function runLintCommand(file: string, options: LintCommandOptions, io: CommandIo): Promise<number> {
  let report: LintReport | LevelsReport;
  try {
    const input = await readBoundedFile(file);
    if (input.tooLarge) {
      await writeAll(io.stderr, `caveman-shrink lint: ${tooLargeMessage(file)}\n`);
      return 1;
    }
    const shareSchemas = options.shareSchemas === true;
    if (options.levels === true)
      report = await (await import('../../library/lint-levels')).lintLevels(input.bytes, { tokenizer: options.tokenizer, shareSchemas });
    else
      report = await lint(input.bytes, {
        tokenizer: options.tokenizer,
        shareSchemas,
        ...(options.level !== undefined ? { level: options.level } : {}),
        ...(options.budget !== undefined ? { budget: options.budget } : {}),
      });
  } catch (thrown) {
    if (isBudgetBelowFloor(thrown)) throw new UsageError(thrown.message);
    const error = thrown instanceof CavemanError ? thrown : asCavemanError(thrown);
    const message =
      error.code === 'cave_internal' && (thrown as NodeJS.ErrnoException).code ? `cannot read ${file}: ${unreadableReason(thrown)}` : error.message;
    await writeAll(io.stderr, `caveman-shrink lint: ${message}\n`);
    return 1;
  }
  const text = options.json ? JSON.stringify(report) + '\n' : 'levels' in report ? levelsTable(report) : lintTable(report);
  await writeAll(io.stdout, text);
  return 0;
}

/**
 * The aligned table, what the model sees first: each tool's tokens as
 * Claude is handed it (the anthropic rendering) and the share saved, then
 * OpenAI's, then the catalog's JSON (whitespace included); the TOTAL row;
 * a line saying what each column counts and the JSON's saving beyond
 * minification (what a client that already sends compact JSON saves), and
 * a last line the facts-kept guarantee.
 */
export function lintTable(report: LintReport): string {
  // With a budget each tool's level is a column of its own.
  const level = (name: string | undefined) => (report.budget ? [name ?? ''] : []);
  const rows = report.tools.map((tool) => [tool.name, ...level(tool.level), ...seenCells(tool, tool.visible)]);
  const { envelope } = report;
  rows.push(['(envelope)', ...level(''), ...seenCells(envelope, envelope.visible).map((cell, i) => (i % 2 === 1 ? '' : cell))]);
  rows.push([`TOTAL (basis: ${report.basis})`, ...level(''), ...seenCells(report.total, report.visible)]);
  const { facts } = report;
  const leadsWhole = facts.leads.whole + facts.leads.shortened;
  return (
    formatTable(['TOOL', ...level('LEVEL'), ...SEEN_HEADER], rows, [0, ...level('').map(() => 1)]) +
    `${SEEN_LEGEND}; ${formatPercent(report.beyond_minification)} saved beyond minification\n` +
    budgetLine(report) +
    `tokenizer: ${report.tokenizer}${report.share_schemas ? ' · shared sub-schemas' : ''}` +
    `${report.level !== undefined && report.level !== DEFAULT_LEVEL ? ` · level ${report.level}` : ''}\n` +
    `facts kept: ${facts.kept} of ${facts.found} (${facts.redundant} redundant with a keyword, ` +
    `${deferredPart(facts.deferred)}${facts.dropped} dropped) · leads whole: ${leadsWhole} of ` +
    `${facts.leads.found}${facts.leads.deferred ? ` (${facts.leads.deferred} deferred)` : ''}${toolDescriptionsPart(facts.tool_descriptions)}\n` +
    describeToolLine(report)
  );
}

/** The budget's plan in a line: the budget, what the listing takes, how many tools at each level. */
function budgetLine(report: LintReport): string {
  const { budget } = report;
  if (budget === undefined) return '';
  const levels = Object.entries(budget.tools).map(([name, tools]) => `${tools} at ${name}`);
  return (
    `budget: ${formatInt(budget.tokens)} tokens, listing ${formatInt(budget.listing_tokens)} as Claude is handed it (the describe tool included) · ` +
    `${levels.join(', ')} (ceiling ${report.level ?? DEFAULT_LEVEL})\n`
  );
}

/** "12 deferred, " at a deferral level; nothing at full and facts, so their line reads as before. */
function deferredPart(deferred: number | undefined): string {
  return deferred ? `${deferred} deferred (one describe call away), ` : '';
}

/** " · tool descriptions whole: 9 of 9": what a client's tool search reads, whole unless the level defers it. */
function toolDescriptionsPart(counts: ToolDescriptionTally | undefined): string {
  if (counts === undefined) return '';
  const deferred = counts.deferred ? ` (${counts.deferred} deferred)` : '';
  return ` · tool descriptions whole: ${counts.whole} of ${counts.found}${deferred}`;
}

/** The proxy's describe tool next to the saving, as the model sees it: what it adds, or why it is not listed. */
function describeToolLine(report: LintReport): string {
  const price = report.describe_tool;
  if (price === undefined) return '';
  if (price.shortened_tools === 0) return `proxy: ${price.name} not listed (no description was shortened)\n`;
  const seen = price.visible ?? { anthropic: 0, openai: 0 };
  const claude = savedWith(report.visible.anthropic, seen.anthropic);
  const per = claude.net > 0 ? 'fewer tokens' : 'tokens: no fewer than without the proxy, which then lists the tools without deferring';
  const others = `OpenAI ${savedWith(report.visible.openai, seen.openai).text}; JSON ${savedWith(report.total, price.tokens).text}`;
  return (
    `proxy: ${price.name} adds ${formatInt(seen.anthropic)} tokens as Claude sees it (${formatCount(price.shortened_tools, 'tool')} shortened); ` +
    `per tools/list Claude is handed ${claude.text} ${per} (${others})\n`
  );
}

/** "162 - 48 = 114": the tokens a shrink saves, less what the describe tool adds. */
function savedWith(tokens: RenderedTokens, added: number): { text: string; net: number } {
  const saved = tokens.tokens_before - tokens.tokens_after;
  return { text: `${formatInt(saved)} - ${formatInt(added)} = ${formatInt(saved - added)}`, net: saved - added };
}
