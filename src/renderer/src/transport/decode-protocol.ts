// Messages between the page and its decoding thread (answer-decoder.worker.ts),
// and how that thread answers one.

import { CavemanError, asCavemanError, type ErrorValue } from '../../../shared/errors';
import type { LoadProgress } from '../../../shared/ipc/caveman-api';
import type { DecodedAnswers } from '../../../shared/ipc/channels';
import { DECODERS, packDiffEnvelope } from './decode-answers';
import { transferOf, type PackedDiff } from './diff-transfer';
import { readBinaryAnswer } from './http-answers';

export type DecodeKind = keyof DecodedAnswers;

/** A request to the browser host that the decoding thread sends itself, so the answer's bytes arrive there and never cross the page's thread. */
export interface AnswerFetch {
  url: string;
  headers: Record<string, string>;
  /** The JSON request body. */
  body: string;
  /** The channel, for messages. */
  channel: string;
}

export type DecodeRequest =
  /** Bytes the page has, moved to the decoding thread (transferred), not copied. */
  | { id: number; kind: DecodeKind; bytes: Uint8Array }
  /** An answer for the decoding thread to fetch (the browser host's binary answers). */
  | { id: number; kind: DecodeKind; fetch: AnswerFetch };

export type DecodeReply =
  | { id: number; ok: true; value: DecodedAnswers[DecodeKind] }
  /** A diff, packed with its sections (diff-transfer.ts). */
  | { id: number; ok: true; diff: PackedDiff }
  | { id: number; ok: false; error: ErrorValue }
  /** How far decoding a diff is (0…1), sent before its reply. */
  | { id: number; progress: number }
  /** How many of the answer's bytes have arrived (fetched on the decoding thread). */
  | { id: number; received: number; total: number | null };

/**
 * How far into preparing a diff each step ends: reading its layout, putting
 * the compressed side together, then planning the sections (a 32 MiB
 * catalog's diff: under a hundred milliseconds in all).
 */
const DECODE_STEPS = { layout: 0.05, compressed: 0.4 } as const;

/**
 * Fetches an answer's bytes as they arrive (`onProgress` hears how many), or
 * throws the CavemanError the host answered (or could not be reached).
 */
export async function fetchAnswerBytes(
  request: AnswerFetch,
  onProgress: (progress: LoadProgress) => void,
  fetchImpl: typeof fetch = fetch,
): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetchImpl(request.url, { method: 'POST', headers: request.headers, body: request.body, cache: 'no-store' });
  } catch (error) {
    throw new CavemanError('cave_internal', `could not reach the browser host: ${asCavemanError(error).message}`);
  }
  return (await readBinaryAnswer(response, { channel: request.channel, binaryResponse: 'bytes' }, onProgress)).bytes as Uint8Array;
}

/** The reply to one request, and the buffers to move (not copy) with it; `onProgress` hears a diff's decoding move on. */
export function answerDecodeRequest(
  { id, kind, bytes }: { id: number; kind: DecodeKind; bytes: Uint8Array },
  onProgress: (fraction: number) => void = () => undefined,
): { reply: DecodeReply; transfer: ArrayBuffer[] } {
  try {
    if (kind !== 'diff') return { reply: { id, ok: true, value: DECODERS[kind](bytes) }, transfer: [] };
    const packed = packDiffEnvelope(bytes, (step) => onProgress(DECODE_STEPS[step]));
    onProgress(1);
    return { reply: { id, ok: true, diff: packed }, transfer: transferOf(packed) };
  } catch (error) {
    return { reply: { id, ok: false, error: asCavemanError(error).toValue() }, transfer: [] };
  }
}
