// Keyboard shortcuts: which keys mean which command, and how titles show them.

import { describe, expect, it } from 'vitest';
import { commandForKey, shortcutLabel, titleWithShortcut } from '../../../src/renderer/src/lib/shortcuts';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('shortcuts', () => {
  it('maps Ctrl (Cmd on macOS) keys to commands', () => {
    expect(commandForKey(key('o', { ctrlKey: true }), false)).toBe('open');
    expect(commandForKey(key('s', { ctrlKey: true }), false)).toBe('save-compressed');
    expect(commandForKey(key('S', { ctrlKey: true, shiftKey: true }), false)).toBe('save-original');
    expect(commandForKey(key('f', { metaKey: true }), true)).toBe('find');
    expect(commandForKey(key('f', { ctrlKey: true }), true)).toBeNull();
    expect(commandForKey(key('s'), false)).toBeNull();
    expect(commandForKey(key('s', { ctrlKey: true, altKey: true }), false)).toBeNull();
  });

  it('labels shortcuts in titles', () => {
    expect(shortcutLabel('save-original', false)).toBe('Ctrl+Shift+S');
    expect(shortcutLabel('save-original', true)).toBe('⇧⌘S');
    expect(titleWithShortcut('Open…', 'open', false)).toBe('Open… (Ctrl+O)');
    expect(titleWithShortcut('Results', 'show-results', false)).toBe('Results');
  });
});
