// Duplicate records in a kept list (./kept-list.ts): rows whose `_id` another row has too get a mark
// (kept out of selection and bulk actions). Ids are hashed as rows arrive and sorted with their row
// numbers packed in one float (8 bytes a row for a moment, no map of a million strings); only rows whose
// hashes meet are compared by their ids.

/** Each row's `_id` hash as it arrives (0: no id), for the duplicate pass once the list is whole. */
export class IdHashes {
  private hashes = new Uint32Array(0);

  /** Notes row `i`'s id (rows are noted in order). */
  note(i: number, row: unknown): void {
    if (i >= this.hashes.length) {
      const grown = new Uint32Array(Math.max(1024, this.hashes.length * 2));
      grown.set(this.hashes);
      this.hashes = grown;
    }
    const id = row !== null && typeof row === 'object' ? (row as { _id?: unknown })._id : undefined;
    this.hashes[i] = typeof id === 'string' && id !== '' ? hash32(id) || 1 : 0;
  }

  /** The ids of the first `n` rows that more than one row has, each with its rows (`idAt` reads a row's id); the hashes are dropped. */
  duplicates(n: number, idAt: (i: number) => unknown): Map<string, number[]> {
    const hashes = this.hashes;
    this.hashes = new Uint32Array(0);
    const found = new Map<string, number[]>();
    if (n < 2) return found;
    const bits = Math.max(1, Math.ceil(Math.log2(n + 1)));
    const scale = 2 ** bits;
    const hashBits = Math.min(32, 53 - bits);
    const keys = new Float64Array(n);
    let m = 0;
    for (let i = 0; i < n; i++) {
      const h = hashes[i]!;
      if (h !== 0) keys[m++] = (h >>> (32 - hashBits)) * scale + i;
    }
    const sorted = keys.subarray(0, m).sort();
    for (let a = 0; a < m; ) {
      const hash = Math.floor(sorted[a]! / scale);
      let b = a + 1;
      while (b < m && Math.floor(sorted[b]! / scale) === hash) b++;
      if (b - a > 1) {
        const byId = new Map<string, number[]>();
        for (let k = a; k < b; k++) {
          const i = sorted[k]! - hash * scale;
          const id = idAt(i) as string;
          byId.set(id, [...(byId.get(id) ?? []), i]);
        }
        for (const [id, rows] of byId) if (rows.length >= 2) found.set(id, [...(found.get(id) ?? []), ...rows]);
      }
      a = b;
    }
    return found;
  }
}

/** FNV-1a over a string's UTF-16 code units: 32 bits. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
