// The 'shared' Vitest project runs the files a fork is given one after another
// in one module registry (vitest.config.ts). That is only safe for files that
// leave nothing behind a later file would see, so every file that mocks or
// spies, writes process.env or other process state, or patches a built-in
// must be in OWN_PROCESS (test/harness/own-process.ts). This test reads every
// test file, and the test helpers it imports, and names each one missing.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_PROCESS, OWN_PROCESS_FILES } from './own-process';

const REPO = resolve(import.meta.dirname, '../..');
/** This file: it spells out what it looks for. */
const SELF = 'test/harness/vitest-projects.test.ts';

/** What makes a file unsafe to share a module registry with the files after it. */
const PROCESS_STATE: readonly (readonly [RegExp, string])[] = [
  // vi.waitFor and vi.waitUntil only poll: they leave nothing behind for a later file.
  [/\bvi\.(?!waitFor\b|waitUntil\b)\w+/, 'uses vi.*'],
  [/process\.env(?:\.\w+|\[[^\]]+\])?\s*(?:[-+]?=(?!=)|\?\?=|\|\|=|&&=)/, 'writes process.env'],
  [/delete\s+process\.env\b/, 'deletes from process.env'],
  [/Object\.(?:assign|defineProperty)\(\s*process\b/, 'writes process.env or process'],
  [/process\.(?:exitCode|argv|argv0|title|execArgv)\s*=(?!=)/, 'sets a process property'],
  [/process\.(?:exit|chdir|umask|setuid|setgid|seteuid|setegid|setUncaughtExceptionCaptureCallback|setSourceMapsEnabled)\(/, 'changes process state'],
  [/process\.(?:on|once|addListener|prependListener|prependOnceListener|removeAllListeners|setMaxListeners)\(/, 'changes process listeners'],
  [/\bglobalThis\b|\bglobal\.\w+\s*=(?!=)/, 'touches globalThis'],
  [/syncBuiltinESMExports|\.prototype\.\w+\s*=(?!=)|\b(?:Date|Math|JSON|console|Error)\.\w+\s*=(?!=)/, 'patches a built-in'],
  [/process\.(?:stdin|stdout|stderr)\.\w+\s*=(?!=)/, 'patches a process stream'],
  [/['"/](?:cli|web-host|electron)\/main['"]|\/workers\/[\w-]+-worker['"]/, 'imports an entry point (effects at load)'],
];

/**
 * Helpers whose process-state change is undone before the call that made it
 * returns, so the file using them leaves nothing behind. Each says why.
 */
const RESTORES_ITSELF: Readonly<Record<string, string>> = {
  'test/helpers/cli.ts':
    'runCommand lays its `env` over process.env only while its run goes on, restoring it in a finally; runs are queued, one at a time, ' +
    'and runProgram resets its own state in a finally too',
};

function testFiles(): string[] {
  return readdirSync(join(REPO, 'test'), { recursive: true, encoding: 'utf8' })
    .map((path) => `test/${path.split('\\').join('/')}`)
    .filter((path) => path.endsWith('.test.ts') && !path.startsWith('test/e2e/'))
    .sort();
}

/** The relative imports of `file` outside src/ (test helpers, scripts), resolved to repository paths that exist. */
function helperImports(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = relative(REPO, resolve(REPO, dirname(file), match[1]!))
      .split('\\')
      .join('/');
    if (target.startsWith('src/') || target.startsWith('node_modules/')) continue;
    const path = [target, `${target}.ts`, `${target}/index.ts`].find((candidate) => existsSync(join(REPO, candidate)) && candidate.match(/\.[cm]?[jt]s$/));
    if (path) found.push(path);
  }
  return found;
}

/** Why `file`, with the helpers it imports (followed through helpers), cannot share a registry; [] when it can. */
function processStateUses(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = readFileSync(join(REPO, file), 'utf8');
  const own = RESTORES_ITSELF[file] ? [] : PROCESS_STATE.filter(([pattern]) => pattern.test(text)).map(([, why]) => `${file} ${why}`);
  return [...own, ...helperImports(file, text).flatMap((helper) => processStateUses(helper, seen))];
}

describe('the Vitest projects', () => {
  it('list in OWN_PROCESS every test file that changes process state another file would see', () => {
    const missing = testFiles()
      .filter((file) => file !== SELF && !OWN_PROCESS.includes(file))
      .map((file) => ({ file, why: processStateUses(file) }))
      .filter(({ why }) => why.length > 0)
      .map(({ file, why }) => `${file}: ${why.join('; ')}`);
    expect(missing, 'add these to OWN_PROCESS_FILES in test/harness/own-process.ts (and say why), or make them leave process state alone').toEqual([]);
  });

  it('list only test files that exist, each with its reason', () => {
    const files = new Set(testFiles());
    expect(OWN_PROCESS.filter((file) => !files.has(file))).toEqual([]);
    expect(Object.entries(OWN_PROCESS_FILES).filter(([, why]) => why.trim() === '')).toEqual([]);
  });

  it('sees what it looks for (each pattern matches its example and not a read)', () => {
    const uses = (text: string) => PROCESS_STATE.filter(([pattern]) => pattern.test(text)).map(([, why]) => why);
    expect(uses("vi.mock('x')")).toEqual(['uses vi.*']);
    expect(uses('await vi.waitFor(() => expect(n).toBe(1));')).toEqual([]);
    expect(uses('process.env.HOME = dir;')).toEqual(['writes process.env']);
    expect(uses("process.env['A'] ??= 'b';")).toEqual(['writes process.env']);
    expect(uses('delete process.env.XDG_CONFIG_HOME;')).toEqual(['deletes from process.env']);
    expect(uses('Object.assign(process.env, env);')).toEqual(['writes process.env or process']);
    expect(uses('process.exitCode = 1;')).toEqual(['sets a process property']);
    expect(uses('process.umask(0);')).toEqual(['changes process state']);
    expect(uses("process.once('SIGINT', stop);")).toEqual(['changes process listeners']);
    expect(uses('globalThis.fetch = fake;')).toEqual(['touches globalThis']);
    expect(uses('syncBuiltinESMExports();')).toEqual(['patches a built-in']);
    expect(uses('Date.now = () => 0;')).toEqual(['patches a built-in']);
    expect(uses("await import('../../src/main/cli/main');")).toEqual(['imports an entry point (effects at load)']);
    expect(uses("const home = process.env.HOME ?? ''; if (process.env.CI === '1' || process.exitCode !== 0) Date.now();")).toEqual([]);
  });
});
