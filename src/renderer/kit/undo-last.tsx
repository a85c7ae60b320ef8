import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useToastController } from '@fluentui/react-components';
import { lastActionOf, type HistoryAction, type UndoSummary } from '../../shared/history';
import type { Result } from '../../shared/result';
import { TOASTER_ID, useNotify } from '../components/toast';
import { invoke } from '../lib/calls';
import { inTextField, showUndoing, useUndo } from './undo';

/** Said when Ctrl+Z finds nothing of this session left to undo. */
export const NOTHING_TO_UNDO = 'Nothing to undo: no change made since the app started is left to undo.';

/** Ctrl+Z (⌘Z on macOS): outside text fields, where it undoes typing. */
export const isUndoKey = (event: KeyboardEvent): boolean =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'z' && !inTextField(event.target);

/**
 * Undo of a whole History action in one step (History's Undo of an action row, Ctrl+Z): the same
 * questions first as every Undo (a question's edit reaches the videos that use it, once, naming how
 * many; what a delete cannot bring back), then main undoes each record through its own undo.
 */
export function useActionUndo() {
  const { undoRows } = useUndo();
  const notify = useNotify();
  const { dispatchToast, dismissToast } = useToastController(TOASTER_ID);

  const undoAction = useCallback(
    async (action: HistoryAction) => {
      const undoable = action.rows.filter((r) => r.undo === null);
      if (action.undo !== null || undoable.length === 0) return notify.info(`“${action.title}” cannot be undone: ${action.undo ?? 'nothing of it can be undone.'}`);
      // Its toast, if it still shows, offers what this does.
      if (action.batch) dismissToast(`undo:${action.batch}`);
      const run = async (): Promise<Result<UndoSummary>> => {
        if (action.batch) return invoke('history.undoBatch', { batch: action.batch });
        const one = await invoke('history.undo', { id: action.rows[0]!.id });
        return one.ok ? { ok: true, data: { message: one.data.message, done: 1, notUndone: [] } } : one;
      };
      let done = () => undefined as void;
      await undoRows(undoable, () => {
        done = showUndoing(dispatchToast, dismissToast, action.id, undoable.length);
        return run();
      }).finally(() => done());
    },
    [undoRows, notify, dispatchToast, dismissToast],
  );

  /** Undoes the last action of this session (Ctrl+Z). */
  const undoLast = useCallback(async () => {
    const actions = await invoke('history.actions', {});
    if (!actions.ok) return notify.error(actions.error.message);
    const last = lastActionOf(actions.data);
    if (!last) return notify.info(NOTHING_TO_UNDO);
    await undoAction(last);
  }, [notify, undoAction]);

  return useMemo(() => ({ undoAction, undoLast }), [undoAction, undoLast]);
}

/**
 * Ctrl+Z anywhere outside a text field and a dialog undoes the last action of this session (the
 * Shortcuts dialog lists it). Not a menu accelerator: the menu would take Ctrl+Z from text fields too.
 */
export function useUndoLastKey(dialogOpen: () => boolean): void {
  const { undoLast } = useActionUndo();
  const latest = useRef({ undoLast, dialogOpen });
  latest.current = { undoLast, dialogOpen };
  const running = useRef(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isUndoKey(event) || latest.current.dialogOpen()) return;
      event.preventDefault();
      // A second press while one runs would find the same action not yet undone.
      if (running.current) return;
      running.current = true;
      void latest.current.undoLast().finally(() => {
        running.current = false;
      });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
