import { describe, expect, it } from 'vitest';
import { createUiStore } from '../../../src/renderer/src/state/ui-store';

describe('notices', () => {
  it('counts the same words said again on the notice shown instead of stacking another; other words are a notice of their own', () => {
    const ui = createUiStore();
    const first = ui.getState().notify('info', 'Saved a.json');
    expect(ui.getState().notify('info', 'Saved a.json')).toBe(first);
    ui.getState().notify('info', 'Saved a.json');
    expect(ui.getState().notices).toEqual([{ id: first, kind: 'info', text: 'Saved a.json', count: 3 }]);
    // An error with the same words is another notice (it stays until dismissed).
    ui.getState().notify('error', 'Saved a.json');
    ui.getState().notify('info', 'Saved b.json');
    expect(ui.getState().notices.map((notice) => [notice.kind, notice.text, notice.count ?? 1])).toEqual([
      ['error', 'Saved a.json', 1],
      ['info', 'Saved b.json', 1],
    ]);
  });
});
