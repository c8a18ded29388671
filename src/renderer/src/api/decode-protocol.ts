// Messages between the page and its decoding thread (answer-decoder.worker.ts),
// and how that thread answers one.

import { asCavemanError, type ErrorValue } from '../../../shared/errors';
import type { DecodedAnswers } from '../../../shared/ipc/channels';
import { planSections, type DiffSection } from '../lib/diff-sections';
import { DECODERS } from './decode-answers';

export type DecodeKind = keyof DecodedAnswers;

export interface DecodeRequest {
  id: number;
  kind: DecodeKind;
  bytes: Uint8Array;
}

export type DecodeReply =
  | { id: number; ok: true; value: DecodedAnswers[DecodeKind]; /** A diff's sections, planned on the decoding thread. */ sections?: DiffSection[] }
  | { id: number; ok: false; error: ErrorValue };

/** The decoded value (a diff with its sections planned), or the error as a value. */
export function answerDecodeRequest({ id, kind, bytes }: DecodeRequest): DecodeReply {
  try {
    if (kind !== 'diff') return { id, ok: true, value: DECODERS[kind](bytes) };
    const value = DECODERS.diff(bytes);
    return { id, ok: true, value, sections: planSections(value) };
  } catch (error) {
    return { id, ok: false, error: asCavemanError(error).toValue() };
  }
}
