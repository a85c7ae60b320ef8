import { describe, expect, it } from 'vitest';
import { acceleratorText, commandOfKey } from './shortcuts';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({
  key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods,
});

describe('keyboard commands', () => {
  it('reads Ctrl on Windows and Linux, Cmd on macOS, with exact modifiers', () => {
    expect(commandOfKey(press('f', { ctrlKey: true }), false)).toBe('focusSearch');
    expect(commandOfKey(press('F', { ctrlKey: true }), false)).toBe('focusSearch');
    expect(commandOfKey(press('f', { metaKey: true }), true)).toBe('focusSearch');
    expect(commandOfKey(press('f', { ctrlKey: true }), true)).toBeNull();
    expect(commandOfKey(press('f', { ctrlKey: true, shiftKey: true }), false)).toBeNull();
    expect(commandOfKey(press('f'), false)).toBeNull();
    expect(commandOfKey(press('n', { ctrlKey: true }), false)).toBe('add');
    expect(commandOfKey(press('k', { ctrlKey: true }), false)).toBe('palette');
    expect(commandOfKey(press('p', { ctrlKey: true }), false)).toBe('findRecord');
    expect(commandOfKey(press('/', { ctrlKey: true }), false)).toBe('shortcuts');
    expect(commandOfKey(press('F5'), false)).toBe('reload');
    expect(commandOfKey(press('F5', { ctrlKey: true }), false)).toBeNull();
  });
  it('writes the keys as the system does', () => {
    expect(acceleratorText('CmdOrCtrl+K', false)).toBe('Ctrl+K');
    expect(acceleratorText('CmdOrCtrl+K', true)).toBe('⌘K');
    expect(acceleratorText('F5', true)).toBe('F5');
  });
});
