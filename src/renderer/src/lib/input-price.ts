// The person's model input price (USD per 1M input tokens) and what a token
// saving is worth at it. The price is typed by hand and read back from
// storage, so anything that is not a plain non-negative amount is refused
// rather than shown as money.

/** The largest price accepted: far above any model's, small enough that a typo like "25000000" is refused. */
export const MAX_INPUT_PRICE = 10_000;

/** "2.5", " 0.15 ", "$3" → the price; empty, negative, non-numeric, "1e3" or above MAX_INPUT_PRICE → null. */
export function parseInputPrice(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const match = /^\s*\$?\s*(\d+(?:\.\d*)?|\.\d+)\s*$/.exec(text);
  if (!match) return null;
  const price = Number(match[1]);
  return Number.isFinite(price) && price <= MAX_INPUT_PRICE ? price : null;
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
