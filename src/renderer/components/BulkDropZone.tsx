import type { ReactNode } from 'react';
import type { BulkAddResult } from '../../shared/schemas/bulk';
import { DropZone } from './DropZone';

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
 * and the Video Library).
 */
export function BulkDropZone({ className, onDropped, children }: { className?: string; onDropped: (result: Awaited<ReturnType<Window['files']['bulkDropped']>>) => void; children: ReactNode }) {
  return (
    <DropZone className={className} onFiles={(files) => void window.files.bulkDropped(files).then(onDropped)}>
      {children}
    </DropZone>
  );
}
