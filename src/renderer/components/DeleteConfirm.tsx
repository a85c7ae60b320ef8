import { useCallback, useRef, useState, type ReactNode } from 'react';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { BATCH_FIELD } from '../../shared/api/contract';
import type { Conflict } from '../../shared/result';
import { withBase } from '../lib/record-base';
import { changedBy } from '../lib/conflict-text';
import type { CallMutation } from '../lib/calls';
import { ConfirmDialog } from './ConfirmDialog';

export interface DeleteConfirm<T> {
  /** The record asked about, null while no question is open. */
  target: T | null;
  /** Opens the question for a record. */
  ask: (record: T) => void;
  busy: boolean;
  confirm: () => Promise<void>;
  cancel: () => void;
  /** The record changed (or went) on the server since it was shown: the question is asked again. */
  changed: Conflict | null;
}

/** A fresh id of one user action: the writes it makes carry it (BATCH_FIELD), so Undo can take them all back. */
export const newBatch = (): string => crypto.randomUUID();

/** An input with the action's id beside it (main strips it before the call; History keeps it). */
const withBatch = <In,>(input: In, batch: string): In =>
  input !== null && typeof input === 'object' && !Array.isArray(input) ? ({ ...input, [BATCH_FIELD]: batch } as In) : input;

/**
 * A 'Delete …?' question and its mutation (useCallMutation: the toasts and the invalidation follow the
 * mutation's rules): `ask(record)` opens it, Delete runs `mutation.run(toInput(record))` with the
 * record as shown and a fresh action id; when main finds it changed since, the question stays open
 * and says so, and a second Delete deletes the record as it is now. `deleted` hears of a success
 * with the answer and the action id (the kit offers Undo).
 */
export function useDeleteConfirm<T, In>(mutation: CallMutation<In, unknown>, toInput: (record: T) => In, deleted?: (data: unknown, batch: string) => void): DeleteConfirm<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [changed, setChanged] = useState<Conflict | null>(null);
  const base = useRef<unknown>(null);
  const confirm = async () => {
    if (!target) return;
    if (changed && changed.current === null) return close();
    const batch = newBatch();
    const result = await withBase(base.current as object | null, () => mutation.run(withBatch(toInput(target), batch)));
    if (!result.ok && result.error.kind === 'conflict' && result.error.conflict) {
      setChanged(result.error.conflict);
      base.current = result.error.conflict.current;
      return;
    }
    close();
    if (result.ok) deleted?.(result.data, batch);
  };
  const close = () => {
    setTarget(null);
    setChanged(null);
  };
  // Stable: list screens build their columns (and so every row's buttons) from it; a new one each
  // render would remount the buttons and lose the focus a dialog gives back.
  const ask = useCallback((record: T) => {
    base.current = record;
    setChanged(null);
    setTarget(record);
  }, []);
  return { target, ask, busy: mutation.busy, confirm, cancel: close, changed };
}

/** The ConfirmDialog of a useDeleteConfirm: a red Delete and Cancel. */
export function DeleteConfirmDialog<T>({ state, title, question }: { state: DeleteConfirm<T>; title: string; question: (record: T) => ReactNode }) {
  const { changed } = state;
  const gone = changed?.current === null;
  return (
    <ConfirmDialog
      open={state.target !== null}
      title={title}
      text={
        state.target ? (
          <>
            {changed ? (
              <MessageBar intent="warning" layout="multiline" role="alert" style={{ marginBottom: 8 }}>
                <MessageBarBody>
                  {changedBy(changed)}
                  {!gone && changed.fields.length > 0 ? ` Changed: ${changed.fields.join(', ')}.` : ''}
                  {gone ? '' : ' Delete it anyway?'}
                </MessageBarBody>
              </MessageBar>
            ) : null}
            {question(state.target)}
          </>
        ) : undefined
      }
      confirmLabel={gone ? 'Close' : changed ? 'Delete anyway' : 'Delete'}
      cancelLabel="Cancel"
      danger={!gone}
      busy={state.busy}
      onConfirm={() => void state.confirm()}
      onCancel={state.cancel}
    />
  );
}
