// One guarantee check as a badge: passed, failed, nothing to check, or not
// applicable at the level, with its counts (its tooltip too: a short window draws
// only the mark and the name). A badge with a drill-down (what the check looked
// at) or, when failed, a list of what differs opens it under the badge.

import type { ReactNode } from 'react';
import { Icon } from './icon';

export type BadgeState = 'passed' | 'failed' | 'nothing' | 'not-applicable';

export interface GuaranteeBadgeProps {
  title: string;
  /** 'nothing': there was nothing to check (not a pass: no sentence was at stake); 'not-applicable': the level promises nothing here. */
  state: BadgeState;
  /** "41 tools · 163 parameters". */
  counts: string;
  /** What differs (only for a failed check; lists are capped at 20 by main). */
  problems: ReactNode[];
  /** What the check looked at, shown when the badge is opened. */
  drill?: ReactNode;
}

const STATE_LABEL: Record<BadgeState, string> = { passed: 'passed', failed: 'failed', nothing: 'nothing to check', 'not-applicable': 'not applicable' };
const STATE_CLASS: Record<BadgeState, string> = { passed: 'badge-ok', failed: 'badge-bad', nothing: 'badge-none', 'not-applicable': 'badge-none' };

export function GuaranteeBadge({ title, state, counts, problems, drill }: GuaranteeBadgeProps) {
  const head = (
    <>
      <span className="badge-state">
        <Icon name={state === 'failed' ? 'alert' : state === 'not-applicable' ? 'dash' : 'check'} size={14} />
        <span className="badge-state-word">{STATE_LABEL[state]}</span>
      </span>
      <span className="badge-title">{title}</span>
      <span className="badge-counts">{counts}</span>
    </>
  );
  const listed = state === 'failed' && problems.length > 0;
  if (!listed && drill === undefined) {
    return (
      <li className={`badge ${STATE_CLASS[state]}`} title={counts}>
        {head}
      </li>
    );
  }
  return (
    <li className={`badge ${STATE_CLASS[state]}`}>
      <details
        className="badge-details"
        name="guarantee-problems"
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !event.currentTarget.open) return;
          event.currentTarget.open = false;
          event.currentTarget.querySelector('summary')?.focus();
        }}
      >
        <summary title={counts}>
          {head}
          <Icon name="chevron" size={14} className="badge-chevron" />
        </summary>
        <div className="badge-problems" role="group" aria-label={`${title}: what was checked`}>
          {drill}
          {listed && drill === undefined ? (
            <ul className="drill-list">
              {problems.map((problem, index) => (
                <li key={index}>{problem}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </details>
    </li>
  );
}
