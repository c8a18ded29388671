// History is ordered by created_at as text, so every row must use one format:
// ours (Date#toISOString, UTC, milliseconds). The Go tools write RFC 3339 with
// nanoseconds and possibly an offset; this turns theirs into ours.

// RFC 3339 (also with a space instead of T, and Go's `+0000 UTC` String() form).
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?\s*(?:([Zz])|([+-])(\d{2}):?(\d{2}))(?:\s+[A-Z]{3,5})?$/;

function offsetMinutes(sign: string | undefined, hours: string | undefined, minutes: string | undefined): number {
  if (sign === undefined) return 0;
  const magnitude = Number(hours) * 60 + Number(minutes);
  return sign === '-' ? -magnitude : magnitude;
}

function inRange(value: number, min: number, max: number): boolean {
  return value >= min && value <= max;
}

function parseTimestamp(text: string): number | undefined {
  const m = TIMESTAMP.exec(text);
  if (m === null) return undefined;
  const [, y, mo, d, h, mi, s, fraction = '', , sign, offH, offM] = m;
  const [month, day, hour, minute, second] = [mo, d, h, mi, s].map(Number) as [number, number, number, number, number];
  const valid = inRange(month, 1, 12) && inRange(day, 1, 31) && hour <= 23 && minute <= 59 && second <= 60;
  if (!valid) return undefined;
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  const utc = Date.UTC(Number(y), month - 1, day, hour, minute, second, millis);
  return utc - offsetMinutes(sign, offH, offM) * 60_000;
}

/**
 * Any timestamp SQLite hands us, as `YYYY-MM-DDTHH:MM:SS.sssZ` (sub-millisecond
 * digits are truncated). Text that is not a timestamp is returned unchanged
 * rather than replaced by an invented date.
 */
export function normalizeCreatedAt(raw: unknown): string {
  const text = typeof raw === 'string' ? raw.trim() : String(raw);
  const parsed = parseTimestamp(text);
  return parsed !== undefined && Number.isFinite(parsed) ? new Date(parsed).toISOString() : text;
}
