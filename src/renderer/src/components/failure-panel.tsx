// A catalog that could not be shrunk, in plain words: what, why (with the
// line and column for malformed JSON, drawn by main), and what it left
// behind: each sentence written here from the failure's data.

import type { AnalysisFailure, JsonExcerpt } from '../../../shared/contracts';
import { NOTHING_STORED, errorSentence, outcomeWords } from '../../../shared/errors';
import { Icon } from './icon';

const HINTS: Partial<Record<AnalysisFailure['error']['code'], string>> = {
  cave_not_catalog: 'Caveman Shrink takes MCP tools/list results, OpenAI tools or functions arrays, a single tool, or a JSON Schema.',
  cave_input_too_large: 'Split the catalog into smaller files of at most 32 MiB.',
  cave_invalid_utf8: 'Save the file as UTF-8 and try again.',
  cave_too_deep: 'The JSON nests deeper than the supported limit.',
  cave_mcp_unreachable: 'Check the command or URL (run it in a terminal to see what it says), then import again.',
  cave_mcp_timeout: 'Check that it is an MCP server: run the command in a terminal (or open the URL) to see what it does, then import again.',
  cave_mcp_protocol: 'The command must start an MCP server that writes only JSON-RPC on stdout (its logs belong on stderr).',
  cave_mcp_no_tools: 'This server offers no tools, so there is nothing to shrink.',
};

/** Malformed JSON: the way to retry depends on where it came from (a file main read from Open… has no origin: "try again"). */
function invalidJsonHint({ origin, empty }: AnalysisFailure): string {
  const paste = origin === 'paste';
  if (empty) return paste ? 'Nothing was pasted: copy the catalog’s JSON and paste it.' : 'The file is empty: pick the file that holds the catalog’s JSON.';
  if (paste) return 'Fix the JSON at that position and paste it again.';
  return origin ? 'Fix the JSON at that position and drop or open the file again.' : 'Fix the JSON at that position and try again.';
}

function Excerpt({ excerpt }: { excerpt: JsonExcerpt }) {
  return (
    <figure className="failure-excerpt">
      <figcaption>
        Line {excerpt.line}, column {excerpt.column}:
      </figcaption>
      <pre aria-hidden="true">
        {excerpt.text}
        {'\n'}
        <span className="failure-caret">{`${' '.repeat(excerpt.caret)}^`}</span>
      </pre>
      <p className="visually-hidden">{excerpt.text}</p>
    </figure>
  );
}

/** "not valid JSON…" → "Not valid JSON…", ending with a full stop. */
function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

export function FailurePanel({ failure }: { failure: AnalysisFailure }) {
  const { error } = failure;
  const invalidJson = error.code === 'cave_invalid_json';
  const hint = invalidJson ? invalidJsonHint(failure) : HINTS[error.code];
  // "Nothing was stored" has a line of its own; any other outcome ("it was not read") ends the message.
  const message = error.outcome?.left === 'nothing_stored' ? error.message : errorSentence(error);
  return (
    <div className="failure" role="alert">
      <Icon name="alert" size={22} className="failure-icon" />
      <div className="failure-body">
        <h2 className="failure-title">
          Could not {error.code.startsWith('cave_mcp_') ? 'import' : 'shrink'} {failure.name}
        </h2>
        <p className="failure-message">{sentence(message)}</p>
        {invalidJson && failure.excerpt ? <Excerpt excerpt={failure.excerpt} /> : null}
        <p className="failure-stored">{sentence(outcomeWords(NOTHING_STORED))}</p>
        {hint ? <p className="failure-hint">{hint}</p> : null}
        <p className="failure-code">
          Error code <code>{error.code}</code>
        </p>
      </div>
    </div>
  );
}
