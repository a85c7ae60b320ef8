import { csvText } from './csv';
import { BULK_TEXT, type BulkItemView } from './schemas/bulk';

/** One line of the end-of-queue summary. */
export interface BulkSummaryRow {
  outcome: 'uploaded' | 'failed' | 'skipped';
  fileName: string;
  folder: string;
  size: number;
  title: string;
  /** The library record (uploaded), else ''. */
  recordId: string;
  /** Why it failed or was skipped, else ''. */
  reason: string;
  attempts: number;
}

export interface BulkSummary {
  uploaded: number;
  failed: number;
  skipped: number;
  rows: BulkSummaryRow[];
}

/** Why an item that is neither uploaded nor failed did not go. */
function skipReason(item: BulkItemView): string {
  switch (item.state) {
    case 'cancelled':
      return 'Cancelled';
    case 'changed-or-missing':
      return BULK_TEXT.changedOrMissing;
    case 'paused':
      return 'Paused';
    case 'invalid':
      return Object.values(item.issues).join(' ');
    default:
      if (item.duplicate) return item.duplicate.kind === 'library' ? BULK_TEXT.duplicateTitle(item.duplicate.title) : BULK_TEXT.duplicateInQueue(item.duplicate.title);
      return 'Not sent';
  }
}

/** The summary at the end: uploaded, failed with the server's reasons, skipped with why; in queue order. */
export function bulkSummary(items: readonly BulkItemView[]): BulkSummary {
  const rows = items.map((item): BulkSummaryRow => {
    const outcome = item.state === 'done' ? 'uploaded' : item.state === 'failed' ? 'failed' : 'skipped';
    return {
      outcome,
      fileName: item.file.name,
      folder: item.file.folder,
      size: item.file.size,
      title: item.meta.title,
      recordId: item.recordId ?? '',
      reason: outcome === 'uploaded' ? (item.lastError ?? '') : outcome === 'failed' ? (item.lastError ?? '') : skipReason(item),
      attempts: item.attempts,
    };
  });
  const count = (o: BulkSummaryRow['outcome']) => rows.filter((r) => r.outcome === o).length;
  return { uploaded: count('uploaded'), failed: count('failed'), skipped: count('skipped'), rows };
}

const HEADER = ['Outcome', 'File', 'Folder', 'Size (bytes)', 'Title', 'Record id', 'Reason', 'Attempts'];

/** The summary as CSV text: a header, one line per item, CRLF line ends (what spreadsheets expect). */
export function bulkSummaryCsv(summary: BulkSummary): string {
  return csvText(HEADER, summary.rows.map((r) => [r.outcome, r.fileName, r.folder, r.size, r.title, r.recordId, r.reason, r.attempts]));
}

/**
 * What keeps items from starting, in words (after Start): the rows that need the editor, by why. Null
 * when nothing is held.
 */
type Blockable = Pick<BulkItemView, 'state' | 'duplicate'>;

export function bulkBlockedText(rows: readonly Blockable[]): string | null {
  const count = (test: (r: Blockable) => boolean) => rows.filter(test).length;
  const parts = [
    [count((r) => r.state === 'invalid'), 'with fields to fill or fix'],
    [count((r) => r.state === 'waiting' && !!r.duplicate), 'held as possible duplicates (keep or skip them)'],
    [count((r) => r.state === 'changed-or-missing'), 'whose files changed or went (choose them again)'],
    [count((r) => r.state === 'failed'), 'that failed (fix them, then Retry selected)'],
  ].filter(([n]) => (n as number) > 0) as [number, string][];
  if (parts.length === 0) return null;
  const total = parts.reduce((sum, [n]) => sum + n, 0);
  const waiting = count((r) => (r.state === 'waiting' && !r.duplicate) || r.state === 'uploading');
  const head = waiting > 0 ? `${waiting} ${waiting === 1 ? 'file uploads' : 'files upload'}; ${total} cannot start yet:` : `Nothing can start: ${total} ${total === 1 ? 'item needs' : 'items need'} attention:`;
  return `${head} ${parts.map(([n, why]) => `${n} ${why}`).join(', ')}.`;
}
