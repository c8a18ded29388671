// The one door into the main-process services for every transport (Electron
// IPC and the browser host): validate the request against its contract,
// run the handler, turn any failure into { ok: false, code, message }.

import { CHANNELS, type ApiResult, type EventName, type EventTypes, type Method, type RequestOf, type ResponseOf } from '../../shared/ipc/channels';
import { asCavemanError } from '../../shared/errors';
import { describeErrors } from '../../shared/contracts/describe-errors';
import { channelValidator } from '../contracts/channel-validators';

/** Sends an event to the caller's window or page only. */
export type EventSink = <E extends EventName>(event: E, payload: EventTypes[E]) => void;

export interface CallContext {
  /** Identifies the window (IPC) or page (HTTP) that made the call. */
  clientId: string;
  emit: EventSink;
}

export type Handler<M extends Method> = (request: RequestOf<M>, context: CallContext) => Promise<ResponseOf<M>> | ResponseOf<M>;
export type Handlers = { [M in Method]?: Handler<M> };

export interface Dispatcher {
  /** Methods this dispatcher has handlers for. */
  readonly methods: readonly Method[];
  dispatch(method: string, request: unknown, context: CallContext): Promise<ApiResult<unknown>>;
}

function isMethod(name: string): name is Method {
  return Object.prototype.hasOwnProperty.call(CHANNELS, name);
}

export function createDispatcher(handlers: Handlers): Dispatcher {
  // Look every validator up front: a channel without one fails at start-up, not on first use.
  const validators = new Map(
    (Object.keys(handlers) as Method[]).map((method) => [
      method,
      { request: channelValidator(CHANNELS[method].request), response: channelValidator(CHANNELS[method].response) },
    ]),
  );
  return {
    methods: [...validators.keys()],
    async dispatch(method, request, context) {
      const validate = isMethod(method) ? validators.get(method) : undefined;
      const handler = isMethod(method) ? (handlers[method] as Handler<Method> | undefined) : undefined;
      if (!validate || !handler) return { ok: false, code: 'cave_bad_request', message: `there is no channel named ${JSON.stringify(method).slice(0, 80)}` };
      if (!validate.request(request)) {
        return {
          ok: false,
          code: 'cave_bad_request',
          message: `the ${CHANNELS[method as Method].channel} request is invalid: ${describeErrors(validate.request.errors)}`,
        };
      }
      try {
        const value = await handler(request as never, context);
        if (!validate.response(value)) {
          return {
            ok: false,
            code: 'cave_internal',
            message: `internal error: the ${CHANNELS[method as Method].channel} answer broke its contract: ${describeErrors(validate.response.errors)}`,
          };
        }
        return { ok: true, value };
      } catch (error) {
        // A refusal is one sentence, as the caller shows it (its outcome written in).
        const { code, message } = asCavemanError(error).toSentenceValue();
        return { ok: false, code, message };
      }
    },
  };
}
