import type { MenuItemConstructorOptions } from 'electron';
import { APP_COMMANDS, APP_COMMAND_IDS, type AppCommand } from '../../shared/shortcuts';

/**
 * The native menu's Commands: the page's keyboard commands with their keys shown. The keys stay the page's
 * (registerAccelerator false: one path for a key press, the page's handler); a click sends the command.
 * macOS registers menu keys anyway: there the menu sends the command and the page never sees the key.
 */
export function commandMenu(send: (command: AppCommand) => void): MenuItemConstructorOptions {
  return {
    label: 'Commands',
    submenu: APP_COMMAND_IDS.map((id) => ({
      label: APP_COMMANDS[id].label,
      accelerator: APP_COMMANDS[id].accelerator,
      registerAccelerator: false,
      click: () => send(id),
    })),
  };
}
