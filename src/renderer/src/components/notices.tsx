// Transient messages in the corner: confirmations (saved, copied) fade on
// their own; errors stay until dismissed and are announced as alerts. One
// shows at a time, the newest (the same words again count on it, ×3); an
// earlier one waits behind "1 more", so a stack never covers what is under
// the corner (History's search and columns).

import { useEffect, useState, type ReactNode } from 'react';
import { useApp, useUi } from '../app-context';
import type { Notice } from '../state/ui-store';
import { Icon } from './icon';

const INFO_MS = 4000;

function NoticeItem({ notice, more }: { notice: Notice; more?: ReactNode }) {
  const { stores } = useApp();
  useEffect(() => {
    if (notice.kind !== 'info') return;
    const timer = setTimeout(() => stores.ui.getState().dismiss(notice.id), INFO_MS);
    return () => clearTimeout(timer);
  }, [notice, stores]);
  return (
    <li className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      <Icon name={notice.kind === 'error' ? 'alert' : 'check'} />
      <span className="notice-text">{notice.text}</span>
      {(notice.count ?? 1) > 1 ? <span className="notice-count">×{notice.count}</span> : null}
      {more}
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => stores.ui.getState().dismiss(notice.id)}>
        <Icon name="close" size={14} />
      </button>
    </li>
  );
}

export function Notices() {
  const notices = useUi((state) => state.notices);
  const [all, setAll] = useState(false);
  const earlier = notices.length - 1;
  const shown = all ? notices : notices.slice(-1);
  return (
    <ul className="notices" aria-label="Notifications">
      {shown.map((notice, index) => (
        <NoticeItem
          key={notice.id}
          notice={notice}
          more={
            earlier > 0 && index === shown.length - 1 ? (
              <button type="button" className="button button-small notice-more" aria-expanded={all} onClick={() => setAll(!all)}>
                {all ? 'Latest only' : `${earlier} more`}
              </button>
            ) : null
          }
        />
      ))}
    </ul>
  );
}
