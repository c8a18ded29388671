// The real clients the harness runs, pinned: the versions the measurements in
// docs/clients.md were taken with. Change a version here and nowhere else.

export type ClientPackageId = 'claude-code' | 'codex' | 'gemini-cli';

export interface ClientPackage {
  /** The npm package (its native binary ships in a platform package it depends on). */
  name: string;
  version: string;
  /** The command the package puts in node_modules/.bin. */
  bin: string;
  /** What `BIN --version` prints, so an install whose binary did not land is told from one that works. */
  versionLine: RegExp;
}

export const CLIENT_PACKAGES: Record<ClientPackageId, ClientPackage> = {
  'claude-code': { name: '@anthropic-ai/claude-code', version: '2.1.328', bin: 'claude', versionLine: /^2\.1\.328 \(Claude Code\)/m },
  codex: { name: '@openai/codex', version: '0.169.0', bin: 'codex', versionLine: /^codex-cli 0\.169\.0$/m },
  'gemini-cli': { name: '@google/gemini-cli', version: '0.61.0', bin: 'gemini', versionLine: /^0\.61\.0$/m },
};
