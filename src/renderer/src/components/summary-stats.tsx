// The summary's counts: tools, what the model is handed of them (Claude's
// rendering, OpenAI's under it) and the share of it saved — the headline —,
// then the catalog file as JSON, labelled (as it came → shrunk, its share
// saved, mostly whitespace; the minified count in its title).

import type { AnalysisSummary, VisibleTokens } from '../../../shared/contracts';
import { LEVEL_KEEPS } from '../../../shared/levels';
import { savingRatio } from '../../../shared/ratio';
import { formatChange, formatInt, formatPercent } from '../lib/format';

export function SummaryStats({ summary }: { summary: AnalysisSummary }) {
  return (
    <>
      <Stat label="Tools" value={formatInt(summary.toolCount)} />
      {summary.visible ? <ModelStats summary={summary} visible={summary.visible} /> : <JsonSavedStat summary={summary} />}
      <JsonTokensStat summary={summary} />
    </>
  );
}

export function Stat({ label, value, detail, accent, title }: { label: string; value: string; detail?: string; accent?: boolean; title?: string | undefined }) {
  return (
    <div className={`stat${accent ? ' stat-accent' : ''}`} title={title}>
      <dt className="stat-label">{label}</dt>
      <dd className="stat-value">{value}</dd>
      {detail ? <dd className="stat-detail">{detail}</dd> : null}
    </div>
  );
}

/** What the model is handed of the tools, Claude's first and OpenAI's under it; the share saved of it is the headline. */
function ModelStats({ summary, visible }: { summary: AnalysisSummary; visible: VisibleTokens }) {
  const { anthropic, openai } = visible;
  const saving = savingRatio(anthropic.tokens_before, anthropic.tokens_after);
  return (
    <>
      <Stat
        label="Claude sees"
        value={formatChange(anthropic.tokens_before, anthropic.tokens_after)}
        detail={`OpenAI ${formatChange(openai.tokens_before, openai.tokens_after)}`}
        title={
          `What a model is handed of the tools at level ${summary.level} (${LEVEL_KEEPS[summary.level]}): name, ` +
          `description and input schema as compact JSON, the way an MCP client passes them to Claude (annotations and ` +
          `whitespace cost the model nothing); OpenAI's harmony rendering under it. The price uses Claude's count.`
        }
      />
      <Stat
        label="Saved"
        value={formatPercent(saving)}
        accent={saving > 0}
        // Reads on as one phrase, short enough for the 1024 px card: "1.8% of what Claude sees · OpenAI 1.9%".
        detail={` of what Claude sees · OpenAI ${formatPercent(savingRatio(openai.tokens_before, openai.tokens_after))}`}
        title="The share of the tokens a model is handed that the shrink saves: Claude's rendering, then OpenAI's. The catalog file's JSON saving is beside it."
      />
    </>
  );
}

/** The headline when what the model sees was not counted: the JSON saving, labelled as such. */
function JsonSavedStat({ summary }: { summary: AnalysisSummary }) {
  const { report } = summary;
  return <Stat label="Saved as JSON" value={formatPercent(report.ratio)} accent={report.ratio > 0} detail=" of the catalog file's tokens" />;
}

/** The catalog file as JSON: as it came → shrunk and its share saved (mostly whitespace); the minified count in the title. */
function JsonTokensStat({ summary }: { summary: AnalysisSummary }) {
  const { report, tokensMinified } = summary;
  const beyond = tokensMinified === undefined ? undefined : savingRatio(tokensMinified, report.tokens_after);
  return (
    <Stat
      label="As JSON"
      value={formatChange(report.tokens_before, report.tokens_after)}
      // The minified count is in the title: the 1024 px row has no room for it beside the model's figures.
      detail={`${formatPercent(report.ratio)} saved`}
      title={
        `The catalog file as JSON: ${formatInt(report.tokens_before)} tokens as it came, ${formatInt(report.tokens_after)} shrunk, ` +
        `${formatPercent(report.ratio)} saved, most of it whitespace a client never sends` +
        (beyond === undefined ? '' : `; against compact JSON (${formatInt(tokensMinified!)} tokens, what MCP clients send) it saves ${formatPercent(beyond)}`)
      }
    />
  );
}
