// What the scripted model does in a session, one step per model turn, in
// each client's own terms: a load of a tool by name and by keywords (the
// client's tool search), a read of the whole listing (Codex's code mode), a
// call of a real tool, a call of caveman_describe, and the recall queries.

import type { HarnessCatalog } from './catalogs';

export type Step =
  | { kind: 'listing' }
  | { kind: 'load-name'; tool: string }
  | { kind: 'load-keywords'; query: string }
  | { kind: 'call'; tool: string; arguments: Record<string, unknown> }
  /** The call, taken until the server answers, ahead of the measured one when the call would be a session's first step. */
  | { kind: 'wait'; tool: string; arguments: Record<string, unknown> }
  | { kind: 'describe'; tool: string }
  | { kind: 'recall'; query: string };

export type StepKind = Step['kind'];

/**
 * How many times each recall query is asked: Codex's tool_search breaks ties between equal scores in no fixed order (the same
 * query twice in one session can rank them differently), so a rank is read as the range over the repetitions.
 */
export const RECALL_REPEATS = 3;

/** The name of the describe tool the proxy lists (a server's own tool of that name would push it to caveman_describe_2; none here has one). */
export const DESCRIBE_TOOL = 'caveman_describe';

/**
 * The session's steps on `catalog`, those the client has: its loads first, then the call, describe, and every recall query. A client
 * without loads starts with a wait, so the call's round trip is not the time its server took to start.
 */
export function sessionSteps(catalog: HarnessCatalog, workDir: string, kinds: ReadonlySet<StepKind>): Step[] {
  const queries = Object.keys(catalog.queries);
  const all: Step[] = [
    { kind: 'listing' },
    { kind: 'load-name', tool: catalog.callTool },
    { kind: 'load-keywords', query: queries[0]! },
    { kind: 'call', tool: catalog.callTool, arguments: catalog.callArguments(workDir) },
    { kind: 'describe', tool: catalog.describeTool },
    ...queries.flatMap((query) => Array.from({ length: RECALL_REPEATS }, (): Step => ({ kind: 'recall', query }))),
  ];
  const steps = all.filter((step) => kinds.has(step.kind));
  return steps[0]?.kind === 'call' ? [{ ...steps[0], kind: 'wait' }, ...steps] : steps;
}
