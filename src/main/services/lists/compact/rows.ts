// The compact store's rows (./store.ts adds the sorts): a kept list as compactly as its shape allows,
// instead of a JavaScript object per row (a row of three small objects and seven strings costs about
// 1 KB in V8's heap). A row is its shape's number and its leaf values in the shape's columns
// (./shapes.ts), its strings ids into one string table (./bytes.ts), its search text on its window's
// shelf (./text-shelf.ts), its secret key in ./secrets.ts. A row is rebuilt only when a window shows it.
import { SEARCH_SEPARATOR } from '../../../../shared/lists';
import { BytePool, ByteTable, exact, grow32, grow64, GROW, OFFSET_MASK, SEGMENT_BITS, SegmentSpace } from './bytes';
import { HEX_IDS, hexIdLength, needleIn, windowOf } from './dense-text';
import { SecretIndex } from './secrets';
import { describe, fits, follow, INTERN_LIMIT, pathOf, RECENT_SHAPES, Shape, signature, type Node, type PathEnd } from './shapes';
import { matchShelf, TextShelf } from './text-shelf';

const CAPITAL = /[A-Z]/;
const CAPITALS = /[A-Z]/g;

/** Windows kept apart at most (a row's shelf is a byte); texts of any further window are kept in UTF-8. */
const MAX_SHELVES = 256;

/** The rows of a kept list, compactly; see ./store.ts for the sorts over them. */
export class CompactRows<T> {
  protected readonly shapes: Shape[] = [];
  protected readonly shapeBySig = new Map<string, Shape>();
  /** The shapes used last, most recent first. */
  protected readonly recent: Shape[] = [];
  /** Per row: its shape's number and its place among that shape's rows. */
  protected shapeOf: Uint16Array = new Uint16Array(1024);
  protected slotOf: Uint32Array = new Uint32Array(1024);
  protected n = 0;
  protected readonly space = new SegmentSpace();
  /**
   * Search texts by window (Indian scripts at a byte a character), each window's alone in its pool:
   * matchAll scans a pool's segments whole with the needle written in that window.
   */
  protected readonly shelves: TextShelf[] = [];
  protected readonly shelfOfWindow = new Map<number, TextShelf>();
  /** Per row: its search text's shelf and place there. */
  protected textShelf: Uint8Array = new Uint8Array(1024);
  protected textEntry: Uint32Array = new Uint32Array(1024);
  /** Row values and secret keys, in UTF-8; ids in hex at half their length in a pool of their own. */
  protected readonly valuePool = new BytePool(this.space);
  protected readonly hexPool = new BytePool(this.space, HEX_IDS);
  /** Row values: a value equal to a part of its row's search text (no capitals) is that part's bytes, not a copy. */
  protected readonly strings = new ByteTable(this.valuePool);
  /** The row being appended: its search text's parts and where each starts (found when a value is first looked up). */
  protected current: { text: string; start: number; end: number; parts: string[] | null; offsets: number[] } = { text: '', start: 0, end: 0, parts: null, offsets: [] };
  /** The needle asked last, in each window it was asked in (typing asks the same needle of many rows). */
  protected needle = { text: '', bytes: new Map<number, Buffer | null>() };
  /** Secret keys (a learner's mobile) to their rows. */
  protected readonly secrets = new SecretIndex(this.valuePool);

  get length(): number {
    return this.n;
  }

  /** The shape of a row: most rows have the shape of a recent one (checked without building a signature). */
  protected shapeFor(row: unknown): Shape {
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
    this.secrets.trimKeys();
    for (const shape of this.shapes) {
      shape.numbers = exact(shape.numbers, shape.rows * shape.numberSlots);
      shape.strings = exact(shape.strings, shape.rows * shape.stringSlots);
    }
    this.shapeOf = exact(this.shapeOf, this.n);
    this.slotOf = exact(this.slotOf, this.n);
    this.textShelf = exact(this.textShelf, this.n);
    this.textEntry = exact(this.textEntry, this.n);
    this.secrets.trimArrays();
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
    if (secretKey !== null) this.secrets.add(secretKey, this.n);
    this.n += 1;
  }

  /** The shelf of a window's texts (made at its first text); past MAX_SHELVES windows, UTF-8's. */
  protected shelfFor(window: number): TextShelf {
    let shelf = this.shelfOfWindow.get(window);
    if (!shelf) {
      if (this.shelves.length >= MAX_SHELVES - 1 && window !== 0) return this.shelfFor(0);
      shelf = new TextShelf(this.space, window, this.shelves.length);
      this.shelves.push(shelf);
      this.shelfOfWindow.set(window, shelf);
    }
    return shelf;
  }

  protected write(shape: Shape, node: Node, value: unknown, k: number): void {
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
  protected partOfText(value: string): number | undefined {
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

  protected read(shape: Shape, node: Node, k: number): unknown {
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

  row(i: number): T {
    if (i < 0 || i >= this.n) throw new RangeError(`No row ${i}.`);
    const shape = this.shapes[this.shapeOf[i] as number]!;
    return this.read(shape, shape.root, this.slotOf[i] as number) as T;
  }

  /** The needle's bytes in a window (null: no text of that window can hold it). */
  protected needleBytes(needle: string, window: number): Buffer | null {
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
      if (bytes) matchShelf(shelf, bytes, marks);
    }
    return marks;
  }

  findSecret(key: string): number {
    return this.secrets.find(key);
  }

  /** Bytes in typed arrays and buffers (outside the JS heap's objects), for the memory report. */
  get bytes(): number {
    let total = this.shelves.reduce((sum, shelf) => sum + shelf.size, 0) + this.textShelf.byteLength + this.textEntry.byteLength + this.valuePool.size + this.hexPool.size + this.strings.size + this.secrets.size + this.shapeOf.byteLength + this.slotOf.byteLength;
    for (const shape of this.shapes) total += shape.numbers.byteLength + shape.strings.byteLength;
    return total;
  }
}
