import { join } from 'node:path';
import * as v from 'valibot';
import { readFileOrNull, writeFileAtomic } from '../atomic-file';

export const UPLOADED_INDEX_FILE = 'uploaded-index.json';

const EntrySchema = v.object({ hash: v.string(), server: v.string(), id: v.string(), title: v.string(), at: v.number() });
const IndexSchema = v.object({ version: v.literal(1), entries: v.array(EntrySchema) });
export type UploadedEntry = v.InferOutput<typeof EntrySchema>;

/**
 * Every file this client uploaded, by content: SHA-256 -> the library record it became (id, title) on
 * which server. Kept by main in userData (a file written atomically at each new entry), so a file sent
 * before is recognised whatever its name or folder now. A file that cannot be read starts an empty index
 * (it only finds duplicates; losing it loses no upload).
 */
export class UploadedIndex {
  private readonly entries = new Map<string, UploadedEntry>();
  private writing: Promise<void> = Promise.resolve();

  private constructor(private readonly path: string) {}

  static async open(folder: string): Promise<UploadedIndex> {
    const index = new UploadedIndex(join(folder, UPLOADED_INDEX_FILE));
    const raw = await readFileOrNull(index.path).catch(() => null);
    if (raw) {
      try {
        const parsed = v.safeParse(IndexSchema, JSON.parse(raw.toString('utf8')));
        if (parsed.success) for (const entry of parsed.output.entries) index.entries.set(keyOf(entry.hash, entry.server), entry);
      } catch {
        // Not JSON: starts empty (see above).
      }
    }
    return index;
  }

  /** The record a file of this content became on `server`, or null. */
  find(hash: string, server: string): UploadedEntry | null {
    return this.entries.get(keyOf(hash, server)) ?? null;
  }

  /** Resolves once every entry noted so far is on disk. */
  written(): Promise<void> {
    return this.writing;
  }

  /** Notes an upload; resolves once written. */
  record(entry: Omit<UploadedEntry, 'at'>): Promise<void> {
    this.entries.set(keyOf(entry.hash, entry.server), { ...entry, at: Date.now() });
    const body = JSON.stringify({ version: 1, entries: [...this.entries.values()] });
    this.writing = this.writing.then(() => writeFileAtomic(this.path, body)).catch(() => undefined);
    return this.writing;
  }
}

const keyOf = (hash: string, server: string) => `${server} ${hash}`;
