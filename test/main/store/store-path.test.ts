import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BYTES, resolveMaxBytes, resolveStorePath } from '../../../src/main/store/index';
import { caughtCavemanError } from '../../helpers/caught-error';

const HOME = '/home/tester';

describe('resolveStorePath', () => {
  it('prefers CAVEMAN_CCR_DB over CAVEMAN_HOME', () => {
    expect(resolveStorePath({ CAVEMAN_CCR_DB: '/data/x.db', CAVEMAN_HOME: '/cave' }, HOME)).toBe('/data/x.db');
  });

  it('uses $CAVEMAN_HOME/ccr.db when CAVEMAN_CCR_DB is unset', () => {
    expect(resolveStorePath({ CAVEMAN_HOME: '/cave' }, HOME)).toBe(path.join('/cave', 'ccr.db'));
  });

  it('falls back to ~/.caveman/ccr.db', () => {
    expect(resolveStorePath({}, HOME)).toBe(path.join(HOME, '.caveman', 'ccr.db'));
  });

  it('treats empty and blank variables as unset', () => {
    expect(resolveStorePath({ CAVEMAN_CCR_DB: '', CAVEMAN_HOME: '/cave' }, HOME)).toBe(path.join('/cave', 'ccr.db'));
    expect(resolveStorePath({ CAVEMAN_CCR_DB: '  ', CAVEMAN_HOME: '' }, HOME)).toBe(path.join(HOME, '.caveman', 'ccr.db'));
  });

  it('reads process.env by default', () => {
    const before = process.env.CAVEMAN_CCR_DB;
    process.env.CAVEMAN_CCR_DB = '/from/process/env.db';
    try {
      expect(resolveStorePath()).toBe('/from/process/env.db');
    } finally {
      if (before === undefined) delete process.env.CAVEMAN_CCR_DB;
      else process.env.CAVEMAN_CCR_DB = before;
    }
  });
});

describe('resolveMaxBytes', () => {
  it('defaults to 512 MiB', () => {
    expect(DEFAULT_MAX_BYTES).toBe(512 * 1024 * 1024);
    expect(resolveMaxBytes({})).toBe(DEFAULT_MAX_BYTES);
  });

  it('accepts a positive integer', () => {
    expect(resolveMaxBytes({ CAVEMAN_CCR_MAX_BYTES: '1048576' })).toBe(1048576);
    expect(resolveMaxBytes({ CAVEMAN_CCR_MAX_BYTES: ' 42 ' })).toBe(42);
  });

  it.each(['', '   '])('treats the blank value %j as unset', (raw) => {
    expect(resolveMaxBytes({ CAVEMAN_CCR_MAX_BYTES: raw })).toBe(DEFAULT_MAX_BYTES);
  });

  it.each(['0', '-1', 'abc', '1e3', '-5', '1.5', '1e9', '99999999999999999999', '+7', '0x10'])('refuses the invalid value %j, naming the variable', (raw) => {
    const error = caughtCavemanError(() => resolveMaxBytes({ CAVEMAN_CCR_MAX_BYTES: raw }));
    expect(error.code).toBe('cave_bad_request');
    expect(error.message).toBe(
      `CAVEMAN_CCR_MAX_BYTES must be a positive whole number of bytes, such as 536870912 for 512 MiB, not ` +
        `${JSON.stringify(raw)}; unset it for the 512 MiB default`,
    );
  });
});
