import { useCallback, useMemo } from 'react';
import { Toast, ToastTitle, useToastController } from '@fluentui/react-components';

/** The one Toaster of the app (mounted in App). */
export const TOASTER_ID = 'app-toaster';
/** Default time a toast stays. */
export const TOAST_MS = 4000;

export interface Notify {
  success: (message: string, timeout?: number) => void;
  error: (message: string, timeout?: number) => void;
  info: (message: string, timeout?: number) => void;
}

/** Toasts: success shows the server's message, failure the server's errorMessage (error.message). */
export function useNotify(): Notify {
  const { dispatchToast } = useToastController(TOASTER_ID);
  const show = useCallback(
    (intent: 'success' | 'error' | 'info', message: string, timeout = TOAST_MS) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{message}</ToastTitle>
        </Toast>,
        // Not in the tab order: a toast never takes or traps the focus (its text is announced instead),
        // and a dialog's aria-hidden over the toaster hides nothing focusable.
        // One toast per message: the same text again while it shows is not stacked (its id is taken).
        { toastId: `${intent}:${message}`, intent, timeout, politeness: intent === 'error' ? 'assertive' : 'polite', root: { tabIndex: -1 } },
      ),
    [dispatchToast],
  );
  // The same object from render to render: screens put it in their effects' dependencies, and a new one
  // each time re-ran those effects at every render (the Bulk Upload screen re-fetched its window in a loop).
  return useMemo(
    () => ({
      success: (m, t) => show('success', m, t),
      error: (m, t) => show('error', m, t),
      info: (m, t) => show('info', m, t),
    }),
    [show],
  );
}
