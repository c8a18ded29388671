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
        <h2 className="failure-title">Could not shrink {failure.name}</h2>
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
