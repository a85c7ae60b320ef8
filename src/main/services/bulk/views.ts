import { dirname } from 'node:path';
import { bulkBlockedText } from '../../../shared/bulk-summary';
import { searchTextOf, selectIndices, type RowFilter } from '../../../shared/rows';
import type { BulkEvent, BulkItemView, BulkOverall, BulkSelection, BulkView } from '../../../shared/schemas/bulk';
import { mediaWarnings } from '../../../shared/schemas/media';
import { isHeld, isWork, needsAttention, type BulkItem } from './lifecycle';
import type { ItemTable } from './table';

// What the grid and the summary see of the queue: pure functions of the items (and the upload rates).

/** An item as the grid shows it; `rate` is its upload's bytes a second (0 when it is not sending). */
export function itemView(item: BulkItem, rate: number): BulkItemView {
  const size = item.file.size;
  return {
    id: item.id,
    file: { name: item.file.name, size, folder: dirname(item.file.path) },
    thumbnail: item.thumbnail ? { name: item.thumbnail.name } : null,
    fileType: item.fileType,
    duration: item.duration,
    probe: item.probe,
    warnings: item.facts ? mediaWarnings(item.facts, item.fileType) : [],
    verdict: item.verdict,
    held: isHeld(item),
    captions: item.captions.map((caption) => ({ name: caption.name, language: caption.language, state: caption.state, message: caption.message })),
    meta: item.meta,
    state: item.state,
    issues: item.issues,
    duplicate: item.duplicate,
    attempts: item.attempts,
    lastError: item.lastError,
    sent: item.sent,
    percent: item.state === 'done' ? 100 : size > 0 ? Math.min(100, Math.floor((item.sent / size) * 100)) : 0,
    rate,
    recordId: item.recordId,
    retryAt: item.retryAt,
  };
}

/** Whether a view narrows the queue at all (the whole queue's window is a slice of its order). */
export function narrows(view: Partial<BulkView>): boolean {
  return (view.filter ?? 'all') !== 'all' || !!(view.search ?? '').trim();
}

/** The row filter of a view's state filter: one state, or what needs attention. */
function stateFilter(filter: BulkView['filter']): RowFilter<BulkItem>[] {
  if (filter === 'all') return [];
  if (filter === 'attention') return [{ get: (item) => (needsAttention(item) ? 'attention' : ''), kind: 'select', value: 'attention' }];
  return [{ get: (item) => item.state, kind: 'select', value: filter }];
}

const searchText = searchTextOf<BulkItem>([(item) => item.meta.title, (item) => item.file.name]);

/**
 * The items a view of the grid shows, through the shared row pipeline (src/shared/rows.ts): filtered
 * to a state or to what needs attention, and searched in titles and file names.
 */
export function matching(all: readonly BulkItem[], view: Partial<BulkView>): BulkItem[] {
  const needle = (view.search ?? '').trim().toLowerCase();
  const filters = stateFilter(view.filter ?? 'all');
  const texts = needle ? all.map(searchText) : null;
  const picked = selectIndices({ rows: all, order: null, texts, needle, filters });
  return picked ? picked.map((i) => all[i]!) : [...all];
}

/** The ids a selection names: its own ids, or every item of a view but those it leaves out. */
export function selectedIds(all: readonly BulkItem[], selection: BulkSelection): string[] {
  if (Array.isArray(selection)) return selection;
  const except = new Set(selection.except);
  return matching(all, selection).flatMap((i) => (except.has(i.id) ? [] : [i.id]));
}

/** What keeps items of the whole queue from starting, in words (null: nothing). */
export function blockedText(items: Iterable<BulkItem>): string | null {
  function* blockables() {
    for (const item of items) yield { state: item.state, duplicate: item.duplicate, held: isHeld(item) };
  }
  return bulkBlockedText(blockables());
}

/** Files and bytes done, left and in all; `rate` is the overall upload rate now (0 when nothing sends). */
export function overallOf(items: Iterable<BulkItem>, rate: number): BulkOverall {
  let filesDone = 0;
  let filesTotal = 0;
  let bytesSent = 0;
  let bytesTotal = 0;
  let bytesLeft = 0;
  let needAttention = 0;
  for (const item of items) {
    if (needsAttention(item)) needAttention += 1;
    if (item.state === 'cancelled') continue;
    filesTotal += 1;
    bytesTotal += item.file.size;
    if (item.state === 'done') {
      filesDone += 1;
      bytesSent += item.file.size;
    } else if (item.state === 'uploading') {
      bytesSent += item.sent;
      bytesLeft += Math.max(0, item.file.size - item.sent);
    } else if (isWork(item)) bytesLeft += item.file.size;
  }
  return {
    filesDone,
    filesTotal,
    bytesSent,
    bytesTotal,
    rate,
    secondsLeft: bytesLeft === 0 ? 0 : rate > 0 ? Math.ceil(bytesLeft / rate) : null,
    needAttention,
  };
}

export type WindowQuery = { offset?: number; limit?: number } & Partial<BulkView>;
export interface QueueWindow {
  total: number;
  all: number;
  offset: number;
  rows: BulkItemView[];
  blocked: string | null;
}

/**
 * A window of the queue for the grid: `total` items pass the filter and search (of `all`), `rows` are
 * the window's; `blocked` says what keeps items of the whole queue from starting.
 */
export function windowOf(table: ItemTable, query: WindowQuery, view: (item: BulkItem) => BulkItemView): QueueWindow {
  const offset = Math.max(0, query.offset ?? 0);
  const limit = Math.max(0, query.limit ?? 200);
  // The whole queue's window is a slice of its order (no copy of 100,000 items per window).
  const found = narrows(query) ? matching(table.pick('all'), query) : null;
  const window = found ? found.slice(offset, offset + limit) : table.slice(offset, offset + limit);
  return { total: found ? found.length : table.size, all: table.size, offset, rows: window.map(view), blocked: blockedText(table.ordered()) };
}

/** 0 to 1 for the taskbar or dock, or -1 when nothing runs (removes the bar). */
export const taskbarOf = (active: boolean, { bytesSent, bytesTotal }: BulkOverall): number => (!active ? -1 : bytesTotal > 0 ? bytesSent / bytesTotal : 0);

/** Uploads in flight while the queue is paused (they finish first): how many, and what they sent. */
export const finishingOf = (items: readonly BulkItem[]): { files: number; sent: number } | null =>
  items.length === 0 ? null : { files: items.length, sent: items.reduce((sum, item) => sum + item.sent, 0) };

/** The progress of the uploads in flight, for the queue's event. */
export function progressOf(views: readonly BulkItemView[]): BulkEvent['progress'] {
  return views.filter((v) => v.state === 'uploading').map((v) => ({ id: v.id, sent: v.sent, total: v.file.size, percent: v.percent, rate: v.rate }));
}
