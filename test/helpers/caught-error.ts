// What a call that must fail threw, checked to be a CavemanError.

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
