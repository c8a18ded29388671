// Reading the browser host's answers (http-protocol.ts): a JSON ApiResult, or
// a binary answer's bytes as the raw body with its other fields in
// RESULT_HEADER. Used by the HTTP client and by the page's decoding thread,
// which fetches the big answers itself (off-thread-decode.ts).

import { CavemanError } from '../../../shared/errors';
import type { LoadProgress } from '../../../shared/ipc/caveman-api';
import type { ApiResult, ChannelSpec } from '../../../shared/ipc/channels';
import { RESULT_HEADER } from '../../../shared/ipc/http-protocol';

function isApiResult(value: unknown): value is ApiResult<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const ok = (value as { ok?: unknown }).ok;
  return ok === true ? 'value' in value : ok === false && typeof (value as { code?: unknown }).code === 'string';
}

/** The value of the host's JSON answer, or a CavemanError. */
export async function readJsonResult<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const code = response.status === 401 || response.status === 403 ? 'cave_forbidden' : 'cave_internal';
    throw new CavemanError(code, `the browser host answered HTTP ${response.status} without a result`);
  }
  if (!isApiResult(body)) throw new CavemanError('cave_internal', `the browser host answered HTTP ${response.status} with something that is not a result`);
  if (body.ok) return body.value as T;
  throw new CavemanError(body.code, body.message);
}

function parseResultHeader(value: string | null): Record<string, unknown> {
  if (value === null) throw new CavemanError('cave_internal', 'the browser host sent bytes without their description');
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // not URI-encoded: parse it as it is
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoded);
  } catch {
    parsed = null;
  }
  if (typeof parsed !== 'object' || parsed === null) throw new CavemanError('cave_internal', 'the browser host sent a malformed result header');
  return parsed as Record<string, unknown>;
}

/**
 * A binary answer's body, read as it arrives into one buffer of the length
 * the host announced, so `onProgress` hears how much has come (a 32 MiB
 * catalog's diff is tens of megabytes) and the page never copies the whole
 * at once. Without a length or a readable body it is read in one go.
 */
export async function readBytes(response: Response, onProgress?: (progress: LoadProgress) => void): Promise<Uint8Array> {
  const announced = Number(response.headers.get('content-length') ?? Number.NaN);
  const total = Number.isSafeInteger(announced) && announced >= 0 ? announced : null;
  if (response.body === null || total === null) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    onProgress?.({ stage: 'receiving', received: bytes.byteLength, total: bytes.byteLength });
    return bytes;
  }
  const reader = response.body.getReader();
  let bytes = new Uint8Array(total);
  let received = 0;
  onProgress?.({ stage: 'receiving', received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (received + value.byteLength > bytes.byteLength) {
      // More than announced: grow rather than lose bytes (the length check below then fails loudly).
      const grown = new Uint8Array(Math.max(bytes.byteLength * 2, received + value.byteLength));
      grown.set(bytes.subarray(0, received));
      bytes = grown;
    }
    bytes.set(value, received);
    received += value.byteLength;
    onProgress?.({ stage: 'receiving', received, total });
  }
  if (received !== total) throw new CavemanError('cave_internal', `the browser host announced ${total} bytes and sent ${received}`);
  return bytes;
}

/** A binary answer: its other fields and its bytes (read as they arrive), or the failure the host answered instead. */
export async function readBinaryAnswer(
  response: Response,
  spec: Pick<ChannelSpec, 'channel' | 'binaryResponse'>,
  onProgress?: (progress: LoadProgress) => void,
): Promise<Record<string, unknown>> {
  if (!response.headers.has(RESULT_HEADER)) {
    await readJsonResult(response); // a failure throws here
    throw new CavemanError('cave_internal', `the browser host answered ${spec.channel} without its bytes`);
  }
  const fields = parseResultHeader(response.headers.get(RESULT_HEADER));
  return { ...fields, [spec.binaryResponse ?? 'bytes']: await readBytes(response, onProgress) };
}
