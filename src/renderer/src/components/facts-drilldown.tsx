// What the facts-kept check looked at (docs/spec.md), opened from its badge: the
// fact sentences found and what became of each — kept word for word, stated
// by a keyword on the same node, deferred (at a deferral level, one describe
// call away), dropped — per category, the ones a keyword states (with the
// keyword), and for a failed check what was dropped or cut.

import type { GuaranteeReport, LevelName } from '../../../shared/contracts';
import { defersDetails } from '../../../shared/levels';
import { formatInt } from '../lib/format';

type Facts = GuaranteeReport['facts'];

const plural = (count: number, one: string, many = `${one}s`) => `${formatInt(count)} ${count === 1 ? one : many}`;

/** There is nothing to check when the catalog has no fact sentence and no description lead. */
export function nothingToCheck(facts: Facts): boolean {
  return facts.sentences === 0 && facts.leads.found === 0;
}

/** The badge's counts: "512 of 512 facts present · 3 stated by a keyword · 276 deferred · 777 of 777 leads whole", or "0 of 0 — nothing to check". */
export function factsCounts(facts: Facts): string {
  if (nothingToCheck(facts)) return '0 of 0 — nothing to check';
  const leadsWhole = facts.leads.whole + facts.leads.shortened;
  const parts = [facts.sentences === 0 ? '0 of 0 facts — none to check' : `${formatInt(facts.kept)} of ${plural(facts.sentences, 'fact')} present`];
  if (facts.redundant > 0) parts.push(`${formatInt(facts.redundant)} stated by a keyword`);
  if ((facts.deferred ?? 0) > 0) parts.push(`${formatInt(facts.deferred!)} deferred`);
  parts.push(`${formatInt(leadsWhole)} of ${plural(facts.leads.found, 'lead')} whole`);
  return parts.join(' · ');
}

export function FactsDrilldown({ facts, level }: { facts: Facts; level: LevelName }) {
  if (nothingToCheck(facts)) {
    return <p className="drill-note">No description in this catalog has a fact sentence or a lead: there was nothing to check, so nothing could be lost.</p>;
  }
  const deferring = defersDetails(level);
  const deferred = facts.deferred ?? 0;
  const fates: [string, number, string][] = [
    ['Found', facts.sentences, 'fact sentences in the original descriptions'],
    ['Kept', facts.kept, 'word for word in the shrunk catalog'],
    ['Stated by a keyword', facts.redundant, 'dropped because a keyword on the same node says it (listed below)'],
    ...(deferring || deferred > 0
      ? ([['Deferred', deferred, 'left out of a tool that carries the marker: one caveman_describe call away']] as [string, number, string][])
      : []),
    ['Dropped', facts.dropped, facts.dropped === 0 ? 'none' : 'lost: listed below'],
  ];
  const categories = Object.entries(facts.byCategory)
    .flatMap(([name, tally]) => (tally ? [[name, tally] as const] : []))
    .sort(([a], [b]) => a.localeCompare(b));
  const { leads } = facts;
  return (
    <div className="drill">
      <dl className="drill-fates">
        {fates.map(([label, count, meaning]) => (
          <div key={label} className="drill-fate">
            <dt>{label}</dt>
            <dd className="drill-count">{formatInt(count)}</dd>
            <dd className="drill-meaning">{meaning}</dd>
          </div>
        ))}
      </dl>
      <p className="drill-note">
        Leads (each description’s first sentence): {formatInt(leads.found)} found, {formatInt(leads.whole)} whole
        {leads.shortened > 0 ? `, ${formatInt(leads.shortened)} shortened at 300 bytes` : ''}
        {(leads.deferred ?? 0) > 0 ? `, ${formatInt(leads.deferred!)} deferred` : ''}
        {leads.cut > 0 ? `, ${formatInt(leads.cut)} cut` : ''}.
      </p>
      {facts.toolDescriptions ? <ToolDescriptionsNote counts={facts.toolDescriptions} /> : null}
      {categories.length > 0 ? (
        <table className="drill-table">
          <caption>By category (a sentence counts in each it matches)</caption>
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col">Kept</th>
              <th scope="col">By keyword</th>
              {deferring || deferred > 0 ? <th scope="col">Deferred</th> : null}
              <th scope="col">Dropped</th>
            </tr>
          </thead>
          <tbody>
            {categories.map(([name, tally]) => (
              <tr key={name}>
                <th scope="row">{name.replace(/_/g, ' ')}</th>
                <td>{formatInt(tally.kept)}</td>
                <td>{formatInt(tally.redundant)}</td>
                {deferring || deferred > 0 ? <td>{formatInt(tally.deferred ?? 0)}</td> : null}
                <td>{formatInt(tally.dropped)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {facts.missing.length > 0 || facts.cutLeads.length > 0 ? (
        <ul className="drill-list drill-bad" aria-label="What differs">
          {facts.missing.map((missing, index) => (
            <li key={`m${index}`}>
              Dropped in <code>{missing.tool}</code> at <code>{missing.location}</code>: “{missing.sentence}”
            </li>
          ))}
          {facts.cutLeads.map((cut, index) => (
            <li key={`c${index}`}>
              Lead cut in <code>{cut.tool}</code> at <code>{cut.location}</code>: “{cut.lead}”
            </li>
          ))}
        </ul>
      ) : null}
      {facts.redundantFacts.length > 0 ? (
        <ul className="drill-list" aria-label="Stated by a keyword">
          {facts.redundantFacts.length < facts.redundant ? (
            <li className="drill-note">
              The first {formatInt(facts.redundantFacts.length)} of {formatInt(facts.redundant)}:
            </li>
          ) : null}
          {facts.redundantFacts.map((fact, index) => (
            <li key={index}>
              <code>{fact.tool}</code> at <code>{fact.location}</code>: “{fact.sentence}” — stated by <code>{fact.keyword}</code>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Each tool's own description is what a client's tool search reads: whole, or deferred from a marked tool. */
function ToolDescriptionsNote({ counts }: { counts: NonNullable<Facts['toolDescriptions']> }) {
  return (
    <p className="drill-note">
      Tool descriptions (what a client’s tool search reads): {formatInt(counts.whole)} of {formatInt(counts.found)} whole
      {counts.deferred > 0 ? `, ${formatInt(counts.deferred)} deferred` : ''}
      {counts.cut > 0 ? `, ${formatInt(counts.cut)} cut` : ''}.
    </p>
  );
}
