// Typed errors shared by every process. Inside the engine and the store we
// throw CavemanError; at each boundary (CLI, IPC, worker, HTTP) it becomes a
// `{ code, message }` value a person can act on. The codes come from the
// errorValue contract. What a failure left behind (nothing stored, the
// original kept…) and where in the input it is travel as data beside the
// message; errorSentence writes the whole sentence from them.

import type { ErrorOutcome, ErrorPosition, ErrorValue } from './contracts';
import { CONTRACT_ENUMS } from './contracts/enums.generated';
import { errorMessage } from './error-message';

export type ErrorCode = ErrorValue['code'];
export type { ErrorOutcome, ErrorPosition, ErrorValue };

export const ERROR_CODES = CONTRACT_ENUMS.errorCodes as readonly ErrorCode[];

/** The usual outcome of a failure: nothing was stored. */
export const NOTHING_STORED: ErrorOutcome = { left: 'nothing_stored' };

const OUTCOME_WORDS: Record<Exclude<ErrorOutcome, { left: 'kept' }>['left'], string> = {
  nothing_stored: 'nothing was stored',
  nothing_read_or_stored: 'nothing was read or stored',
  nothing_loaded_or_stored: 'nothing was read into memory or stored',
  not_read: 'it was not read',
  nothing_deleted: 'nothing was deleted',
  nothing_started: 'nothing was started',
  nothing_sent: 'nothing was sent',
  nothing_printed_or_stored: 'nothing was written to stdout or stored',
  server_stopped: 'the server was stopped and nothing was stored',
};

/** An outcome in words: "nothing was stored", "the original is kept as ccr_… (in History)". */
export function outcomeWords(outcome: ErrorOutcome): string {
  if (outcome.left === 'kept') return `the original is kept as ${outcome.handle} (in History)`;
  return OUTCOME_WORDS[outcome.left];
}

/** The whole sentence of an error value: its message, then what it left behind ("… — nothing was stored"). */
export function errorSentence(value: Pick<ErrorValue, 'message' | 'outcome'>): string {
  return value.outcome ? `${value.message} — ${outcomeWords(value.outcome)}` : value.message;
}

export interface CavemanErrorOptions {
  cause?: unknown;
  /** What the failure left behind; the sentence (`message`) ends with it in words. */
  outcome?: ErrorOutcome;
  /** Where in the input the failure is. */
  position?: ErrorPosition;
}

export class CavemanError extends Error {
  override readonly name = 'CavemanError';
  readonly code: ErrorCode;
  /** The message without the outcome: the value's `message`. */
  readonly reason: string;
  readonly outcome: ErrorOutcome | undefined;
  readonly position: ErrorPosition | undefined;

  /** `message` is the reason; with an outcome, the error's message (what a person reads) ends with it in words. */
  constructor(code: ErrorCode, message: string, options: CavemanErrorOptions = {}) {
    super(errorSentence({ message, ...(options.outcome ? { outcome: options.outcome } : {}) }), 'cause' in options ? { cause: options.cause } : undefined);
    this.code = code;
    this.reason = message;
    this.outcome = options.outcome;
    this.position = options.position;
  }

  /** The value again as an error (from a worker, or a job's outcome). */
  static fromValue(value: ErrorValue, cause?: unknown): CavemanError {
    return new CavemanError(value.code, value.message, {
      ...(value.outcome ? { outcome: value.outcome } : {}),
      ...(value.position ? { position: value.position } : {}),
      ...(cause === undefined ? {} : { cause }),
    });
  }

  /** The value with its outcome and position as data. */
  toValue(): ErrorValue {
    return {
      code: this.code,
      message: this.reason,
      ...(this.outcome ? { outcome: this.outcome } : {}),
      ...(this.position ? { position: this.position } : {}),
    };
  }

  /** The value as one sentence, `{ code, message }`: what the CLI, HTTP refusals and IPC rejections carry, worded as they always were. */
  toSentenceValue(): ErrorValue {
    return { code: this.code, message: this.message };
  }
}

/** `value` as `{ code, message }` with the whole sentence (the outcome written into it). */
export function sentenceValue(value: ErrorValue): ErrorValue {
  return { code: value.code, message: errorSentence(value) };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Any thrown value as an ErrorValue; unknown failures become cave_internal. */
export function toErrorValue(error: unknown): ErrorValue {
  if (error instanceof CavemanError) return error.toValue();
  if (typeof error === 'object' && error !== null && isErrorCode((error as { code?: unknown }).code)) {
    const { code, message, outcome, position } = error as { code: ErrorCode; message?: unknown; outcome?: ErrorOutcome; position?: ErrorPosition };
    return {
      code,
      message: typeof message === 'string' && message !== '' ? message : code,
      ...(outcome && typeof outcome === 'object' ? { outcome } : {}),
      ...(position && typeof position === 'object' ? { position } : {}),
    };
  }
  const message = errorMessage(error);
  return { code: 'cave_internal', message: `internal error: ${message}` };
}

/** 32 MiB: the largest catalog we buffer (docs/transform.md). */
export const MAX_INPUT_BYTES = 32 * 1024 * 1024;

/** A size in refusals: "0.500 MiB", "40.0 MiB". */
export function formatMiB(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 3 : 1)} MiB`;
}

/**
 * The refusal of an input above 32 MiB, worded once for every way in:
 * "`subject` is `size`, above the 32 MiB limit — `outcome`". `size` is a
 * byte count (shown in MiB) or already words ("more than 32.0 MiB").
 */
export function inputTooLargeError(subject: string, size: number | string, outcome: ErrorOutcome = NOTHING_STORED): CavemanError {
  const shown = typeof size === 'number' ? formatMiB(size) : size;
  return new CavemanError('cave_input_too_large', `${subject} is ${shown}, above the 32 MiB limit`, { outcome });
}

/** Why a file could not be read, in words, from the error reading it ("there is no such file" for ENOENT). */
export function unreadableReason(error: unknown): string {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  if (code === 'ENOENT') return 'there is no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory, not a file';
  return errorMessage(error);
}

/** An MCP config file above 32 MiB: no config is that large, so it is refused unread. */
export function configTooLargeError(name: string, bytes: number): CavemanError {
  return new CavemanError('cave_input_too_large', `${name} is ${formatMiB(bytes)}; that is no MCP config file`);
}

/** The parts of a cancellation sentence that differ between the places that stop work. */
export interface Cancellation {
  /** What stopped it, when not just "cancelled" ("you chose not to run that command"). */
  what?: string;
  /** When or why, if not mid-way ("before it started", "while counting tokens"). */
  when?: string;
  /** What that left behind; by default that nothing was stored. */
  outcome?: ErrorOutcome;
}

/** Work stopped because someone cancelled it (or declined to let it start): "`what` `when` — `outcome`". */
export function cancelledError({ what = 'cancelled', when, outcome = NOTHING_STORED }: Cancellation = {}): CavemanError {
  return new CavemanError('cave_cancelled', `${what}${when ? ` ${when}` : ''}`, { outcome });
}

/** A job cancelled after its original was durably stored: the sentence says where the original is, not that nothing was stored. */
export function cancelledAfterStoringError(handle: string): CavemanError {
  return cancelledError({ when: 'after its original was stored', outcome: { left: 'kept', handle } });
}

/** Throws cancelledError() once `signal` is aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw cancelledError();
}

/** Any thrown value as a CavemanError (unknown failures become cave_internal). */
export function asCavemanError(error: unknown): CavemanError {
  if (error instanceof CavemanError) return error;
  return CavemanError.fromValue(toErrorValue(error), error);
}
