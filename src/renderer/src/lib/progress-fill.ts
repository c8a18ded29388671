// A progress bar's fill at a percent. The fill spans the track and slides in
// from the left: a transform the compositor animates on its own, where an
// animated width laid out and repainted the row on the page's thread every
// frame of its transition.

import type { CSSProperties } from 'react';

export function progressFillStyle(percent: number): CSSProperties {
  return { transform: `translateX(${percent - 100}%)` };
}
