import { useRef, type ReactNode } from 'react';
import { useFocusReturn } from './useFocusReturn';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';

export interface ContentDialogAction {
  label: string;
  /** The action (a save): a failure of a mutation it runs shows in this dialog, which it must say, not as a toast. */
  onClick: () => void | Promise<unknown>;
  /** Not yet possible (nothing chosen). */
  disabled?: boolean;
}

/**
 * A modal of free content (a preview, a list, an import table) for what EntityDialog's fields do not
 * fit: Close only, or Cancel and one primary `action`. While `busy` it cannot be closed and the
 * action shows a spinner.
 */
export function ContentDialog({
  open = true,
  title,
  width,
  busy = false,
  action,
  contentClassName,
  onClose,
  children,
}: {
  open?: boolean;
  title: string;
  /** Surface width in px (Fluent's default when absent). */
  width?: number;
  busy?: boolean;
  action?: ContentDialogAction;
  contentClassName?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const surface = useRef<HTMLDivElement>(null);
  useFocusReturn(open, surface);
  return (
    <Dialog open={open} onOpenChange={(_e, d) => (!d.open && !busy ? onClose() : undefined)}>
      <DialogSurface ref={surface} style={width ? { maxWidth: width } : undefined}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={contentClassName}>{children}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onClose}>
              {action ? 'Cancel' : 'Close'}
            </Button>
            {action ? (
              <Button
                appearance="primary"
                disabled={busy || !!action.disabled}
                icon={busy ? <Spinner size="tiny" /> : undefined}
                onClick={() => void action.onClick()}
              >
                {action.label}
              </Button>
            ) : null}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
