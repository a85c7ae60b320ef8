import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, Spinner, Toast, ToastTitle, useToastController } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import type { HistoryRow, UndoSummary } from '../../shared/history';
import type { Result } from '../../shared/result';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Tooltip } from '../components/Tooltip';
import { TOASTER_ID, useNotify } from '../components/toast';
import { invoke } from '../lib/calls';

// Undo after a delete or a bulk change: the success toast offers Undo for 10 seconds (a button; Ctrl+Z
// undoes the last action of the session, useUndoLast); after that History keeps it. A toast whose time the spec fixes (an admin's
// delete: 2 s) keeps that time. Main undoes the whole action by
// its batch id (history.undoBatch); a record that comes back only in part is named first.

/** How long the toast offers Undo. */
export const UNDO_MS = 10_000;

/**
 * Asks what Undo must ask first: for edits of questions, the spec's confirmation that the change affects
 * the videos that use them (once, naming how many); for deletes, whether to create them again knowing
 * what is lost. true: go on.
 */
type Ask = (rows: HistoryRow[]) => Promise<boolean>;
const AskContext = createContext<Ask | null>(null);

interface Question {
  rows: HistoryRow[];
  answer: (yes: boolean) => void;
}

/** Writes whose change the spec asks to confirm first: a question's edit reaches every video that uses it. */
const CONFIRMED_CALLS = new Set(['questionBank.updateQuestion']);

/** The question-edit confirmation of `count` questions (the Question Bank's bulk Change asks it too). */
export function questionEditConfirmation(count: number, undo = false): { title: string; text: string } {
  const which = count === 1 ? 'this question' : `these ${count.toLocaleString('en-IN')} questions`;
  return {
    title: count === 1 ? `${undo ? 'Undo the edit of' : 'Edit'} this question?` : `${undo ? 'Undo the edit of' : 'Edit'} ${count.toLocaleString('en-IN')} questions?`,
    text: `Questions may be used in videos. Your change affects every video that uses ${which}. Do you want to ${undo ? 'undo the edit' : 'go on'}?`,
  };
}

/** The deletes among rows and what they cannot bring back (each said once). */
function lostOf(rows: HistoryRow[]): { deletes: HistoryRow[]; lost: string[] } {
  const deletes = rows.filter((r) => r.lost.length > 0);
  return { deletes, lost: [...new Set(deletes.flatMap((r) => r.lost))] };
}

/** The question's title: the one record by name, else how many. */
export function restoreTitle(deletes: HistoryRow[]): string {
  return deletes.length === 1 ? `Create “${deletes[0]!.record.label}” again?` : `Create ${deletes.length} deleted records again?`;
}

/** Holds the statement dialog of what cannot come back (mounted once, in the app). */
export function UndoProvider({ children }: { children: ReactNode }) {
  const [question, setQuestion] = useState<Question | null>(null);
  const [edits, setEdits] = useState<Question | null>(null);
  const ask = useCallback<Ask>(async (rows) => {
    const confirmed = rows.filter((r) => CONFIRMED_CALLS.has(r.call));
    if (confirmed.length > 0 && !(await new Promise<boolean>((resolve) => setEdits({ rows: confirmed, answer: resolve })))) return false;
    if (lostOf(rows).deletes.length === 0) return true;
    return new Promise((resolve) => setQuestion({ rows, answer: resolve }));
  }, []);
  const closeEdits = (yes: boolean) => {
    edits?.answer(yes);
    setEdits(null);
  };
  const editQuestion = questionEditConfirmation(edits?.rows.length ?? 1, true);
  const close = (yes: boolean) => {
    question?.answer(yes);
    setQuestion(null);
  };
  const { deletes, lost } = lostOf(question?.rows ?? []);
  return (
    <AskContext.Provider value={ask}>
      {children}
      <ConfirmDialog
        open={edits !== null}
        title={editQuestion.title}
        text={editQuestion.text}
        confirmLabel="Yes, undo"
        cancelLabel="No"
        onConfirm={() => closeEdits(true)}
        onCancel={() => closeEdits(false)}
      />
      <ConfirmDialog
        open={question !== null}
        title={restoreTitle(deletes)}
        text={
          <>
            <p style={{ marginTop: 0 }}>
              {deletes.length === 1 ? 'It is created again' : 'They are created again'} from what History kept. What cannot come back:
            </p>
            <ul style={{ marginBottom: 0, paddingInlineStart: 20 }}>
              {lost.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </>
        }
        confirmLabel={deletes.length === 1 ? 'Create it again' : 'Create them again'}
        cancelLabel="Cancel"
        onConfirm={() => close(true)}
        onCancel={() => close(false)}
      />
    </AskContext.Provider>
  );
}

/**
 * A dialog hides the rest of the page from assistive technology while it is open (aria-hidden on
 * the other portals); after some dialogs close, the toaster's portal keeps it, which would hide the
 * Undo button from screen readers. With no dialog open, the toaster is shown to them again.
 */
function revealToaster(): void {
  if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
  document.querySelector('[data-toaster-position]')?.closest('[data-portal-node][aria-hidden="true"]')?.removeAttribute('aria-hidden');
}

/** Inputs that hold no text to undo (a row's check box keeps Ctrl+Z for the app). */
const NOT_TEXT = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file']);

/** Whether a key press belongs to a text field (Ctrl+Z there undoes typing, not a change). */
export const inTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName) || (target instanceof HTMLInputElement && !NOT_TEXT.has(target.type)));

/** Says at once that an Undo runs (undoing many records takes a while, and a click with no answer is clicked again); the returned function ends it. */
export function showUndoing(dispatchToast: ReturnType<typeof useToastController>['dispatchToast'], dismissToast: (id: string) => void, key: string, count: number): () => void {
  const pending = `undoing:${key}`;
  dispatchToast(
    <Toast>
      <ToastTitle media={<Spinner size="tiny" />}>{`Undoing ${count === 1 ? '1 change' : `${count.toLocaleString('en-IN')} changes`}…`}</ToastTitle>
    </Toast>,
    { toastId: pending, intent: 'info', timeout: -1, politeness: 'polite', root: { tabIndex: -1 } },
  );
  return () => dismissToast(pending);
}

/**
 * Undo of changes kept in History: `offerUndo({ message, batch })` shows the success toast of an action
 * (a delete, a bulk change whose writes carried `batch`) with Undo when History can undo some of it;
 * `undoRows` undoes entries after the same statement (History's Undo).
 */
export function useUndo() {
  const ask = useContext(AskContext);
  if (!ask) throw new Error('useUndo needs the UndoProvider');
  const notify = useNotify();
  const client = useQueryClient();
  const { dispatchToast, dismissToast } = useToastController(TOASTER_ID);
  const latest = useRef({ notify, client });
  latest.current = { notify, client };

  /** Refetches what the undone changes touched: their services' queries and History. */
  const refetch = useCallback((rows: HistoryRow[]) => {
    for (const group of new Set([...rows.map((r) => r.call.split('.')[0]!), 'history'])) void latest.current.client.invalidateQueries({ queryKey: [group] });
  }, []);

  /** After the statement (when a delete is among them), runs `run` and says how it went. */
  const undoRows = useCallback(
    async (rows: HistoryRow[], run: () => Promise<Result<UndoSummary>>) => {
      if (!(await ask(rows))) return;
      const result = await run();
      refetch(rows);
      if (!result.ok) latest.current.notify.error(result.error.message);
      else if (result.data.notUndone.length > 0) latest.current.notify.error(result.data.message, UNDO_MS);
      else latest.current.notify.success(result.data.message);
    },
    [ask, refetch],
  );

  /** The changes of an action that History can still undo. */
  const undoableOf = useCallback(async (batch: string) => {
    const rows = await invoke('history.ofBatch', { batch });
    return rows.ok ? rows.data.filter((r) => r.undo === null) : [];
  }, []);

  /** Undoes a whole action now (the bulk summary's Undo), after the same statement. */
  const undoAction = useCallback(
    async (batch: string) => {
      const undoable = await undoableOf(batch);
      if (undoable.length === 0) return latest.current.notify.error('Nothing of this change can be undone.');
      await undoRows(undoable, () => invoke('history.undoBatch', { batch }));
    },
    [undoableOf, undoRows],
  );

  const offerUndo = useCallback(
    async ({ message, batch, timeout = UNDO_MS }: { message: string; batch: string; timeout?: number }) => {
      const undoable = await undoableOf(batch);
      if (undoable.length === 0) return latest.current.notify.success(message, timeout);
      const toastId = `undo:${batch}`;
      let offered = true;
      // Ctrl+Z while it shows is the app's Undo of the last action (useUndoLast), which this one is.
      const stop = () => {
        offered = false;
      };
      const undo = () => {
        if (!offered) return;
        stop();
        dismissToast(toastId);
        const done = showUndoing(dispatchToast, dismissToast, batch, undoable.length);
        void undoRows(undoable, () => invoke('history.undoBatch', { batch })).finally(done);
      };
      dispatchToast(
        <Toast>
          <ToastTitle
            action={
              <Tooltip content="Undo (Ctrl+Z)" relationship="description">
                <Link as="button" onClick={undo}>
                  Undo
                </Link>
              </Tooltip>
            }
          >
            {message}
          </ToastTitle>
        </Toast>,
        {
          toastId,
          intent: 'success',
          timeout,
          politeness: 'polite',
          // The toast itself takes no focus (as every toast); its Undo button is in the tab order.
          root: { tabIndex: -1 },
          onStatusChange: (_e, { status }) => {
            if (status === 'visible') revealToaster();
            // Gone: History keeps the Undo.
            if (status === 'dismissed' || status === 'unmounted') stop();
          },
        },
      );
    },
    [dispatchToast, dismissToast, undoRows, undoableOf],
  );

  return useMemo(() => ({ offerUndo, undoRows, undoAction }), [offerUndo, undoRows, undoAction]);
}
