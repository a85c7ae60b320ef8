import type { BulkEvent, BulkQueueStatus } from '../../../shared/schemas/bulk';

/** What the desktop shell does after a queue event (Electron's calls are made by src/main/app/bulk-desktop.ts). */
export interface DesktopEffects {
  /** setProgressBar's value (0 to 1, or -1 to remove the bar) when it changed by a visible step, else null. */
  progressBar: number | null;
  /** Start or stop keeping the system awake, or nothing. */
  keepAwake: 'start' | 'stop' | null;
  /** A desktop notification, once when the queue finishes. */
  notify: { title: string; body: string } | null;
}

/** The bar moves in steps of half a percent: finer steps only cost the shell calls. */
const BAR_STEP = 0.005;

/**
 * The desktop shell's decisions over the queue's events, free of Electron so that they are unit-tested:
 * the taskbar or dock progress, keeping the system awake while uploads run, the notification at the end.
 */
export class DesktopBulkState {
  private bar = -1;
  private awake = false;

  next(event: BulkEvent, progress: number): DesktopEffects {
    let progressBar: number | null = null;
    if (progress < 0 ? this.bar >= 0 : this.bar < 0 || Math.abs(progress - this.bar) >= BAR_STEP || progress === 1) {
      if (progress !== this.bar) progressBar = progress;
      this.bar = progress;
    }
    let keepAwake: DesktopEffects['keepAwake'] = null;
    if (event.status.active && !this.awake) keepAwake = 'start';
    if (!event.status.active && this.awake) keepAwake = 'stop';
    if (keepAwake) this.awake = keepAwake === 'start';
    return { progressBar, keepAwake, notify: event.finished ? finishedNotice(event) : null };
  }
}

/** The notification's text when the queue runs out of work. */
export function finishedNotice(event: Pick<BulkEvent, 'overall'>): { title: string; body: string } {
  const { filesDone, filesTotal, needAttention } = event.overall;
  const body = `${filesDone} of ${filesTotal} ${filesTotal === 1 ? 'file' : 'files'} uploaded.` + (needAttention > 0 ? ` ${needAttention} need attention.` : '');
  return { title: 'Bulk upload finished', body };
}

/** Quitting asks first only while uploads run (a paused or finished queue is kept on disk anyway). */
export const shouldConfirmQuit = (status: BulkQueueStatus): boolean => status.active;

export const QUIT_PROMPT = {
  message: 'Uploads are still running.',
  detail: 'Quit now? The queue is kept: the files not yet uploaded are sent when the app starts again.',
  buttons: ['Keep uploading', 'Quit'],
} as const;
