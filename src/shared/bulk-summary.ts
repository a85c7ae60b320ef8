import { csvText } from './csv';
import { BULK_TEXT, type BulkItemView } from './schemas/bulk';

/** One line of the end-of-queue summary. */
export interface BulkSummaryRow {
  /** 'needs attention': held or invalid, waiting for the person (not skipped: nobody chose to leave it out). */
  outcome: 'uploaded' | 'failed' | 'needs attention' | 'skipped';
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
  attention: number;
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
    const attention = item.state === 'invalid' || item.state === 'changed-or-missing' || (item.state === 'waiting' && (item.held || !!item.duplicate));
    const outcome = item.state === 'done' ? 'uploaded' : item.state === 'failed' ? 'failed' : attention ? 'needs attention' : 'skipped';
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
  return { uploaded: count('uploaded'), failed: count('failed'), attention: count('needs attention'), skipped: count('skipped'), rows };
}

const HEADER = ['Outcome', 'File', 'Folder', 'Size (bytes)', 'Title', 'Record id', 'Reason', 'Attempts'];

/** The summary as CSV text: a header, one line per item, CRLF line ends (what spreadsheets expect). */
export function bulkSummaryCsv(summary: BulkSummary): string {
  return csvText(HEADER, summary.rows.map((r) => [r.outcome, r.fileName, r.folder, r.size, r.title, r.recordId, r.reason, r.attempts]));
}

type Blockable = Pick<BulkItemView, 'state' | 'duplicate'> & { held?: boolean };

/**
 * What keeps items from starting, in words (after Start): the rows that need the editor, by why. Null
 * when nothing is held. One pass over the rows (main runs it over the whole queue for each window).
 */
export function bulkBlockedText(rows: Iterable<Blockable>): string | null {
  let invalid = 0;
  let held = 0;
  let unplayable = 0;
  let missing = 0;
  let failed = 0;
  let waiting = 0;
  for (const r of rows) {
    if (r.state === 'invalid') invalid += 1;
    // A file not playable is held for its verdict first, whatever it duplicates.
    else if (r.state === 'waiting' && r.held) unplayable += 1;
    else if (r.state === 'waiting' && r.duplicate) held += 1;
    else if (r.state === 'changed-or-missing') missing += 1;
    else if (r.state === 'failed') failed += 1;
    else if (r.state === 'waiting' || r.state === 'uploading') waiting += 1;
  }
  const parts = (
    [
      [invalid, 'with fields to fill or fix'],
      [held, 'held as possible duplicates (keep or skip them)'],
      [unplayable, 'held as not playable (remove them, or choose Send anyway)'],
      [missing, 'whose files changed or went (choose them again)'],
      [failed, 'that failed (fix them, then Retry selected)'],
    ] as [number, string][]
  ).filter(([n]) => n > 0);
  if (parts.length === 0) return null;
  const total = parts.reduce((sum, [n]) => sum + n, 0);
  const head = waiting > 0 ? `${waiting} ${waiting === 1 ? 'file uploads' : 'files upload'}; ${total} cannot start yet:` : `Nothing can start: ${total} ${total === 1 ? 'item needs' : 'items need'} attention:`;
  return `${head} ${parts.map(([n, why]) => `${n} ${why}`).join(', ')}.`;
}
