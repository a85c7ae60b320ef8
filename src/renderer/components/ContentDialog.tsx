import { useEffect, useRef, type ReactNode } from 'react';
import { useFocusReturn } from './useFocusReturn';
import { useDiscardGuard } from './DiscardChanges';
import { setUnsaved } from '../lib/unsaved';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';

export interface ContentDialogAction {
  label: string;
  /** The action (a save): a failure of a mutation it runs is said once, by that mutation's error toast or in this dialog. */
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
  readOnlyLabel,
  dirty = false,
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
  /**
   * For content with nothing focusable (a list to read): its name, and the content takes the focus so
   * that the keyboard can scroll it when it is taller than the window.
   */
  readOnlyLabel?: string;
  /** What was typed in it is not saved yet: Escape, the backdrop and Cancel ask "Discard changes?" first. */
  dirty?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const surface = useRef<HTMLDivElement>(null);
  useFocusReturn(open, surface);
  const form = useRef(Symbol('content-dialog'));
  useEffect(() => {
    const id = form.current;
    setUnsaved(id, open && dirty);
    return () => setUnsaved(id, false);
  }, [open, dirty]);
  const { requestClose, question } = useDiscardGuard({ open, busy, isDirty: () => dirty, onClose });
  return (
    <>
      <Dialog open={open} onOpenChange={(_e, d) => (!d.open ? requestClose() : undefined)}>
        <DialogSurface ref={surface} style={width ? { maxWidth: width } : undefined}>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={contentClassName} {...(readOnlyLabel ? { tabIndex: 0, role: 'region', 'aria-label': readOnlyLabel } : {})}>
              {children}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabled={busy} onClick={requestClose}>
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
      {question}
    </>
  );
}
