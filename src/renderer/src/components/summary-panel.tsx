// The headline numbers of one analysis: tools, what the model sees of the
// tools at the level (Claude's rendering, OpenAI's under it) and the share
// of it saved — the headline —, the catalog file as JSON (as it came,
// minified, shrunk, its share saved: mostly whitespace, which clients never
// send, so it is not a saving an agent feels), what the saving the
// model sees is worth per 1,000 requests at the person's input price, the
// recovery handle (copyable), every level at a glance (level-comparison.tsx), the tokenizer, basis, level and bytes (in the
// line under the name, so the cards fit one row at 1024 px), the guarantee checks, and the save / copy
// actions. Pass-through states say plainly why nothing was stored.

import { useEffect, useState } from 'react';
import type { AnalysisSummary, BudgetPlanReport } from '../../../shared/contracts';
import { NOTHING_STORED, asCavemanError, outcomeWords } from '../../../shared/errors';
import { LEVEL_KEEPS } from '../../../shared/levels';
import { useApp } from '../app-context';
import { formatBytes, formatInt } from '../lib/format';
import { whyNoCompressed } from '../lib/compressed-handout';
import { titleWithShortcut } from '../lib/shortcuts';
import { GuaranteeBadge } from './guarantee-badge';
import { guaranteeBadges } from './guarantee-badges';
import { LevelComparisonRow } from './level-comparison';
import { Icon } from './icon';
import { PriceStat } from './price-stat';
import { SummaryStats } from './summary-stats';

const nothingStored = outcomeWords(NOTHING_STORED);

/** What the budget did: the listing Claude is handed, and how many tools at each level. */
function budgetTitle(budget: BudgetPlanReport): string {
  const levels = Object.entries(budget.tools).map(([level, count]) => `${count} at ${level}`);
  const listed = `${formatInt(budget.listing_tokens)} of ${formatInt(budget.tokens)}`;
  return `The listing Claude is handed (caveman_describe included) takes ${listed} tokens: ${levels.join(', ')}`;
}

function CopyHandle({ handle }: { handle: string }) {
  const { stores } = useApp();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(handle);
      setCopied(true);
    } catch (error) {
      stores.ui.getState().notify('error', `Could not copy the handle: ${asCavemanError(error).message}`);
    }
  };
  return (
    <button type="button" className="button button-small" onClick={() => void copy()}>
      <Icon name={copied ? 'check' : 'copy'} size={14} />
      {copied ? 'Copied' : 'Copy handle'}
    </button>
  );
}

export function SummaryPanel({ summary }: { summary: AnalysisSummary }) {
  const { report } = summary;
  // What the model is handed (docs/transform.md): the headline and the price use it, never the whitespace-inclusive JSON saving.
  const visible = summary.visible;
  return (
    <section className="summary" aria-label="Summary">
      <div className="summary-head">
        <div className="summary-heading">
          <h2 className="summary-name" title={summary.name}>
            {summary.name}
          </h2>
          <SummaryMeta summary={summary} />
        </div>
        <SummaryActions summary={summary} />
      </div>
      <PassThroughBanner summary={summary} />
      <dl className="stats">
        <SummaryStats summary={summary} />
        <PriceStat savedTokens={visible ? visible.anthropic.tokens_before - visible.anthropic.tokens_after : report.tokens_before - report.tokens_after} />
      </dl>
      <SummaryFoot summary={summary} />
    </section>
  );
}

/** The line under the name: tokenizer, basis, level, budget, catalog kind, bytes and shared sub-schemas. */
function SummaryMeta({ summary }: { summary: AnalysisSummary }) {
  const { report } = summary;
  return (
    <p className="summary-meta">
      <span>
        Tokenizer <strong>{summary.tokenizer}</strong>
      </span>
      <span aria-hidden="true">·</span>
      <span>basis: inferred</span>
      <span aria-hidden="true">·</span>
      <span title={LEVEL_KEEPS[summary.level]}>
        Level <strong>{summary.level}</strong>
      </span>
      {report.budget ? (
        <>
          <span aria-hidden="true">·</span>
          <span title={budgetTitle(report.budget)}>
            Budget <strong>{formatInt(report.budget.tokens)}</strong> ({formatInt(report.budget.listing_tokens)} listed)
          </span>
        </>
      ) : null}
      {summary.catalogKind ? (
        <>
          <span aria-hidden="true">·</span>
          <span>{summary.catalogKind}</span>
        </>
      ) : null}
      <span aria-hidden="true">·</span>
      <span title={`${formatInt(summary.bytesBefore)} → ${formatInt(summary.bytesAfter)} bytes`}>
        {formatBytes(summary.bytesBefore)} → {formatBytes(summary.bytesAfter)}
      </span>
      {summary.shareSchemas ? (
        <>
          <span aria-hidden="true">·</span>
          <span title="Identical sub-schemas repeated inside a tool are written once, in its $defs">shared sub-schemas</span>
        </>
      ) : null}
    </p>
  );
}

/** Save compressed, save original and copy compressed; the compressed ones say why when there is none. */
function SummaryActions({ summary }: { summary: AnalysisSummary }) {
  const { commands, mac } = useApp();
  const noCompressed = whyNoCompressed(summary);
  const [copyingText, setCopyingText] = useState(false);
  const copyCompressed = async () => {
    setCopyingText(true);
    await commands.copyCompressed(summary);
    setCopyingText(false);
  };
  return (
    <div className="summary-actions">
      <button
        type="button"
        className="button button-primary"
        onClick={() => void commands.saveActive('compressed')}
        disabled={noCompressed !== null}
        title={noCompressed ? `No compressed catalog: ${noCompressed}` : titleWithShortcut('Save compressed…', 'save-compressed', mac)}
      >
        <Icon name="save" />
        Save compressed…
      </button>
      <button
        type="button"
        className="button"
        onClick={() => void commands.saveActive('original')}
        title={titleWithShortcut('Save original…', 'save-original', mac)}
      >
        <Icon name="save" />
        Save original…
      </button>
      <button
        type="button"
        className="button"
        onClick={() => void copyCompressed()}
        disabled={copyingText || noCompressed !== null}
        title={noCompressed ? `No compressed catalog: ${noCompressed}` : undefined}
      >
        <Icon name="copy" />
        Copy compressed
      </button>
    </div>
  );
}

/** Why nothing was stored, when the catalog passed through: the store failed, it was already minimal, or another reason. */
function PassThroughBanner({ summary }: { summary: AnalysisSummary }) {
  const { report } = summary;
  const reason = report.pass_through?.reason;
  const storeError =
    report.error ?? (reason === 'store_error' ? { code: 'cave_store_unavailable' as const, message: report.pass_through?.message ?? '' } : undefined);
  if (storeError) {
    return (
      <div className="banner banner-bad" role="alert">
        <Icon name="alert" />
        <p>
          <strong>The recovery store could not keep the original:</strong> {storeError.message} — {nothingStored}, so the catalog passes through unchanged.
        </p>
      </div>
    );
  }
  if (reason === 'no_saving') {
    return (
      <div className="banner banner-info" role="status">
        <Icon name="check" />
        <p>Already minimal — nothing to remove; {nothingStored}.</p>
      </div>
    );
  }
  if (!reason) return null;
  return (
    <div className="banner banner-info" role="status">
      <Icon name="alert" />
      <p>
        {report.pass_through?.message} — {nothingStored}.
      </p>
    </div>
  );
}

/** The recovery handle (copyable), every level at a glance and the guarantee checks. */
function SummaryFoot({ summary }: { summary: AnalysisSummary }) {
  const { report, guarantees } = summary;
  return (
    <div className="summary-foot">
      <div className="handle-row">
        <span className="handle-label">Recovery handle</span>
        {report.recovery_handle ? (
          <>
            <code className="handle-code">{report.recovery_handle}</code>
            <CopyHandle handle={report.recovery_handle} />
          </>
        ) : (
          <span className="handle-none">none — {nothingStored}</span>
        )}
      </div>
      <LevelComparisonRow summary={summary} />
      {guarantees ? (
        <ul className="badges" aria-label="Guarantees">
          {guaranteeBadges(guarantees, summary.level).map((badge) => (
            <GuaranteeBadge key={badge.title} {...badge} />
          ))}
        </ul>
      ) : (
        <p className="badges-none">Guarantee checks did not run: the catalog was not transformed.</p>
      )}
    </div>
  );
}
