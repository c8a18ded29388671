// What a call that must fail threw (or a promise that must reject rejected with), checked to be a CavemanError.

import { expect } from 'vitest';
import { CavemanError } from '../../src/shared/errors';

export function caughtCavemanError(work: () => unknown): CavemanError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(CavemanError);
    return error as CavemanError;
  }
  throw new Error('expected a CavemanError, nothing was thrown');
}

export async function rejectedCavemanError(promise: Promise<unknown>): Promise<CavemanError> {
  const error = await promise.then(
    () => new Error('expected a CavemanError, the promise resolved'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CavemanError);
  return error as CavemanError;
}
