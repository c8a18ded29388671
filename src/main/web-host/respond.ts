// Small writers for the host's answers, so every refusal looks the same:
// API answers are ApiResult JSON, page answers a short plain sentence. None
// carries CORS headers; all carry the security headers and are never cached.

import type { ServerResponse } from 'node:http';
import type { ErrorCode } from '../../shared/errors';
import { applySecurityHeaders } from './security-headers';

export interface AnswerOptions {
  /** Close the connection after answering (used when a request body was not read to its end). */
  close?: boolean;
  headers?: Record<string, string>;
}

function prepare(res: ServerResponse, status: number, contentType: string, length: number, options: AnswerOptions): void {
  applySecurityHeaders(res);
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', String(length));
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
  if (options.close) res.setHeader('Connection', 'close');
}

/** Answers a JSON value (an ApiResult). HEAD gets the headers only. */
export function sendJson(res: ServerResponse, status: number, value: unknown, options: AnswerOptions = {}): void {
  if (res.headersSent || res.destroyed) return;
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  prepare(res, status, 'application/json; charset=utf-8', body.length, options);
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** Answers an API failure as `{ ok: false, code, message }`. */
export function sendApiFailure(res: ServerResponse, status: number, code: ErrorCode, message: string, options: AnswerOptions = {}): void {
  sendJson(res, status, { ok: false, code, message }, options);
}

/** Answers a short plain-text sentence (page requests). */
export function sendText(res: ServerResponse, status: number, message: string, options: AnswerOptions = {}): void {
  if (res.headersSent || res.destroyed) return;
  const body = Buffer.from(message.endsWith('\n') ? message : `${message}\n`, 'utf8');
  prepare(res, status, 'text/plain; charset=utf-8', body.length, options);
  res.end(res.req.method === 'HEAD' ? undefined : body);
}
