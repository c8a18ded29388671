// The describe tool, in one place: its definition and price
// (describe-tool-definition.ts), what it answers from (describe-index.ts,
// built once per listing from each tool's original bytes, tool-originals.ts),
// and who serves it — a proxy (describe-offer.ts), a harness
// (tool-describer.ts) or `shrink --describe-tool` (with-describe-tool.ts).

export {
  DEFERRAL_MARKER,
  DESCRIBE_TOOL_NAME,
  describeToolDefinition,
  describeToolName,
  describeToolPrice,
  describeToolTokens,
  describeUsage,
  mayNameDescribeTool,
  requestedNames,
  type DescribeToolDefinition,
} from './describe-tool-definition';
export { COMPLETE_NOTE, DescribeIndex, type DescribeAnswer, type DescribedTool, type TextContent } from './describe-index';
export { offerDescribeTool, servedDescribeTool, type DescribeOffer, type ServedDescribeTool } from './describe-offer';
export { describeTools, toolDescriber, type DescribeSource, type DescribeToolsOptions, type ToolDescriber } from './tool-describer';
export { shortenedToolIndexes, toolOriginals, type ToolOriginal } from './tool-originals';
export { withDescribeTool, type WithDescribeTool } from './with-describe-tool';
