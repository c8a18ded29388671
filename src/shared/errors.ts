// Typed errors shared by every process. Inside the engine and the store we
// throw CavemanError; at each boundary (CLI, IPC, worker, HTTP) it becomes a
// `{ code, message }` value a person can act on. The codes come from the
// errorValue contract.

import type { ErrorValue } from './contracts';
import { CONTRACT_ENUMS } from './contracts/enums.generated';
import { errorMessage } from './error-message';

export type ErrorCode = ErrorValue['code'];
export type { ErrorValue };

export const ERROR_CODES = CONTRACT_ENUMS.errorCodes as readonly ErrorCode[];

export class CavemanError extends Error {
  override readonly name = 'CavemanError';
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  toValue(): ErrorValue {
    return { code: this.code, message: this.message };
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Any thrown value as an ErrorValue; unknown failures become cave_internal. */
export function toErrorValue(error: unknown): ErrorValue {
  if (error instanceof CavemanError) return error.toValue();
  if (typeof error === 'object' && error !== null && isErrorCode((error as { code?: unknown }).code)) {
    const { code, message } = error as { code: ErrorCode; message?: unknown };
    return { code, message: typeof message === 'string' && message !== '' ? message : code };
  }
  const message = errorMessage(error);
  return { code: 'cave_internal', message: `internal error: ${message}` };
}

/** 32 MiB: the largest catalog we buffer (SPEC §2.5). */
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
export function inputTooLargeError(subject: string, size: number | string, outcome = 'nothing was stored'): CavemanError {
  const shown = typeof size === 'number' ? formatMiB(size) : size;
  return new CavemanError('cave_input_too_large', `${subject} is ${shown}, above the 32 MiB limit — ${outcome}`);
}

/** An MCP config file above 32 MiB: no config is that large, so it is refused unread. */
/** Why a file could not be read, in words, from the error reading it ("there is no such file" for ENOENT). */
export function unreadableReason(error: unknown): string {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  if (code === 'ENOENT') return 'there is no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory, not a file';
  return errorMessage(error);
}

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
  outcome?: string;
}

/** Work stopped because someone cancelled it (or declined to let it start): "`what` `when` — `outcome`". */
export function cancelledError({ what = 'cancelled', when, outcome = 'nothing was stored' }: Cancellation = {}): CavemanError {
  return new CavemanError('cave_cancelled', `${what}${when ? ` ${when}` : ''} — ${outcome}`);
}

/** A job cancelled after its original was durably stored: the sentence says where the original is, not that nothing was stored. */
export function cancelledAfterStoringError(handle: string): CavemanError {
  return cancelledError({ when: 'after its original was stored', outcome: `the original is kept as ${handle} (in History)` });
}

/** What a cancellation left behind: the part of cancelledError's sentence after the dash ("nothing was stored"). */
export function cancellationOutcome(message: string): string {
  const dash = message.lastIndexOf(' — ');
  return dash === -1 ? message : message.slice(dash + ' — '.length);
}

/** Throws cancelledError() once `signal` is aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw cancelledError();
}

/** Any thrown value as a CavemanError (unknown failures become cave_internal). */
export function asCavemanError(error: unknown): CavemanError {
  if (error instanceof CavemanError) return error;
  const value = toErrorValue(error);
  return new CavemanError(value.code, value.message, { cause: error });
}
