import { useCallback } from 'react';
import { Button, Link, Toast, ToastTitle, useToastController } from '@fluentui/react-components';
import { TOAST_MS, TOASTER_ID } from './notify';

/** How long a saved file's toast stays: long enough to reach its Show in folder. */
const SAVED_TOAST_MS = TOAST_MS * 2;

/**
 * The toast of a file main saved: its message and "Show in folder" (main shows the file in the
 * system's file manager, named by the id it gave the saved file; the page never knows the path).
 */
export function useSavedToast(): (message: string, savedId: string | null) => void {
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useCallback(
    (message, savedId) =>
      dispatchToast(
        <Toast>
          <ToastTitle action={savedId ? <ShowInFolder savedId={savedId} link /> : undefined}>{message}</ToastTitle>
        </Toast>,
        { toastId: `success:${message}`, intent: 'success', timeout: SAVED_TOAST_MS, politeness: 'polite' },
      ),
    [dispatchToast],
  );
}

/** Show in folder: main shows the saved file in the system's file manager. */
export function ShowInFolder({ savedId, link = false }: { savedId: string; link?: boolean }) {
  const show = () => void window.api.files.showInFolder({ savedId });
  return link ? (
    <Link onClick={show}>Show in folder</Link>
  ) : (
    <Button size="small" onClick={show}>
      Show in folder
    </Button>
  );
}
