// What a wrapped entry starts, decided once for every host (app-launcher.ts):
// Node's own binary and out/main/cli.js for the CLI and the browser host;
// the Electron binary as Node, with the CLI from app.asar.unpacked, for the
// desktop app (an AppImage by $APPIMAGE).

import { realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appLauncher, unpackedPath } from '../../../../src/main/mcp/wrap/app-launcher';
import { proxiedArgv, proxyArgv } from '../../../../src/main/mcp/wrap/proxy-launch';
import { thisInstall } from '../../../../src/main/cli/commands/wrap-command';

const p = (...parts: string[]) => join(sep, ...parts);

/** Probes over a made-up file system: `files` exist, `links` resolve to their targets. */
function probes(files: string[], links: Record<string, string> = {}) {
  return {
    exists: (path: string) => files.includes(path) || path in links,
    realpath: (path: string) => {
      if (path in links) return links[path]!;
      if (!files.includes(path)) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
      return path;
    },
  };
}

describe('appLauncher', () => {
  it('Node (the CLI, the browser host): this Node and the CLI entry, links resolved, no variables', () => {
    const cli = p('repo', 'out', 'main', 'cli.js');
    const launcher = appLauncher(
      { kind: 'node', execPath: p('usr', 'bin', 'node') },
      cli,
      probes([cli], { [p('usr', 'bin', 'node')]: p('opt', 'node-22', 'bin', 'node') }),
    );
    expect(launcher).toEqual({ runtime: p('opt', 'node-22', 'bin', 'node'), cli });
  });

  it('Electron, packaged: its own binary with ELECTRON_RUN_AS_NODE=1 and the CLI from app.asar.unpacked', () => {
    const binary = p('Applications', 'Caveman Shrink.app', 'Contents', 'MacOS', 'Caveman Shrink');
    const inAsar = p('Applications', 'Caveman Shrink.app', 'Contents', 'Resources', 'app.asar', 'out', 'main', 'cli.js');
    const unpacked = p('Applications', 'Caveman Shrink.app', 'Contents', 'Resources', 'app.asar.unpacked', 'out', 'main', 'cli.js');
    const launcher = appLauncher({ kind: 'electron', execPath: binary }, inAsar, probes([binary, unpacked]));
    expect(launcher).toEqual({ runtime: binary, cli: unpacked, env: { ELECTRON_RUN_AS_NODE: '1' } });
    // The entry it writes is recognised as wrapped (unwrap, and the import of the server behind it).
    const argv = proxyArgv(launcher, { level: 'leads' }, { command: 'npx', args: ['-y', 'server'] });
    expect(proxiedArgv(argv)?.server).toEqual({ command: 'npx', args: ['-y', 'server'] });
  });

  it('Electron as an AppImage: $APPIMAGE, not the mount its binary runs from', () => {
    const mount = p('tmp', '.mount_CavemaXYZ', 'caveman-shrink');
    const image = p('home', 'ann', 'Apps', 'Caveman-Shrink.AppImage');
    const inAsar = p('tmp', '.mount_CavemaXYZ', 'resources', 'app.asar', 'out', 'main', 'cli.js');
    const launcher = appLauncher({ kind: 'electron', execPath: mount, appImage: image }, inAsar, probes([mount, image, unpackedPath(inAsar)]));
    expect(launcher.runtime).toBe(image);
    expect(launcher.env).toEqual({ ELECTRON_RUN_AS_NODE: '1' });
  });

  it("Electron from a clone (electron .): the repo's out/main/cli.js, run as Node", () => {
    const binary = p('repo', 'node_modules', 'electron', 'dist', 'electron');
    const cli = p('repo', 'out', 'main', 'cli.js');
    expect(appLauncher({ kind: 'electron', execPath: binary, appImage: '' }, cli, probes([binary, cli]))).toEqual({
      runtime: binary,
      cli,
      env: { ELECTRON_RUN_AS_NODE: '1' },
    });
  });

  it('refuses when the CLI entry a client would start is missing (never a wrap that cannot start)', () => {
    const inAsar = p('app', 'resources', 'app.asar', 'out', 'main', 'cli.js');
    expect(() => appLauncher({ kind: 'electron', execPath: p('app', 'caveman') }, inAsar, probes([p('app', 'caveman'), inAsar]))).toThrow(
      /app\.asar\.unpacked.+cli\.js is missing/,
    );
    expect(() =>
      appLauncher({ kind: 'node', execPath: p('usr', 'bin', 'node') }, p('repo', 'out', 'main', 'cli.js'), probes([p('usr', 'bin', 'node')])),
    ).toThrow(/npm run build/);
  });

  it('only a path segment named app.asar is changed', () => {
    expect(unpackedPath(p('a', 'app.asar.bak', 'app.asar', 'x.js'))).toBe(p('a', 'app.asar.bak', 'app.asar.unpacked', 'x.js'));
    expect(unpackedPath(p('a', 'my-app.asar', 'x.js'))).toBe(p('a', 'my-app.asar', 'x.js'));
  });

  it("the CLI's wrap uses the same decision (this Node, the built out/main/cli.js)", () => {
    // Under vitest the module is the source file, whose ./cli.js does not exist: the same refusal as a Node host without a build.
    expect(() => thisInstall()).toThrow(/cli\.js is missing: wrap runs from a built copy/);
    // This Node is a real file once its links are followed: what wrap would launch.
    expect(statSync(realpathSync(process.execPath)).isFile()).toBe(true);
  });
});
