// Where serialisers write: either a list of string parts (TextBuilder, for
// small texts such as a profile's enum values) or UTF-8 bytes written in
// place (ByteWriter, for the shrunk catalog itself, which is sent and counted
// as bytes and may live in shared memory).

export interface JsonSink {
  /** Appends text[start, end) exactly. */
  copy(text: string, start: number, end: number): void;
  /** Appends a literal (punctuation, a re-encoded string). */
  push(literal: string): void;
  /** Units written so far (code units for text, bytes for bytes). */
  readonly length: number;
}
