// The loaded catalogs, in the order they arrived: pick one to show it (name
// and share saved, or a failure marker), close the ones you are done with.

import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useApp, useCatalogs } from '../app-context';
import { formatPercent } from '../lib/format';
import { outcomeFor } from '../state/catalogs-store';
import { Icon } from './icon';

export function CatalogSwitcher() {
  const { stores } = useApp();
  const { order, activeKey, summaries, failures } = useCatalogs(
    useShallow((state) => ({ order: state.order, activeKey: state.activeKey, summaries: state.summaries, failures: state.failures })),
  );
  const listRef = useRef<HTMLUListElement>(null);

  // Keep the catalog on screen visible in a strip that overflows.
  useEffect(() => {
    listRef.current?.querySelector('.is-current')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activeKey, order.length]);

  if (order.length === 0) return null;
  return (
    <nav className="switcher" aria-label="Loaded catalogs">
      <ul ref={listRef}>
        {order.map((key) => {
          const outcome = outcomeFor({ summaries, failures }, key);
          if (!outcome) return null;
          const current = key === activeKey;
          const passThrough = outcome.ok ? outcome.report.pass_through?.reason : undefined;
          const detail = !outcome.ok ? 'failed' : passThrough === 'store_error' || outcome.report.error ? 'not stored' : passThrough ? 'unchanged' : `${formatPercent(outcome.report.ratio)} saved`;
          return (
            <li key={key} className={`switcher-item${current ? ' is-current' : ''}${outcome.ok && detail !== 'not stored' ? '' : ' is-failed'}`}>
              <button type="button" className="switcher-pick" aria-current={current ? 'true' : undefined} onClick={() => stores.catalogs.getState().select(key)} title={outcome.name}>
                {outcome.ok ? null : <Icon name="alert" size={14} className="switcher-alert" />}
                <span className="switcher-name">{outcome.name}</span>
                <span className="switcher-detail">{detail}</span>
              </button>
              <button type="button" className="switcher-close" aria-label={`Close ${outcome.name}`} title={`Close ${outcome.name}`} onClick={() => stores.catalogs.getState().close(key)}>
                <Icon name="close" size={12} />
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
