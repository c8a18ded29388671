import { describe, expect, it } from 'vitest';
import { followTheme } from '../../../src/renderer/src/lib/theme';
import { createSettingsStore, THEME_KEY } from '../../../src/renderer/src/state/settings-store';
import { createFakeApi, memoryStorage } from '../fakes/fake-api';

/** The root element as the theme uses it: its data-* attributes. */
const fakeRoot = () => ({ dataset: {} as DOMStringMap }) as HTMLElement;

describe('the theme', () => {
  it('follows the OS until light or dark is picked, kept across restarts; a stored value that is not a theme is the OS’s', () => {
    const storage = memoryStorage();
    const settings = createSettingsStore(createFakeApi(), storage);
    const root = fakeRoot();
    const stop = followTheme(settings, root);
    expect(settings.getState().theme).toBe('system');
    expect(root.dataset.theme).toBeUndefined();
    settings.getState().setTheme('dark');
    expect(root.dataset.theme).toBe('dark');
    expect(storage.getItem(THEME_KEY)).toBe('dark');

    // The next start draws it before anything else: applied as the store is followed.
    const again = fakeRoot();
    followTheme(createSettingsStore(createFakeApi(), storage), again)();
    expect(again.dataset.theme).toBe('dark');

    settings.getState().setTheme('system');
    expect(root.dataset.theme).toBeUndefined();
    expect(storage.getItem(THEME_KEY)).toBeNull();
    stop();
    settings.getState().setTheme('light');
    expect(root.dataset.theme).toBeUndefined();
    storage.setItem(THEME_KEY, 'sepia');
    expect(createSettingsStore(createFakeApi(), storage).getState().theme).toBe('system');
  });
});
