// The loaded catalogs, in the order they arrived: pick one to show it (name
// and share saved, or a failure marker), close the ones you are done with.
// When they do not fit the width, the strip says so: its cut ends fade, a
// button at each end scrolls to the catalogs out of view, and a count says
// how many are open.

import { useCallback, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useApp, useCatalogs } from '../app-context';
import { formatCount } from '../lib/format';
import { catalogTabDetail } from '../lib/catalog-tab-detail';
import { outcomeFor } from '../state/catalogs-store';
import { Icon } from './icon';

/** Whether the strip hides catalogs to its left and to its right. */
function useHiddenEnds(list: HTMLUListElement | null, items: number): { left: boolean; right: boolean } {
  const [ends, setEnds] = useState({ left: false, right: false });
  const update = useCallback(() => {
    if (!list) return;
    const left = list.scrollLeft > 1;
    const right = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setEnds((previous) => (previous.left === left && previous.right === right ? previous : { left, right }));
  }, [list]);
  useEffect(() => {
    if (!list) return;
    // An observer reports each element once when it starts observing, so the first state needs no call of its own.
    const observer = new ResizeObserver(update);
    observer.observe(list);
    for (const item of Array.from(list.children)) observer.observe(item);
    list.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      list.removeEventListener('scroll', update);
    };
  }, [list, items, update]);
  return ends;
}

export function CatalogSwitcher() {
  const { stores } = useApp();
  const { order, activeKey, summaries, failures } = useCatalogs(
    useShallow((state) => ({ order: state.order, activeKey: state.activeKey, summaries: state.summaries, failures: state.failures })),
  );
  const [list, setList] = useState<HTMLUListElement | null>(null);
  const hidden = useHiddenEnds(list, order.length);

  // Keep the catalog on screen visible in a strip that overflows. Asked in the next frame, whose layout is due anyway: asked now,
  // the scroll would force a layout of the whole new result in the middle of the task that shows it.
  useEffect(() => {
    if (!list) return;
    const frame = requestAnimationFrame(() => {
      if (list.scrollWidth > list.clientWidth) list.querySelector('.is-current')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
  }, [list, activeKey, order.length]);

  if (order.length === 0) return null;
  const scroll = (direction: 1 | -1) => list?.scrollBy({ left: direction * list.clientWidth * 0.8, behavior: 'smooth' });
  const overflowing = hidden.left || hidden.right;
  return (
    <nav className={`switcher${hidden.left ? ' has-more-left' : ''}${hidden.right ? ' has-more-right' : ''}`} aria-label="Loaded catalogs">
      {overflowing ? (
        <button
          type="button"
          className="icon-button switcher-scroll"
          aria-label="Show earlier catalogs"
          title="Show earlier catalogs"
          disabled={!hidden.left}
          onClick={() => scroll(-1)}
        >
          <Icon name="chevron" size={14} className="flip" />
        </button>
      ) : null}
      <ul ref={setList}>
        {order.map((key) => {
          const outcome = outcomeFor({ summaries, failures }, key);
          if (!outcome) return null;
          const current = key === activeKey;
          const detail = catalogTabDetail(outcome);
          return (
            <li key={key} className={`switcher-item${current ? ' is-current' : ''}${detail.failed ? ' is-failed' : ''}`}>
              <button
                type="button"
                className="switcher-pick"
                aria-current={current ? 'true' : undefined}
                onClick={() => stores.catalogs.getState().select(key)}
                title={outcome.name}
              >
                {outcome.ok ? null : <Icon name="alert" size={14} className="switcher-alert" />}
                <span className="switcher-name">{outcome.name}</span>
                <span className="switcher-detail" title={detail.title}>
                  {detail.text}
                </span>
              </button>
              <button
                type="button"
                className="switcher-close"
                aria-label={`Close ${outcome.name}`}
                title={`Close ${outcome.name}`}
                onClick={() => stores.catalogs.getState().close(key)}
              >
                <Icon name="close" size={12} />
              </button>
            </li>
          );
        })}
      </ul>
      {overflowing ? (
        <>
          <button
            type="button"
            className="icon-button switcher-scroll"
            aria-label="Show later catalogs"
            title="Show later catalogs"
            disabled={!hidden.right}
            onClick={() => scroll(1)}
          >
            <Icon name="chevron" size={14} />
          </button>
          <span className="switcher-count">{formatCount(order.length, 'catalog')} open</span>
        </>
      ) : null}
    </nav>
  );
}
