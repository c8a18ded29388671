// One guarantee check of SPEC §2.6 as a badge: passed or failed with its
// counts; a failed one expands to list what differs.

import type { ReactNode } from 'react';
import { Icon } from './icon';

export interface GuaranteeBadgeProps {
  title: string;
  ok: boolean;
  /** "41 tools · 163 parameters". */
  counts: string;
  /** What differs (only for a failed check; lists are capped at 20 by main). */
  problems: ReactNode[];
}

export function GuaranteeBadge({ title, ok, counts, problems }: GuaranteeBadgeProps) {
  const head = (
    <>
      <span className="badge-state">
        <Icon name={ok ? 'check' : 'alert'} size={14} />
        {ok ? 'passed' : 'failed'}
      </span>
      <span className="badge-title">{title}</span>
      <span className="badge-counts">{counts}</span>
    </>
  );
  if (ok || problems.length === 0) {
    return (
      <li className={`badge ${ok ? 'badge-ok' : 'badge-bad'}`}>
        {head}
      </li>
    );
  }
  return (
    <li className="badge badge-bad">
      <details
        className="badge-details"
        name="guarantee-problems"
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !event.currentTarget.open) return;
          event.currentTarget.open = false;
          event.currentTarget.querySelector('summary')?.focus();
        }}
      >
        <summary>
          {head}
          <Icon name="chevron" size={14} className="badge-chevron" />
        </summary>
        <ul className="badge-problems">
          {problems.map((problem, index) => (
            <li key={index}>{problem}</li>
          ))}
        </ul>
      </details>
    </li>
  );
}
