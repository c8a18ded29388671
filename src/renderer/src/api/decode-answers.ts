// Both transports turn a binary answer into what the API method promises
// the same way (the channel's `decodeAs`): UTF-8 text, a lint report, or the
// diff envelope. What is decoded is checked, not trusted: a wrong shape
// fails loudly here rather than somewhere in a component.

import { CavemanError } from '../../../shared/errors';
import type { CatalogBytes, DiffLayout, LintReport } from '../../../shared/contracts';
import { CHANNELS, type AnswerOf, type ChannelSpec, type DecodedAnswers, type ResponseOf, type SharedMethod } from '../../../shared/ipc/channels';
import { decodeDiffEnvelope } from '../../../shared/ipc/diff-envelope';

const decoder = new TextDecoder('utf-8');

/** UTF-8 bytes as text (invalid sequences become U+FFFD, as the original catalog may hold them). */
export function decodeText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

function parseJson(bytes: Uint8Array, what: string): unknown {
  try {
    return JSON.parse(decodeText(bytes));
  } catch {
    throw new CavemanError('cave_internal', `internal error: the ${what} is not JSON`);
  }
}

function parseLayout(bytes: Uint8Array): DiffLayout {
  const candidate = parseJson(bytes, 'diff layout') as Partial<DiffLayout> | null;
  if (!candidate || !Array.isArray(candidate.changes) || !Array.isArray(candidate.tools) || typeof candidate.originalChars !== 'number' || typeof candidate.compressedChars !== 'number') {
    throw new CavemanError('cave_internal', 'internal error: the diff layout has the wrong shape');
  }
  return candidate as DiffLayout;
}

/** The per-tool report from its UTF-8 JSON bytes; refuses anything that is not one. */
export function parseLintReport(bytes: Uint8Array): LintReport {
  const candidate = parseJson(bytes, 'per-tool report') as Partial<LintReport> | null;
  if (!candidate || !Array.isArray(candidate.tools) || typeof candidate.total !== 'object' || typeof candidate.envelope !== 'object') {
    throw new CavemanError('cave_internal', 'internal error: the per-tool report has the wrong shape');
  }
  return candidate as LintReport;
}

/**
 * The layout with its texts, from the diff envelope; refuses an envelope or
 * layout that is not one, or texts whose length does not match the layout
 * (the ranges would point elsewhere).
 */
export function parseDiff(envelope: Uint8Array): DecodedAnswers['diff'] {
  const parts = decodeDiffEnvelope(envelope);
  if (!parts) throw new CavemanError('cave_internal', 'internal error: the diff envelope is cut short');
  const layout = parseLayout(parts.layout);
  const texts = { original: decodeText(parts.original), compressed: decodeText(parts.compressed) };
  if (texts.original.length !== layout.originalChars || texts.compressed.length !== layout.compressedChars) {
    throw new CavemanError('cave_internal', 'internal error: the diff texts do not match their layout');
  }
  return { ...layout, ...texts };
}

const DECODERS: { [K in keyof DecodedAnswers]: (bytes: Uint8Array) => DecodedAnswers[K] } = {
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
