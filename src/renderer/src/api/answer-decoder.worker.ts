// The page's decoding thread: turns the big binary answers (the diff with
// both pretty sides, the per-tool report, a catalog's text) into values —
// UTF-8 decoding, JSON.parse and the schema check — and plans a large diff's
// sections, so none of it blocks the page. See off-thread-decode.ts.

import { answerDecodeRequest, type DecodeReply, type DecodeRequest } from './decode-protocol';

const scope = self as unknown as { onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null; postMessage(message: DecodeReply, transfer: ArrayBuffer[]): void };

scope.onmessage = ({ data }) => {
  const { reply, transfer } = answerDecodeRequest(data);
  scope.postMessage(reply, transfer);
};
