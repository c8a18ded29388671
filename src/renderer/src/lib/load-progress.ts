// What the page shows while a finished analysis's big answers load: one bar
// for the bytes arriving and the decoding thread's work on them, and words
// for each (how many megabytes of how many, then how far the whole is while
// they are unpacked on the decoding thread).

import type { LoadProgress } from '../../../shared/ipc/caveman-api';
import { formatBytes } from './format';

/** The bar's share for the bytes arriving; decoding them is the rest. */
export const RECEIVING_SHARE = 0.5;

/** 0…1 of the whole load; null while the size of what arrives is unknown. */
export function loadFraction(progress: LoadProgress | null): number | null {
  if (progress === null) return 0;
  if (progress.stage === 'decoding') return RECEIVING_SHARE + (1 - RECEIVING_SHARE) * Math.min(1, Math.max(0, progress.fraction));
  if (progress.total === null) return null;
  return RECEIVING_SHARE * (progress.total === 0 ? 1 : Math.min(1, progress.received / progress.total));
}

/** Words for the loading state: `what` is the thing loading ("the diff"). */
export function loadText(what: string, progress: LoadProgress | null): string {
  if (progress === null) return `Requesting ${what}…`;
  // The whole load's percent, as the bar shows it.
  if (progress.stage === 'decoding') return `Unpacking ${what}… ${Math.round((loadFraction(progress) ?? 0) * 100)}%`;
  if (progress.total === null) return `Receiving ${what}… ${formatBytes(progress.received)}`;
  return `Receiving ${what}… ${formatBytes(progress.received)} of ${formatBytes(progress.total)}`;
}

/** What the loading state shows, as one string: it re-renders only when this changes. */
export function loadStep(progress: LoadProgress | null): string {
  return loadText('', progress);
}
