// Why a wrap or an unwrap did nothing: one code a caller can branch on and
// one sentence a person can act on (the CLI prints it and exits 1).

export type WrapRefusalCode =
  | 'missing-file'
  | 'unreadable'
  | 'read-only'
  | 'unwritable'
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

/**
 * Why an entry reached by URL is not wrapped, after "is": wrap rewrites an entry that starts a command, and a URL server's sign-in
 * is the client's (OAuth), which a proxy started in its place would not have; the proxy can still serve one by hand.
 */
export function reachedByUrl(transport: string): string {
  return (
    `reached by URL (${transport}) — wrap rewrites only entries that start a command, since a client's own sign-in to a URL server ` +
    '(OAuth) would not pass through the proxy; "caveman-shrink proxy --url" serves one whose headers are enough'
  );
}
