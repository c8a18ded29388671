// The loading state of a finished analysis's big answer (its diff, its
// per-tool report): a spinner with words saying what is happening, and a bar
// that moves as the bytes arrive and get decoded, so a large catalog's result
// never sits behind a bare "Loading…". Assistive technology hears it as one
// progress bar (its value text carries the words), not a stream of status
// announcements.

import type { LoadProgress } from '../../../shared/ipc/caveman-api';
import { loadFraction, loadText } from '../lib/load-progress';
import { progressFillStyle } from '../lib/progress-fill';

export function LoadStatus({ what, progress }: { what: string; progress: LoadProgress | null }) {
  const fraction = loadFraction(progress);
  const text = loadText(what, progress);
  const percent = fraction === null ? null : Math.round(fraction * 100);
  return (
    <div className="load-status">
      <span className="spinner-wrap" aria-hidden="true">
        <span className="spinner" style={{ width: 18, height: 18 }} />
        <span className="spinner-label">{text}</span>
      </span>
      <div
        className="progress load-progress"
        role="progressbar"
        aria-label={`Loading ${what}`}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(percent === null ? {} : { 'aria-valuenow': percent })}
        aria-valuetext={text}
      >
        <div
          className={percent === null ? 'progress-fill progress-unknown' : 'progress-fill'}
          style={percent === null ? undefined : progressFillStyle(percent)}
        />
      </div>
    </div>
  );
}
