// The compact store's bytes (./store.ts): pools of 16 MiB segments addressed alike whichever pool holds
// them, and string tables of address ranges into them (UTF-8, hex ids at half their length, or a part
// of a row's own search text).
import { HEX_IDS, hexIdLength, readHexId, readWindowed, windowedLength, writeHexId, writeWindowed } from './dense-text';


export const GROW = 1.5;

/** Bytes of one segment of a byte table (a string never spans two; addresses are segment << 24 | offset). */
export const SEGMENT_BITS = 24;
export const SEGMENT = 1 << SEGMENT_BITS;
export const OFFSET_MASK = SEGMENT - 1;
/** Texts shorter than this on average are searched row by row where most rows match (see matchAll). */
export const DENSE_TEXT_BYTES = 128;

/**
 * The segments of every byte pool of one store, by number: an address is `segment << 24 | offset`,
 * whichever pool wrote it, so an entry of one table can point into bytes another pool holds (a row's
 * text field into its search text).
 */
export class SegmentSpace {
  readonly segments: Buffer[] = [];
  /** Per segment, the window its texts are written in (dense-text.ts; 0: UTF-8). */
  readonly windows: number[] = [];

  add(buffer: Buffer, window: number): number {
    if (this.segments.length >= 256) throw new Error('The list is too large to keep (over 4 GB of text).');
    this.windows.push(window);
    return this.segments.push(buffer) - 1;
  }
}

/**
 * Strings as UTF-8 in segments of 16 MiB: growing never copies what is kept (one contiguous buffer
 * would, and hold old and new at once), and a full segment wastes at most one string's room. The first
 * segment starts small and doubles, so a short list holds little.
 */
export class BytePool {
  /** The numbers of this pool's segments, in the order they were filled. */
  private readonly own: number[];
  /** Bytes used in the last segment. */
  private used = 0;

  /** `window`: the texts are written in that window (dense-text.ts), 0: in UTF-8. */
  constructor(
    readonly space: SegmentSpace,
    readonly window = 0,
  ) {
    this.own = [space.add(Buffer.allocUnsafe(1 << 16), window)];
  }

  /** Writes `text`; its bytes are at addresses [start, end). */
  write(text: string): { start: number; end: number } {
    let seg = this.own[this.own.length - 1]!;
    let buffer = this.space.segments[seg]!;
    // At most three bytes per UTF-16 unit in UTF-8, five in a window; counted exactly only when that might not fit.
    const window = this.window;
    let need = window === HEX_IDS ? hexIdLength(text) : text.length * (window ? 5 : 3);
    if (this.used + need > buffer.length && window !== HEX_IDS) need = window ? windowedLength(text, window) : Buffer.byteLength(text, 'utf8');
    if (need > SEGMENT) throw new Error('A value of the list is too large to keep (over 16 MB).');
    if (this.used + need > buffer.length) {
      if (buffer.length < SEGMENT) {
        // The first segment grows (a copy of at most 16 MiB) until it is full size.
        let size = buffer.length * 2;
        while (size < this.used + need && size < SEGMENT) size *= 2;
        const grown = Buffer.allocUnsafe(Math.min(size, SEGMENT));
        buffer.copy(grown, 0, 0, this.used);
        this.space.segments[seg] = buffer = grown;
      }
      if (this.used + need > buffer.length) {
        seg = this.space.add((buffer = Buffer.allocUnsafe(SEGMENT)), this.window);
        this.own.push(seg);
        this.used = 0;
      }
    }
    const written =
      text.length === 0 ? 0 : window === HEX_IDS ? writeHexId(text, buffer, this.used) : window ? writeWindowed(text, window, buffer, this.used) : buffer.write(text, this.used, 'utf8');
    const start = ((seg << SEGMENT_BITS) | this.used) >>> 0;
    this.used += written;
    return { start, end: start + written };
  }

  /**
   * Gives back the unused room of the last segment (most of 16 MiB) once the list is whole: a copy of
   * at most one segment. Writing after it still works (the last segment grows again).
   */
  trim(): void {
    const last = this.own[this.own.length - 1]!;
    const buffer = this.space.segments[last]!;
    // Never empty: the segment grows by doubling.
    if (Math.max(this.used, 256) < buffer.length) {
      const exact = Buffer.allocUnsafeSlow(Math.max(this.used, 256));
      buffer.copy(exact, 0, 0, this.used);
      this.space.segments[last] = exact;
    }
  }

  /** Bytes used of segment `seg` (one of this pool's). */
  usedOf(seg: number): number {
    return seg === this.own[this.own.length - 1] ? this.used : this.space.segments[seg]!.length;
  }

  /** Bytes held (for the memory report). */
  get size(): number {
    return this.own.reduce((n, seg) => n + this.space.segments[seg]!.length, 0);
  }
}

/** Strings by number: each an address range, written by `add` into the table's pool or pointing into bytes kept already (`addAt`). */
export class ByteTable {
  readonly segments: Buffer[];
  readonly windows: number[];
  starts: Uint32Array = new Uint32Array(1 << 12);
  ends: Uint32Array = new Uint32Array(1 << 12);
  count = 0;

  constructor(readonly pool: BytePool) {
    this.segments = pool.space.segments;
    this.windows = pool.space.windows;
  }

  add(text: string): number {
    const { start, end } = this.pool.write(text);
    return this.addAt(start, end);
  }

  /** An entry for bytes already kept, at [start, end). */
  addAt(start: number, end: number): number {
    if (this.count >= this.starts.length) {
      this.starts = grow32(this.starts, this.count + 1);
      this.ends = grow32(this.ends, this.count + 1);
    }
    this.starts[this.count] = start;
    this.ends[this.count] = end;
    return this.count++;
  }

  /**
   * Entries whose value has ASCII capitals its bytes hold in lower case (a value kept as a part of its
   * row's search text: 'What is UPI?' as 'what is upi?'), in entry order, and where each one's capitals
   * are (`capitalAt[capitalFrom[c]..capitalFrom[c + 1]]`, UTF-16 positions). Sorts compare in lower
   * case, so only decoding puts them back.
   */
  private capitalEntries: Uint32Array = new Uint32Array(0);
  private capitalFrom: Uint32Array = new Uint32Array(1);
  private capitalAt: Uint16Array = new Uint16Array(0);
  private capitalCount = 0;

  get(k: number): string {
    const start = this.starts[k] as number;
    const offset = start & OFFSET_MASK;
    const end = offset + ((this.ends[k] as number) - start);
    const seg = start >>> SEGMENT_BITS;
    const window = this.windows[seg] as number;
    if (window === HEX_IDS) return readHexId(this.segments[seg]!, offset, end);
    const text = window ? readWindowed(this.segments[seg]!, offset, end, window) : this.segments[seg]!.toString('utf8', offset, end);
    return this.capitalCount === 0 ? text : this.withCapitals(k, text);
  }

  private withCapitals(k: number, text: string): string {
    const entries = this.capitalEntries;
    let lo = 0;
    let hi = this.capitalCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((entries[mid] as number) < k) lo = mid + 1;
      else hi = mid;
    }
    if (lo === this.capitalCount || entries[lo] !== k) return text;
    let out = '';
    let from = 0;
    for (let c = this.capitalFrom[lo] as number; c < (this.capitalFrom[lo + 1] as number); c++) {
      const at = this.capitalAt[c] as number;
      out += text.slice(from, at) + String.fromCharCode(text.charCodeAt(at) - 32);
      from = at + 1;
    }
    return out + text.slice(from);
  }

  /** An entry for bytes already kept that spell `value` with its ASCII capitals in lower case. */
  addCapitalized(start: number, end: number, value: string): number {
    const k = this.addAt(start, end);
    const c = this.capitalCount;
    if (c >= this.capitalEntries.length) this.capitalEntries = grow32(this.capitalEntries, c + 1);
    if (c + 2 > this.capitalFrom.length) this.capitalFrom = grow32(this.capitalFrom, c + 2);
    let used = this.capitalFrom[c] as number;
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      if (code < 65 || code > 90) continue;
      if (used >= this.capitalAt.length) {
        const grown = new Uint16Array(Math.max(256, used * 2));
        grown.set(this.capitalAt);
        this.capitalAt = grown;
      }
      this.capitalAt[used++] = i;
    }
    this.capitalEntries[c] = k;
    this.capitalFrom[c + 1] = used;
    this.capitalCount = c + 1;
    return k;
  }

  /** Whether entry k contains `needle`. */
  has(k: number, needle: Uint8Array): boolean {
    const start = this.starts[k] as number;
    const offset = start & OFFSET_MASK;
    return within(this.segments[start >>> SEGMENT_BITS]!, needle, offset, offset + ((this.ends[k] as number) - start));
  }

  /** The first entry from `k` on that starts in a later segment than `seg`, or count (entries of one pool are in address order). */
  firstAfterSegment(seg: number, k: number): number {
    const bound = ((seg + 1) << SEGMENT_BITS) >>> 0;
    let lo = k;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.starts[mid] as number) < bound) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** An entry for `text` written into another pool (ids in hex). */
  addIn(pool: BytePool, text: string): number {
    const { start, end } = pool.write(text);
    return this.addAt(start, end);
  }

  /** Gives back the entries' room for growth (the list is whole). */
  trim(): void {
    this.starts = exact(this.starts, this.count);
    this.ends = exact(this.ends, this.count);
  }

  /** Bytes of the entries (the pool's are counted once, by the pool). */
  get size(): number {
    return this.starts.byteLength + this.ends.byteLength + this.capitalEntries.byteLength + this.capitalFrom.byteLength + this.capitalAt.byteLength;
  }
}

export function grow32(array: Uint32Array, atLeast: number): Uint32Array {
  const grown = new Uint32Array(Math.max(atLeast, Math.ceil(array.length * GROW), 64));
  grown.set(array);
  return grown;
}
/**
 * An array cut to its first `used` elements (a copy) when over an eighth of it is room for growth; the
 * same array otherwise. The list is whole then; one array is copied at a time, the old one left to go.
 */
export function exact<A extends Uint8Array | Uint16Array | Uint32Array | Float64Array>(array: A, used: number): A {
  return array.length - used > array.length / 8 ? (array.slice(0, used) as A) : array;
}

export function grow64(array: Float64Array, atLeast: number): Float64Array {
  const grown = new Float64Array(Math.max(atLeast, Math.ceil(array.length * GROW), 64));
  grown.set(array);
  return grown;
}


/** Whether `needle` occurs in `bytes` between `start` and `end` (a plain loop: texts are short, and a view per row costs more). */
export function within(bytes: Uint8Array, needle: Uint8Array, start: number, end: number): boolean {
  const n = needle.length;
  if (n === 0) return true;
  const first = needle[0];
  const last = end - n;
  outer: for (let at = start; at <= last; at++) {
    if (bytes[at] !== first) continue;
    for (let k = 1; k < n; k++) if (bytes[at + k] !== needle[k]) continue outer;
    return true;
  }
  return false;
}
