// Transient messages in the corner: confirmations (saved, copied) fade on
// their own; errors stay until dismissed and are announced as alerts.

import { useEffect } from 'react';
import { useApp, useUi } from '../app-context';
import type { Notice } from '../state/ui-store';
import { Icon } from './icon';

const INFO_MS = 4000;

function NoticeItem({ notice }: { notice: Notice }) {
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
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => stores.ui.getState().dismiss(notice.id)}>
        <Icon name="close" size={14} />
      </button>
    </li>
  );
}

export function Notices() {
  const notices = useUi((state) => state.notices);
  return (
    <ul className="notices" aria-label="Notifications">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </ul>
  );
}
