/**
 * The app's keyboard commands: one list for the renderer's key handler, the command palette, the
 * shortcuts help and the native menu (Electron accelerator syntax: CmdOrCtrl is Cmd on macOS, Ctrl
 * elsewhere).
 */
export const APP_COMMANDS = {
  focusSearch: { label: 'Search this list', accelerator: 'CmdOrCtrl+F' },
  add: { label: "Open this screen's Add dialog", accelerator: 'CmdOrCtrl+N' },
  reload: { label: 'Reload this list', accelerator: 'F5' },
  palette: { label: 'Command palette: go to a screen, run an action or find a record', accelerator: 'CmdOrCtrl+K' },
  findRecord: { label: 'Find a record (the command palette)', accelerator: 'CmdOrCtrl+P' },
  shortcuts: { label: 'Keyboard shortcuts', accelerator: 'CmdOrCtrl+/' },
} as const;
/** Commands of the native Help menu (no key of their own). */
export const HELP_COMMANDS = {
  checkServer: { label: 'Check this server' },
  showLogs: { label: 'Show logs' },
  copyDiagnostics: { label: 'Copy diagnostics' },
  saveDiagnostics: { label: 'Save diagnostics as a file…' },
  about: { label: 'About Content Console' },
} as const;
export type AppCommand = keyof typeof APP_COMMANDS | keyof typeof HELP_COMMANDS;
export const APP_COMMAND_IDS = Object.keys(APP_COMMANDS) as (keyof typeof APP_COMMANDS)[];

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** Whether a key press is the accelerator (modifiers exact: Ctrl+Shift+F is not Ctrl+F). */
export function matchesAccelerator(accelerator: string, press: KeyPress, mac: boolean): boolean {
  const parts = accelerator.split('+');
  const key = parts.pop()!;
  const wantsCommand = parts.includes('CmdOrCtrl');
  const ctrl = wantsCommand && !mac;
  const meta = wantsCommand && mac;
  if (press.ctrlKey !== ctrl || press.metaKey !== meta || press.altKey || press.shiftKey !== parts.includes('Shift')) return false;
  return press.key.toLowerCase() === key.toLowerCase();
}

/** The command a key press stands for, if any. */
export function commandOfKey(press: KeyPress, mac: boolean): AppCommand | null {
  return APP_COMMAND_IDS.find((id) => matchesAccelerator(APP_COMMANDS[id].accelerator, press, mac)) ?? null;
}

/** How the keys read on this system: 'Ctrl+F' on Windows and Linux, '⌘F' on macOS. */
export function acceleratorText(accelerator: string, mac: boolean): string {
  return mac ? accelerator.replace('CmdOrCtrl+', '⌘') : accelerator.replace('CmdOrCtrl', 'Ctrl');
}
