import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

/** The unsaved-changes question of a form (Escape, backdrop, Cancel and navigation away while dirty). */
export function DiscardChangesDialog({ open, onKeep, onDiscard }: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      title="Discard changes?"
      text="What you changed in this form is not saved."
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      danger
      onConfirm={onDiscard}
      onCancel={onKeep}
    />
  );
}

/**
 * The guard of a dialog that holds changes: closing it (Escape, the backdrop, Cancel: `requestClose`)
 * asks "Discard changes?" first while `isDirty()` says so, closes at once otherwise, and does nothing
 * while `busy`. `question` is rendered beside the dialog; `onDiscard` runs before `onClose` when the
 * person discards.
 */
export function useDiscardGuard({ open, busy, isDirty, onClose, onDiscard }: {
  open: boolean;
  busy: boolean;
  isDirty: () => boolean;
  onClose: () => void;
  onDiscard?: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (busy) return;
    if (isDirty()) setAsking(true);
    else onClose();
  };
  const question = (
    <DiscardChangesDialog
      open={open && asking}
      onKeep={() => setAsking(false)}
      onDiscard={() => {
        setAsking(false);
        onDiscard?.();
        onClose();
      }}
    />
  );
  return { requestClose, question };
}
