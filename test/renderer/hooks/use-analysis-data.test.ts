// A value at hand (the per-tool report that came with the job's event) is
// drawn in the first render, with nothing loaded; else the first render says
// it is loading and the load runs.

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useAnalysisData } from '../../../src/renderer/src/hooks/use-analysis-data';

function Shown({ known }: { known?: (id: string) => string | null }) {
  const data = useAnalysisData('an-1', async () => 'loaded', known);
  return createElement('p', null, data.state === 'ready' ? data.value : data.state);
}

describe('useAnalysisData', () => {
  it('draws a value at hand in the first render', () => {
    expect(renderToStaticMarkup(createElement(Shown, { known: (id) => (id === 'an-1' ? 'at hand' : null) }))).toBe('<p>at hand</p>');
  });

  it('is loading in the first render when nothing is at hand', () => {
    expect(renderToStaticMarkup(createElement(Shown, { known: () => null }))).toBe('<p>loading</p>');
    expect(renderToStaticMarkup(createElement(Shown))).toBe('<p>loading</p>');
  });
});
