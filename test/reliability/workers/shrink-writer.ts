// A writer process for the load and crash tests: shrinks (or stores) a series
// of distinct payloads into one store and prints one JSON line per finished
// item on stdout — only after the library returned, i.e. after the commit.
// Run as `node --import tsx test/reliability/workers/shrink-writer.ts
//   --store PATH --prefix P --count N [--from I] [--mode shrink|own-store|put]
//   [--bytes B] [--freeze-at I]`.
//
// Modes: `shrink` passes the path to the library (a connection per shrink,
// like the CLI); `own-store` keeps one RecoveryStore open for the whole run
// (like the app's worker); `put` writes B-byte payloads straight into the
// store and also prints {"begin":i} before each write, so a kill can be aimed
// at the middle of a transaction.
// With `--freeze-at I` (own-store and put modes) the process stops for good
// inside the write transaction of item I, right after the row went into
// `recoveries` and before COMMIT, and prints {"frozen":I}: a kill then lands
// in the middle of that transaction every time, not by luck. The hook is a
// TEMP trigger on this connection only; the store file is not changed by it.
// stdout on a pipe is synchronous on Linux: a printed line is in the pipe
// before the next item starts.

import type { Database } from 'better-sqlite3';
import { parseArgs } from 'node:util';
import { closeSharedCounter, RecoveryStore, shrink } from '../../../src/main/lib';
import { bulkPayload, distinctCatalog, expectedHandle } from '../helpers/catalogs';

const { values } = parseArgs({
  options: {
    store: { type: 'string' },
    prefix: { type: 'string' },
    count: { type: 'string' },
    from: { type: 'string', default: '0' },
    mode: { type: 'string', default: 'shrink' },
    bytes: { type: 'string', default: '4194304' },
    'freeze-at': { type: 'string' },
  },
});

const storePath = values.store;
const prefix = values.prefix;
const count = Number(values.count);
const from = Number(values.from);
if (!storePath || !prefix || !Number.isSafeInteger(count) || !Number.isSafeInteger(from)) {
  process.stderr.write('usage: shrink-writer --store PATH --prefix P --count N [--from I] [--mode shrink|own-store|put] [--bytes B] [--freeze-at I]\n');
  process.exit(2);
}

const line = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

/** The bytes item `i` stores, in this mode. */
function payloadOf(mode: string | undefined, i: number): Buffer {
  return mode === 'put' ? bulkPayload(prefix!, i, Number(values.bytes)) : distinctCatalog(prefix!, i);
}

/** Blocks this process inside the write transaction that inserts item `index` (see the header). */
function freezeInside(store: RecoveryStore, index: number, handle: string): void {
  // The connection of the store's current session (store-session.ts).
  const db = Reflect.get(Reflect.get(store, 'session') as object, 'db') as Database;
  db.function('caveman_test_freeze', (inserted: unknown) => {
    if (inserted !== handle) return 0;
    line({ frozen: index });
    // Sleep without returning (the transaction stays open) until the test kills us; give up after 2 minutes.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120_000);
    return 0;
  });
  db.exec('CREATE TEMP TRIGGER caveman_test_freeze AFTER INSERT ON main.recoveries BEGIN SELECT caveman_test_freeze(NEW.handle); END');
}

async function main(): Promise<void> {
  const mode = values.mode;
  const owned = mode === 'own-store' || mode === 'put' ? RecoveryStore.open(storePath!) : undefined;
  if (values['freeze-at'] !== undefined && owned) {
    const index = Number(values['freeze-at']);
    freezeInside(owned, index, expectedHandle(payloadOf(mode, index)));
  }
  for (let i = from; i < from + count; i++) {
    if (mode === 'put') {
      const payload = payloadOf(mode, i);
      line({ begin: i });
      const { handle } = owned!.put(payload, { tokensBefore: 2, tokensAfter: 1, sourceName: `${prefix}-${i}.bin` });
      line({ i, handle });
      continue;
    }
    const { result, error } = await shrink(payloadOf(mode, i), { store: owned ?? storePath!, sourceName: `${prefix}-${i}.json` });
    line({
      i,
      handle: result.recovery_handle ?? null,
      ...(error ? { error: error.toValue() } : {}),
      ...(result.pass_through ? { passThrough: result.pass_through.reason } : {}),
    });
  }
  owned?.close();
  await closeSharedCounter();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    line({ fatal: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    process.exit(1);
  },
);
