// POST /api/<channel>: the IPC contract over HTTP (see http-protocol.ts).
// Builds the request from a JSON body, or from raw bytes plus the
// PARAMS_HEADER fields for a binary-request channel, hands it to the
// validating dispatcher, and answers the ApiResult as JSON — or as raw bytes
// with the other fields in RESULT_HEADER for a binary-response channel.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { CHANNELS, methodsFor, type ApiResult, type Method } from '../../shared/ipc/channels';
import { CLIENT_HEADER, MAX_JSON_BODY_BYTES, PARAMS_HEADER, RESULT_HEADER } from '../../shared/ipc/http-protocol';
import { MAX_INPUT_BYTES, inputTooLargeError } from '../../shared/errors';
import type { Dispatcher } from '../services/dispatch';
import type { EventHub } from './event-hub';
import { readBoundedBody } from './read-body';
import { sendApiFailure, sendJson } from './respond';
import { applySecurityHeaders } from './security-headers';
import { singleHeader } from './access-guard';
import { httpStatusFor } from './status-codes';
import { errorMessage } from '../../shared/error-message';

export interface ApiRoutes {
  /** Answers a request for `/api/<channel>` (the caller has checked host, origin and token). */
  handle(req: IncomingMessage, res: ServerResponse, channel: string): Promise<void>;
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
function mediaType(header: string | undefined): string | undefined {
  return header?.split(';', 1)[0]?.trim().toLowerCase();
}

/** RFC 5987 encoding for `filename*=UTF-8''…` (encodeURIComponent leaves ' ( ) * unescaped). */
export function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The fields of PARAMS_HEADER (URI-encoded JSON object); a missing header is `{}`. */
function decodeParams(header: string | undefined): Record<string, unknown> | undefined {
  if (header === undefined) return {};
  try {
    const value: unknown = JSON.parse(decodeURIComponent(header));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Channel name → method, for the channels this host serves: HTTP transport and a handler in the dispatcher. */
function servedChannels(dispatcher: Dispatcher): Map<string, Method> {
  const handled = new Set<Method>(dispatcher.methods);
  return new Map(
    methodsFor('http')
      .filter((method) => handled.has(method))
      .map((method) => [CHANNELS[method].channel as string, method]),
  );
}

export function createApiRoutes(options: { dispatcher: Dispatcher; events: EventHub }): ApiRoutes {
  const { dispatcher, events } = options;
  const served = servedChannels(dispatcher);

  async function buildRequest(req: IncomingMessage, res: ServerResponse, method: Method): Promise<{ request: unknown } | undefined> {
    const spec = CHANNELS[method] as { channel: string; binaryRequest?: string };
    const type = mediaType(singleHeader(req.headers, 'content-type'));
    const encoding = req.headers['content-encoding'];
    if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
      sendApiFailure(res, 415, 'cave_bad_request', 'compressed request bodies are not accepted — send the bytes as they are', { close: true });
      return undefined;
    }

    if (spec.binaryRequest) {
      if (type !== 'application/octet-stream') {
        sendApiFailure(res, 415, 'cave_bad_request', `${spec.channel} takes the file's bytes as application/octet-stream`, { close: true });
        return undefined;
      }
      const params = decodeParams(singleHeader(req.headers, PARAMS_HEADER));
      if (!params) {
        sendApiFailure(res, 400, 'cave_bad_request', `the ${PARAMS_HEADER} header must be a URI-encoded JSON object`, { close: true });
        return undefined;
      }
      const body = await readBoundedBody(req, MAX_INPUT_BYTES);
      if (body.kind === 'aborted') return undefined;
      if (body.kind === 'too-large') {
        const size = body.declared !== undefined ? `${body.declared} bytes` : `more than ${MAX_INPUT_BYTES} bytes`;
        sendApiFailure(res, 413, 'cave_input_too_large', inputTooLargeError('the file', size).message, { close: true });
        return undefined;
      }
      return { request: { ...params, [spec.binaryRequest]: body.bytes } };
    }

    if (type !== 'application/json') {
      sendApiFailure(res, 415, 'cave_bad_request', `${spec.channel} takes a JSON body (Content-Type: application/json)`, { close: true });
      return undefined;
    }
    const body = await readBoundedBody(req, MAX_JSON_BODY_BYTES);
    if (body.kind === 'aborted') return undefined;
    if (body.kind === 'too-large') {
      sendApiFailure(res, 413, 'cave_bad_request', `the request body is above the ${MAX_JSON_BODY_BYTES}-byte limit for JSON requests`, { close: true });
      return undefined;
    }
    try {
      return { request: JSON.parse(utf8.decode(body.bytes)) as unknown };
    } catch (error) {
      const why = error instanceof SyntaxError ? error.message : 'it is not valid UTF-8';
      sendApiFailure(res, 400, 'cave_bad_request', `the ${spec.channel} request body is not valid JSON: ${why}`);
      return undefined;
    }
  }

  function sendBinary(req: IncomingMessage, res: ServerResponse, field: string, value: Record<string, unknown>): void {
    const bytes = value[field];
    if (!(bytes instanceof Uint8Array)) {
      sendApiFailure(res, 500, 'cave_internal', `internal error: the answer has no bytes in "${field}"`);
      return;
    }
    const rest = Object.fromEntries(Object.entries(value).filter(([key]) => key !== field));
    applySecurityHeaders(res);
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/octet-stream');
    res.setHeader('Content-Length', String(bytes.byteLength));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader(RESULT_HEADER, encodeURIComponent(JSON.stringify(rest)));
    if (typeof rest.fileName === 'string') res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeRfc5987(rest.fileName)}`);
    res.end(req.method === 'HEAD' ? undefined : bytes);
  }

  return {
    async handle(req, res, channel) {
      const method = served.get(channel);
      if (!method) {
        sendApiFailure(res, 404, 'cave_bad_request', `there is no channel named ${JSON.stringify(channel).slice(0, 80)} on this host`, { close: true });
        return;
      }
      if (req.method !== 'POST') {
        sendApiFailure(res, 405, 'cave_bad_request', `${channel} takes POST`, { close: true, headers: { Allow: 'POST' } });
        return;
      }
      const built = await buildRequest(req, res, method);
      if (!built) return;

      const context = events.contextFor(singleHeader(req.headers, CLIENT_HEADER));
      let result: ApiResult<unknown>;
      try {
        result = await dispatcher.dispatch(method, built.request, context);
      } catch (error) {
        result = { ok: false, code: 'cave_internal', message: `internal error: ${errorMessage(error)}` };
      }
      const binaryField = (CHANNELS[method] as { binaryResponse?: string }).binaryResponse;
      if (result.ok && binaryField && typeof result.value === 'object' && result.value !== null) {
        sendBinary(req, res, binaryField, result.value as Record<string, unknown>);
        return;
      }
      sendJson(res, httpStatusFor(result), result);
    },
  };
}
