// Every shrink of the selected stored original, newest first: when, with
// what options (the compressor) and tokenizer, what it saved, where the
// catalog came from, and for which MCP client when the proxy made it. The first is the latest, whose figures the fields above
// show and whose options Open in diff and Export compressed use again.

import type { HistoryShrink } from '../../../shared/contracts';
import { formatInt, formatTimestamp } from '../lib/format';
import { figuresText, JSON_ONLY, jsonFigures, modelFigures } from '../lib/model-figures';

export function HistoryShrinks({ shrinks }: { shrinks: readonly HistoryShrink[] }) {
  return (
    <section className="details-shrinks" aria-labelledby="details-shrinks-title">
      <h4 id="details-shrinks-title" className="details-shrinks-title">
        {shrinks.length === 1 ? 'Shrunk once' : `Shrunk ${formatInt(shrinks.length)} times`}
      </h4>
      <ol className="details-shrink-list">
        {shrinks.map((shrink, index) => (
          <li key={shrink.id ?? 'only'} className="details-shrink" aria-current={index === 0 ? 'true' : undefined}>
            <div className="details-shrink-head">
              <span>{formatTimestamp(shrink.created_at)}</span>
              {index === 0 && shrinks.length > 1 ? <span className="details-shrink-tag">latest</span> : null}
            </div>
            <div>
              <code className="mono">{shrink.compressor}</code> · {shrink.tokenizer ?? 'tokenizer unknown'}
            </div>
            <div className="details-shrink-figures">
              {modelFigures(shrink.visible).map((figures) => (
                <div key={figures.label}>
                  {figures.label} {figuresText(figures)}
                </div>
              ))}
              <div className={shrink.visible ? 'details-shrink-json' : undefined}>
                {shrink.visible ? '' : `${JSON_ONLY}: `}JSON {figuresText(jsonFigures(shrink))}
              </div>
            </div>
            <div className="details-shrink-source">{shrink.source_name ?? 'source unknown (written by another program)'}</div>
            {shrink.client ? (
              <div className="details-shrink-client">
                for {shrink.client.name} {shrink.client.version}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
