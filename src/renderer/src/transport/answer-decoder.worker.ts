// The page's decoding thread: turns the big binary answers (the per-tool
// report, a catalog's text) into values — UTF-8 decoding, JSON.parse and the
// schema check — and a diff's envelope into its sections (planned on its
// bytes, nothing decoded), so none of it blocks the page. In the browser it fetches those
// answers itself, so their bytes arrive here and never cross the page's
// thread. See off-thread-decode.ts.

import { asCavemanError } from '../../../shared/errors';
import { answerDecodeRequest, fetchAnswerBytes, type DecodeReply, type DecodeRequest } from './decode-protocol';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(message: DecodeReply, transfer?: ArrayBuffer[]): void;
};

/** A diff's decoding progress is posted when it has moved by at least this much (a few dozen messages per diff). */
const PROGRESS_STEP = 0.02;
/** Arriving bytes are posted at least this far apart (about a hundred messages for a 32 MiB catalog's diff). */
const RECEIVED_STEP = 256 * 1024;

scope.onmessage = ({ data }) => void answer(data);

async function answer(request: DecodeRequest): Promise<void> {
  const { id, kind } = request;
  let bytes: Uint8Array;
  if ('fetch' in request) {
    let posted = -RECEIVED_STEP;
    try {
      bytes = await fetchAnswerBytes(request.fetch, (progress) => {
        if (progress.stage !== 'receiving') return;
        if (progress.received - posted < RECEIVED_STEP && progress.received !== progress.total) return;
        posted = progress.received;
        scope.postMessage({ id, received: progress.received, total: progress.total });
      });
    } catch (error) {
      scope.postMessage({ id, ok: false, error: asCavemanError(error).toValue() });
      return;
    }
  } else bytes = request.bytes;
  let posted = -1;
  const { reply, transfer } = answerDecodeRequest({ id, kind, bytes }, (fraction) => {
    if (fraction - posted < PROGRESS_STEP) return;
    posted = fraction;
    scope.postMessage({ id, progress: fraction });
  });
  scope.postMessage(reply, transfer);
}
