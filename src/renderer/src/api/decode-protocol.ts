// Messages between the page and its decoding thread (answer-decoder.worker.ts),
// and how that thread answers one.

import { asCavemanError, type ErrorValue } from '../../../shared/errors';
import type { DecodedAnswers } from '../../../shared/ipc/channels';
import { planSections } from '../lib/diff-sections';
import { DECODERS } from './decode-answers';
import { packDiff, type PackedDiff } from './diff-transfer';

export type DecodeKind = keyof DecodedAnswers;

export interface DecodeRequest {
  id: number;
  kind: DecodeKind;
  bytes: Uint8Array;
}

export type DecodeReply =
  | { id: number; ok: true; value: DecodedAnswers[DecodeKind] }
  /** A diff, packed with its sections (diff-transfer.ts). */
  | { id: number; ok: true; diff: PackedDiff }
  | { id: number; ok: false; error: ErrorValue };

/** The reply to one request, and the buffers to move (not copy) with it. */
export function answerDecodeRequest({ id, kind, bytes }: DecodeRequest): { reply: DecodeReply; transfer: ArrayBuffer[] } {
  try {
    if (kind !== 'diff') return { reply: { id, ok: true, value: DECODERS[kind](bytes) }, transfer: [] };
    const diff = DECODERS.diff(bytes);
    const { packed, transfer } = packDiff(diff, planSections(diff));
    return { reply: { id, ok: true, diff: packed }, transfer };
  } catch (error) {
    return { reply: { id, ok: false, error: asCavemanError(error).toValue() }, transfer: [] };
  }
}
