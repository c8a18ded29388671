// Who may talk to the browser host. Only this machine's browser, on the exact
// address the host printed (DNS-rebinding defence: the Host header must be
// ours), only from our own origin, and only with the per-run secret token.
// Pure functions over headers so each rule is tested on its own.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/** 32 random bytes, base64url: the per-run secret. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A token must be safe in a cookie, a header and an HTML attribute, and long enough to guess never. */
export function assertUsableToken(token: string): void {
  if (!/^[A-Za-z0-9_-]{22,512}$/.test(token)) {
    throw new Error('the web host token must be 22 to 512 base64url characters (A-Z, a-z, 0-9, - and _)');
  }
}

/** Compares a presented token with the secret in constant time (both are hashed to the same length first). */
export function tokenMatches(secret: string, presented: unknown): boolean {
  if (typeof presented !== 'string') return false;
  const expected = createHash('sha256').update(secret, 'utf8').digest();
  const actual = createHash('sha256').update(presented, 'utf8').digest();
  return timingSafeEqual(expected, actual);
}

/** Every value of the cookie `name` in a Cookie header (a browser may send the same name twice). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    values.push(part.slice(eq + 1).trim());
  }
  return values;
}

/** True when one of the request's session cookies carries the secret. */
export function hasSessionCookie(headers: IncomingHttpHeaders, cookieName: string, secret: string): boolean {
  // Check every candidate (no early exit) so the time taken does not depend on which one matched.
  return cookieValues(headers.cookie, cookieName).reduce((found, value) => tokenMatches(secret, value) || found, false);
}

/** The single value of a header, or undefined when it is missing or sent more than once. */
export function singleHeader(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * True when a request carries more than one Host header. RFC 9112 §3.2 asks
 * a server to answer 400; Node keeps only the first in `headers`, so two Host
 * lines (ours, then a foreign one) would otherwise pass the check below on
 * the first while anything in between reads the second. (A missing Host is
 * refused by refuseForeignRequest.)
 */
export function repeatsHost(headersDistinct: IncomingMessage['headersDistinct']): boolean {
  return (headersDistinct.host?.length ?? 0) > 1;
}

/**
 * Why a request does not come from our own page on this machine, or
 * undefined when it does:
 * - Host must be `127.0.0.1:PORT` or `localhost:PORT` (a rebinding DNS name
 *   pointing at 127.0.0.1 carries its own name here);
 * - Origin, when present, must be the origin of that same host;
 * - Sec-Fetch-Site, when present, must be `same-origin` or `none` (typed or
 *   opened by the person), so another site on this machine (another port is
 *   the same *site*) cannot even load our pages.
 */
export function refuseForeignRequest(headers: IncomingHttpHeaders, port: number): string | undefined {
  const host = singleHeader(headers, 'host')?.toLowerCase();
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return 'unexpected Host header';
  const origin = headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) return 'foreign Origin';
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return 'cross-site request';
  return undefined;
}
