// How the browser host carries the IPC contract over HTTP on 127.0.0.1.
// The renderer's HTTP client and the host both follow these constants.
//
// - Open the printed URL `http://127.0.0.1:PORT/?token=T`: the host sets an
//   HttpOnly SameSite=Strict cookie (named per port) and redirects to `/` (the token leaves the
//   address bar). Static files need that cookie.
// - index.html carries the token in <meta name="caveman-api-token">; every
//   API call sends it in the TOKEN_HEADER header (a custom header a foreign
//   page cannot send without a CORS preflight, which the host never grants).
// - POST /api/<channel> with a JSON body answers an ApiResult as JSON.
//   A channel with a binary request field takes the raw bytes as the body and
//   the other fields, URI-encoded JSON, in PARAMS_HEADER. A channel with a
//   binary response field answers the raw bytes with the other fields in
//   RESULT_HEADER (failures are still JSON).
// - GET /api/events streams newline-delimited JSON: first
//   {"event":"hello","clientId":…}, then {"event":<EventName>,"payload":…,"seq":N}
//   (N counts that page's events from 1). Requests send CLIENT_HEADER so a
//   job's events go only to the page that started it. A page whose stream
//   dropped opens a new one with RESUME_HEADER (its client id) and
//   LAST_EVENT_HEADER (the last seq it read): it keeps its id, and gets the
//   events it missed (a job's progress only as its latest) and all later ones.

export const TOKEN_QUERY = 'token';
/** Browsers share cookies across ports, so the name carries the port: two hosts on one machine never clash. */
export function tokenCookieName(port: number): string {
  return `caveman_session_${port}`;
}
export const TOKEN_META = 'caveman-api-token';
export const TOKEN_HEADER = 'x-caveman-token';
export const CLIENT_HEADER = 'x-caveman-client';
export const RESUME_HEADER = 'x-caveman-resume';
export const LAST_EVENT_HEADER = 'x-caveman-last-event';
export const PARAMS_HEADER = 'x-caveman-params';
export const RESULT_HEADER = 'x-caveman-result';
export const API_PREFIX = '/api/';
export const EVENTS_PATH = '/api/events';

/** Largest JSON body the host accepts. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

export function channelPath(channel: string): string {
  return API_PREFIX + channel;
}

export interface HelloLine {
  event: 'hello';
  clientId: string;
}

/** One event on a page's stream; `seq` orders that page's events from 1. */
export interface EventLine {
  event: string;
  payload: unknown;
  seq: number;
}
