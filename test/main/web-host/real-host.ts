// A browser host over the real app services (worker threads, a real store),
// one for a whole test file: for the tests of what the host and the services
// do together, where harness.ts's host answers from a test dispatcher.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createAppServices, type AppServices } from '../../../src/main/services/app-services';
import { createWebHost, type WebHost } from '../../../src/main/web-host/create-web-host';

export interface RealHost {
  host: WebHost;
  /** The real app services (worker threads, a store in `dir`) behind it. */
  services: AppServices;
  /** Its temporary folder: the store and an empty `renderer/`. */
  dir: string;
}

/**
 * A browser host over the real app services for a whole test file, in a
 * folder named from `prefix`: started before its first test, closed after
 * its last. Its fields can be read only inside tests (once it runs).
 */
export function realHostForFile(prefix: string): RealHost {
  let running: RealHost | undefined;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    mkdirSync(join(dir, 'renderer'));
    writeFileSync(join(dir, 'renderer', 'index.html'), '<html><head></head><body></body></html>');
    const services = await createAppServices({ storePath: join(dir, 'ccr.db'), platform: 'browser' });
    running = { dir, services, host: await createWebHost({ dispatcher: services.dispatcher, rendererDir: join(dir, 'renderer') }) };
  });
  afterAll(async () => {
    if (!running) return;
    await running.host.close();
    await running.services.close();
    rmSync(running.dir, { recursive: true, force: true });
  });
  const started = (): RealHost => {
    if (!running) throw new Error('the real host starts in beforeAll; read it inside a test');
    return running;
  };
  // Read through, so a test sees the host its file started.
  const view = {} as RealHost;
  for (const key of ['host', 'services', 'dir'] as const) Object.defineProperty(view, key, { get: () => started()[key] });
  return view;
}
