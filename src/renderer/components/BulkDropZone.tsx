import { useState, type DragEvent, type ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { BulkAddResult } from '../../shared/schemas/bulk';

const useStyles = makeStyles({
  over: { outline: `2px dashed ${tokens.colorBrandStroke1}`, outlineOffset: '4px' },
});

/** What adding files to the queue did, in one sentence (the toast after a pick or a drop). */
export function addedMessage(result: BulkAddResult): string {
  const parts = [`${result.added.length} added`];
  if (result.alreadyQueued.length) parts.push(`${result.alreadyQueued.length} already in the queue`);
  if (result.unreadable.length) parts.push(`${result.unreadable.length} could not be read`);
  if (result.truncated) parts.push('the folder has more files than the queue takes at once');
  return parts.join(', ') + '.';
}

/**
 * A screen that takes files and folders dropped on it into the bulk-upload queue (the Bulk Upload screen
 * and the Video Library). The Files go to the preload, which resolves them: the page never sees a path.
 * Drops a file field inside has taken already, and drops on a dialog, are not the queue's.
 */
export function BulkDropZone({ className, onDropped, children }: { className?: string; onDropped: (result: Awaited<ReturnType<Window['files']['bulkDropped']>>) => void; children: ReactNode }) {
  const styles = useStyles();
  const [over, setOver] = useState(false);
  const ours = (event: DragEvent) => !event.defaultPrevented && !(event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]'));
  return (
    <div
      className={mergeClasses(className, over && styles.over)}
      onDragOver={(event) => {
        if (!ours(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        if (!ours(event)) return;
        event.preventDefault();
        const files = [...event.dataTransfer.files];
        if (files.length > 0) void window.files.bulkDropped(files).then(onDropped);
      }}
    >
      {children}
    </div>
  );
}
