// `npm run clients -- --checked-call`: a transcript of a checked call in a
// real client (docs/checked-calls.md). Through the proxy at `signatures`
// (edit_file's listing defers its parameters' descriptions, so its calls are
// checked by default), the scripted model calls server-filesystem's
// edit_file without an edit's `newText`, then, as a model would after
// reading the refusal, with it; the transcript is what the client handed the
// model after each call, read from the requests the fake model received.

import { join } from 'node:path';
import { CATALOGS } from './catalogs';
import type { ClientDriver } from './client-driver';
import { installClient } from './install-client';
import { CACHE_DIR } from './repo';
import { runSession } from './run-session';
import { lastAnswer } from './script-player';
import type { Step } from './steps';

const TOOL = 'edit_file';

/**
 * The steps: first make the tool callable and wait for the server (a load by
 * name where the client defers tools, else a call of the catalog's own tool),
 * then the wrong call and the corrected one.
 */
export function checkedCallSteps(driver: ClientDriver, workDir: string, waitTool: string, waitArguments: Record<string, unknown>): Step[] {
  const path = join(workDir, 'hello.txt');
  const first: Step = driver.steps.has('load-name') ? { kind: 'load-name', tool: TOOL } : { kind: 'wait', tool: waitTool, arguments: waitArguments };
  return [
    first,
    { kind: 'call', tool: TOOL, arguments: { path, edits: [{ oldText: 'hello' }], dryRun: true } },
    { kind: 'call', tool: TOOL, arguments: { path, edits: [{ oldText: 'hello', newText: 'hi' }], dryRun: true } },
  ];
}

/** Runs the transcript session for each client and prints what the model read; 1 when a client could not run it. */
export async function runCheckedCall(drivers: readonly ClientDriver[]): Promise<number> {
  const catalog = CATALOGS.find((each) => each.id === 'server-filesystem')!;
  let failed = 0;
  for (const driver of drivers) {
    const installation = installClient(driver.pkg, CACHE_DIR);
    if (!installation.ok) {
      console.log(`${driver.label}: not run, it could not be installed: ${installation.reason}`);
      continue;
    }
    const session = await runSession(driver, installation.bin, catalog, 'signatures', undefined, (workDir) =>
      checkedCallSteps(driver, workDir, catalog.callTool, catalog.callArguments(workDir)),
    );
    const answers = session.requests
      .filter((request) => request.turn !== undefined)
      .map((request) => lastAnswer(driver, JSON.parse(request.body), session.server.name).texts.join('\n'));
    const [wrong, corrected] = answers.slice(-2);
    console.log(`## ${driver.label}, server-filesystem through the proxy at signatures\n`);
    for (const [step, answer] of [
      [session.steps[1]!, wrong],
      [session.steps[2]!, corrected],
    ] as const) {
      console.log(`model calls ${TOOL} ${JSON.stringify(step.kind === 'call' ? step.arguments : {})}`);
      console.log(`the client hands the model:\n${answer ?? '(nothing: the session ended before it)'}\n`);
    }
    if (session.exitCode !== 0 || !wrong?.includes('newText')) {
      failed = 1;
      console.log(`${driver.label}: the session did not go as scripted (exit ${session.exitCode}): ${session.outputTail}`);
    }
  }
  return failed;
}
