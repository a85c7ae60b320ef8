import type { BrowserWindow, MessageBoxSyncOptions } from 'electron';

/** The question main asks when the page holds a form with unsaved changes and the window would close or reload. */
export const DISCARD_QUESTION: MessageBoxSyncOptions = {
  type: 'question',
  title: 'Discard changes?',
  message: 'Discard changes?',
  detail: 'What you changed in this form is not saved.',
  buttons: ['Keep editing', 'Discard'],
  defaultId: 0,
  cancelId: 0,
  noLink: true,
};

/**
 * The page says it has unsaved changes (its beforeunload handler prevented the unload: a dirty form is
 * open). Electron would then silently keep the window; ask instead, and let it go on Discard.
 */
export function guardUnload(window: Pick<BrowserWindow, 'webContents'>, ask: (options: MessageBoxSyncOptions) => number): void {
  window.webContents.on('will-prevent-unload', (event) => {
    if (ask(DISCARD_QUESTION) === 1) event.preventDefault();
  });
}
