// Why a wrap or an unwrap did nothing: one code a caller can branch on and
// one sentence a person can act on (the CLI prints it and exits 1).

export type WrapRefusalCode =
  | 'missing-file'
  | 'unreadable'
  | 'unknown-format'
  | 'no-such-server'
  | 'ambiguous-server'
  | 'duplicate-server'
  | 'not-stdio'
  | 'unusable-entry'
  | 'already-wrapped'
  | 'backup-in-the-way'
  | 'changed-since-read'
  | 'not-wrapped'
  | 'no-backup'
  | 'backup-without-server'
  | 'entry-changed';

export class WrapRefusal extends Error {
  constructor(
    readonly code: WrapRefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'WrapRefusal';
  }
}
