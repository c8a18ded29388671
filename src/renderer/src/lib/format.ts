// Number, size, percent and date formatting shared by every view, so the
// same quantity reads the same everywhere (and tests can pin it). Token
// counts and shares read as the CLI prints them: src/shared/format-figures.ts.

import { formatInt } from '../../../shared/format-figures';

export { formatChange, formatCount, formatInt, formatPercent, formatShareMoved } from '../../../shared/format-figures';

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
