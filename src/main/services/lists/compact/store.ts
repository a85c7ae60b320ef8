// The list worker's row store: a kept list as compactly as its shape allows, instead of a JavaScript
// object per row (a row of three small objects and seven strings costs about 1 KB in V8's heap).
//
// * Rows: records of one list share a few shapes (the same keys, in the same order, with the same kinds
//   of values). Each shape is stored once; a row is its shape's number and its leaf values in the
//   shape's columns: numbers and times written by toISOString (as milliseconds) in a Float64Array,
//   strings as ids (Uint32Array) into one string table, true / false / null in the shape itself. A row
//   is rebuilt only when a window shows it.
// * Bytes live in pools of 16 MiB segments, addressed alike whichever pool holds them. The string table
//   is an address range per string: UTF-8 in the values' pool, hex ids at half their length in theirs,
//   or a part of the row's own search text (a value kept once, not twice). Values a leaf repeats (a
//   language, a module id) are stored once while that leaf has few distinct values.
// * Search texts are kept by window (dense-text.ts: Indian scripts a byte a character), each window's in
//   a pool of its own, searched with Buffer.indexOf and the needle written in that window.
// * Secret keys (a learner's mobile) are found through an open-addressing hash table of row numbers.
//
// This file: the store as the kept list uses it (src/main/services/lists/store.ts), with the sorts over
// its columns: a text field ranked over the string table, a first sort's head found without ranking.
// The rows are kept by ./rows.ts.
import type { ListStore } from '../store';
import { radixOrder, rankTexts } from '../../../../shared/rows';
import { CompactRows } from './rows';
import { OFFSET_MASK, SEGMENT_BITS } from './bytes';
import { follow, isInstant, pathOf } from './shapes';

export { isInstant, pathOf };

export class CompactStore<T> extends CompactRows<T> implements ListStore<T> {
  /**
   * Each row's rank by one text field as the row pipeline sorts it (lower case, by UTF-16 code unit;
   * equal texts share a rank; an absent, null or empty value gets `ranks`, last), computed over the
   * string table: each distinct string once, not a decoded key per row. A field of few distinct values
   * (a language) ranks those few; one of many ASCII texts (mobiles, ISO times) is ranked from its
   * bytes, never decoded. Null when the field is not a text in every row shape (numbers, computed
   * values): the caller ranks decoded keys instead.
   */
  textRanks(get: (row: T, index: number) => unknown): { rank: Uint32Array; ranks: number } | null {
    const slots = this.textSlots(get);
    if (!slots) return this.instantRanks(get);
    const n = this.n;
    const table = this.strings;
    // Per row its string id (EMPTY: no text); the distinct ids in first-seen order.
    const EMPTY = 0xffffffff;
    const ids = new Uint32Array(n);
    const seen = new Uint8Array(table.count);
    const distinct: number[] = [];
    for (let i = 0; i < n; i++) {
      const shape = this.shapes[this.shapeOf[i] as number]!;
      const slot = slots[shape.index] as number;
      if (slot < 0) {
        ids[i] = EMPTY;
        continue;
      }
      const id = shape.strings[(this.slotOf[i] as number) * shape.stringSlots + slot] as number;
      if (table.ends[id] === table.starts[id]) {
        ids[i] = EMPTY;
        continue;
      }
      ids[i] = id;
      if (seen[id] === 0) {
        seen[id] = 1;
        distinct.push(id);
      }
    }
    const rankOf = new Uint32Array(table.count);
    const ranks = distinct.length > 4096 && this.allAscii(distinct) ? this.rankAscii(distinct, rankOf) : this.rankDecoded(distinct, rankOf);
    const rank = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const id = ids[i] as number;
      rank[i] = id === EMPTY ? ranks : (rankOf[id] as number);
    }
    return { rank, ranks };
  }

  /**
   * textRanks of a field kept as instants (their text order is their time order): ranked by their
   * milliseconds, a radix sort; null unless the field is an instant or absent in every row shape.
   */
  private instantRanks(get: (row: T, index: number) => unknown): { rank: Uint32Array; ranks: number } | null {
    const times = this.instantsOf(get);
    if (!times) return null;
    const { rows, keys, count, span } = times;
    const n = this.n;
    const order = radixOrder(keys, Math.max(1, Math.ceil(Math.log2(span + 1))));
    const rank = new Uint32Array(n);
    let next = -1;
    for (let k = 0; k < count; k++) {
      const at = order[k] as number;
      if (k === 0 || keys[at] !== keys[order[k - 1] as number]) next++;
      rank[rows[at] as number] = next;
    }
    const ranks = next + 1;
    // Rows without a time: last.
    for (let i = 0, k = 0; i < n; i++) {
      if (k < count && rows[k] === i) k++;
      else rank[i] = ranks;
    }
    return { rank, ranks };
  }

  /**
   * A field kept as instants: the rows that have one (in row order) and their times from the earliest
   * on (`keys`, whole numbers for radixOrder). Null unless it is an instant in every row shape, or absent,
   * null or an empty text (a row without a time).
   */
  private instantsOf(get: (row: T, index: number) => unknown): { rows: Uint32Array; keys: Float64Array; count: number; span: number } | null {
    const path = pathOf(get);
    if (!path) return null;
    // Per shape: its instant's number slot, -1 for no time, -2 for a text that must be empty.
    const slots: number[] = [];
    let instants = false;
    for (const shape of this.shapes) {
      const end = follow(shape.root, path);
      if ('constant' in end) {
        if (end.constant !== undefined && end.constant !== null) return null;
        slots.push(-1);
      } else if (end.rest.length > 0) return null;
      else if (end.node.kind === 'instant') {
        slots.push(end.node.slot);
        instants = true;
      } else if (end.node.kind === 'constant' && end.node.value === null) slots.push(-1);
      else if (end.node.kind === 'string') slots.push(-2 - end.node.slot);
      else return null;
    }
    if (!instants) return null;
    const n = this.n;
    const rows = new Uint32Array(n);
    const keys = new Float64Array(n);
    let count = 0;
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < n; i++) {
      const shape = this.shapes[this.shapeOf[i] as number]!;
      const slot = slots[shape.index] as number;
      if (slot === -1) continue;
      const k = this.slotOf[i] as number;
      if (slot < -1) {
        const id = shape.strings[k * shape.stringSlots + (-2 - slot)] as number;
        // A text beside times: ranked as texts are (by decoded keys) unless it is empty.
        if (this.strings.ends[id] !== this.strings.starts[id]) return null;
        continue;
      }
      const time = shape.numbers[k * shape.numberSlots + slot] as number;
      rows[count] = i;
      keys[count++] = time;
      if (time < min) min = time;
      if (time > max) max = time;
    }
    for (let k = 0; k < count; k++) keys[k] = (keys[k] as number) - min;
    return { rows, keys: keys.subarray(0, count), count, span: count ? max - min : 0 };
  }

  /** firstByText of a field kept as instants: the k earliest (or latest) rows, ties in row order, rows without a time last. */
  private firstByInstant(get: (row: T, index: number) => unknown, k: number, desc: boolean): Uint32Array | null {
    const times = this.instantsOf(get);
    if (!times) return null;
    const { rows, keys, count } = times;
    const size = Math.min(k, this.n);
    // Positions among the rows with a time, best first: a stable sort of the whole would rank them all.
    const best: number[] = [];
    const better = (a: number, b: number): boolean => (desc ? (keys[a] as number) > (keys[b] as number) : (keys[a] as number) < (keys[b] as number));
    // A list in about the opposite order puts most rows in: then ranking them is as quick (a radix sort).
    const limit = Math.max(1024, this.n >>> 3);
    let inserted = 0;
    for (let p = 0; p < count; p++) {
      if (best.length === size && !better(p, best[size - 1] as number)) continue;
      if (++inserted > limit) return null;
      let lo = 0;
      let hi = best.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (better(p, best[mid] as number)) hi = mid;
        else lo = mid + 1;
      }
      best.splice(lo, 0, p);
      if (best.length > size) best.pop();
    }
    const out = new Uint32Array(size);
    best.forEach((p, at) => (out[at] = rows[p] as number));
    // Then the rows without a time, in row order.
    for (let i = 0, k2 = 0, at = best.length; at < size && i < this.n; i++) {
      if (k2 < count && rows[k2] === i) k2++;
      else out[at++] = i;
    }
    return out;
  }

  /** Per shape, the string slot a plain path to a text field ends at (-1: no text there); null when it is not a text in every shape. */
  private textSlots(get: (row: T, index: number) => unknown): number[] | null {
    const path = pathOf(get);
    if (!path) return null;
    const slots: number[] = [];
    for (const shape of this.shapes) {
      const end = follow(shape.root, path);
      if ('constant' in end) {
        if (end.constant !== undefined && end.constant !== null) return null;
        slots.push(-1);
      } else if (end.node.kind === 'string' && end.rest.length === 0) slots.push(end.node.slot);
      else if (end.node.kind === 'constant' && end.node.value === null && end.rest.length === 0) slots.push(-1);
      else return null;
    }
    return slots;
  }

  /**
   * The first `k` rows in the order of a text field, as textRanks and orderByRanks give it (lower case by
   * UTF-16 code unit, ties in row order, rows without text last in both directions), found in one pass
   * that keeps the k best: a first sort's first window without ranking every string (a million mobiles:
   * a pass, not a ranking). Null where textRanks is null, or when too many rows need their texts decoded
   * to compare (texts in other scripts than ASCII) or enter the best (a list in about the opposite
   * order): then ranking them all is as quick.
   */
  firstByText(get: (row: T, index: number) => unknown, k: number, desc: boolean): Uint32Array | null {
    if (k <= 0) return null;
    const slots = this.textSlots(get);
    if (!slots) return this.firstByInstant(get, k, desc);
    const { starts, ends, segments } = this.strings;
    const n = this.n;
    const lower = (c: number): number => (c >= 65 && c <= 90 ? c + 32 : c);
    // Decoded, lower-cased texts by id, for comparisons that meet a byte outside ASCII.
    const decoded = new Map<number, string>();
    let decodes = 0;
    const text = (id: number): string => {
      let t = decoded.get(id);
      if (t === undefined) {
        decodes++;
        decoded.set(id, (t = this.strings.get(id).toLowerCase()));
      }
      return t;
    };
    // Two texts in the field's order (<0, 0, >0): lower-cased bytes while they are printable ASCII; from
    // the first byte outside it, the decoded texts (lower case of other scripts is not a byte rule, and
    // a byte below 0x20 may start an escape of a text written in a window).
    const compare = (a: number, b: number): number => {
      if (a === b) return 0;
      const sa = starts[a] as number;
      const sb = starts[b] as number;
      const ba = segments[sa >>> SEGMENT_BITS]!;
      const bb = segments[sb >>> SEGMENT_BITS]!;
      const oa = sa & OFFSET_MASK;
      const ob = sb & OFFSET_MASK;
      const la = (ends[a] as number) - sa;
      const lb = (ends[b] as number) - sb;
      const m = Math.min(la, lb);
      for (let c = 0; c < m; c++) {
        const x = ba[oa + c] as number;
        const y = bb[ob + c] as number;
        if (x >= 0x80 || y >= 0x80 || x < 0x20 || y < 0x20) {
          const p = text(a);
          const q = text(b);
          return p < q ? -1 : p > q ? 1 : 0;
        }
        const d = lower(x) - lower(y);
        if (d !== 0) return d;
      }
      // One is the other's start: the shorter first (both were ASCII up to here, so lower case keeps it).
      return la - lb;
    };
    // The best rows so far, best first (at most k): row numbers and their string ids.
    const best = new Uint32Array(Math.min(k, n));
    const bestId = new Uint32Array(best.length);
    let size = 0;
    // Rows without text, in row order: they come after every text.
    const empty: number[] = [];
    // Work past which ranking the whole column is as quick: decoded texts, rows put among the best.
    const limit = Math.max(1024, n >>> 3);
    let inserted = 0;
    for (let i = 0; i < n; i++) {
      if (decodes > limit) return null;
      const shape = this.shapes[this.shapeOf[i] as number]!;
      const slot = slots[shape.index] as number;
      const id = slot < 0 ? -1 : (shape.strings[(this.slotOf[i] as number) * shape.stringSlots + slot] as number);
      if (id < 0 || ends[id] === starts[id]) {
        if (empty.length < k) empty.push(i);
        continue;
      }
      // Ties keep row order: a later row must be strictly better than the worst kept.
      if (size === best.length) {
        const c = compare(id, bestId[size - 1] as number);
        if (desc ? c <= 0 : c >= 0) continue;
        size--;
      }
      // A list in about the opposite order puts most rows in: then ranking the column is as quick.
      if (++inserted > limit) return null;
      // After the kept rows it is not better than (binary search), the rest moved down one.
      let lo = 0;
      let hi = size;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const c = compare(id, bestId[mid] as number);
        if (desc ? c <= 0 : c >= 0) lo = mid + 1;
        else hi = mid;
      }
      best.copyWithin(lo + 1, lo, size);
      bestId.copyWithin(lo + 1, lo, size);
      best[lo] = i;
      bestId[lo] = id;
      size++;
    }
    const out = new Uint32Array(Math.min(k, n));
    out.set(best.subarray(0, size));
    for (let e = 0; size < out.length; e++) out[size++] = empty[e] as number;
    return out;
  }

  /** Whether the strings `ids` are all printable ASCII (then ranked from their bytes: see compare in firstByText). */
  private allAscii(ids: readonly number[]): boolean {
    const { starts, ends, segments } = this.strings;
    for (const id of ids) {
      const start = starts[id] as number;
      const bytes = segments[start >>> SEGMENT_BITS]!;
      const from = start & OFFSET_MASK;
      const to = from + ((ends[id] as number) - start);
      for (let b = from; b < to; b++) {
        const c = bytes[b] as number;
        if (c >= 0x80 || c < 0x20) return false;
      }
    }
    return true;
  }

  /** Ranks the strings `ids` (decoded, lower case) into rankOf by id; returns how many ranks. */
  private rankDecoded(ids: readonly number[], rankOf: Uint32Array): number {
    const keys = ids.map((id) => this.strings.get(id).toLowerCase());
    const byPosition = new Uint32Array(ids.length);
    const ranks = rankTexts(keys, Array.from(ids.keys()), byPosition, 0);
    ids.forEach((id, k) => (rankOf[id] = byPosition[k] as number));
    return ranks;
  }

  /**
   * Ranks ASCII strings from their bytes, as rankTexts ranks texts: after the prefix all share, each
   * string's next bytes (lower case) make a number in the alphabet they use; strings are ordered by it,
   * and only strings whose numbers tie and that go on past those bytes are compared byte by byte.
   */
  private rankAscii(ids: readonly number[], rankOf: Uint32Array): number {
    const { starts, ends, segments } = this.strings;
    const m = ids.length;
    const lower = (c: number): number => (c >= 65 && c <= 90 ? c + 32 : c);
    // Where each string's bytes are: its segment and offset, and its length (typed arrays: an Array of a
    // million elements made at its length would be a slow dictionary in V8).
    const segOf = new Uint8Array(m);
    const off = new Uint32Array(m);
    const len = new Uint32Array(m);
    for (let k = 0; k < m; k++) {
      const id = ids[k] as number;
      const start = starts[id] as number;
      segOf[k] = start >>> SEGMENT_BITS;
      off[k] = start & OFFSET_MASK;
      len[k] = (ends[id] as number) - start;
    }
    let shared = len[0] as number;
    for (let k = 1; k < m && shared > 0; k++) {
      const a = segments[segOf[0] as number]!;
      const b = segments[segOf[k] as number]!;
      const oa = off[0] as number;
      const ob = off[k] as number;
      let c = 0;
      const end = Math.min(shared, len[k] as number);
      while (c < end && lower(a[oa + c] as number) === lower(b[ob + c] as number)) c++;
      shared = c;
    }
    // Each position after the shared prefix has its own alphabet (an ISO time's month digit takes one
    // of three codes, its 'T' none): a position's code 0 is "the text ended", then its bytes in order.
    // The positions go into one number (mixed radix) while it stays below 2^52.
    const SCAN = 52;
    const used = new Uint8Array(SCAN * 128);
    const ended = new Uint8Array(SCAN);
    for (let k = 0; k < m; k++) {
      const bytes = segments[segOf[k] as number]!;
      const o = off[k] as number;
      const l = len[k] as number;
      const end = Math.min(l, shared + SCAN);
      for (let c = shared; c < end; c++) used[(c - shared) * 128 + lower(bytes[o + c] as number)] = 1;
      if (l < shared + SCAN) ended[Math.max(0, l - shared)] = 1;
    }
    const code = new Uint32Array(SCAN * 128);
    const bases: number[] = [];
    let product = 1;
    let limit = shared;
    for (let p = 0; p < SCAN; p++) {
      // Ended at or before p: "ended" at p too.
      if (p > 0 && ended[p - 1]) ended[p] = 1;
      let symbols = ended[p] as number;
      for (let c = 0; c < 128; c++) if (used[p * 128 + c]) code[p * 128 + c] = symbols++;
      if (product * Math.max(1, symbols) > 2 ** 52) break;
      product *= Math.max(1, symbols);
      bases.push(symbols);
      limit = shared + p + 1;
    }
    const bits = Math.max(1, Math.ceil(Math.log2(product)));
    const prefix = new Float64Array(m);
    for (let k = 0; k < m; k++) {
      const bytes = segments[segOf[k] as number]!;
      const o = off[k] as number;
      const l = len[k] as number;
      let value = 0;
      for (let p = 0; p < bases.length; p++) {
        const base = bases[p] as number;
        // A position every text has the same byte at adds nothing.
        if (base <= 1) continue;
        const c = shared + p;
        value = value * base + (c < l ? (code[p * 128 + lower(bytes[o + c] as number)] as number) : 0);
      }
      prefix[k] = value;
    }
    const order = radixOrder(prefix, bits);
    // Two strings by their bytes from `limit` on (their prefix numbers are equal): <0, 0, >0.
    const compareRest = (x: number, y: number): number => {
      const a = segments[segOf[x] as number]!;
      const b = segments[segOf[y] as number]!;
      const ox = off[x] as number;
      const oy = off[y] as number;
      const lx = len[x] as number;
      const ly = len[y] as number;
      const end = Math.min(lx, ly);
      for (let c = limit; c < end; c++) {
        const d = lower(a[ox + c] as number) - lower(b[oy + c] as number);
        if (d !== 0) return d;
      }
      return lx - ly;
    };
    for (let from = 0; from < m; ) {
      const value = prefix[order[from] as number] as number;
      let to = from + 1;
      let longer = (len[order[from] as number] as number) > limit;
      while (to < m && prefix[order[to] as number] === value) {
        if ((len[order[to] as number] as number) > limit) longer = true;
        to++;
      }
      if (longer && to - from > 1) order.subarray(from, to).sort((x, y) => compareRest(x, y) || x - y);
      from = to;
    }
    let next = -1;
    for (let k = 0; k < m; k++) {
      const x = order[k] as number;
      if (k === 0 || prefix[x] !== prefix[order[k - 1] as number] || compareRest(x, order[k - 1] as number) !== 0) next++;
      rankOf[ids[x] as number] = next;
    }
    return next + 1;
  }
}
