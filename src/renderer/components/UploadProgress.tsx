import { useEffect, useState, type ReactNode } from 'react';
import { Field, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ApiEvents } from '../../shared/api';
import { formatBytes } from '../lib/format';

export type UploadProgressEvent = ApiEvents['upload:progress'];

/** A client-made upload id (matches main's `[\w-]{1,64}`). */
export function newUploadId(): string {
  return `up-${crypto.randomUUID()}`;
}

/** The latest `upload:progress` event of one upload (null before the first, or without an id). */
export function useUploadProgress(uploadId: string | null): UploadProgressEvent | null {
  const [progress, setProgress] = useState<{ id: string; event: UploadProgressEvent } | null>(null);
  useEffect(() => {
    if (!uploadId) return undefined;
    return window.api.on('upload:progress', (event) => {
      if (event.uploadId === uploadId) setProgress({ id: uploadId, event });
    });
  }, [uploadId]);
  return progress && progress.id === uploadId ? progress.event : null;
}

const useStyles = makeStyles({
  line: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground2 },
});

/** A progress bar with percent, bytes sent of total and the rate; indeterminate before the first event. */
export function UploadProgress({ uploadId, label = 'Uploading' }: { uploadId: string; label?: string }) {
  const styles = useStyles();
  const progress = useUploadProgress(uploadId);
  const fraction = progress && progress.total > 0 ? Math.min(1, progress.sent / progress.total) : undefined;
  const percent = fraction === undefined ? 0 : Math.floor(fraction * 100);
  return (
    <Field label={label} validationState="none" aria-live="polite">
      <ProgressBar value={fraction} thickness="large" aria-label={`${label} ${percent}%`} />
      <div className={styles.line}>
        <Text size={200} data-testid="upload-percent">
          {progress ? `${percent}%` : 'Starting…'}
        </Text>
        {progress ? (
          <Text size={200}>
            {formatBytes(progress.sent)} of {formatBytes(progress.total)} · {formatBytes(progress.rate)}/s
          </Text>
        ) : null}
      </div>
    </Field>
  );
}

/** What an EntityDialog shows while an upload runs: its progress, 'Uploading…', and Cancel upload. */
export interface UploadDialogProps {
  busyLabel: string;
  cancelLabel: string;
  onCancelBusy: (() => void) | undefined;
  status: ReactNode;
}

/**
 * The submit of any multipart form: `run(sendsFile, send)` gives the call a fresh upload id when a
 * file goes with it, and `dialog` (spread onto the EntityDialog) shows the progress and lets the user
 * cancel (main aborts the request; the call resolves with a 'cancelled' failure, the form stays).
 */
export function useUploadSubmit() {
  const [uploadId, setUploadId] = useState<string | null>(null);
  const run = async <R,>(sendsFile: boolean, send: (uploadId: string | undefined) => Promise<R>): Promise<R> => {
    const id = sendsFile ? newUploadId() : undefined;
    setUploadId(id ?? null);
    try {
      return await send(id);
    } finally {
      setUploadId(null);
    }
  };
  const dialog: UploadDialogProps = {
    busyLabel: uploadId ? 'Uploading…' : 'Saving…',
    cancelLabel: uploadId ? 'Cancel upload' : 'Cancel',
    onCancelBusy: uploadId ? () => void window.api.uploads.cancel({ uploadId }) : undefined,
    status: uploadId ? <UploadProgress uploadId={uploadId} /> : null,
  };
  return { uploadId, run, dialog };
}
