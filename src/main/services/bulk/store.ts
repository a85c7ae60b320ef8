import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { BULK_CONCURRENCY, BULK_STATES, BulkCaptionSchema, BulkDuplicateSchema, BulkMetaSchema } from '../../../shared/schemas/bulk';
import { FILE_TYPES } from '../../../shared/schemas/library';
import { MediaFactsSchema } from '../../../shared/schemas/media';
import { readFileOrNull, writeChunksAtomic } from '../atomic-file';

export const QUEUE_FILE = 'bulk-queue.json';
const VERSION = 1;

const IdentitySchema = v.object({
  path: v.string(),
  name: v.string(),
  device: v.number(),
  inode: v.number(),
  size: v.number(),
  mtimeMs: v.number(),
});

/** An attempt that may have reached the server: what it sent, to find its record again. */
const InFlightSchema = v.object({
  startedAt: v.number(),
  title: v.string(),
  name: v.string(),
  size: v.number(),
});

/** An item as the queue file keeps it (everything but what is recomputed on load: the issues). */
export const StoredItemSchema = v.object({
  id: v.string(),
  key: v.string(),
  grantId: v.nullable(v.string()),
  file: IdentitySchema,
  thumbnail: v.nullable(IdentitySchema),
  fileType: v.picklist(FILE_TYPES),
  duration: v.number(),
  probe: v.picklist(['pending', 'ok', 'none']),
  /** Null until read, or when the file could not be read (queue files of earlier versions have none). */
  facts: v.optional(v.nullable(MediaFactsSchema), null),
  /** Caption files beside the file (with their paths), imported after the upload. */
  captions: v.optional(v.array(v.object({ ...BulkCaptionSchema.entries, path: v.string() })), []),
  /** SHA-256 of the content, hex; null until read. */
  hash: v.optional(v.nullable(v.string()), null),
  meta: BulkMetaSchema,
  state: v.picklist(BULK_STATES),
  duplicate: v.nullable(BulkDuplicateSchema),
  attempts: v.number(),
  failures: v.number(),
  lastError: v.nullable(v.string()),
  sent: v.number(),
  recordId: v.nullable(v.string()),
  inFlight: v.nullable(InFlightSchema),
  retryAt: v.nullable(v.number()),
  addedAt: v.number(),
  finishedAt: v.nullable(v.number()),
});
export type StoredItem = v.InferOutput<typeof StoredItemSchema>;

const StoredQueueSchema = v.object({
  version: v.literal(VERSION),
  running: v.boolean(),
  concurrency: v.pipe(v.number(), v.integer(), v.minValue(BULK_CONCURRENCY.min), v.maxValue(BULK_CONCURRENCY.max)),
  items: v.array(v.unknown()),
});

/** What the queue hands the store to write: each item already as JSON text. */
export interface QueueSnapshot {
  running: boolean;
  concurrency: number;
  items: readonly string[];
}

export interface StoredQueue {
  running: boolean;
  concurrency: number;
  items: StoredItem[];
}

export interface LoadResult {
  queue: StoredQueue | null;
  /** Items (or the whole file) that could not be read; the file was kept aside as `<name>.bad-<time>`. */
  dropped: number;
  problem: string | null;
}

/**
 * The queue file in userData: written atomically (temp file + rename), at most about once a second
 * for edits (`markDirty`) and at once for state changes (`flush`). Writes never overlap: a flush during
 * a write waits for it and then writes the newest state once, however many flushes asked meanwhile.
 */
export class QueueStore {
  readonly path: string;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private chain: Promise<void> = Promise.resolve();
  private next: Promise<void> | null = null;
  /** Duration of the last write, ms (serialising included), for the bench and the log. */
  lastWriteMs = 0;
  writes = 0;

  constructor(
    folder: string,
    private readonly snapshot: () => QueueSnapshot,
    private readonly debounceMs = 1000,
  ) {
    this.path = join(folder, QUEUE_FILE);
  }

  /** Something changed that may wait: written within `debounceMs`. */
  markDirty(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush().catch(() => undefined); // the next flush reports the problem
    }, this.debounceMs);
  }

  /** Writes the state as it is now (or as it is when the write starts); resolves once it is on disk. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.next) return this.next;
    const next = this.chain.then(() => {
      this.next = null;
      return this.write();
    });
    this.next = next;
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async write(): Promise<void> {
    const started = performance.now();
    const { running, concurrency, items } = this.snapshot();
    function* pieces() {
      yield `{"version":${VERSION},"running":${running},"concurrency":${concurrency},"items":[`;
      for (let i = 0; i < items.length; i += 1) yield i === 0 ? items[i]! : `,${items[i]!}`;
      yield ']}';
    }
    await writeChunksAtomic(this.path, pieces());
    this.lastWriteMs = performance.now() - started;
    this.writes += 1;
  }

  /** Reads the queue file; a damaged file or item is kept aside and reported, never silently lost. */
  async load(): Promise<LoadResult> {
    const raw = await readFileOrNull(this.path);
    if (!raw) return { queue: null, dropped: 0, problem: null };
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      await this.keepAside();
      return { queue: null, dropped: 1, problem: 'The saved upload queue was damaged; a copy was kept next to it.' };
    }
    const top = v.safeParse(StoredQueueSchema, parsed);
    if (!top.success) {
      await this.keepAside();
      return { queue: null, dropped: 1, problem: 'The saved upload queue could not be read; a copy was kept next to it.' };
    }
    const items: StoredItem[] = [];
    let dropped = 0;
    for (const entry of top.output.items) {
      const item = v.safeParse(StoredItemSchema, entry);
      if (item.success) items.push(item.output);
      else dropped += 1;
    }
    if (dropped > 0) await this.keepAside();
    return {
      queue: { running: top.output.running, concurrency: top.output.concurrency, items },
      dropped,
      problem: dropped > 0 ? `${dropped} saved queue item(s) could not be read; a copy of the queue file was kept next to it.` : null,
    };
  }

  private async keepAside(): Promise<void> {
    await copyFile(this.path, `${this.path}.bad-${Date.now()}`).catch(() => undefined);
  }

  /** Writes what is pending and stops the timer. */
  async close(): Promise<void> {
    if (this.timer) await this.flush();
    await this.chain;
  }
}
