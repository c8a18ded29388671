// Temporary folders for tests that write stores, made and removed in one place
// so no test file repeats the mkdtemp / close / rm dance.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach } from 'vitest';

type Closable = { close(): void };

export interface TestFolder {
  /** This test's own fresh folder. */
  path: string;
  /** `ccr.db` inside it (not created). */
  dbPath: string;
  /** Closes `resource` after the test, before the folder is removed. */
  track<T extends Closable>(resource: T): T;
}

/** A fresh folder for each test of the file; read its fields inside tests. */
export function folderPerTest(prefix: string): TestFolder {
  const opened: Closable[] = [];
  const folder: TestFolder = {
    path: '',
    dbPath: '',
    track(resource) {
      opened.push(resource);
      return resource;
    },
  };
  beforeEach(() => {
    folder.path = mkdtempSync(join(tmpdir(), prefix));
    folder.dbPath = join(folder.path, 'ccr.db');
  });
  afterEach(() => {
    for (const resource of opened.splice(0)) resource.close();
    rmSync(folder.path, { recursive: true, force: true });
  });
  return folder;
}

/** One folder for the whole file, made now and removed after its last test. */
export function folderPerFile(prefix: string): string {
  const path = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(path, { recursive: true, force: true }));
  return path;
}
