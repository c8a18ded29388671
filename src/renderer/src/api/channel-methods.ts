// The API methods of every channel both hosts serve, built from the channel
// table over a transport's call function: adding a channel adds its method
// here without a line of code.

import type { ChannelMethods } from '../../../shared/ipc/caveman-api';
import { sharedMethods, type RequestOf, type ResponseOf, type SharedMethod } from '../../../shared/ipc/channels';
import { decodeAnswer } from './decode-answers';
import type { AnswerDecoder } from './off-thread-decode';

/** Sends one request over the transport and answers its response (or throws CavemanError). */
export type ChannelCall = <M extends SharedMethod>(method: M, request: RequestOf<M>) => Promise<ResponseOf<M>>;

/** `decode`: how binary answers become values (the page decodes them on a worker: off-thread-decode.ts). */
export function channelMethods(call: ChannelCall, decode: AnswerDecoder = decodeAnswer): ChannelMethods {
  const entries = sharedMethods().map((method) => [method, async (request: RequestOf<typeof method>) => decode(method, await call(method, request))]);
  return Object.fromEntries(entries) as ChannelMethods;
}
