// Shown while files are dragged over the window.

import { Icon } from './icon';

export function DropOverlay({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <div className="drop-overlay" role="status">
      <div className="drop-card">
        <Icon name="drop" size={36} />
        <p>Drop catalog files to shrink them</p>
      </div>
    </div>
  );
}
