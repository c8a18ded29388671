// Which launch arguments are files to open (Electron argv, a second launch, the browser host).

import { describe, expect, it } from 'vitest';
import { launchPaths } from '../../../src/main/services/launch-paths';

describe('launchPaths', () => {
  it('skips the executable (and the app folder of `electron .`), switches, and resolves relative paths', () => {
    expect(launchPaths({ argv: ['/opt/app/caveman', 'a.json', '--inspect=9229', '-x', '/tmp/b.json'], skip: 1, cwd: '/home/me' })).toEqual([
      '/home/me/a.json',
      '/tmp/b.json',
    ]);
    expect(launchPaths({ argv: ['/usr/bin/electron', '.', 'sub/c.json'], skip: 2, cwd: '/repo' })).toEqual(['/repo/sub/c.json']);
  });

  it('ignores the switches Chromium adds to a second launch', () => {
    const argv = ['/opt/app/caveman', '--allow-file-access-from-files', '--original-process-start-time=13379', 'd.json'];
    expect(launchPaths({ argv, skip: 1, cwd: '/w' })).toEqual(['/w/d.json']);
  });

  it('takes every argument after `--` as a file, even one that starts with a dash', () => {
    expect(launchPaths({ argv: ['exe', '--', '-odd.json', '--flag.json'], skip: 1, cwd: '/w' })).toEqual(['/w/-odd.json', '/w/--flag.json']);
  });

  it('gives nothing for a launch without files', () => {
    expect(launchPaths({ argv: ['exe'], skip: 1, cwd: '/w' })).toEqual([]);
    expect(launchPaths({ argv: ['exe', ''], skip: 1, cwd: '/w' })).toEqual([]);
  });
});
