// Both transports turn a binary answer into what the API method promises
// the same way (the channel's `decodeAs`): UTF-8 text, a lint report, or the
// diff envelope. JSON is checked against its schema (standalone Ajv
// validators: the CSP forbids compiling them here), not trusted: a wrong
// shape fails loudly here rather than somewhere in a component.

import { CavemanError } from '../../../shared/errors';
import type { CatalogBytes, LintReport } from '../../../shared/contracts';
import { describeErrors } from '../../../shared/contracts/describe-errors';
import { CHANNELS, type AnswerOf, type ChannelSpec, type DecodedAnswers, type ResponseOf, type SharedMethod } from '../../../shared/ipc/channels';
import { decodeDiffEnvelope, rebuildCompressed } from '../../../shared/ipc/diff-envelope';
import { planSections, SECTION_LIMITS, type SectionLimits } from '../lib/diff-sections';
import { unpackDiff, type PackedDiff } from './diff-transfer';
import { diffEnvelopeLayout, lintReport, type AnswerValidator } from './answer-validators.generated';

const decoder = new TextDecoder('utf-8');

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

/**
 * The diff packed for the page, from its envelope: the layout checked against
 * its schema, the compressed side put together from the original's bytes and
 * the changes' inserts, both sides cut into sections on their bytes
 * (diff-sections.ts) — nothing decoded. Refuses an envelope or layout that is
 * not one, or changes and texts that do not fit together (the ranges would
 * point elsewhere).
 */
export function packDiffEnvelope(
  envelope: Uint8Array,
  onStep: (step: 'layout' | 'compressed') => void = () => undefined,
  limits: SectionLimits = SECTION_LIMITS,
): PackedDiff {
  const parts = decodeDiffEnvelope(envelope);
  if (!parts) throw new CavemanError('cave_internal', 'internal error: the diff envelope is cut short or is not one');
  const layout = parseChecked(parts.layout, 'diff layout', diffEnvelopeLayout);
  onStep('layout');
  const compressed = rebuildCompressed(parts.original, parts.changes, parts.inserts);
  if (compressed === undefined || compressed.byteLength !== layout.compressedBytes)
    throw new CavemanError('cave_internal', 'internal error: the diff texts do not match their layout');
  onStep('compressed');
  const sides = { original: parts.original, compressed, changes: parts.changes, tools: layout.tools };
  return { ...sides, sections: planSections(sides, limits) };
}

/** The diff, decoded on this thread (packDiffEnvelope, then unpacked as the page would be handed it). */
export function parseDiff(envelope: Uint8Array): DecodedAnswers['diff'] {
  return unpackDiff(packDiffEnvelope(envelope));
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
