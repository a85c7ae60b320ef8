import type { ScreenCommands } from './commands';

/** What Ctrl+N and Ctrl+F say on a screen that has no Add or no search (instead of doing nothing). */
export const MISSING_COMMAND_TEXT = {
  add: 'There is nothing to add on this screen.',
  focusSearch: 'This screen has no search.',
} as const;

/** The text for a key whose command the screen on show lacks; null for other commands. */
export function missingCommandText(command: string, screen: ScreenCommands): string | null {
  if (command === 'add' && !screen.add) return MISSING_COMMAND_TEXT.add;
  if (command === 'focusSearch' && !screen.focusSearch) return MISSING_COMMAND_TEXT.focusSearch;
  return null;
}
