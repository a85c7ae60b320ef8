import { useRef, type ReactNode } from 'react';
import { useFocusReturn } from './useFocusReturn';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';

const useStyles = makeStyles({
  danger: {
    backgroundColor: tokens.colorStatusDangerBackground3,
    ':hover': { backgroundColor: tokens.colorStatusDangerBackground3Hover },
    ':hover:active': { backgroundColor: tokens.colorStatusDangerBackground3Pressed },
  },
});

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** Optional body text under the title. */
  text?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Styles the confirm button as destructive (delete). */
  danger?: boolean;
  /** Shows a spinner on the confirm button and blocks both buttons. */
  busy?: boolean;
  onConfirm: () => void;
  /** Called on the cancel button, Escape, and a click outside: each is a decline. */
  onCancel: () => void;
}

/** A modal yes/no question (logout, delete). */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const styles = useStyles();
  const surface = useRef<HTMLDivElement>(null);
  useFocusReturn(open, surface);
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_e, data) => {
        if (!data.open && !busy) onCancel();
      }}
    >
      <DialogSurface ref={surface}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          {text ? <DialogContent>{text}</DialogContent> : null}
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel} disabled={busy}>
              {cancelLabel}
            </Button>
            <Button
              appearance="primary"
              onClick={onConfirm}
              disabled={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              className={danger ? styles.danger : undefined}
            >
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
