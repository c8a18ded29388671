// Setup file of the 'shared' Vitest project (vitest.config.ts): the files a
// fork runs there share one process and one module registry, so a file must
// leave the process as it found it. This compares, before and after each
// file, what a later file would see changed — the environment, the working
// folder, the exit code, process listeners, globals — and fails the file
// that changed it. (vitest-projects.test.ts checks the sources for the same.)

import { afterAll } from 'vitest';

/**
 * Globals a library sets once, the first time it is loaded or used, the same
 * whichever file does it: a later file finds what it would have made itself.
 */
const LIBRARY_GLOBALS = new Set([
  'Symbol(ͼ)', // style-mod (CodeMirror): its style-sheet registry
  'Symbol(undici.globalDispatcher.1)', // Node's fetch: its agent, made on the first fetch
  '__zod_globalConfig',
  '__zod_globalRegistry',
]);

/** Each thing checked, by name: its value as text. */
function processState(): Map<string, string> {
  const state = new Map<string, string>();
  for (const [key, value] of Object.entries(process.env)) state.set(`process.env.${key}`, String(value));
  state.set('process.cwd()', process.cwd());
  state.set('process.exitCode', String(process.exitCode));
  for (const name of process.eventNames()) state.set(`process listeners of ${String(name)}`, String(process.listenerCount(name)));
  for (const key of Reflect.ownKeys(globalThis)) if (!LIBRARY_GLOBALS.has(String(key))) state.set(`globalThis.${String(key)}`, 'defined');
  return state;
}

// Vitest runs a setup file again right before it imports each test file: this is the state the file found.
const before = processState();

afterAll(() => {
  const after = processState();
  const changed = [...new Set([...before.keys(), ...after.keys()])]
    .filter((key) => before.get(key) !== after.get(key))
    .map((key) => `  ${key}: ${before.get(key) ?? '(none)'} -> ${after.get(key) ?? '(none)'}`);
  if (changed.length === 0) return;
  throw new Error(
    'this file left the shared fork changed: undo it in an afterEach/afterAll, or list the file in ' + `test/harness/own-process.ts\n${changed.join('\n')}`,
  );
});
