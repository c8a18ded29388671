// Plays a session's steps as the model's turns. A client may send its first
// request before its MCP server is listed (the proxy shrinks before it
// answers), so the first step is taken again, a quarter second apart, until
// its answer shows the server — a load finds the tool, a listing names it, a
// call gets the server's answer — as a model would retry, for at most 30 s.
// Every later step is taken once, and a turn a client sends twice (a retry)
// is answered the same way both times.

import { setTimeout as sleep } from 'node:timers/promises';
import { textsIn, type ClientDriver } from './client-driver';
import type { ScriptPlayer } from './fake-model/fake-model-server';
import type { Step } from './steps';

const RETRY_PAUSE_MS = 250;
const MAX_RETRIES = 120;

/** What the client answered to the model's last turn in `body`: its texts, and the tools a search found. */
export function lastAnswer(driver: ClientDriver, body: unknown, server: string): { texts: string[]; found: string[] } {
  const results = driver.dialect.resultBlocks(driver.dialect.answerToLastTurn(body));
  return { texts: textsIn(results), found: driver.searchResults(results, server) };
}

export function scriptPlayer<Turn>(
  driver: ClientDriver<Turn>,
  server: string,
  steps: readonly Step[],
  firstStepDone: (answer: { texts: string[]; found: string[] }) => boolean,
): ScriptPlayer<Turn> {
  const played: Promise<number>[] = [];
  let retries = 0;
  const choose = async (turn: number, body: unknown): Promise<number> => {
    if (turn === 0) return 0;
    const previous = (await played[turn - 1]) ?? steps.length;
    if (previous === 0 && retries < MAX_RETRIES && !firstStepDone(lastAnswer(driver, body, server))) {
      retries++;
      await sleep(RETRY_PAUSE_MS);
      return 0;
    }
    return previous + 1;
  };
  return async (turn, body) => {
    played[turn] ??= choose(turn, body);
    const step = await played[turn]!;
    return step < steps.length ? { step, turn: driver.turn(steps[step]!, server, turn) } : undefined;
  };
}
