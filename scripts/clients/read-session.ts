// What a session shows, read from the requests the client sent the model:
// the tokens of each request (o200k over its exact JSON, with the ids a
// client makes up anew each run held fixed so runs compare), whether the
// first one already showed the server's tools, and for each step what the
// client answered, what that answer added to every later request, and how
// long the client took to answer.

import { countTokens } from '../../src/main/engine/tokens/count-tokens';
import type { RecordedRequest } from './fake-model/fake-model-server';
import type { Session } from './run-session';
import { lastAnswer } from './script-player';
import type { Step } from './steps';

export interface StepReading {
  step: Step;
  /** Whether the client came back with an answer to it. */
  answered: boolean;
  /** Tokens of what the client answered: its result blocks, and the tool definitions it listed from then on (a load). */
  addedTokens: number;
  /** Of those, the server's own tool definitions that joined the listing (a load, in a client that lists what it loads). */
  serverTokens: number | undefined;
  texts: string[];
  /** For a search: the tools it found, best first. */
  found: string[];
  /** From the fake API's turn leaving to the client's next request arriving. */
  roundTripMs: number;
}

export interface SessionReading {
  /** Whether the client sent the model anything at all. */
  sentRequest: boolean;
  firstShowsServer: boolean;
  /** Tokens of the server's parts (its listed tools, or the names it defers) in the first request that shows it; undefined when none does. */
  upfrontTokens: number | undefined;
  model: string | undefined;
  steps: StepReading[];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const MILLISECONDS = /(?<=_)1\d{12}(?=_)/g;

/** o200k over the request's JSON, with run-specific ids (UUIDs, millisecond stamps in call ids) replaced by fixed ones of the same shape. */
export function requestTokens(body: string): number {
  return countTokens(body.replace(UUID, '00000000-0000-4000-8000-000000000000').replace(MILLISECONDS, '1000000000000'), 'o200k_base');
}

function parsed(request: RecordedRequest): unknown {
  return JSON.parse(request.body);
}

/** The request whose answer took the step (the last, for a first step taken again until the server showed) and the one that answered it. */
function requestsAround(session: Session, index: number): [RecordedRequest | undefined, RecordedRequest | undefined] {
  const before = session.requests.findLast((request) => request.step === index);
  const after = before && session.requests.find((request) => request.turn === before.turn! + 1);
  return [before, after];
}

function readStep(session: Session, index: number): StepReading {
  const step = session.steps[index]!;
  const [before, after] = requestsAround(session, index);
  if (!before || !after) return { step, answered: false, addedTokens: 0, serverTokens: undefined, texts: [], found: [], roundTripMs: 0 };
  const { dialect } = session.driver;
  const body = parsed(after);
  const results = dialect.resultBlocks(dialect.answerToLastTurn(body));
  const listedBefore = dialect.listedTools(parsed(before));
  const joined = [...dialect.listedTools(body)].filter(([name]) => !listedBefore.has(name));
  const listedSince = joined.map(([, tool]) => tool);
  const prefix = session.driver.loadedToolPrefix?.(session.server?.name ?? '');
  const serverTools = prefix === undefined ? undefined : joined.filter(([name]) => name.startsWith(prefix)).map(([, tool]) => tool);
  const { texts, found } = lastAnswer(session.driver, body, session.server?.name ?? '');
  return {
    step,
    answered: true,
    addedTokens: sum([...results, ...listedSince].map((block) => requestTokens(JSON.stringify(block)))),
    serverTokens: serverTools && sum(serverTools.map((tool) => requestTokens(JSON.stringify(tool)))),
    texts,
    found,
    roundTripMs: after.receivedMs - before.answeredMs,
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export function readSession(session: Session): SessionReading {
  const conversation = session.requests.filter((request) => request.turn !== undefined);
  const partsOf = (request: RecordedRequest) => session.driver.serverParts(parsed(request), session.server?.name ?? '');
  const showing = conversation.map(partsOf).find((parts) => parts.length > 0);
  const first = conversation[0];
  return {
    sentRequest: first !== undefined,
    firstShowsServer: first !== undefined && partsOf(first).length > 0,
    upfrontTokens: showing && sum(showing.map(requestTokens)),
    model: first && ((parsed(first) as { model?: string }).model ?? /\/models\/([^:/]+):/.exec(first.path)?.[1]),
    steps: session.steps.map((_, index) => readStep(session, index)),
  };
}
