// Run as a child process by store-file-changes.test.ts (a SIGBUS here must not
// take the test runner down): a store open in this process while its -shm is
// made immutable (chattr +i). Prints one JSON line of what each call did,
// then makes the file writable again before exiting.
import { execFileSync } from 'node:child_process';
import { RecoveryStore } from '../../../../src/main/store/index';
import { CavemanError } from '../../../../src/shared/errors';

const dbPath = process.argv[2]!;
const meta = { tokensBefore: 10, tokensAfter: 4 };
const outcome = (work: () => unknown): unknown => {
  try {
    const value = work();
    return { ok: true, value };
  } catch (error) {
    return error instanceof CavemanError ? { ok: false, code: error.code, message: error.message } : { ok: false, thrown: String(error) };
  }
};

const store = RecoveryStore.open(dbPath);
const first = store.put(Buffer.from('stored before the freeze'), meta).handle;
execFileSync('chattr', ['+i', `${dbPath}-shm`]);
const frozen = {
  put: outcome(() => store.put(Buffer.from('stored while frozen'), meta).handle),
  history: outcome(() => store.history().total),
  get: outcome(() => Buffer.from(store.get(first)).toString()),
  second: outcome(() => RecoveryStore.open(dbPath).history().total),
  close: outcome(() => store.close()),
};
execFileSync('chattr', ['-i', `${dbPath}-shm`]);
const after = RecoveryStore.open(dbPath);
const thawed = { get: outcome(() => Buffer.from(after.get(first)).toString()), put: outcome(() => after.put(Buffer.from('stored after'), meta).created) };
after.close();
process.stdout.write(`${JSON.stringify({ frozen, thawed })}\n`);
