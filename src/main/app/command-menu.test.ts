import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { commandMenu } from './command-menu';

describe('the native Commands menu', () => {
  it("lists the page's commands with their keys, and a click sends the command", () => {
    const sent: string[] = [];
    const menu = commandMenu((command) => sent.push(command));
    const items = menu.submenu as MenuItemConstructorOptions[];
    expect(items.map((i) => [i.label, i.accelerator])).toEqual([
      ['Search this list', 'CmdOrCtrl+F'],
      ["Open this screen's Add dialog", 'CmdOrCtrl+N'],
      ['Reload this list', 'F5'],
      ['Command palette: go to a screen, run an action or find a record', 'CmdOrCtrl+K'],
      ['Find a record (the command palette)', 'CmdOrCtrl+P'],
      ['Keyboard shortcuts', 'CmdOrCtrl+/'],
    ]);
    expect(items.every((i) => i.registerAccelerator === false)).toBe(true);
    for (const item of items) (item.click as () => void)();
    expect(sent).toEqual(['focusSearch', 'add', 'reload', 'palette', 'findRecord', 'shortcuts']);
  });
});
