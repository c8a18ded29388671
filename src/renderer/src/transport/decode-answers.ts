// Both transports turn a binary answer into what the API method promises
// the same way (the channel's `decodeAs`): UTF-8 text, a lint report, or the
// diff envelope. JSON is checked against its schema (standalone Ajv
// validators: the CSP forbids compiling them here), not trusted: a wrong
// shape fails loudly here rather than somewhere in a component.

import { CavemanError } from '../../../shared/errors';
import type { CatalogBytes, LintReport } from '../../../shared/contracts';
import { describeErrors } from '../../../shared/contracts/describe-errors';
import { CHANNELS, type AnswerOf, type ChannelSpec, type DecodedAnswers, type ResponseOf, type SharedMethod } from '../../../shared/ipc/channels';
import { CHANGE_FIELDS, decodeDiffEnvelope, rebuildCompressed } from '../../../shared/ipc/diff-envelope';
import { diffEnvelopeLayout, lintReport, type AnswerValidator } from './answer-validators.generated.js';

const decoder = new TextDecoder('utf-8');
/** The diff's texts are pieces of a whole: a U+FEFF at the start of one is text, not a byte-order mark to drop. */
const pieceDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** UTF-8 bytes as text (invalid sequences become U+FFFD, as the original catalog may hold them). */
export function decodeText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** UTF-8 JSON checked against its schema; a CavemanError naming what is wrong otherwise. */
function parseChecked<T>(bytes: Uint8Array, what: string, validate: AnswerValidator<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(decodeText(bytes));
  } catch {
    throw new CavemanError('cave_internal', `internal error: the ${what} is not JSON`);
  }
  if (!validate(value)) throw new CavemanError('cave_internal', `internal error: the ${what} has the wrong shape: ${describeErrors(validate.errors)}`);
  return value;
}

/** The per-tool report from its UTF-8 JSON bytes, checked against lint-report.schema.json. */
export function parseLintReport(bytes: Uint8Array): LintReport {
  return parseChecked(bytes, 'per-tool report', lintReport);
}

/** A decoded diff with what its envelope carried, for the decoding thread to pack without encoding again. */
export interface ParsedDiff {
  diff: DecodedAnswers['diff'];
  /** The original side's UTF-8 (a view into the envelope). */
  originalBytes: Uint8Array;
}

/**
 * The layout with its texts, from the diff envelope; refuses an envelope or
 * layout that is not one, or changes and texts that do not fit the layout
 * (the ranges would point elsewhere). The compressed side is rebuilt from the
 * original and the changes' inserts (diff-envelope.ts).
 */
export function parseDiffEnvelope(envelope: Uint8Array, onStep: (step: 'layout' | 'original' | 'compressed') => void = () => undefined): ParsedDiff {
  const parts = decodeDiffEnvelope(envelope);
  if (!parts) throw new CavemanError('cave_internal', 'internal error: the diff envelope is cut short or is not one');
  const layout = parseChecked(parts.layout, 'diff layout', diffEnvelopeLayout);
  onStep('layout');
  const original = pieceDecoder.decode(parts.original);
  onStep('original');
  if (original.length !== layout.originalChars) throw new CavemanError('cave_internal', 'internal error: the diff texts do not match their layout');
  const compressed = rebuildCompressed(original, parts.changes, pieceDecoder.decode(parts.inserts), layout.compressedChars);
  if (compressed === undefined) throw new CavemanError('cave_internal', 'internal error: the diff texts do not match their layout');
  onStep('compressed');
  const numbers = parts.changes;
  const changes: DecodedAnswers['diff']['changes'] = [];
  const { deferredChanges, ...rest } = layout;
  const deferred = new Set(deferredChanges);
  for (let i = 0; i < numbers.length; i += CHANGE_FIELDS) {
    const change = { fromA: numbers[i]!, toA: numbers[i + 1]!, fromB: numbers[i + 2]!, toB: numbers[i + 3]! };
    changes.push(deferred.has(i / CHANGE_FIELDS) ? { ...change, deferred: true } : change);
  }
  return { diff: { changes, ...rest, original, compressed }, originalBytes: parts.original };
}

/** The layout with its texts, from the diff envelope (parseDiffEnvelope). */
export function parseDiff(envelope: Uint8Array): DecodedAnswers['diff'] {
  return parseDiffEnvelope(envelope).diff;
}

/** Each kind of binary answer's decoder (run on the decoding thread: answer-decoder.worker.ts). */
export const DECODERS: { [K in keyof DecodedAnswers]: (bytes: Uint8Array) => DecodedAnswers[K] } = {
  text: decodeText,
  lintReport: parseLintReport,
  diff: parseDiff,
};

/** What the API method answers for a channel's response: the response itself, or its decoded bytes. */
export function decodeAnswer<M extends SharedMethod>(method: M, response: ResponseOf<M>): AnswerOf<M> {
  const spec: ChannelSpec = CHANNELS[method];
  if (!spec.decodeAs) return response as AnswerOf<M>;
  return DECODERS[spec.decodeAs]((response as CatalogBytes).bytes) as AnswerOf<M>;
}
