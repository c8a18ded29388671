// The headers every answer of the browser host carries. The page gets no
// remote content, cannot be framed, and nothing is sniffed or leaked in a
// Referer; the policy is the one the Electron window sends (shared/content-security-policy.ts).

import type { ServerResponse } from 'node:http';
import { CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/** Sets the security headers on a response that has not started yet. */
export function applySecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}
