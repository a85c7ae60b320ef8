import { create } from 'zustand';
import { NOT_RUN, type BatchProgress, type BatchSummary } from '../../shared/batch';
import type { BulkOverall, BulkQueueStatus } from '../../shared/schemas/bulk';
import { IMPORT_TEXT, type ImportStatus } from '../../shared/schemas/course-import';
import type { MessageRules } from './calls';
import { plural } from './format';

/**
 * Background work in one place: a folder import, the Bulk Upload queue and the bulk actions of the
 * list screens, each as one row of the shell's Background work panel (its model, pure and tested).
 */

/** Work that ran at least this long says it has ended with a desktop notification (when the window is not focused). */
export const LONG_WORK_MS = 30_000;
/** Finished bulk actions the panel keeps (the oldest go first). */
const KEPT_ACTIONS = 20;

export type WorkState = 'running' | 'waiting' | 'paused' | 'done' | 'attention' | 'failed' | 'cancelled';

export interface WorkRow {
  id: string;
  kind: 'import' | 'upload' | 'action';
  title: string;
  state: WorkState;
  /** 0..1, or null when there is no count to show. */
  progress: number | null;
  /** How far, in words: '1 of 2 videos linked'. */
  progressText: string;
  /** What came of it, once it has ended (for a cancelled import: what was made and stays). */
  result: string | null;
  /** Why it waits, or why it stopped. */
  problem: string | null;
}

export const WORK_STATE_TEXT: Record<WorkState, string> = {
  running: 'Running',
  waiting: 'Waiting',
  paused: 'Paused',
  done: 'Finished',
  attention: 'Needs attention',
  failed: 'Finished with failures',
  cancelled: 'Cancelled',
};

export const isRunning = (row: WorkRow): boolean => row.state === 'running' || row.state === 'waiting';

/** The badge's count: work not yet ended (paused uploads wait for the person, so they are not counted). */
export const runningCount = (rows: readonly WorkRow[]): number => rows.filter(isRunning).length;

/** What an import made (what stays when it is cancelled), and what it did not. */
export function importKept(status: ImportStatus): string {
  const { folders, videos } = status;
  const notImported = videos.total - videos.linked;
  const kept = `${plural(folders.made, 'folder')} made and ${plural(videos.linked, 'video')} linked into ${status.courseName || 'the course'}`;
  return status.phase === 'cancelled'
    ? `Kept: ${kept}.${notImported > 0 ? ` Not imported: ${plural(notImported, 'video')}.` : ''}`
    : `Built: ${kept}.${videos.failed > 0 ? ` Not imported: ${plural(videos.failed, 'video')}.` : ''}`;
}

export function importRow(status: ImportStatus): WorkRow {
  const ended = status.phase === 'done' || status.phase === 'cancelled';
  const { videos, folders } = status;
  const state: WorkState = status.phase === 'cancelled' ? 'cancelled' : status.phase === 'done' ? (videos.failed > 0 ? 'failed' : 'done') : status.problem || status.phase === 'stopped' ? 'waiting' : 'running';
  const steps = folders.total + videos.total;
  return {
    id: `import:${status.importId}`,
    kind: 'import',
    title: `Import of ${status.courseName || 'a folder'}`,
    state,
    progress: steps > 0 ? (folders.made + videos.linked) / steps : null,
    progressText: `${folders.made} of ${plural(folders.total, 'folder')} made; ${videos.linked} of ${plural(videos.total, 'video')} linked`,
    result: ended ? importKept(status) : null,
    // The person's own cancel is said by the result; a refusal that stopped it stays said.
    problem: status.phase === 'cancelled' && status.problem === IMPORT_TEXT.cancelledByYou ? null : status.problem,
  };
}

/** The Bulk Upload queue as one row; null while it holds nothing. */
export function uploadRow(status: BulkQueueStatus, overall: BulkOverall): WorkRow | null {
  if (overall.filesTotal === 0) return null;
  const finished = overall.filesDone + overall.needAttention >= overall.filesTotal;
  const state: WorkState = status.active ? (status.offline ? 'waiting' : 'running') : finished ? (overall.needAttention > 0 ? 'attention' : 'done') : 'paused';
  return {
    id: 'upload:queue',
    kind: 'upload',
    title: 'Bulk Upload',
    state,
    progress: overall.filesDone / overall.filesTotal,
    progressText: `${overall.filesDone} of ${plural(overall.filesTotal, 'file')} uploaded`,
    result: finished && !status.active ? `${plural(overall.filesDone, 'file')} uploaded${overall.needAttention > 0 ? `; ${overall.needAttention} need attention in Bulk Upload` : ''}.` : null,
    problem: status.offline ? 'The server is not answering: the queue carries on when it answers again.' : status.notice,
  };
}

/** A bulk action of a list screen, as the panel follows it. */
export interface ActionWork {
  batch: string;
  title: string;
  total: number;
  done: number;
  failed: number;
  running: boolean;
  summary: BatchSummary | null;
  error: string | null;
  startedAt: number;
  endedAt: number | null;
  /** Records changed by its runs, its retries included (what Undo can take back). */
  changed: number;
  /** How its end is said in toasts (null: not at all). */
  ending: ActionEnding | null;
  /** A screen shows its progress and summary: its end is said once that summary is closed or the screen left. */
  shown: boolean;
  /** Its end has been said (once). */
  said: boolean;
}

/** How a bulk action's end is said: the spec's message of what it did, when fixed, and the screen's failure rules. */
export interface ActionEnding {
  spoken?: { text: string; timeout?: number };
  failureRules?: Pick<MessageRules<unknown>, 'fallback' | 'override'>;
}

export function actionRow(work: ActionWork): WorkRow {
  const notRun = work.summary?.failed.filter((f) => f.message === NOT_RUN).length ?? 0;
  const failed = (work.summary?.failed.length ?? work.failed) - notRun;
  const state: WorkState = work.running ? 'running' : work.error ? 'failed' : work.summary?.cancelled ? 'cancelled' : failed > 0 ? 'failed' : 'done';
  const parts = [`${work.done} done`, ...(failed > 0 ? [`${failed} failed`] : []), ...(notRun > 0 ? [`${notRun} not run`] : [])];
  return {
    id: `action:${work.batch}`,
    kind: 'action',
    title: work.title,
    state,
    progress: work.total > 0 ? (work.done + work.failed) / work.total : null,
    progressText: `${work.done + work.failed} of ${plural(work.total, 'record')}`,
    result: work.running ? null : work.error ?? `${parts.join(', ')}.`,
    problem: null,
  };
}

/** Whether work that ended deserves a desktop notification: it was long, and the person is elsewhere. */
export const notifiesEnd = (startedAt: number, endedAt: number, windowFocused: boolean): boolean => !windowFocused && endedAt - startedAt >= LONG_WORK_MS;

/** Actions whose end is due to be said: ended, no screen showing them, not said yet. */
export const endsToSay = (actions: readonly ActionWork[]): ActionWork[] => actions.filter((a) => !a.running && !a.shown && !a.said && a.ending !== null);

/** The bulk actions of this window (running and recently finished), whichever screen started them. */
interface ActionStore {
  actions: ActionWork[];
  /** A run (a retry: the same batch again) shown by the screen that starts it. */
  begin: (batch: string, title: string, total: number, ending?: ActionEnding) => void;
  progress: (p: BatchProgress) => void;
  end: (batch: string, answer: { summary: BatchSummary } | { error: string }) => void;
  /** The screen no longer shows it (its summary closed, or the screen left): its end is said, unless `quiet`. */
  release: (batch: string, quiet?: boolean) => void;
  /** Its end has been said. */
  markSaid: (batches: readonly string[]) => void;
  clearFinished: () => void;
}

const patch = (actions: ActionWork[], batch: string, change: (a: ActionWork) => ActionWork) => actions.map((a) => (a.batch === batch ? change(a) : a));

export const useActionWork = create<ActionStore>((set) => ({
  actions: [],
  begin: (batch, title, total, ending) =>
    set(({ actions }) => {
      const again = actions.find((a) => a.batch === batch);
      const fresh: ActionWork = {
        batch, title, total, done: 0, failed: 0, running: true, summary: null, error: null, startedAt: Date.now(), endedAt: null,
        changed: again?.changed ?? 0, ending: ending ?? again?.ending ?? null, shown: true, said: false,
      };
      // A retry runs under the same batch id: its row starts again.
      const rest = again ? actions.filter((a) => a.batch !== batch) : actions;
      const finished = rest.filter((a) => !a.running);
      const dropped = new Set(finished.slice(0, Math.max(0, finished.length - KEPT_ACTIONS + 1)).map((a) => a.batch));
      return { actions: [...rest.filter((a) => !dropped.has(a.batch)), fresh] };
    }),
  progress: (p) => set(({ actions }) => ({ actions: patch(actions, p.batch, (a) => (a.running ? { ...a, total: p.total, done: p.done, failed: p.failed } : a)) })),
  end: (batch, answer) =>
    set(({ actions }) => ({
      actions: patch(actions, batch, (a) => ({
        ...a,
        running: false,
        endedAt: Date.now(),
        ...('summary' in answer
          ? { summary: answer.summary, total: answer.summary.total, done: answer.summary.done, failed: answer.summary.failed.length, changed: a.changed + answer.summary.done }
          : { error: answer.error }),
      })),
    })),
  release: (batch, quiet = false) => set(({ actions }) => ({ actions: patch(actions, batch, (a) => ({ ...a, shown: false, said: a.said || quiet })) })),
  markSaid: (batches) => set(({ actions }) => ({ actions: actions.map((a) => (batches.includes(a.batch) ? { ...a, said: true } : a)) })),
  clearFinished: () => set(({ actions }) => ({ actions: actions.filter((a) => a.running) })),
}));
