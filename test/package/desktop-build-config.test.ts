// The desktop build's config (electron-builder.json), checked without
// electron-builder running: it cannot download Electron here. What is checked:
// the config is valid for the installed electron-builder, it makes the four
// installers, the app's files are where the build puts them, the SQLite addon
// built for Electron is packed outside the asar, and ".json" is declared for
// "Open with" on each OS without taking its default.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '../..');
const readJson = (path: string): Record<string, unknown> => JSON.parse(readFileSync(join(repo, path), 'utf8'));

interface FileAssociation {
  ext: string;
  mimeType?: string;
  rank?: string;
  role?: string;
}
interface PlatformConfig {
  target: string[];
  fileAssociations?: FileAssociation[];
}
interface BuilderConfig {
  icon: string;
  files: string[];
  asarUnpack: string[];
  npmRebuild: boolean;
  fileAssociations?: FileAssociation[];
  linux: PlatformConfig;
  mac: PlatformConfig;
  win: PlatformConfig;
  nsis: { include: string };
}

const config = readJson('electron-builder.json') as unknown as BuilderConfig;
const manifest = readJson('package.json') as { main: string; scripts: Record<string, string>; devDependencies: Record<string, string> };
/** Where scripts/rebuild-electron.mjs writes better-sqlite3 built for Electron and src/main/store/native-binding.ts looks for it. */
const ELECTRON_ADDON = 'native/electron/better_sqlite3.node';

describe('electron-builder.json', () => {
  it('is valid for the electron-builder in devDependencies (its own JSON Schema)', () => {
    expect(manifest.devDependencies['electron-builder']).toMatch(/^\d+\.\d+\.\d+$/);
    const schema = JSON.parse(readFileSync(join(repo, 'node_modules/app-builder-lib/scheme.json'), 'utf8'));
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
  });

  it('makes an AppImage and a deb, a dmg and an NSIS installer; `npm run dist` builds, rebuilds the addon, packages', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
    expect(manifest.scripts.dist).toBe('npm run build && npm run rebuild:electron && electron-builder');
  });

  it('uses the icon in resources/, a PNG of at least 512×512 (what a dmg needs)', () => {
    const png = readFileSync(join(repo, config.icon));
    expect(config.icon).toMatch(/^resources\//);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(Math.min(png.readUInt32BE(16), png.readUInt32BE(20))).toBeGreaterThanOrEqual(512);
  });

  it("packs what the build wrote (npm test's build phase ran before): the main entry, preload and renderer", () => {
    const folders = config.files.filter((pattern) => pattern.endsWith('/**/*') && !pattern.startsWith('!')).map((pattern) => pattern.slice(0, -'/**/*'.length));
    expect(folders).toEqual(['out/main', 'out/preload', 'out/renderer']);
    for (const folder of folders) expect(existsSync(join(repo, folder)), folder).toBe(true);
    expect(manifest.main.replace(/^\.\//, '').startsWith('out/main/')).toBe(true);
    expect(existsSync(join(repo, manifest.main)), manifest.main).toBe(true);
    expect(existsSync(join(repo, 'out/preload/index.cjs'))).toBe(true);
    expect(existsSync(join(repo, 'out/renderer/index.html'))).toBe(true);
  });

  it('packs better-sqlite3 built for Electron outside the asar, and lets no other rebuild replace it', () => {
    expect(config.files).toContain(ELECTRON_ADDON);
    expect(config.asarUnpack).toContain(ELECTRON_ADDON);
    // electron-builder's own rebuild would download Electron's headers and rebuild node_modules, which the CLI and tests use.
    expect(config.npmRebuild).toBe(false);
    expect(readFileSync(join(repo, 'scripts/rebuild-electron.mjs'), 'utf8')).toContain("join(root, 'native', 'electron')");
    expect(readFileSync(join(repo, 'src/main/store/native-binding.ts'), 'utf8')).toContain('`native/electron/${ADDON}`');
  });

  it('unpacks the CLI and the packages it imports, so the entry a wrap writes can start (app-launcher: app.asar.unpacked/out/main/cli.js)', () => {
    // The CLI starts worker threads from files beside it (an asar cannot hold them) and resolves its bare imports
    // from app.asar.unpacked/node_modules; electron-builder packs only production dependencies there.
    expect(config.asarUnpack).toEqual([ELECTRON_ADDON, 'out/main/**/*', 'node_modules/**/*']);
    expect(readFileSync(join(repo, 'src/main/mcp/wrap/app-launcher.ts'), 'utf8')).toContain("'app.asar.unpacked'");
  });

  it('offers the app in "Open with" for .json on Linux (the desktop entry\'s MimeType) and macOS (an Alternate viewer)', () => {
    expect(config.linux.fileAssociations).toEqual([expect.objectContaining({ ext: 'json', mimeType: 'application/json' })]);
    expect(config.mac.fileAssociations).toEqual([expect.objectContaining({ ext: 'json', mimeType: 'application/json', role: 'Viewer', rank: 'Alternate' })]);
  });

  it('offers it in Explorer\'s "Open with" for .json without making it the default (the NSIS include, not electron-builder\'s associations)', () => {
    // electron-builder's NSIS script writes an association's ProgID as the default of Software\Classes\.<ext>.
    expect(config.fileAssociations).toBeUndefined();
    expect(config.win.fileAssociations).toBeUndefined();
    const script = readFileSync(join(repo, config.nsis.include), 'utf8');
    const progId = /!define CAVEMAN_JSON_PROGID "([^"]+)"/.exec(script)?.[1];
    expect(progId).toBeDefined();
    const install = /!macro customInstall\n([\s\S]*?)!macroend/.exec(script)?.[1] ?? '';
    const uninstall = /!macro customUnInstall\n([\s\S]*?)!macroend/.exec(script)?.[1] ?? '';
    expect(install).toContain('WriteRegNone SHELL_CONTEXT "Software\\Classes\\.json\\OpenWithProgids" "${CAVEMAN_JSON_PROGID}"');
    expect(install).toContain(`WriteRegStr SHELL_CONTEXT "Software\\Classes\\\${CAVEMAN_JSON_PROGID}\\shell\\open\\command" "" '"$appExe" "%1"'`);
    expect(install).not.toMatch(/"Software\\Classes\\\.json" ""/);
    expect(uninstall).toContain('DeleteRegValue SHELL_CONTEXT "Software\\Classes\\.json\\OpenWithProgids" "${CAVEMAN_JSON_PROGID}"');
    expect(uninstall).toContain('DeleteRegKey SHELL_CONTEXT "Software\\Classes\\${CAVEMAN_JSON_PROGID}"');
  });
});
