// Whether a client's answer to a step is the one the server gives: a load
// found the tool, a listing names it, a call came back with the server's
// own answer, caveman_describe with the server's own bytes.

import type { ServerReference } from './server-reference';
import type { Step } from './steps';

/** Every expected text is in the answer, as is or as a JSON string inside it (Claude Code hands a structured result on as JSON text). */
export function answerHas(texts: readonly string[], expected: readonly string[]): boolean {
  return expected.length > 0 && expected.every((text) => texts.some((answer) => answer.includes(text) || answer.includes(JSON.stringify(text).slice(1, -1))));
}

/** The describe answer holds the tool's text exactly as the server listed it (a client may wrap it, as Gemini CLI does in <untrusted_context>). */
export function describedExactly(texts: readonly string[], tool: string, reference: ServerReference): boolean {
  const own = reference.tools.get(tool);
  return own !== undefined && texts.some((text) => text.includes(own));
}

/** Whether the answer to `step` shows the server at work: what a model retrying the session's first step waits for. */
export function showsServer(step: Step, texts: readonly string[], found: readonly string[], reference: ServerReference): boolean {
  switch (step.kind) {
    case 'call':
    case 'wait':
      return answerHas(texts, reference.callAnswer);
    case 'load-name':
      return found.includes(step.tool);
    default:
      return found.length > 0; // a listing finds the tools it shows
  }
}
