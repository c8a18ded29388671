// A catalog that could not be shrunk, in plain words: what, why (with the
// line and column for malformed JSON), and that nothing was stored.

import type { AnalysisFailure } from '../../../shared/contracts';
import { Icon } from './icon';

const HINTS: Partial<Record<AnalysisFailure['error']['code'], string>> = {
  cave_invalid_json: 'Fix the JSON at that position and drop the file again.',
  cave_not_catalog: 'Caveman Shrink takes MCP tools/list results, OpenAI tools or functions arrays, a single tool, or a JSON Schema.',
  cave_input_too_large: 'Split the catalog into smaller files of at most 32 MiB.',
  cave_invalid_utf8: 'Save the file as UTF-8 and try again.',
  cave_too_deep: 'The JSON nests deeper than the supported limit.',
  cave_mcp_unreachable: 'Check the command or URL (run it in a terminal to see what it says), then import again.',
  cave_mcp_timeout: 'A server started with npx may still be downloading on its first run: import again once it is installed.',
  cave_mcp_protocol: 'The command must start an MCP server that writes only JSON-RPC on stdout (its logs belong on stderr).',
  cave_mcp_no_tools: 'This server offers no tools, so there is nothing to shrink.',
};

/** "not valid JSON…" → "Not valid JSON…". */
function sentence(text: string): string {
  const trimmed = text.trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

export function FailurePanel({ failure }: { failure: AnalysisFailure }) {
  const hint = HINTS[failure.error.code];
  const message = sentence(failure.error.message).replace(/\s*[—-]\s*nothing was stored\.?$/i, '');
  return (
    <div className="failure" role="alert">
      <Icon name="alert" size={22} className="failure-icon" />
      <div className="failure-body">
        <h2 className="failure-title">
          Could not {failure.error.code.startsWith('cave_mcp_') ? 'import' : 'shrink'} {failure.name}
        </h2>
        <p className="failure-message">{/[.!?…]$/.test(message) ? message : `${message}.`}</p>
        <p className="failure-stored">Nothing was stored.</p>
        {hint ? <p className="failure-hint">{hint}</p> : null}
        <p className="failure-code">
          Error code <code>{failure.error.code}</code>
        </p>
      </div>
    </div>
  );
}
