// A rendering of a catalog as a model receives it: one text, and where each
// tool lies in it (the rest — brackets, separators, a namespace wrapper — is
// the envelope), so one count gives the total and each tool's share.

/** Ordered, non-overlapping [start, end) ranges of a text, one per tool, in the text's own units. */
export type RenderedSpans = (readonly [number, number])[];

export interface Rendering {
  text: Uint8Array;
  spans: RenderedSpans;
}

/** The two renderings of docs/transform.md. */
export const RENDERINGS = ['anthropic', 'openai'] as const;
export type RenderingName = (typeof RENDERINGS)[number];

export interface RenderOptions {
  /** Write into shared memory, so counting threads read the text without a copy. */
  shared?: boolean;
  /** The document's text as bytes, when it is plain ASCII: its ranges are copied instead of encoded. */
  asciiBytes?: Uint8Array | undefined;
}
