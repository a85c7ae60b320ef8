import { randomUUID } from 'node:crypto';
import type { BulkAddResult } from '../../../shared/schemas/bulk';
import { identitiesOf } from './identity';
import { queued, type BulkItem } from './lifecycle';
import type { Duplicates, ItemEvent } from './duplicates';
import type { ItemTable } from './table';

export interface AddedFile {
  path: string;
  /** Main's grant for the file, when it came from the open dialog or a drop. */
  grantId?: string | null;
  /** Its library title, when not the one its name gives. */
  title?: string;
}

export type AddedFiles = readonly AddedFile[] | AsyncIterable<readonly AddedFile[]>;

/** Files queued (and shown) at a time by one add. */
const ADD_SLICE = 2000;
/** The first slice of an add is small: its rows show at once, the rest follow in full slices. */
const FIRST_SLICE = 200;

/** What intake works with: the table, the duplicates, how the view hears of a slice, how the queue applies events. */
export interface IntakeParts {
  table: ItemTable;
  duplicates: Duplicates;
  shown: () => void;
  apply: (events: Iterable<ItemEvent>) => void;
}

/**
 * An add: its files queued in slices (`queueFiles`), then, once they are all in (a pass over the queue
 * per slice would cost seconds at 100,000 files), titles the queue or the library already have are
 * flagged. Returns the new items.
 */
export async function intake(parts: IntakeParts, files: AddedFiles, result: BulkAddResult): Promise<BulkItem[]> {
  const fresh = await queueFiles(parts.table, files, Date.now(), result, parts.shown);
  if (fresh.length === 0) return fresh;
  parts.apply(parts.duplicates.inQueue(fresh));
  const library = await parts.duplicates.inLibrary(fresh);
  result.libraryCheck = library.check;
  parts.apply(library.events);
  return fresh;
}

/** A folder scan's batches of paths as added files. */
export async function* asFiles(batches: AsyncIterable<string[]>): AsyncGenerator<AddedFile[]> {
  for await (const paths of batches) yield paths.map((path) => ({ path }));
}

/**
 * Intake: the files of an add, queued in slices as they come (a small first slice, then full ones),
 * each slice shown as it is queued (`shown`: the view hears of it and asks for its window meanwhile),
 * so the first rows of 100,000 files show long before the last one's identity is read. Each file gets
 * its identity, a title from its name (or the one given) and the Add File defaults; the same file twice
 * (real path and inode) is not added again. Returns the new items, in queue order.
 */
export async function queueFiles(table: ItemTable, files: AddedFiles, now: number, result: BulkAddResult, shown: () => void): Promise<BulkItem[]> {
  const fresh: BulkItem[] = [];
  let slices = 0;
  const queueBatch = async (batch: readonly AddedFile[]): Promise<void> => {
    for (let at = 0; at < batch.length; ) {
      if (slices > 0) await new Promise((resolve) => setImmediate(resolve));
      const slice = batch.slice(at, at + (slices === 0 ? FIRST_SLICE : ADD_SLICE));
      at += slice.length;
      slices += 1;
      const added = await queueSlice(table, slice, now, result);
      if (added.length > 0) {
        for (const item of added) fresh.push(item);
        shown();
      }
    }
  };
  if (Symbol.asyncIterator in files) for await (const batch of files) await queueBatch(batch);
  else await queueBatch(files);
  return fresh;
}

async function queueSlice(table: ItemTable, slice: readonly AddedFile[], now: number, result: BulkAddResult): Promise<BulkItem[]> {
  const identities = await identitiesOf(slice.map((f) => f.path));
  const added: BulkItem[] = [];
  identities.forEach((identity, i) => {
    if (identity instanceof Error) {
      result.unreadable.push({ name: slice[i]!.path.replace(/^.*[\\/]/, ''), message: identity.message });
      return;
    }
    if (table.idOfFile(identity) !== undefined) {
      result.alreadyQueued.push(identity.name);
      return;
    }
    const item = queued({ id: randomUUID(), key: randomUUID(), file: identity, grantId: slice[i]!.grantId ?? null, title: slice[i]!.title }, now);
    table.insert(item);
    added.push(item);
    result.added.push(item.id);
  });
  table.adoptNew(added);
  return added;
}
