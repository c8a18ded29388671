// The API methods of every channel both hosts serve, built from the channel
// table over a transport's call function: adding a channel adds its method
// here without a line of code.

import type { CallOptions, ChannelMethods } from '../../../shared/ipc/caveman-api';
import { CHANNELS, sharedMethods, type ChannelSpec, type RequestOf, type ResponseOf, type SharedMethod } from '../../../shared/ipc/channels';
import { decodeAnswer } from './decode-answers';
import type { AnswerFetch } from './decode-protocol';
import type { AnswerDecoder, AnswerFetcher } from './off-thread-decode';

/** Sends one request over the transport and answers its response (or throws CavemanError); `options` hears a binary answer arrive. */
export type ChannelCall = <M extends SharedMethod>(method: M, request: RequestOf<M>, options?: CallOptions) => Promise<ResponseOf<M>>;

/** The request that fetches a channel's answer, for a decoder that fetches answers itself (the browser host's); null where the transport cannot. */
export type AnswerRequest = <M extends SharedMethod>(method: M, request: RequestOf<M>) => Promise<AnswerFetch | null>;

/**
 * `decode`: how binary answers become values (the page decodes them on a
 * worker: off-thread-decode.ts); `answerRequest`: how a decoder that fetches
 * answers itself asks for a channel's answer.
 */
export function channelMethods(
  call: ChannelCall,
  decode: AnswerDecoder & { fetchAnswer?: AnswerFetcher } = decodeAnswer,
  answerRequest?: AnswerRequest,
): ChannelMethods {
  const entries = sharedMethods().map((method) => {
    const decoded = (CHANNELS[method] as ChannelSpec).decodeAs !== undefined;
    return [
      method,
      async (request: RequestOf<typeof method>, options: CallOptions = {}) => {
        // Should the decoding thread fail, the answer is asked for again (here) and decoded here.
        const withRefetch = { ...options, refetch: () => call(method, request) };
        const fetch = decoded && answerRequest && decode.fetchAnswer ? await answerRequest(method, request) : null;
        const fetched = fetch ? decode.fetchAnswer!(method, fetch, withRefetch) : null;
        if (fetched) return fetched;
        return decode(method, await call(method, request, options), withRefetch);
      },
    ];
  });
  return Object.fromEntries(entries) as ChannelMethods;
}
