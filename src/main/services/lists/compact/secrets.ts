// Secret keys of the compact store (./store.ts): a learner's mobile key to the row that holds its token,
// found through an open-addressing hash table of row numbers (no map of a million strings).
import { ByteTable, exact, grow32, type BytePool } from './bytes';

/** FNV-1a over UTF-16 units. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class SecretIndex {
  /** Open addressing: row + 1 per bucket (0 = empty), by the hash of the row's secret key. */
  private buckets: Uint32Array = new Uint32Array(0);
  private readonly keys: ByteTable;
  private rows: Uint32Array = new Uint32Array(1024);
  /** Each secret key's hash (a rehash needs no key decoded). */
  private hashes: Uint32Array = new Uint32Array(1024);

  constructor(pool: BytePool) {
    this.keys = new ByteTable(pool);
  }

  add(key: string, row: number): void {
    const id = this.keys.add(key);
    if (id >= this.rows.length) {
      this.rows = grow32(this.rows, id + 1);
      this.hashes = grow32(this.hashes, id + 1);
    }
    this.rows[id] = row;
    this.hashes[id] = hash(key);
    // Keep the table at most half full.
    if ((id + 1) * 2 > this.buckets.length) {
      this.buckets = new Uint32Array(Math.max(1024, this.buckets.length * 2));
      // Newest first: of keys held twice, a lookup meets the later row's first.
      for (let k = id - 1; k >= 0; k--) this.place(k, null);
    }
    this.place(id, key);
  }

  /** Puts key `id` in its bucket; `key` given: a bucket holding the same key is taken over (the later row wins). */
  private place(id: number, key: string | null): void {
    const mask = this.buckets.length - 1;
    const h = this.hashes[id] as number;
    let b = h & mask;
    for (;;) {
      const held = this.buckets[b] as number;
      if (held === 0) break;
      if (key !== null && this.hashes[held - 1] === h && this.keys.get(held - 1) === key) break;
      b = (b + 1) & mask;
    }
    this.buckets[b] = id + 1;
  }

  /** The row kept under `key`, or -1. */
  find(key: string): number {
    if (this.buckets.length === 0) return -1;
    const mask = this.buckets.length - 1;
    const h = hash(key);
    let b = h & mask;
    while (this.buckets[b] !== 0) {
      const id = (this.buckets[b] as number) - 1;
      if (this.hashes[id] === h && this.keys.get(id) === key) return this.rows[id] as number;
      b = (b + 1) & mask;
    }
    return -1;
  }

  /** Its key table's last segment's unused room; each array's room for growth (see the store's finish). */
  trimKeys(): void {
    this.keys.trim();
  }

  trimArrays(): void {
    this.rows = exact(this.rows, this.keys.count);
    this.hashes = exact(this.hashes, this.keys.count);
  }

  /** Bytes it holds, for the memory report. */
  get size(): number {
    return this.keys.size + this.buckets.byteLength + this.rows.byteLength + this.hashes.byteLength;
  }
}
