import { copyText } from './clipboard';
import type { Notify } from './notify';

export const DIAGNOSTICS_TEXT = {
  copied: 'Diagnostics copied. Paste them into your support request.',
  notCopied: 'The diagnostics could not be copied. Use Help > Save diagnostics as a file… instead.',
  saved: (name: string) => `Diagnostics saved as ${name}.`,
  logsNotShown: 'The logs folder could not be opened.',
} as const;

/** Help > Copy diagnostics (and a screen's error state): main builds the text, the page copies it. */
export async function copyDiagnostics(notify: Notify): Promise<void> {
  const answer = await window.api.desktop.diagnostics();
  if (!answer.ok) return notify.error(answer.error.message);
  if (await copyText(answer.data.text)) notify.success(DIAGNOSTICS_TEXT.copied);
  else notify.error(DIAGNOSTICS_TEXT.notCopied);
}

/** Help > Save diagnostics as a file…: the save dialog is main's. */
export async function saveDiagnostics(notify: Notify): Promise<void> {
  const answer = await window.api.desktop.saveDiagnostics();
  if (!answer.ok) return notify.error(answer.error.message);
  if (answer.data.saved) notify.success(DIAGNOSTICS_TEXT.saved(answer.data.saved));
}

/** Help > Show logs. */
export async function showLogs(notify: Notify): Promise<void> {
  const answer = await window.api.desktop.showLogs();
  if (!answer.ok) notify.error(answer.error.message);
  else if (!answer.data.shown) notify.error(DIAGNOSTICS_TEXT.logsNotShown);
}

/** A line for main's log (a screen's error, an unhandled rejection); never throws. */
export function logToMain(level: 'error' | 'warn' | 'info', message: string, details: Record<string, string> = {}): void {
  try {
    void window.api.desktop.log({ level, message: message.slice(0, 2000), details: Object.fromEntries(Object.entries(details).map(([k, v]) => [k, v.slice(0, 20_000)])) }).catch(() => undefined);
  } catch {
    // No bridge (a test without one): the line is lost.
  }
}
