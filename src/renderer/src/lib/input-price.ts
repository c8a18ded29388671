// The person's model input price (USD per 1M input tokens) and what a token
// saving is worth at it. The price is typed by hand and read back from
// storage, so anything that is not a plain non-negative amount is refused
// rather than shown as money.

/** The largest price accepted: far above any model's, small enough that a typo like "25000000" is refused. */
export const MAX_INPUT_PRICE = 10_000;

/** A plain amount, with an optional dollar sign: what a price may look like. */
const PLAIN_AMOUNT = /^\s*\$?\s*(\d+(?:\.\d*)?|\.\d+)\s*$/;

/** "2.5", " 0.15 ", "$3" → the price; empty, negative, non-numeric, "1e3" or above MAX_INPUT_PRICE → null. */
export function parseInputPrice(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const match = PLAIN_AMOUNT.exec(text);
  if (!match) return null;
  const price = Number(match[1]);
  return Number.isFinite(price) && price <= MAX_INPUT_PRICE ? price : null;
}

/**
 * Why `text` is not a price, and the range that is, as one sentence for the person typing; null for a price or an
 * empty field (nothing typed yet).
 */
export function priceProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || parseInputPrice(text) !== null) return null;
  const range = `type 0 to ${MAX_INPUT_PRICE.toLocaleString('en-US')}, e.g. 2.50`;
  if (PLAIN_AMOUNT.test(text)) return `Above the largest price taken: ${range}`;
  const typed = trimmed.replace(/^\$\s*/, '');
  return `${whyNotAPrice(typed)}: ${range}`;
}

/** What is wrong with a text that is not a plain amount (a leading $ removed). */
function whyNotAPrice(typed: string): string {
  if (typed.startsWith('-')) return 'A price is not negative';
  if (/^\d*,\d+$/.test(typed)) return 'Decimals take a point, not a comma';
  if (/^[\d.]*$/.test(typed)) return /\d/.test(typed) ? 'Only one decimal point' : 'No digits';
  const stray = Array.from(typed).find((c) => !/[\d.]/.test(c)) ?? '';
  return /\s/.test(stray) ? 'No spaces inside a price' : `“${stray}” is not part of a price`;
}

/** What `savedTokens` fewer input tokens are worth over 1,000 requests at `pricePerMillion` USD per 1M tokens. */
export function savingPer1000Requests(savedTokens: number, pricePerMillion: number): number {
  return (savedTokens * 1000 * pricePerMillion) / 1_000_000;
}

const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const small = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumSignificantDigits: 2 });

/** 12.345 → "$12.35", 1234.5 → "$1,234.50"; under a cent keeps two significant digits (0.0042 → "$0.0042") so a small saving is not shown as "$0.00". */
export function formatUsd(amount: number): string {
  return Math.abs(amount) >= 0.01 || amount === 0 ? cents.format(amount) : small.format(amount);
}
