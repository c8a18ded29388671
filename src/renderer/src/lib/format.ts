// Number, size, percent and date formatting shared by every view, so the
// same quantity reads the same everywhere (and tests can pin it).

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 12345 → "12,345". */
export function formatInt(value: number): string {
  return integer.format(value);
}

/** 0.4506 → "45.1%"; a negative share keeps its sign ("-2.0%"). */
export function formatPercent(ratio: number): string {
  return `${(ratio * 100).toFixed(1)}%`;
}

const UNITS = ['KiB', 'MiB', 'GiB'] as const;

/** 812 → "812 B", 209344 → "204.4 KiB", 33554432 → "32.0 MiB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatInt(bytes)} B`;
  let value = bytes / 1024;
  let unit: (typeof UNITS)[number] = 'KiB';
  for (const next of UNITS.slice(1)) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  return `${value.toFixed(1)} ${unit}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

const zoneName = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' });

/** An ISO timestamp as local "YYYY-MM-DD HH:MM:SS" plus the zone ("UTC", "GMT+1"); the input unchanged when it does not parse. */
export function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = zoneName.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return zone ? `${day} ${time} ${zone}` : `${day} ${time}`;
}

/** 1 → "1 tool", 117 → "117 tools"; irregular plurals are passed in ("match", "matches"). */
export function formatCount(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatInt(count)} ${count === 1 ? noun : plural}`;
}

/** "before → after" with grouped digits. */
export function formatChange(before: string | number, after: string | number): string {
  const show = (v: string | number) => (typeof v === 'number' ? formatInt(v) : v);
  return `${show(before)} → ${show(after)}`;
}
