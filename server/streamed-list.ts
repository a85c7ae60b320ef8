// Large list answers streamed from a database cursor into the JSON envelope, in constant memory: the
// platform's list calls return whole lists (a million learners), and building that answer as one value
// (json_agg, or rows in an array) runs PGlite out of memory. A handler returns a `StreamedList` in its
// data field; the route writes `{"error":false,"message":...,"<field>":[` and then the rows as the
// cursor yields them, a batch at a time, waiting while the client is slower than the database.
import { PassThrough } from 'node:stream';
import * as v from 'valibot';
import type { Db } from './db';

/** Rows fetched from the cursor at a time. */
export const CURSOR_BATCH = 5000;
/** The first fetches are smaller (100, then 1,000 rows): a page of rows leaves before a whole batch is read. */
const FIRST_BATCH = 100;

type RowText = (row: Record<string, unknown>) => string;
const rowColumn: RowText = (row) => row.row as string;

/**
 * A list the route streams, in the order `sql` gives. By default `sql` selects one column, `row`,
 * holding each element's JSON text (the fastest: a million learners); `mapped` turns each row into its
 * element in JavaScript instead, with the very function a whole answer used, so its bytes stay the same.
 */
export class StreamedList {
  constructor(
    readonly sql: string,
    readonly params: unknown[] = [],
    readonly text: RowText = rowColumn,
  ) {}

  static mapped<R>(sql: string, params: unknown[], toItem: (row: R) => unknown): StreamedList {
    return new StreamedList(sql, params, (row) => JSON.stringify(toItem(row as unknown as R)));
  }
}

/**
 * Runs `sql` as a cursor in one transaction (a consistent snapshot; on PGlite it holds the database's
 * one connection until the list is sent) and hands each batch of rows to `onBatch`, which may wait.
 */
export async function eachBatch<T>(db: Db, sql: string, params: unknown[], onBatch: (rows: T[]) => Promise<void>, batch = CURSOR_BATCH): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`DECLARE list_cursor NO SCROLL CURSOR FOR ${sql}`, params);
    for (let size = Math.min(FIRST_BATCH, batch); ; size = Math.min(batch, size * 10)) {
      const rows = await tx.query<T>(`FETCH ${size} FROM list_cursor`);
      if (rows.length === 0) break;
      await onBatch(rows);
      if (rows.length < size) break;
    }
    await tx.query(`CLOSE list_cursor`);
  });
}

/** Writes `text`, waiting for the client to drain when its buffer is full; throws when the client went away. */
async function write(out: PassThrough, text: string): Promise<void> {
  if (out.destroyed) throw new Error('The client closed the connection.');
  if (out.write(text)) return;
  await new Promise<void>((resolve, reject) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', closed);
      resolve();
    };
    const closed = () => {
      out.off('drain', done);
      reject(new Error('The client closed the connection.'));
    };
    out.on('drain', done);
    out.once('close', closed);
  });
}

export interface StreamOptions {
  db: Db;
  /** The envelope's other fields (error, message, and any data field besides the list). */
  head: Record<string, unknown>;
  field: string;
  list: StreamedList;
  /** Checks each element (tests: the contract's element schema); a mismatch ends the answer broken. */
  checkItem?: v.GenericSchema;
  /** Where a failure after the first byte goes (the status is sent by then: the answer is cut short). */
  onError(error: unknown): void;
}

/**
 * The answer as a stream. A failure after the head is sent cannot change the status any more: the
 * stream is destroyed, so the client sees a truncated answer (its parser refuses it) rather than a
 * complete-looking list with rows missing.
 */
export function streamList({ db, head, field, list, checkItem, onError }: StreamOptions): PassThrough {
  const out = new PassThrough();
  const opening = JSON.stringify(head);
  const prefix = `${opening.slice(0, -1)}${opening.length > 2 ? ',' : ''}${JSON.stringify(field)}:[`;
  void (async () => {
    try {
      await write(out, prefix);
      let first = true;
      await eachBatch<Record<string, unknown>>(db, list.sql, list.params, async (rows) => {
        const texts = rows.map(list.text);
        if (checkItem) {
          for (const row of texts) {
            const checked = v.safeParse(checkItem, JSON.parse(row));
            if (!checked.success) throw new Error(`A streamed ${field} element is outside its schema: ${v.getDotPath(checked.issues[0]) ?? '(root)'}: ${checked.issues[0].message}`);
          }
        }
        const text = texts.join(',');
        await write(out, first ? text : `,${text}`);
        first = false;
        // PGlite's fetches run on this thread: the socket gets its turn between two batches, so the
        // rows written leave before the next batch is read.
        await new Promise<void>((resolve) => setImmediate(resolve));
      });
      out.end(']}');
    } catch (error) {
      if (!out.destroyed) onError(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return out;
}
