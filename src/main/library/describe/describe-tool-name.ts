// The describe tool's name and the names it may take beside a server's
// tools, apart from its definition: the proxy's relay needs them before it
// loads anything of the engine.

export const DESCRIBE_TOOL_NAME = 'caveman_describe';

/** `caveman_describe`, or `caveman_describe_2`, `_3`… when a server tool already has the name. */
export function describeToolName(serverToolNames: Iterable<string>): string {
  const taken = new Set(serverToolNames);
  if (!taken.has(DESCRIBE_TOOL_NAME)) return DESCRIBE_TOOL_NAME;
  let n = 2;
  while (taken.has(`${DESCRIBE_TOOL_NAME}_${n}`)) n++;
  return `${DESCRIBE_TOOL_NAME}_${n}`;
}

const RENAMED_DESCRIBE_TOOL = new RegExp(`^${DESCRIBE_TOOL_NAME}_[0-9]+$`);

/** True for a name the describe tool may take in a listing (describeToolName's answers). */
export function mayNameDescribeTool(name: string): boolean {
  return name === DESCRIBE_TOOL_NAME || RENAMED_DESCRIBE_TOOL.test(name);
}
