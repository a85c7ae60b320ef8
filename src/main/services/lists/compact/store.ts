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
import { SEARCH_SEPARATOR } from '../../../../shared/lists';
import type { ListStore } from '../store';
import { radixOrder, rankTexts } from '../../../../shared/rows';
import { HEX_IDS, hexIdLength, needleIn, readHexId, readWindowed, windowedLength, windowOf, writeHexId, writeWindowed } from './dense-text';

const GROW = 1.5;

/** Bytes of one segment of a byte table (a string never spans two; addresses are segment << 24 | offset). */
const SEGMENT_BITS = 24;
const SEGMENT = 1 << SEGMENT_BITS;
const OFFSET_MASK = SEGMENT - 1;
/** Texts shorter than this on average are searched row by row where most rows match (see matchAll). */
const DENSE_TEXT_BYTES = 128;

/**
 * The segments of every byte pool of one store, by number: an address is `segment << 24 | offset`,
 * whichever pool wrote it, so an entry of one table can point into bytes another pool holds (a row's
 * text field into its search text).
 */
class SegmentSpace {
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
class BytePool {
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
class ByteTable {
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

function grow32(array: Uint32Array, atLeast: number): Uint32Array {
  const grown = new Uint32Array(Math.max(atLeast, Math.ceil(array.length * GROW), 64));
  grown.set(array);
  return grown;
}
/**
 * An array cut to its first `used` elements (a copy) when over an eighth of it is room for growth; the
 * same array otherwise. The list is whole then; one array is copied at a time, the old one left to go.
 */
function exact<A extends Uint8Array | Uint16Array | Uint32Array | Float64Array>(array: A, used: number): A {
  return array.length - used > array.length / 8 ? (array.slice(0, used) as A) : array;
}

function grow64(array: Float64Array, atLeast: number): Float64Array {
  const grown = new Float64Array(Math.max(atLeast, Math.ceil(array.length * GROW), 64));
  grown.set(array);
  return grown;
}

/** A value's place in a shape: a leaf kept in a column, or a constant of the shape. */
type Node =
  | { kind: 'object'; keys: string[]; children: Node[] }
  | { kind: 'array'; children: Node[] }
  | { kind: 'number'; slot: number }
  | { kind: 'string'; slot: number }
  /** A time as JavaScript writes it (toISOString), kept as its milliseconds in a number column. */
  | { kind: 'instant'; slot: number }
  | { kind: 'constant'; value: boolean | null };

/** A leaf keeps its values once each while it has at most this many distinct ones. */
const INTERN_LIMIT = 256;

class Shape {
  numbers: Float64Array;
  strings: Uint32Array;
  rows = 0;
  index = 0;
  /** Per string slot: value -> string id while the slot has few distinct values; null after. */
  readonly interned: (Map<string, number> | null)[];

  constructor(
    readonly root: Node,
    readonly numberSlots: number,
    readonly stringSlots: number,
  ) {
    this.numbers = new Float64Array(numberSlots * 16);
    this.strings = new Uint32Array(stringSlots * 16);
    this.interned = Array.from({ length: stringSlots }, () => new Map<string, number>());
  }
}

/** The shape's signature and tree of a value (slots numbered in walk order). */
function describe(value: unknown, counters: { n: number; s: number }): { sig: string; node: Node } {
  if (value === null || typeof value === 'boolean') return { sig: value === null ? 'z' : value ? 't' : 'f', node: { kind: 'constant', value } };
  if (typeof value === 'number') return { sig: 'n', node: { kind: 'number', slot: counters.n++ } };
  if (typeof value === 'string') return isInstant(value) ? { sig: 'i', node: { kind: 'instant', slot: counters.n++ } } : { sig: 's', node: { kind: 'string', slot: counters.s++ } };
  if (Array.isArray(value)) {
    const parts = value.map((item) => describe(item, counters));
    return { sig: `[${parts.map((p) => p.sig).join(',')}]`, node: { kind: 'array', children: parts.map((p) => p.node) } };
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    const parts = keys.map((key) => describe((value as Record<string, unknown>)[key], counters));
    return { sig: `{${keys.map((k, i) => `${JSON.stringify(k)}:${parts[i]!.sig}`).join(',')}}`, node: { kind: 'object', keys, children: parts.map((p) => p.node) } };
  }
  // undefined and functions do not come out of JSON.parse or valibot's output.
  throw new Error(`A list row holds a ${typeof value}.`);
}

/** The signature alone (the common case: the shape is known), without building a tree. */
function signature(value: unknown): string {
  if (value === null) return 'z';
  switch (typeof value) {
    case 'boolean':
      return value ? 't' : 'f';
    case 'number':
      return 'n';
    case 'string':
      return isInstant(value) ? 'i' : 's';
    case 'object': {
      if (Array.isArray(value)) {
        let sig = '[';
        for (let i = 0; i < value.length; i++) sig += (i ? ',' : '') + signature(value[i]);
        return `${sig}]`;
      }
      let sig = '{';
      let first = true;
      for (const key in value) {
        sig += `${first ? '' : ','}${JSON.stringify(key)}:${signature((value as Record<string, unknown>)[key])}`;
        first = false;
      }
      return `${sig}}`;
    }
    default:
      throw new Error(`A list row holds a ${typeof value}.`);
  }
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether `text` is a time exactly as toISOString writes it ('2026-11-26T09:44:05.120Z'), so that its
 * milliseconds give it back as it was: checked digit by digit (a row has several; no Date is made).
 */
export function isInstant(text: string): boolean {
  if (text.length !== 24 || text.charCodeAt(23) !== 90 || text.charCodeAt(10) !== 84) return false;
  // Separators at 4, 7 ('-'), 13, 16 (':'), 19 ('.'); digits everywhere else.
  const number = (from: number, to: number): number => {
    let n = 0;
    for (let i = from; i < to; i++) {
      const d = text.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return -1;
      n = n * 10 + d;
    }
    return n;
  };
  if (text[4] !== '-' || text[7] !== '-' || text[13] !== ':' || text[16] !== ':' || text[19] !== '.') return false;
  const year = number(0, 4);
  const month = number(5, 7);
  const day = number(8, 10);
  if (year < 0 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number))) return false;
  const hour = number(11, 13);
  const minute = number(14, 16);
  const second = number(17, 19);
  return hour >= 0 && hour < 24 && minute >= 0 && minute < 60 && second >= 0 && second < 60 && number(20, 23) >= 0;
}

/** Whether `needle` occurs in `bytes` between `start` and `end` (a plain loop: texts are short, and a view per row costs more). */
function within(bytes: Uint8Array, needle: Uint8Array, start: number, end: number): boolean {
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

/** Shapes tried, most recent first, before a row's signature is built. */
const RECENT_SHAPES = 8;

/** Whether `value` has the shape of `node` (the same keys in the same order, the same kinds of leaves). */
function fits(node: Node, value: unknown): boolean {
  switch (node.kind) {
    case 'number':
      return typeof value === 'number';
    case 'string':
      // An instant is kept as one (a shape of a text there takes only other texts).
      return typeof value === 'string' && !isInstant(value);
    case 'instant':
      return typeof value === 'string' && isInstant(value);
    case 'constant':
      return value === node.value;
    case 'array': {
      if (!Array.isArray(value) || value.length !== node.children.length) return false;
      for (let i = 0; i < value.length; i++) if (!fits(node.children[i]!, value[i])) return false;
      return true;
    }
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
      let k = 0;
      for (const key in value) {
        if (node.keys[k] !== key || !fits(node.children[k]!, (value as Record<string, unknown>)[key])) return false;
        k++;
      }
      return k === node.keys.length;
    }
  }
}

/**
 * The property path a reader follows (`(l) => l.userInfo.mobileNumber` reads ['userInfo', 'mobileNumber']),
 * found by running it once on a recording stand-in; null when it computes anything else, so it is run
 * on the decoded row instead.
 */
export function pathOf<T>(get: (row: T, index: number) => unknown): string[] | null {
  const path: string[] = [];
  let last: object | null = null;
  const step = (): object =>
    (last = new Proxy(
      {},
      {
        get(_target, key) {
          if (typeof key !== 'string') throw new Error('not a plain path');
          path.push(key);
          return step();
        },
      },
    ));
  try {
    const root = step();
    const out = get(root as T, 0);
    return out === last && path.length > 0 ? path : null;
  } catch {
    return null;
  }
}

/** Where a path ends in one shape: a node (keys left over apply to its decoded value), or nothing there. */
type PathEnd = { node: Node; rest: string[] } | { constant: unknown };

function follow(root: Node, path: readonly string[]): PathEnd {
  let node = root;
  for (let k = 0; k < path.length; k++) {
    const key = path[k]!;
    if (node.kind === 'object') {
      const at = node.keys.indexOf(key);
      if (at < 0) return { constant: undefined };
      node = node.children[at]!;
    } else if (node.kind === 'array') {
      if (key === 'length') return k === path.length - 1 ? { constant: node.children.length } : { node, rest: path.slice(k) };
      const at = Number(key);
      if (!Number.isInteger(at) || at < 0 || at >= node.children.length) return { constant: undefined };
      node = node.children[at]!;
    } else if (node.kind === 'constant') {
      // A null where the path goes on: the row lacks it (a partly read record), as a guarded reader says.
      return { constant: undefined };
    } else {
      return { node, rest: path.slice(k) };
    }
  }
  return { node, rest: [] };
}

/** The search texts of one window (dense-text.ts), alone in a pool, and the row of each. */
class TextShelf {
  readonly pool: BytePool;
  readonly table: ByteTable;
  rows: Uint32Array = new Uint32Array(1024);

  constructor(
    space: SegmentSpace,
    readonly window: number,
    readonly index: number,
  ) {
    this.pool = new BytePool(space, window);
    this.table = new ByteTable(this.pool);
  }

  add(text: string, row: number): number {
    const entry = this.table.add(text);
    if (entry >= this.rows.length) this.rows = grow32(this.rows, entry + 1);
    this.rows[entry] = row;
    return entry;
  }

  trim(): void {
    this.pool.trim();
    this.table.trim();
    this.rows = exact(this.rows, this.table.count);
  }

  get size(): number {
    return this.pool.size + this.table.size + this.rows.byteLength;
  }
}

const CAPITAL = /[A-Z]/;
const CAPITALS = /[A-Z]/g;

/** Windows kept apart at most (a row's shelf is a byte); texts of any further window are kept in UTF-8. */
const MAX_SHELVES = 256;

export class CompactStore<T> implements ListStore<T> {
  private readonly shapes: Shape[] = [];
  private readonly shapeBySig = new Map<string, Shape>();
  /** The shapes used last, most recent first. */
  private readonly recent: Shape[] = [];
  /** Per row: its shape's number and its place among that shape's rows. */
  private shapeOf: Uint16Array = new Uint16Array(1024);
  private slotOf: Uint32Array = new Uint32Array(1024);
  private n = 0;
  private readonly space = new SegmentSpace();
  /**
   * Search texts by window (Indian scripts at a byte a character), each window's alone in its pool:
   * matchAll scans a pool's segments whole with the needle written in that window.
   */
  private readonly shelves: TextShelf[] = [];
  private readonly shelfOfWindow = new Map<number, TextShelf>();
  /** Per row: its search text's shelf and place there. */
  private textShelf: Uint8Array = new Uint8Array(1024);
  private textEntry: Uint32Array = new Uint32Array(1024);
  /** Row values and secret keys, in UTF-8; ids in hex at half their length in a pool of their own. */
  private readonly valuePool = new BytePool(this.space);
  private readonly hexPool = new BytePool(this.space, HEX_IDS);
  /** Row values: a value equal to a part of its row's search text (no capitals) is that part's bytes, not a copy. */
  private readonly strings = new ByteTable(this.valuePool);
  /** The row being appended: its search text's parts and where each starts (found when a value is first looked up). */
  private current: { text: string; start: number; end: number; parts: string[] | null; offsets: number[] } = { text: '', start: 0, end: 0, parts: null, offsets: [] };
  /** The needle asked last, in each window it was asked in (typing asks the same needle of many rows). */
  private needle = { text: '', bytes: new Map<number, Buffer | null>() };
  /** Open addressing: row + 1 per bucket (0 = empty), by the hash of the row's secret key. */
  private buckets: Uint32Array = new Uint32Array(0);
  private readonly secretKeys = new ByteTable(this.valuePool);
  private secretRows: Uint32Array = new Uint32Array(1024);
  /** Each secret key's hash (a rehash needs no key decoded). */
  private secretHashes: Uint32Array = new Uint32Array(1024);

  get length(): number {
    return this.n;
  }

  /** The shape of a row: most rows have the shape of a recent one (checked without building a signature). */
  private shapeFor(row: unknown): Shape {
    const recent = this.recent;
    for (let k = 0; k < recent.length; k++) {
      const shape = recent[k]!;
      if (fits(shape.root, row)) {
        if (k > 0) {
          recent.splice(k, 1);
          recent.unshift(shape);
        }
        return shape;
      }
    }
    const sig = signature(row);
    let shape = this.shapeBySig.get(sig);
    if (!shape) {
      if (this.shapes.length >= 0xffff) throw new Error('The list has too many row shapes to keep.');
      const counters = { n: 0, s: 0 };
      const { node } = describe(row, counters);
      shape = new Shape(node, counters.n, counters.s);
      shape.index = this.shapes.length;
      this.shapes.push(shape);
      this.shapeBySig.set(sig, shape);
    }
    recent.unshift(shape);
    if (recent.length > RECENT_SHAPES) recent.pop();
    return shape;
  }

  /**
   * The list is whole: the unused room of each byte table's last 16 MiB segment goes back (a question
   * list's was a fifth of its store), and the typed arrays' room for growth where it is over an eighth
   * of them. One is copied at a time (copying them all at once, each old one still held, added about
   * 100 MB to the peak RSS of a million learners).
   */
  finish(): void {
    for (const shelf of this.shelves) shelf.trim();
    this.valuePool.trim();
    this.hexPool.trim();
    this.strings.trim();
    this.secretKeys.trim();
    for (const shape of this.shapes) {
      shape.numbers = exact(shape.numbers, shape.rows * shape.numberSlots);
      shape.strings = exact(shape.strings, shape.rows * shape.stringSlots);
    }
    this.shapeOf = exact(this.shapeOf, this.n);
    this.slotOf = exact(this.slotOf, this.n);
    this.textShelf = exact(this.textShelf, this.n);
    this.textEntry = exact(this.textEntry, this.n);
    this.secretRows = exact(this.secretRows, this.secretKeys.count);
    this.secretHashes = exact(this.secretHashes, this.secretKeys.count);
  }

  append(row: T, text: string, secretKey: string | null): void {
    const shape = this.shapeFor(row);
    if (this.n >= this.shapeOf.length) {
      const grown = new Uint16Array(Math.max(this.n + 1024, Math.ceil(this.shapeOf.length * GROW)));
      grown.set(this.shapeOf);
      this.shapeOf = grown;
      this.slotOf = grow32(this.slotOf, grown.length);
      const shelves = new Uint8Array(grown.length);
      shelves.set(this.textShelf);
      this.textShelf = shelves;
      this.textEntry = grow32(this.textEntry, grown.length);
    }
    this.shapeOf[this.n] = shape.index;
    this.slotOf[this.n] = shape.rows;
    const k = shape.rows;
    if ((k + 1) * shape.numberSlots > shape.numbers.length) shape.numbers = grow64(shape.numbers, (k + 1) * shape.numberSlots);
    if ((k + 1) * shape.stringSlots > shape.strings.length) shape.strings = grow32(shape.strings, (k + 1) * shape.stringSlots);
    // The text first: the row's values may be parts of it.
    const shelf = this.shelfFor(windowOf(text));
    const entry = shelf.add(text, this.n);
    this.textShelf[this.n] = shelf.index;
    this.textEntry[this.n] = entry;
    this.current = { text, start: shelf.table.starts[entry] as number, end: shelf.table.ends[entry] as number, parts: null, offsets: [] };
    this.write(shape, shape.root, row, k);
    shape.rows += 1;
    if (secretKey !== null) this.addSecret(secretKey, this.n);
    this.n += 1;
  }

  /** The shelf of a window's texts (made at its first text); past MAX_SHELVES windows, UTF-8's. */
  private shelfFor(window: number): TextShelf {
    let shelf = this.shelfOfWindow.get(window);
    if (!shelf) {
      if (this.shelves.length >= MAX_SHELVES - 1 && window !== 0) return this.shelfFor(0);
      shelf = new TextShelf(this.space, window, this.shelves.length);
      this.shelves.push(shelf);
      this.shelfOfWindow.set(window, shelf);
    }
    return shelf;
  }

  private write(shape: Shape, node: Node, value: unknown, k: number): void {
    switch (node.kind) {
      case 'number':
        shape.numbers[k * shape.numberSlots + node.slot] = value as number;
        return;
      case 'instant':
        shape.numbers[k * shape.numberSlots + node.slot] = Date.parse(value as string);
        return;
      case 'string': {
        const text = value as string;
        const interned = shape.interned[node.slot];
        let id = interned?.get(text);
        if (id === undefined) {
          id = this.partOfText(text) ?? (hexIdLength(text) > 0 ? this.strings.addIn(this.hexPool, text) : this.strings.add(text));
          if (interned) {
            if (interned.size >= INTERN_LIMIT) shape.interned[node.slot] = null;
            else interned.set(text, id);
          }
        }
        shape.strings[k * shape.stringSlots + node.slot] = id;
        return;
      }
      case 'object':
        for (let i = 0; i < node.keys.length; i++) this.write(shape, node.children[i]!, (value as Record<string, unknown>)[node.keys[i]!], k);
        return;
      case 'array':
        for (let i = 0; i < node.children.length; i++) this.write(shape, node.children[i]!, (value as unknown[])[i], k);
        return;
      case 'constant':
        return;
    }
  }

  /**
   * A string id for `value` pointing into the current row's search text where the value is one of its
   * parts as they are (lower case already: Indian scripts have no capitals, so a question in Hindi and
   * its options are kept once, not twice) or but for its ASCII capitals; undefined when it is not.
   */
  private partOfText(value: string): number | undefined {
    const row = this.current;
    if (value.length === 0 || value.length > row.text.length) return undefined;
    row.parts ??= row.text.split(SEARCH_SEPARATOR);
    let at = row.parts.indexOf(value);
    // A value with ASCII capitals (a sentence, 'UPI'): its part is the same in lower case. Positions are
    // kept in 16 bits.
    const capitalized = at < 0 && value.length <= 0xffff && CAPITAL.test(value);
    if (capitalized) at = row.parts.indexOf(value.replace(CAPITALS, (c) => c.toLowerCase()));
    if (at < 0) return undefined;
    // Where each part starts, as the text is written: after each separator (a zero byte in UTF-8 and in
    // a window alike, and nowhere else: split cut the text at the same places).
    const offsets = row.offsets;
    if (offsets.length === 0) {
      const from = row.start & OFFSET_MASK;
      const bytes = this.space.segments[row.start >>> SEGMENT_BITS]!.subarray(from, from + (row.end - row.start));
      offsets.push(row.start);
      for (let at = bytes.indexOf(0); at >= 0; at = bytes.indexOf(0, at + 1)) offsets.push(row.start + at + 1);
      offsets.push(row.end + 1);
    }
    if (offsets.length !== row.parts.length + 1) return undefined;
    const [start, end] = [offsets[at] as number, (offsets[at + 1] as number) - 1];
    return capitalized ? this.strings.addCapitalized(start, end, value) : this.strings.addAt(start, end);
  }

  private read(shape: Shape, node: Node, k: number): unknown {
    switch (node.kind) {
      case 'number':
        return shape.numbers[k * shape.numberSlots + node.slot];
      case 'instant':
        return new Date(shape.numbers[k * shape.numberSlots + node.slot] as number).toISOString();
      case 'string':
        return this.strings.get(shape.strings[k * shape.stringSlots + node.slot] as number);
      case 'object': {
        const out: Record<string, unknown> = {};
        for (let i = 0; i < node.keys.length; i++) {
          const key = node.keys[i]!;
          const value = this.read(shape, node.children[i]!, k);
          // An own '__proto__' key (JSON.parse makes one) stays data, as it came.
          if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
          else out[key] = value;
        }
        return out;
      }
      case 'array':
        return node.children.map((child) => this.read(shape, child, k));
      case 'constant':
        return node.value;
    }
  }

  /**
   * Row i's value of one field, decoding only that value where `get` follows a plain path (a sort of a
   * million rows reads one leaf per row, not a million rebuilt objects).
   */
  reader(get: (row: T, index: number) => unknown): (i: number) => unknown {
    const path = pathOf(get);
    if (!path) return (i) => get(this.row(i), i);
    const ends: (PathEnd | undefined)[] = [];
    // A leaf of few distinct values (a language) decodes each of them once.
    const decoded = new Map<number, string>();
    const text = (shape: Shape, slot: number, id: number): string => {
      if (shape.interned[slot] === null) return this.strings.get(id);
      let value = decoded.get(id);
      if (value === undefined) decoded.set(id, (value = this.strings.get(id)));
      return value;
    };
    return (i) => {
      const shape = this.shapes[this.shapeOf[i] as number]!;
      const end = (ends[shape.index] ??= follow(shape.root, path));
      if ('constant' in end) return end.constant;
      const k = this.slotOf[i] as number;
      const { node, rest } = end;
      let value: unknown =
        node.kind === 'number'
          ? shape.numbers[k * shape.numberSlots + node.slot]
          : node.kind === 'string'
            ? text(shape, node.slot, shape.strings[k * shape.stringSlots + node.slot] as number)
            : this.read(shape, node, k);
      for (const key of rest) value = value === null || value === undefined ? undefined : (value as Record<string, unknown>)[key];
      return value;
    };
  }

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

  row(i: number): T {
    if (i < 0 || i >= this.n) throw new RangeError(`No row ${i}.`);
    const shape = this.shapes[this.shapeOf[i] as number]!;
    return this.read(shape, shape.root, this.slotOf[i] as number) as T;
  }

  /** The needle's bytes in a window (null: no text of that window can hold it). */
  private needleBytes(needle: string, window: number): Buffer | null {
    if (this.needle.text !== needle) this.needle = { text: needle, bytes: new Map() };
    let bytes = this.needle.bytes.get(window);
    if (bytes === undefined) this.needle.bytes.set(window, (bytes = needleIn(needle, window)));
    return bytes;
  }

  contains(i: number, needle: string): boolean {
    const shelf = this.shelves[this.textShelf[i] as number]!;
    const bytes = this.needleBytes(needle, shelf.window);
    return bytes !== null && shelf.table.has(this.textEntry[i] as number, bytes);
  }

  /** Every row's match: each window's texts searched with the needle written in that window. */
  matchAll(needle: string): Uint8Array {
    const marks = new Uint8Array(this.n);
    for (const shelf of this.shelves) {
      const bytes = this.needleBytes(needle, shelf.window);
      if (bytes) this.matchShelf(shelf, bytes, marks);
    }
    return marks;
  }

  /**
   * Every row's match, in blocks of rows: where matches are rare, Buffer.indexOf jumps through a
   * segment's texts; where most rows match (a first letter) and the texts are short, a check per row
   * is quicker than a call per match. Over long texts (a question's, hundreds of bytes) the check per
   * row reads most of them byte by byte, and Buffer.indexOf is quicker even there. Each block picks by
   * the one before it. `row` counts the shelf's texts; a match marks the row of the text.
   */
  private matchShelf(shelf: TextShelf, bytes: Buffer, marks: Uint8Array): void {
    const texts = shelf.table;
    const n = texts.count;
    const rowOf = shelf.rows;
    const { starts, ends } = texts;
    let dense = false;
    // The segment of the row searched from, and the row its texts end before.
    let rowsOf = { seg: -1, end: n };
    // A match found past the end of a block: the next block starts from it instead of searching again.
    let ahead = -1;
    let row = 0;
    while (row < n) {
      const blockEnd = Math.min(n, row + 4096);
      let hits = 0;
      const from = row;
      if (dense) {
        for (; row < blockEnd; row++) {
          if (texts.has(row, bytes)) {
            marks[rowOf[row] as number] = 1;
            hits++;
          }
        }
      } else {
        while (row < blockEnd) {
          const seg = (starts[row] as number) >>> SEGMENT_BITS;
          if (seg !== rowsOf.seg) rowsOf = { seg, end: Math.min(n, texts.firstAfterSegment(seg, row)) };
          const segEnd = rowsOf.end;
          let address = ahead;
          if (ahead < (starts[row] as number)) {
            const at = texts.segments[seg]!.indexOf(bytes, (starts[row] as number) & OFFSET_MASK);
            // No match up to the segment's end: its rows are skipped outright, past the block.
            if (at < 0 || at >= shelf.pool.usedOf(seg)) {
              row = segEnd;
              continue;
            }
            address = ((seg << SEGMENT_BITS) | at) >>> 0;
          }
          while (row < segEnd && (ends[row] as number) <= address) row++;
          if (row >= segEnd || row >= blockEnd) {
            if (row >= blockEnd && row < segEnd) ahead = address;
            row = Math.min(row, blockEnd);
            continue;
          }
          // Inside this row's text (not across into the next one's): a match.
          const inside = (starts[row] as number) <= address && address + bytes.length <= (ends[row] as number);
          if (inside || texts.has(row, bytes)) {
            marks[rowOf[row] as number] = 1;
            hits++;
          }
          row++;
        }
      }
      // Rows of a block in two segments read as long: their addresses differ by the segment.
      dense = hits * 4 > row - from && (ends[row - 1] as number) - (starts[from] as number) < DENSE_TEXT_BYTES * (row - from);
    }
  }

  private static hash(key: string): number {
    // FNV-1a over UTF-16 units.
    let h = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    return h >>> 0;
  }

  private addSecret(key: string, row: number): void {
    const id = this.secretKeys.add(key);
    if (id >= this.secretRows.length) {
      this.secretRows = grow32(this.secretRows, id + 1);
      this.secretHashes = grow32(this.secretHashes, id + 1);
    }
    this.secretRows[id] = row;
    this.secretHashes[id] = CompactStore.hash(key);
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
    const hash = this.secretHashes[id] as number;
    let b = hash & mask;
    for (;;) {
      const held = this.buckets[b] as number;
      if (held === 0) break;
      if (key !== null && this.secretHashes[held - 1] === hash && this.secretKeys.get(held - 1) === key) break;
      b = (b + 1) & mask;
    }
    this.buckets[b] = id + 1;
  }

  findSecret(key: string): number {
    if (this.buckets.length === 0) return -1;
    const mask = this.buckets.length - 1;
    const hash = CompactStore.hash(key);
    let b = hash & mask;
    while (this.buckets[b] !== 0) {
      const id = (this.buckets[b] as number) - 1;
      if (this.secretHashes[id] === hash && this.secretKeys.get(id) === key) return this.secretRows[id] as number;
      b = (b + 1) & mask;
    }
    return -1;
  }

  /** Bytes in typed arrays and buffers (outside the JS heap's objects), for the memory report. */
  get bytes(): number {
    let total = this.shelves.reduce((sum, shelf) => sum + shelf.size, 0) + this.textShelf.byteLength + this.textEntry.byteLength + this.valuePool.size + this.hexPool.size + this.strings.size + this.secretKeys.size + this.shapeOf.byteLength + this.slotOf.byteLength + this.buckets.byteLength + this.secretRows.byteLength + this.secretHashes.byteLength;
    for (const shape of this.shapes) total += shape.numbers.byteLength + shape.strings.byteLength;
    return total;
  }
}
