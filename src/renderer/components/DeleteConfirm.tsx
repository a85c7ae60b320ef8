import { useState, type ReactNode } from 'react';
import type { Result } from '../../shared/result';
import { MSG } from '../../shared/messages';
import { withFallback } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { useNotify } from './toast';

export interface DeleteConfirm<T> {
  /** The record asked about, null while no question is open. */
  target: T | null;
  /** Opens the question for a record. */
  ask: (record: T) => void;
  busy: boolean;
  confirm: () => Promise<void>;
  cancel: () => void;
}

export interface DeleteConfirmOptions {
  /** Shown when a failure carries no server message (default: the generic one). */
  failureFallback?: string;
  /** A fixed success text instead of the server's message (the spec fixes some, e.g. admins). */
  successText?: string;
  /** How long the success toast stays, in ms. */
  successTimeout?: number;
}

/**
 * A 'Delete …?' question and its call: the server's message as a toast either way (the fallback when a
 * failure carries none), then `onDeleted` after a success.
 */
export function useDeleteConfirm<T>(
  remove: (record: T) => Promise<Result<{ message: string }>>,
  onDeleted: () => void,
  options: DeleteConfirmOptions = {},
): DeleteConfirm<T> {
  const notify = useNotify();
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    const result = withFallback(await remove(target), options.failureFallback ?? MSG.somethingWentWrong);
    setBusy(false);
    setTarget(null);
    if (!result.ok) {
      notify.error(result.error.message);
      return;
    }
    notify.success(options.successText ?? result.data.message, options.successTimeout);
    onDeleted();
  };
  return { target, ask: setTarget, busy, confirm, cancel: () => setTarget(null) };
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
