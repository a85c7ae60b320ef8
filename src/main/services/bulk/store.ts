import { randomUUID } from 'node:crypto';
import { appendFile, copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { BULK_CONCURRENCY, BULK_STATES, BulkCaptionSchema, BulkDuplicateSchema, BulkMetaSchema, type BulkMeta } from '../../../shared/schemas/bulk';
import { FILE_TYPES } from '../../../shared/schemas/library';
import { MediaFactsSchema, MediaVerdictSchema } from '../../../shared/schemas/media';
import { readFileOrNull, writeChunksAtomic } from '../atomic-file';

export const QUEUE_FILE = 'bulk-queue.json';
const VERSION = 2;
const Concurrency = v.pipe(v.number(), v.integer(), v.minValue(BULK_CONCURRENCY.min), v.maxValue(BULK_CONCURRENCY.max));

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
  /** What the media library made of the file (null until read, or for a file not meant as media). */
  verdict: v.optional(v.nullable(MediaVerdictSchema), null),
  /** The person chose to send a file that is not playable (it is held until then). */
  sendAnyway: v.optional(v.boolean(), false),
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
  version: v.literal(1),
  running: v.boolean(),
  concurrency: Concurrency,
  items: v.array(v.unknown()),
});

/**
 * A profile: the fields the defaults panel sets (every field but the title), kept once and shared by
 * the items that have the same ones, so an edit of every item rewrites one profile, not every item.
 */
export const ProfileSchema = v.object({ id: v.string(), ...v.omit(BulkMetaSchema, ['title']).entries });
export type Profile = v.InferOutput<typeof ProfileSchema>;
export type ProfileFields = Omit<Profile, 'id'>;

/** An item's line: the item without its fields, with its title and its profile's id. */
const ItemLineSchema = v.object({ ...v.omit(StoredItemSchema, ['meta']).entries, title: BulkMetaSchema.entries.title, profile: v.string() });
export type ItemLine = v.InferOutput<typeof ItemLineSchema>;

/** The item as the queue keeps it, from its line and its profile. */
const itemOf = ({ title, profile, ...rest }: ItemLine, fields: ProfileFields): StoredItem => ({ ...rest, meta: { title, ...fields } });

/** The profile's fields of an item's meta (all but the title). */
export function profileFields(meta: BulkMeta): ProfileFields {
  const { title: _title, ...fields } = meta;
  void _title;
  return fields;
}

/** The lines of the queue file, each one JSON object with one key: */
export const line = {
  /** The queue's own settings. */
  queue: (running: boolean, concurrency: number) => JSON.stringify({ q: { running, concurrency } }),
  profile: (profile: Profile) => JSON.stringify({ p: profile }),
  item: (item: ItemLine) => JSON.stringify({ i: item }),
  removed: (ids: readonly string[]) => JSON.stringify({ x: ids }),
};
const HEADER = JSON.stringify({ version: VERSION });

/**
 * What the queue hands the store to write. `changes` gives the lines of what changed since it was last
 * asked (or since `everything`), `everything` the lines of the whole queue (profiles before the items
 * that name them, items in queue order); each clears what the queue had marked as changed.
 */
export interface QueueSource {
  changes(): string[];
  everything(): string[];
}

export interface StoredQueue {
  running: boolean;
  concurrency: number;
  items: StoredItem[];
  /** Each item's profile id, by item id. */
  profileOf: Map<string, string>;
  profiles: Map<string, ProfileFields>;
}

export interface LoadResult {
  queue: StoredQueue | null;
  /** Items (or the whole file) that could not be read; the file was kept aside as `<name>.bad-<time>`. */
  dropped: number;
  problem: string | null;
}

/** Writes the lines atomically (temp file + rename); answers the bytes written. */
async function writeLinesAtomic(path: string, lines: readonly string[]): Promise<number> {
  let bytes = 0;
  function* pieces() {
    for (const text of lines) {
      bytes += Buffer.byteLength(text) + 1;
      yield `${text}\n`;
    }
  }
  await writeChunksAtomic(path, pieces());
  return bytes;
}

/** The file is rewritten whole once what was appended since the last rewrite outgrows this and the file itself. */
const COMPACT_AFTER = 4 * 2 ** 20;

/**
 * The queue file in userData, an append-only log of JSON lines: a header, then the queue's settings,
 * profiles, items (a later line of the same item or profile replaces the earlier one; items keep the
 * place of their first line) and removals. A write appends the lines of what changed (one item at a
 * state change: about a kilobyte); once the appended lines outgrow the file as last rewritten, the
 * whole queue is rewritten atomically (temp file + rename). A crash during an append leaves at most
 * a torn last line, which loading ignores (that write never completed, so nothing was acted on it);
 * the next write then rewrites the file. Writes happen at most about once a second for edits
 * (`markDirty`) and at once for state changes (`flush`). Writes never overlap: a flush during a write
 * waits for it and then writes the newest state once, however many flushes asked meanwhile.
 */
export class QueueStore {
  readonly path: string;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private chain: Promise<void> = Promise.resolve();
  private next: Promise<void> | null = null;
  /** The next write rewrites the whole file (nothing written yet, a torn or damaged file, a failed append). */
  private rewrite = true;
  /** Bytes of the file at its last rewrite, and appended since. */
  private base = 0;
  private appended = 0;
  /** Duration of the last write, ms (serialising included), for the bench and the log. */
  lastWriteMs = 0;
  /** Bytes the last write put on disk. */
  lastWriteBytes = 0;
  writes = 0;

  constructor(
    folder: string,
    private readonly source: QueueSource,
    private readonly debounceMs = 1000,
    private readonly compactAfter = COMPACT_AFTER,
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
    // What to write is taken now, at once: the queue changes while the file is written.
    let whole = this.rewrite;
    let lines = whole ? [] : this.source.changes();
    let bytes = 0;
    for (const text of lines) bytes += Buffer.byteLength(text) + 1;
    if (!whole && this.appended + bytes > Math.max(this.compactAfter, this.base)) whole = true;
    if (whole) {
      lines = [HEADER, ...this.source.everything()];
      this.rewrite = true;
      bytes = await writeLinesAtomic(this.path, lines);
      this.rewrite = false;
      this.base = bytes;
      this.appended = 0;
    } else if (lines.length > 0) {
      try {
        await appendFile(this.path, `${lines.join('\n')}\n`, { mode: 0o600 });
      } catch (error) {
        // Part of it may be on disk: the next write starts a clean file with everything.
        this.rewrite = true;
        throw error;
      }
      this.appended += bytes;
    }
    this.lastWriteBytes = bytes;
    this.lastWriteMs = performance.now() - started;
    this.writes += 1;
  }

  /** Reads the queue file; a damaged file or item is kept aside and reported, never silently lost. */
  async load(): Promise<LoadResult> {
    const raw = await readFileOrNull(this.path);
    if (!raw) return { queue: null, dropped: 0, problem: null };
    const text = raw.toString('utf8');
    const firstEnd = text.indexOf('\n');
    if (firstEnd > 0 && text.slice(0, firstEnd) === HEADER) return this.loadLines(text, firstEnd + 1);
    return this.loadVersion1(text);
  }

  private async loadLines(text: string, from: number): Promise<LoadResult> {
    let running = false;
    let concurrency: number = BULK_CONCURRENCY.default;
    const profiles = new Map<string, ProfileFields>();
    const lines = new Map<string, ItemLine>();
    let damaged = 0;
    for (let at = from; at < text.length; ) {
      const end = text.indexOf('\n', at);
      // A last line without its end: an append cut by a crash, which never completed.
      if (end < 0) break;
      const record = parseRecord(text.slice(at, end));
      at = end + 1;
      if (!record) damaged += 1;
      else if (record.kind === 'queue') ({ running, concurrency } = record.value);
      else if (record.kind === 'profile') {
        const { id, ...fields } = record.value;
        profiles.set(id, fields);
      } else if (record.kind === 'item') lines.set(record.value.id, record.value);
      else for (const id of record.value) lines.delete(id);
    }
    const items: StoredItem[] = [];
    const profileOf = new Map<string, string>();
    for (const item of lines.values()) {
      const fields = profiles.get(item.profile);
      if (!fields) {
        damaged += 1;
        continue;
      }
      items.push(itemOf(item, fields));
      profileOf.set(item.id, item.profile);
    }
    // Anything but a clean file is rewritten at the next write (never appended after a torn line).
    this.rewrite = damaged > 0 || !text.endsWith('\n');
    this.base = Buffer.byteLength(text);
    this.appended = 0;
    if (damaged > 0) await this.keepAside();
    return {
      queue: { running, concurrency, items, profileOf, profiles },
      dropped: damaged,
      problem: damaged > 0 ? `${damaged} saved queue item(s) could not be read; a copy of the queue file was kept next to it.` : null,
    };
  }

  /** The queue file before profiles: one JSON document, each item with all its fields. */
  private async loadVersion1(text: string): Promise<LoadResult> {
    this.rewrite = true;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
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
    // Items with the same fields share one profile.
    const profiles = new Map<string, ProfileFields>();
    const byFields = new Map<string, string>();
    const profileOf = new Map<string, string>();
    for (const item of items) {
      const fields = profileFields(item.meta);
      const key = JSON.stringify(fields);
      let id = byFields.get(key);
      if (!id) {
        id = randomUUID();
        byFields.set(key, id);
        profiles.set(id, fields);
      }
      profileOf.set(item.id, id);
    }
    return {
      queue: { running: top.output.running, concurrency: top.output.concurrency, items, profileOf, profiles },
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

const QueueLineSchema = v.object({ q: v.object({ running: v.boolean(), concurrency: Concurrency }) });
const ProfileLineSchema = v.object({ p: ProfileSchema });
const ItemLineRecordSchema = v.object({ i: ItemLineSchema });
const RemovedLineSchema = v.object({ x: v.array(v.string()) });

type QueueRecord =
  | { kind: 'queue'; value: { running: boolean; concurrency: number } }
  | { kind: 'profile'; value: Profile }
  | { kind: 'item'; value: ItemLine }
  | { kind: 'removed'; value: string[] };

/** One line of the queue file, checked; null when it cannot be read. */
function parseRecord(text: string): QueueRecord | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  if ('i' in parsed) {
    const r = v.safeParse(ItemLineRecordSchema, parsed);
    return r.success ? { kind: 'item', value: r.output.i } : null;
  }
  if ('p' in parsed) {
    const r = v.safeParse(ProfileLineSchema, parsed);
    return r.success ? { kind: 'profile', value: r.output.p } : null;
  }
  if ('q' in parsed) {
    const r = v.safeParse(QueueLineSchema, parsed);
    return r.success ? { kind: 'queue', value: r.output.q } : null;
  }
  const r = v.safeParse(RemovedLineSchema, parsed);
  return r.success ? { kind: 'removed', value: r.output.x } : null;
}
