// One session of a real client: a fresh HOME, the fake model API playing the
// steps, the server configured direct or routed through the proxy, the
// client started once with a prompt, every request it sent kept.

import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Variant } from './variants';
import type { HarnessCatalog } from './catalogs';
import { serverCommand } from './catalogs';
import type { ClientDriver, ServerEntry } from './client-driver';
import { startFakeModel, type RecordedRequest } from './fake-model/fake-model-server';
import { CACHE_DIR } from './repo';
import { routeThroughProxy, type Routed } from './route-through-proxy';
import { scriptPlayer } from './script-player';
import { serverReference, type ServerReference } from './server-reference';
import { showsServer } from './step-outcome';
import { sessionSteps, type Step } from './steps';

export type { Variant };

export interface Session {
  driver: ClientDriver;
  catalog: HarnessCatalog;
  variant: Variant;
  server: ServerEntry;
  /** What the server itself answers, to hold the client's answers to. */
  reference: ServerReference;
  routed: Routed | undefined;
  steps: Step[];
  requests: RecordedRequest[];
  exitCode: number | null;
  /** The end of the client's stdout and stderr, for when it failed. */
  outputTail: string;
}

const SESSION_TIMEOUT_MS = 180_000;
/** Any address the client would reach beyond the loopback goes to a port that refuses it: the runs are offline. */
const NOWHERE = 'http://127.0.0.1:9';

/** The same HOME path every session, so what a client sends differs only where the catalog does. */
export const SESSION_HOME = join(CACHE_DIR, 'session/home');
export const workDirOf = (home: string) => join(home, 'work');

function freshHome(): string {
  rmSync(join(CACHE_DIR, 'session'), { recursive: true, force: true });
  mkdirSync(workDirOf(SESSION_HOME), { recursive: true });
  writeFileSync(join(workDirOf(SESSION_HOME), 'hello.txt'), 'hello from the harness\n');
  return SESSION_HOME;
}

function sessionEnv(home: string, own: Record<string, string>): Record<string, string> {
  const offline = {
    HTTP_PROXY: NOWHERE,
    HTTPS_PROXY: NOWHERE,
    http_proxy: NOWHERE,
    https_proxy: NOWHERE,
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
  };
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    USER: process.env.USER ?? 'root',
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    TZ: 'UTC',
    ...offline,
    ...own,
  };
}

function runClient(argv: readonly string[], cwd: string, env: Record<string, string>): Promise<{ exitCode: number | null; outputTail: string }> {
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), SESSION_TIMEOUT_MS);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, outputTail: output.trim() });
    });
  });
}

const references = new Map<string, Promise<ServerReference>>();

/** The server's own answers; the same for every session on a catalog (the work folder's path does not change). */
function referenceFor(catalog: HarnessCatalog, argv: readonly string[], workDir: string): Promise<ServerReference> {
  let reference = references.get(catalog.id);
  if (!reference) references.set(catalog.id, (reference = serverReference(argv, catalog.callTool, catalog.callArguments(workDir))));
  return reference;
}

/** Runs between configuring the client and starting its session (the CI journey asks `claude mcp list` there). */
export type BeforeClient = (home: string, env: Record<string, string>) => Promise<void>;

/** The steps of a session of its own (the checked-call transcript), given the work folder; else the catalog's measured steps. */
export type OwnSteps = (workDir: string) => Step[];

export async function runSession(
  driver: ClientDriver,
  bin: string,
  catalog: HarnessCatalog,
  variant: Variant,
  beforeClient?: BeforeClient,
  ownSteps?: OwnSteps,
): Promise<Session> {
  const home = freshHome();
  const workDir = workDirOf(home);
  const server = { name: catalog.server, argv: serverCommand(catalog, CACHE_DIR, workDir) };
  const reference = await referenceFor(catalog, server.argv, workDir);
  const steps = ownSteps?.(workDir) ?? sessionSteps(catalog, workDir, driver.steps).filter((step) => variant !== 'direct' || step.kind !== 'describe');
  const firstStepDone = ({ texts, found }: { texts: string[]; found: string[] }) => showsServer(steps[0]!, texts, found, reference);
  const model = await startFakeModel(driver.dialect, scriptPlayer(driver, server.name, steps, firstStepDone));
  try {
    driver.writeConfig(home, model.origin, server);
    const routed = variant === 'direct' ? undefined : routeThroughProxy(driver, home, server, variant);
    const env = sessionEnv(home, driver.env(home, model.origin));
    await beforeClient?.(home, env);
    const run = await runClient(driver.command(bin, server.name), workDir, env);
    return { driver, catalog, variant, server, reference, routed, steps, requests: model.requests, ...run };
  } finally {
    await model.close();
  }
}
