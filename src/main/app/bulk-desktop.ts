import { app, dialog, Notification, powerSaveBlocker, type BrowserWindow } from 'electron';
import type { BulkEvent } from '../../shared/schemas/bulk';
import type { BulkQueue } from '../services/bulk';
import { DesktopBulkState, QUIT_PROMPT, shouldConfirmQuit } from '../services/bulk/desktop';

/**
 * The bulk queue on the desktop: the taskbar or dock progress, a notification when the queue
 * finishes, the system kept awake while uploads run. The decisions are DesktopBulkState's (unit-tested);
 * this only makes Electron's calls, which cannot run in the test environment here.
 */
export function createBulkDesktop(window: () => BrowserWindow | null) {
  const state = new DesktopBulkState();
  let blocker: number | null = null;
  return (event: BulkEvent, progress: number) => {
    const effects = state.next(event, progress);
    const win = window();
    if (effects.progressBar !== null && win && !win.isDestroyed()) win.setProgressBar(effects.progressBar);
    if (effects.keepAwake === 'start' && blocker === null) blocker = powerSaveBlocker.start('prevent-app-suspension');
    if (effects.keepAwake === 'stop' && blocker !== null) {
      powerSaveBlocker.stop(blocker);
      blocker = null;
    }
    if (effects.notify && Notification.isSupported()) new Notification(effects.notify).show();
  };
}

/**
 * Asks before quitting while uploads run; returns true when the quit may go on. The queue is written
 * on close either way, so quitting loses nothing.
 */
export function confirmQuit(queue: BulkQueue | null, window: BrowserWindow | null): boolean {
  if (!queue || !shouldConfirmQuit(queue.status())) return true;
  const options = { type: 'question' as const, message: QUIT_PROMPT.message, detail: QUIT_PROMPT.detail, buttons: [...QUIT_PROMPT.buttons], defaultId: 0, cancelId: 0 };
  const answer = window && !window.isDestroyed() ? dialog.showMessageBoxSync(window, options) : dialog.showMessageBoxSync(options);
  return answer === 1;
}

/** Wires the quit prompt: `before-quit` is cancelled unless the user confirms. */
export function guardQuit(queue: () => BulkQueue | null, window: () => BrowserWindow | null): void {
  let confirmed = false;
  app.on('before-quit', (event) => {
    if (confirmed) return;
    if (confirmQuit(queue(), window())) confirmed = true;
    else event.preventDefault();
  });
}
