// What the host-specific handlers (the desktop app's native dialogs) and the
// file opener build on: the few core services app-services.ts makes. On its
// own so those can name it without importing app-services.ts, which imports
// them.

import type { AppInfo, ExportRequest, InputOrigin, McpDiscovery } from '../../shared/contracts';
import type { ShrinkChoice } from '../../shared/ipc/caveman-api';
import type { JobRunner } from '../jobs/job-runner';
import type { CallContext } from './dispatch';

/** What host-specific handlers build on. */
export interface CoreServices {
  /** `choice`: shared sub-schemas (docs/transform.md; off by default) and the level (docs/levels.md; facts by default). */
  startAnalysis(
    name: string,
    bytes: Uint8Array,
    tokenizer: AppInfo['defaultTokenizer'],
    context: CallContext,
    choice?: ShrinkChoice,
    origin?: InputOrigin,
  ): ReturnType<JobRunner['start']>;
  /** The bytes to save or download, and the file name to offer. */
  exportBytes(request: ExportRequest): Promise<{ fileName: string; bytes: Uint8Array }>;
  /** The servers in an MCP config file the person picked (its name for display, its bytes); they can then be imported by id. */
  readMcpConfig(displayName: string, bytes: Uint8Array): Promise<McpDiscovery>;
}
