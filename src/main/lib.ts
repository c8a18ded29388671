// The library API (docs/transform.md–§3): the same engine and store the app and the
// CLI use. Node only; never imports Electron.

export { shrink, type ShrinkOptions, type ShrinkOutcome, type ShrinkProgress, type ShrinkResult } from './library/shrink';
export { lint, type LintOptions } from './library/lint';
export { lintLevels, type LintLevelsOptions } from './library/lint-levels';
export { visibleTokens } from './library/visible-tokens';
export { recover, history, toolCalls, selectionProfile, type HistoryOptions, type StoreOptions } from './library/recover';
export { recoverTool, recoverTools, type RecoveredTool, type ToolOriginal } from './library/recover-tool';
export { closeSharedCounter } from './library/shared-counter';
export {
  DESCRIBE_TOOL_NAME,
  describeToolDefinition,
  describeTools,
  toolDescriber,
  type DescribeAnswer,
  type DescribeSource,
  type DescribeToolDefinition,
  type DescribeToolsOptions,
  type ToolDescriber,
} from './library/describe';
export type { StoreOption } from './library/store-option';
export { checkGuarantees, type GuaranteeReport } from './engine/guarantees/check-guarantees';
export { sameSelectionProfile, type SelectionProfile, type ToolSelectionProfile } from './engine/guarantees/selection-profile';
export { RecoveryStore, recoveryHandleFor, resolveStorePath } from './store';
export { CavemanError, MAX_INPUT_BYTES, type ErrorCode } from '../shared/errors';
export { TOKENIZERS, DEFAULT_TOKENIZER, type TokenizerName } from '../shared/tokenizers';
export { PROFILES, type Profile, type ProfileName } from '../shared/profiles';
export { compressorLabel, parseCompressor, type ShrinkSettings } from '../shared/compressor';
export type { LevelsReport, LevelRow } from '../shared/contracts';
export type { HistoryEntry, HistoryPage, LintReport, ShrinkReport, PassThrough, VisibleTokens } from '../shared/contracts';
