// A progress bar's fill moves by a transform, which the compositor animates on
// its own; an animated width laid the row out and repainted it every frame.

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LoadStatus } from '../../../src/renderer/src/components/load-status';

describe('progress fill', () => {
  it('slides the fill in by a transform at the bar’s percent, its width left to the stylesheet', () => {
    const html = renderToStaticMarkup(createElement(LoadStatus, { what: 'the diff', progress: { stage: 'receiving', received: 40, total: 100 } }));
    const bar = /<div class="progress load-progress"[^>]*aria-valuenow="(\d+)"[^>]*><div class="progress-fill" style="([^"]*)"/.exec(html);
    expect(bar).not.toBeNull();
    const [, percent, style] = bar!;
    expect(style).toBe(`transform:translateX(${Number(percent) - 100}%)`);
    expect(style).not.toMatch(/width/);
  });

  it('leaves an unknown size to the pulsing full bar', () => {
    const html = renderToStaticMarkup(createElement(LoadStatus, { what: 'the diff', progress: { stage: 'receiving', received: 40, total: null } }));
    expect(html).toContain('<div class="progress-fill progress-unknown"></div>');
  });
});
