// One session's figures, as the report and the results file keep them.

import type { CatalogId } from './catalogs';
import type { EntryWriter } from './route-through-proxy';
import { readSession } from './read-session';
import type { Session, Variant } from './run-session';
import { answerHas, describedExactly } from './step-outcome';
import { DESCRIBE_TOOL, type StepKind } from './steps';

export interface StepResult {
  kind: StepKind;
  /** The tool it names, or the query it searches. */
  target: string;
  answered: boolean;
  addedTokens: number;
  /** Of those, the server's own tool definitions a load added (absent where the client's loads are not listed tools: Codex). */
  serverTokens?: number;
  /** A search's or a listing's tools, best first. */
  found: string[];
  /** A call: the server's own answer came back; caveman_describe: the server's own bytes did. */
  exact?: boolean;
  /** The first line of the answer when it was not the expected one. */
  answerStart?: string;
  /** caveman_describe: the client answered that no such tool is listed (the proxy lists it only when it shortened a description). */
  notListed?: boolean;
  /** A listing the client cut: its whole size, as the client counts it. */
  wholeTokens?: number;
  roundTripMs: number;
}

export interface SessionResult {
  client: string;
  catalog: CatalogId;
  variant: Variant;
  entryBy?: EntryWriter;
  model?: string;
  exitCode: number | null;
  /** Set when the client sent no request at all: the end of its output. */
  failure?: string;
  /** Tokens of the server's parts of the first request that shows it (its tools listed, or the names it defers). */
  upfrontTokens?: number;
  firstShowsServer: boolean;
  /** How many tools the server itself lists. */
  serverTools?: number;
  steps: StepResult[];
}

/** The first line of the last text (a client may put a header of its own first, as Codex does). */
function lastLine(texts: readonly string[]): string | undefined {
  const last = texts.findLast((text) => text.trim() !== '');
  return last?.trim().split('\n')[0]!.slice(0, 160);
}

function targetOf(step: Session['steps'][number]): string {
  return 'query' in step ? step.query : 'tool' in step ? step.tool : '';
}

export function sessionResult(session: Session): SessionResult {
  const reading = readSession(session);
  const steps = reading.steps.map(({ step, answered, addedTokens, serverTokens, found, texts, roundTripMs }): StepResult => {
    const exact =
      step.kind === 'call'
        ? answerHas(texts, session.reference.callAnswer)
        : step.kind === 'describe'
          ? describedExactly(texts, step.tool, session.reference!)
          : undefined;
    const answerStart = exact === false ? lastLine(texts) : undefined;
    const notListed = exact === false && step.kind === 'describe' && texts.some((text) => text.includes(DESCRIBE_TOOL)) ? true : undefined;
    const wholeTokens = step.kind === 'listing' ? session.driver.wholeListingTokens?.(texts) : undefined;
    const rounded = Math.round(roundTripMs);
    const loaded = step.kind === 'load-name' || step.kind === 'load-keywords' ? serverTokens : undefined;
    return {
      kind: step.kind,
      target: targetOf(step),
      answered,
      addedTokens,
      serverTokens: loaded,
      found,
      exact,
      answerStart,
      notListed,
      wholeTokens,
      roundTripMs: rounded,
    };
  });
  return {
    client: session.driver.id,
    catalog: session.catalog.id,
    variant: session.variant,
    entryBy: session.routed?.by,
    model: reading.model,
    exitCode: session.exitCode,
    failure: reading.sentRequest ? undefined : session.outputTail.slice(-600),
    upfrontTokens: reading.upfrontTokens,
    firstShowsServer: reading.firstShowsServer,
    serverTools: session.reference.tools.size,
    steps,
  };
}
