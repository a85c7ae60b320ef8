// Where a kept list's rows live (./kept-list.ts): the interface, and the plain store of JavaScript objects
// the compact one (./compact/store.ts) is tested against.
import type { Getter } from '../../../shared/rows';

/**
 * The row numbers of `rows` that pass `test`, in order. Not Uint32Array.prototype.filter: over a
 * million rows it took 90 ms in V8 here, this loop 7 ms.
 */
export function keepWhere(rows: Uint32Array, test: (i: number) => boolean): Uint32Array {
  const kept = new Uint32Array(rows.length);
  let m = 0;
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k] as number;
    if (test(i)) kept[m++] = i;
  }
  return kept.slice(0, m);
}

/**
 * Where a kept list's rows live: the rows by index, their lower-case search texts, and the row kept
 * under each secret key. `PlainStore` (below) holds JavaScript objects and strings; main's worker uses
 * a compact one (columns of typed arrays and one string table) with the same answers.
 */
export interface ListStore<T> {
  readonly length: number;
  /** Adds a row with its search text (lower case) and, for lists with a secret, its key. */
  append(row: T, text: string, secretKey: string | null): void;
  row(i: number): T;
  /** A reader of one field by row number (a compact store decodes only that field). */
  reader(get: Getter<T>): (i: number) => unknown;
  /** Whether row `i`'s search text contains `needle`. */
  contains(i: number, needle: string): boolean;
  /** Every row's match of `needle`: 1 where its search text contains it. */
  matchAll(needle: string): Uint8Array;
  /** The row kept under a secret key, or -1. */
  findSecret(key: string): number;
  /**
   * Optional: each row's rank by a text field as sortKey orders it (equal texts share a rank; no text:
   * `ranks`, last), or null when the field is not a plain text in every row (then keys are read one by one).
   */
  textRanks?(get: Getter<T>): { rank: Uint32Array; ranks: number } | null;
  /**
   * Optional: the first `k` rows in the order of a text field (as textRanks and orderByRanks give it),
   * found without ranking the whole column; null when it cannot tell (then the column is ranked).
   */
  firstByText?(get: Getter<T>, k: number, desc: boolean): Uint32Array | null;
  /** Optional: the list is whole (a compact store gives back the room it kept for growth). */
  finish?(): void;
}

/** The rows as objects, the texts as strings: the reference the compact store is tested against. */
export class PlainStore<T> implements ListStore<T> {
  readonly rows: T[] = [];
  readonly texts: string[] = [];
  private readonly secrets = new Map<string, number>();
  get length(): number {
    return this.rows.length;
  }
  append(row: T, text: string, secretKey: string | null): void {
    if (secretKey !== null) this.secrets.set(secretKey, this.rows.length);
    this.rows.push(row);
    this.texts.push(text);
  }
  row(i: number): T {
    return this.rows[i] as T;
  }
  reader(get: Getter<T>): (i: number) => unknown {
    return (i) => get(this.rows[i] as T, i);
  }
  contains(i: number, needle: string): boolean {
    return (this.texts[i] as string).includes(needle);
  }
  matchAll(needle: string): Uint8Array {
    const marks = new Uint8Array(this.texts.length);
    for (let i = 0; i < this.texts.length; i++) if ((this.texts[i] as string).includes(needle)) marks[i] = 1;
    return marks;
  }
  findSecret(key: string): number {
    return this.secrets.get(key) ?? -1;
  }
}
