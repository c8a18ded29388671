// The Vitest files that run isolated, each in a fresh module registry (the
// 'own-process' project in vitest.config.ts). Every other file runs in the
// 'shared' project, where the files a fork runs one after another share one
// module registry: the engine, the rank tables and the schemas are imported
// once per fork instead of once per file. A file is listed here when it
// changes what a later file in the same fork would see: it mocks or spies
// (vi.*), writes process.env or process state, patches a built-in, or
// imports an entry point with effects at load. test/harness/vitest-projects
// .test.ts fails, naming the file, when such a file is missing here.
//
// One list, read by the config and by that test.

/** Repository-relative paths, each with why it cannot share a fork's registry. */
export const OWN_PROCESS_FILES: Readonly<Record<string, string>> = {
  'test/main/engine/guarantees/constraint-walk.test.ts': 'vi.mock of constraint-markers (a counting wrapper)',
  'test/main/engine/memory/shared-scratch.test.ts': 'vi.useFakeTimers',
  'test/main/engine/tokens/parallel-counter.test.ts': 'vi.stubEnv CAVEMAN_BUILT_WORKERS',
  'test/main/jobs/job-runner.test.ts': 'vi.useFakeTimers (the progress pacer runs on setTimeout and performance.now)',
  'test/main/analysis/warm-up.test.ts': 'vi.mock of level-comparison and analyze-catalog',
  'test/main/mcp/connection/json-lines.test.ts': 'vi.spyOn Uint8Array.prototype.slice and Buffer.concat',
  'test/main/mcp/import/config-discovery.test.ts': 'watchSpawns patches node:child_process for the process',
  'test/main/mcp/import/list-server-tools.test.ts': 'vi.spyOn ServerDiagnostics.prototype; fake timers (deadline.ts)',
  'test/main/mcp/import/mcp-cli.test.ts': 'vi.spyOn Client.prototype.request; fake timers (deadline.ts)',
  'test/main/mcp/proxy/proxy-relay.test.ts': 'vi.useFakeTimers (the list_changed coalescing window runs on setTimeout)',
  'test/main/services/app-services.test.ts': 'writes process.env.CAVEMAN_CCR_MAX_BYTES',
  'test/main/services/mcp-services.test.ts': 'writes process.env HOME, USERPROFILE, XDG_CONFIG_HOME for the whole file',
  'test/main/services/server-services.test.ts': 'writes process.env HOME, USERPROFILE, XDG_CONFIG_HOME for the whole file',
  'test/main/store/permissions.test.ts': 'process.umask',
  'test/main/store/store-failures.test.ts': 'vi.spyOn Database.prototype.prepare',
  'test/main/store/store-path.test.ts': 'writes process.env.CAVEMAN_CCR_DB',
  'test/reliability/app-security/electron-wiring.test.ts': 'vi.mock of electron and app-services; sets process.argv; imports electron/main',
  'test/reliability/store-faults.test.ts': 'writes process.env (CAVEMAN_CCR_MAX_BYTES and others) around runs',
  'test/renderer/state/progress-draw-rate.test.ts': 'vi.stubGlobal requestAnimationFrame',
};

export const OWN_PROCESS: readonly string[] = Object.keys(OWN_PROCESS_FILES);
