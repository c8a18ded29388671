// How a token count, a share saved and a change read, in every process (the
// app, the CLI's tables, the proxy's stderr line): one format per figure, so
// the same quantity reads the same wherever it is shown.

import { signedRatio } from './ratio';

// Made on first use: building a NumberFormat loads locale data, a cost every
// CLI start (the proxy's first answer among them) would pay at import.
let integer: Intl.NumberFormat | undefined;

/** 12345 → "12,345". */
export function formatInt(value: number): string {
  integer ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  return integer.format(value);
}

/** 1 → "1 tool", 117 → "117 tools"; irregular plurals are passed in ("match", "matches"). */
export function formatCount(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatInt(count)} ${count === 1 ? noun : plural}`;
}

/** A share, one decimal: 0.4506 → "45.1%"; a negative share keeps its sign ("-2.0%"), and one that rounds to nothing reads "0.0%". */
export function formatPercent(ratio: number): string {
  const text = (ratio * 100).toFixed(1);
  return `${text === '-0.0' ? '0.0' : text}%`;
}

/** "before → after" with grouped digits: "25,148 → 24,986". */
export function formatChange(before: string | number, after: string | number): string {
  const show = (value: string | number) => (typeof value === 'number' ? formatInt(value) : value);
  return `${show(before)} → ${show(after)}`;
}

/**
 * How much a count moved, as a signed share of `before`: fewer tokens read
 * "−18.0%", more "+4.9%", the same (or a move that rounds to nothing) "0.0%".
 * The sign is the true minus sign, never a hyphen beside another sign.
 */
export function formatShareMoved(before: number, after: number): string {
  const size = (Math.abs(signedRatio(before, after)) * 100).toFixed(1);
  if (size === '0.0') return '0.0%';
  return `${after < before ? '−' : '+'}${size}%`;
}
