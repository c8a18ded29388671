// Wrap and unwrap one server of a config file, in two steps: prepare reads
// the file and says what would change (a unified diff) without writing;
// commit writes it — the backup first, then the file in one rename — and
// refuses if the file changed in between (the diff a person saw is the
// change that is made, or none is).

import { FILE_HEADERS_ONLY, createTwoFilesPatch } from 'diff';
import { kindOfConfigPath } from '../import/config-locations';
import { findEntry, parseConfigDocument, type EntryRef } from './config-document';
import {
  assertWritable,
  backupExists,
  backupInTheWay,
  backupPathFor,
  createBackup,
  readBackup,
  readConfig,
  removeBackup,
  replaceConfig,
  type ConfigRead,
} from './config-file';
import type { Argv, Launcher, ProxyOptions } from './proxy-launch';
import { redactedConfigText } from './redacted-config-text';
import { planUnwrap, planWrap } from './wrap-plan';

export interface WrapRequest {
  config: string;
  ref: EntryRef;
  launcher: Launcher;
  options: ProxyOptions;
}

export interface UnwrapRequest {
  config: string;
  ref: EntryRef;
  /** This install, so an entry it wrapped is recognised whatever its path looks like. */
  launcher?: Launcher | undefined;
}

interface PreparedEdit {
  read: ConfigRead;
  after: string;
  /** Unified diff of the file, before → after, secrets redacted: for showing, never for applying. */
  diff: string;
  backupPath: string;
  /** The entry, as found (a name only one project has gets its project). */
  entry: EntryRef;
}

export interface PreparedWrap extends PreparedEdit {
  action: 'wrap';
  server: Argv;
  launch: Argv;
  /** Variables set in the entry's "env" for the launcher. */
  env: Readonly<Record<string, string>>;
}

export interface PreparedUnwrap extends PreparedEdit {
  action: 'unwrap';
  /** The file will be the backup byte for byte. */
  exact: boolean;
}

export async function prepareWrap(request: WrapRequest): Promise<PreparedWrap> {
  const read = await readConfig(request.config);
  assertWritable(read);
  const plan = planWrap(read.path, read.text, request.ref, request.launcher, request.options);
  const entry = { server: plan.entry.name, project: plan.entry.project };
  const backupPath = backupPathFor(read.path, entry);
  if (await backupExists(backupPath)) throw backupInTheWay(backupPath);
  return {
    action: 'wrap',
    read,
    after: plan.after,
    diff: fileDiff(read.path, read.text, plan.after),
    backupPath,
    entry,
    server: plan.server,
    launch: plan.launch,
    env: plan.env,
  };
}

/** Writes the backup, then the file; a refused or failed write leaves neither changed. */
export async function commitWrap(prepared: PreparedWrap): Promise<void> {
  await createBackup(prepared.backupPath, prepared.read);
  try {
    await replaceConfig(prepared.read, prepared.after);
  } catch (error) {
    await removeBackup(prepared.backupPath).catch(() => undefined);
    throw error;
  }
}

export async function prepareUnwrap(request: UnwrapRequest): Promise<PreparedUnwrap> {
  const read = await readConfig(request.config);
  assertWritable(read);
  // The backup is named after the entry as found (a name only one project has gets its project).
  const found = findEntry(parseConfigDocument(read.path, read.text), request.ref, read.path);
  const entry = { server: found.name, project: found.project };
  const backupPath = backupPathFor(read.path, entry);
  const plan = planUnwrap(read.path, read.text, entry, { path: backupPath, text: await readBackup(backupPath) }, request.launcher);
  return { action: 'unwrap', read, after: plan.after, diff: fileDiff(read.path, read.text, plan.after), backupPath, entry, exact: plan.exact };
}

/** Writes the file back, then removes the backup (its text is in the file again). */
export async function commitUnwrap(prepared: PreparedUnwrap): Promise<void> {
  await replaceConfig(prepared.read, prepared.after);
  await removeBackup(prepared.backupPath).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/** The diff a person sees: its context may show any entry of the file, so secrets are redacted on both sides. */
function fileDiff(path: string, before: string, after: string): string {
  const syntax = kindOfConfigPath(path) === 'codex' ? 'toml' : 'json';
  return createTwoFilesPatch(path, path, redactedConfigText(before, syntax), redactedConfigText(after, syntax), 'before', 'after', {
    context: 3,
    headerOptions: FILE_HEADERS_ONLY,
  });
}
