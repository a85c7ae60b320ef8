import { useState, type ReactNode } from 'react';
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
}

/**
 * A 'Delete …?' question and its mutation (useCallMutation: the toasts and the invalidation follow the
 * mutation's rules): `ask(record)` opens it, Delete runs `mutation.run(toInput(record))`.
 */
export function useDeleteConfirm<T, In>(mutation: CallMutation<In, unknown>, toInput: (record: T) => In): DeleteConfirm<T> {
  const [target, setTarget] = useState<T | null>(null);
  const confirm = async () => {
    if (!target) return;
    await mutation.run(toInput(target));
    setTarget(null);
  };
  return { target, ask: setTarget, busy: mutation.busy, confirm, cancel: () => setTarget(null) };
}

/** The ConfirmDialog of a useDeleteConfirm: a red Delete and Cancel. */
export function DeleteConfirmDialog<T>({ state, title, question }: { state: DeleteConfirm<T>; title: string; question: (record: T) => ReactNode }) {
  return (
    <ConfirmDialog
      open={state.target !== null}
      title={title}
      text={state.target ? question(state.target) : undefined}
      confirmLabel="Delete"
      cancelLabel="Cancel"
      danger
      busy={state.busy}
      onConfirm={() => void state.confirm()}
      onCancel={state.cancel}
    />
  );
}
