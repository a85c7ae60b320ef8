// The row pipeline of the tables: sort, search, filter and page over row indices with plain loops.
// Pure functions of the rows and the view state, no React and no DOM, so they are tested on their own
// and can run wherever the list is kept (DESIGN section 12). A list of 100,000 rows stays fast: nothing
// allocates per row beyond one sort key and, once, one search text.

export type SortKey = number | string;

/** The text of a cell value as search and text filters see it. */
export function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(toText).join(' ');
  return '';
}

/** The sort key of a value: numbers as they are, everything else as lower-case text ('' = empty). */
export function sortKey(value: unknown): SortKey {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isNaN(value) ? '' : value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  return toText(value).toLowerCase();
}

/** Numbers before text; text by code point (fast on 100k rows; ISO dates sort right). */
export function compareKeys(x: SortKey, y: SortKey): number {
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'number') return -1;
  if (typeof y === 'number') return 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

export type Getter<T> = (row: T, index: number) => unknown;

/**
 * The row indices in sorted order. Empty values go last in both directions; ties keep the list's own
 * order (a stable sort whatever the engine).
 */
export function sortIndices<T>(rows: readonly T[], get: Getter<T>, desc: boolean): number[] {
  return Array.from(sortedOrder(rows.length, (i) => sortKey(get(rows[i] as T, i)), desc));
}

/** Each row's place among the distinct keys of a list (`ranks` of them; an empty key has rank `ranks`). */
export interface SortRanks {
  rank: Uint32Array;
  ranks: number;
}

/**
 * Rows 0..n-1 ordered by `keyAt(i)` as compareKeys orders keys: empty keys last in both directions,
 * ties in row order. A comparator sort of a million strings takes seconds (twenty million calls back
 * into JavaScript); here every key becomes an integer rank and the rows are ordered by counting.
 */
export function sortedOrder(n: number, keyAt: (i: number) => SortKey, desc: boolean): Uint32Array {
  const { rank, ranks } = rankKeys(n, keyAt);
  return orderByRanks(rank, ranks, desc);
}

/** Each row's rank by `keyAt(i)` as compareKeys orders keys (equal keys share one); an empty key gets `ranks`. */
export function rankKeys(n: number, keyAt: (i: number) => SortKey): { rank: Uint32Array; ranks: number } {
  // Filled by push: `new Array(n)` past 100,000 elements is a dictionary in V8, slow to read.
  const keys: SortKey[] = [];
  const numbers: number[] = [];
  const strings: number[] = [];
  for (let i = 0; i < n; i++) {
    const key = keyAt(i);
    keys.push(key);
    if (typeof key === 'number') numbers.push(i);
    else if (key !== '') strings.push(i);
  }
  const rank = new Uint32Array(n);
  let ranks = rankNumbers(keys as number[], numbers, rank, 0);
  ranks = rankTexts(keys as string[], strings, rank, ranks);
  for (let i = 0; i < n; i++) if (keys[i] === '') rank[i] = ranks;
  return { rank, ranks };
}

/** Each row's rank: in as few bytes a row as the number of ranks allows (narrowRanks). */
export type Ranks = Uint8Array | Uint16Array | Uint32Array;

/** `rank` in the narrowest array that holds 0..ranks (rows without a value have rank `ranks`). */
export function narrowRanks(rank: Uint32Array, ranks: number): Ranks {
  if (ranks < 0x100) return Uint8Array.from(rank);
  if (ranks < 0x10000) return Uint16Array.from(rank);
  return rank;
}

/**
 * Rows 0..n-1 ordered by their rank (0..ranks-1; `ranks` itself is an empty key, last in both
 * directions), ties in row order: a counting sort. `rank` is left as it was.
 */
export function orderByRanks(rank: Ranks, ranks: number, desc: boolean): Uint32Array {
  const n = rank.length;
  const at = (i: number): number => {
    const r = rank[i] as number;
    return desc && r < ranks ? ranks - 1 - r : r;
  };
  const starts = new Uint32Array(ranks + 2);
  for (let i = 0; i < n; i++) {
    const r = at(i) + 1;
    starts[r] = (starts[r] as number) + 1;
  }
  for (let r = 0; r <= ranks; r++) starts[r + 1] = (starts[r + 1] as number) + (starts[r] as number);
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const r = at(i);
    order[starts[r] as number] = i;
    starts[r] = (starts[r] as number) + 1;
  }
  return order;
}

/** Ranks the number keys of `rows` from `first` on (equal numbers share a rank); returns the next free rank. */
function rankNumbers(keys: readonly number[], rows: readonly number[], rank: Uint32Array, first: number): number {
  const count = rows.length;
  if (count === 0) return first;
  let min = Infinity;
  let max = -Infinity;
  let integers = true;
  for (const i of rows) {
    const value = keys[i] as number;
    if (value < min) min = value;
    if (value > max) max = value;
    if (!Number.isInteger(value)) integers = false;
  }
  // Small whole numbers (a progress, a count, an id): ranked through a table of the values present.
  if (integers && max - min <= 4 * count + 1024) {
    const present = new Uint32Array(max - min + 1);
    for (const i of rows) present[(keys[i] as number) - min] = 1;
    let next = first;
    for (let v = 0; v < present.length; v++) if (present[v]) present[v] = next++;
    for (const i of rows) rank[i] = present[(keys[i] as number) - min] as number;
    return next;
  }
  const sorted = new Float64Array(count);
  for (let r = 0; r < count; r++) sorted[r] = keys[rows[r] as number] as number;
  sorted.sort();
  let distinct = 0;
  for (let k = 0; k < count; k++) if (k === 0 || (sorted[k] as number) !== (sorted[distinct - 1] as number)) sorted[distinct++] = sorted[k] as number;
  for (const i of rows) rank[i] = first + lowerBound(sorted, distinct, keys[i] as number);
  return first + distinct;
}

function lowerBound(sorted: Float64Array, length: number, value: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Positions 0..keys.length-1 stably ordered by their key, a whole number below 2^bits (bits <= 52): a
 * radix sort of as few digits of at most 16 bits as the keys need (a digit every key shares is skipped).
 */
export function radixOrder(keys: Float64Array, bits = 52): Uint32Array {
  if (bits <= 32) return radixOrder32(keys, bits);
  const count = keys.length;
  const high = new Uint32Array(count);
  const low = new Uint32Array(count);
  for (let r = 0; r < count; r++) {
    const key = keys[r] as number;
    const h = Math.floor(key / 2 ** 26);
    high[r] = h;
    low[r] = key - h * 2 ** 26;
  }
  const passes = Math.max(1, Math.ceil(bits / 16));
  const width = Math.ceil(bits / passes);
  const mask = 2 ** width - 1;
  let order = new Uint32Array(count);
  for (let r = 0; r < count; r++) order[r] = r;
  let spare = new Uint32Array(count);
  const buckets = new Uint32Array(mask + 2);
  // Bits [shift, shift + width) of the key, from its two 26-bit halves.
  const digitOf = (r: number, shift: number): number =>
    (shift >= 26 ? (high[r] as number) >>> (shift - 26) : ((low[r] as number) >>> shift) | ((high[r] as number) << (26 - shift))) & mask;
  for (let pass = 0; pass < passes; pass++) {
    const shift = pass * width;
    buckets.fill(0);
    for (let r = 0; r < count; r++) {
      const d = digitOf(r, shift) + 1;
      buckets[d] = (buckets[d] as number) + 1;
    }
    if (buckets.some((c) => c === count)) continue;
    for (let d = 0; d <= mask; d++) buckets[d + 1] = (buckets[d + 1] as number) + (buckets[d] as number);
    for (let k = 0; k < count; k++) {
      const r = order[k] as number;
      const d = digitOf(r, shift);
      spare[buckets[d] as number] = r;
      buckets[d] = (buckets[d] as number) + 1;
    }
    [order, spare] = [spare, order];
  }
  return order;
}

/**
 * radixOrder for keys below 2^32: each pass carries the keys along with the positions, so it reads
 * them in order instead of at each position's random place.
 */
function radixOrder32(keys: Float64Array, bits: number): Uint32Array {
  const count = keys.length;
  let key = Uint32Array.from(keys);
  let order = new Uint32Array(count);
  for (let r = 0; r < count; r++) order[r] = r;
  let keySpare = new Uint32Array(count);
  let orderSpare = new Uint32Array(count);
  const passes = Math.max(1, Math.ceil(bits / 16));
  const width = Math.ceil(bits / passes);
  const mask = 2 ** width - 1;
  const buckets = new Uint32Array(mask + 2);
  for (let pass = 0; pass < passes; pass++) {
    const shift = pass * width;
    buckets.fill(0);
    for (let k = 0; k < count; k++) {
      const d = (((key[k] as number) >>> shift) & mask) + 1;
      buckets[d] = (buckets[d] as number) + 1;
    }
    if (buckets.some((c) => c === count)) continue;
    for (let d = 0; d <= mask; d++) buckets[d + 1] = (buckets[d + 1] as number) + (buckets[d] as number);
    for (let k = 0; k < count; k++) {
      const value = key[k] as number;
      const d = (value >>> shift) & mask;
      const at = buckets[d] as number;
      buckets[d] = at + 1;
      orderSpare[at] = order[k] as number;
      keySpare[at] = value;
    }
    [order, orderSpare] = [orderSpare, order];
    [key, keySpare] = [keySpare, key];
  }
  return order;
}

/**
 * Ranks the text keys of `rows` from `first` on, by code unit like compareKeys. Each text gets a number
 * from its first characters after the prefix all texts share, in an alphabet of the characters they
 * use (a mobile number's ten digits take 4 bits each, so 13 of them fit a double's 52 bits); the rows
 * are ordered by those numbers, and only texts whose numbers tie and that go on past those characters
 * are compared as strings, within their run.
 */
export function rankTexts(keys: readonly string[], rows: readonly number[], rank: Uint32Array, first: number): number {
  const count = rows.length;
  if (count === 0) return first;
  // Few distinct texts (a language, a status): ranked by a table of them.
  const few = new Map<string, number>();
  for (const i of rows) {
    few.set(keys[i] as string, 0);
    if (few.size > 4096) break;
  }
  if (few.size <= 4096) {
    const distinct = [...few.keys()].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    distinct.forEach((text, k) => few.set(text, first + k));
    for (const i of rows) rank[i] = few.get(keys[i] as string) as number;
    return first + distinct.length;
  }
  const head = keys[rows[0] as number] as string;
  let shared = head.length;
  for (const i of rows) {
    const key = keys[i] as string;
    let k = 0;
    while (k < shared && k < key.length && key.charCodeAt(k) === head.charCodeAt(k)) k++;
    shared = k;
  }
  const SCAN = 13;
  const used = new Uint8Array(65536);
  for (const i of rows) {
    const key = keys[i] as string;
    const end = Math.min(key.length, shared + SCAN);
    for (let k = shared; k < end; k++) used[key.charCodeAt(k)] = 1;
  }
  // Code 0 is "the text ended", below every character, so 'ab' comes before 'abc'.
  const code = new Uint32Array(65536);
  let symbols = 0;
  for (let c = 0; c < 65536; c++) if (used[c]) code[c] = ++symbols;
  const base = symbols + 1;
  let width = 0;
  while (width < SCAN && base ** (width + 1) <= 2 ** 52) width++;
  const prefix = new Float64Array(count);
  for (let r = 0; r < count; r++) {
    const key = keys[rows[r] as number] as string;
    let value = 0;
    for (let k = shared; k < shared + width; k++) value = value * base + (k < key.length ? (code[key.charCodeAt(k)] as number) : 0);
    prefix[r] = value;
  }
  const byPrefix = radixOrder(prefix);
  const grouped = new Uint32Array(count);
  for (let k = 0; k < count; k++) grouped[k] = rows[byPrefix[k] as number] as number;
  // Runs of one prefix number: texts longer than the characters it holds are compared whole.
  const limit = shared + width;
  const byText = (a: number, b: number): number => {
    const x = keys[a] as string;
    const y = keys[b] as string;
    return x < y ? -1 : x > y ? 1 : a - b;
  };
  for (let from = 0; from < count; ) {
    const value = prefix[byPrefix[from] as number] as number;
    let to = from + 1;
    let longer = (keys[grouped[from] as number] as string).length > limit;
    while (to < count && prefix[byPrefix[to] as number] === value) {
      if ((keys[grouped[to] as number] as string).length > limit) longer = true;
      to++;
    }
    if (longer && to - from > 1) grouped.subarray(from, to).sort(byText);
    from = to;
  }
  let next = first - 1;
  let previous: string | undefined;
  for (let k = 0; k < count; k++) {
    const i = grouped[k] as number;
    const key = keys[i] as string;
    if (key !== previous) next++;
    previous = key;
    rank[i] = next;
  }
  return next + 1;
}

/** A column filter: a select of exact values (arrays match any element) or a free-text 'contains'. */
export interface RowFilter<T> {
  get: Getter<T>;
  kind: 'select' | 'text';
  value: string;
}

export function filterPredicate<T>({ get, kind, value }: RowFilter<T>): (row: T, index: number) => boolean {
  const lower = value.toLowerCase();
  return (row, i) => {
    const cell = get(row, i);
    if (kind === 'text') return toText(cell).toLowerCase().includes(lower);
    if (Array.isArray(cell)) return cell.map(String).includes(value);
    return String(cell ?? '') === value;
  };
}

/** The search text of a row from its readers, lower case, fields apart (a needle never spans two). */
export function searchTextOf<T>(readers: readonly ((row: T, index: number) => string)[]): (row: T, index: number) => string {
  return (row, index) => readers.map((r) => r(row, index)).join('\u0000').toLowerCase();
}

export interface SelectInput<T> {
  rows: readonly T[];
  /** The sorted order, or null for the list's own order. */
  order: readonly number[] | null;
  /** Lower-case search text per row (by row index), needed when `needle` is set. */
  texts: readonly string[] | null;
  /** The trimmed, lower-case search; '' for none. */
  needle: string;
  filters: readonly RowFilter<T>[];
}

/** The indices of the rows that pass search and filters, in the given order (the order itself when nothing narrows). */
export function selectIndices<T>({ rows, order, texts, needle, filters }: SelectInput<T>): readonly number[] | null {
  if (!needle && filters.length === 0) return order;
  const predicates = filters.map(filterPredicate);
  const out: number[] = [];
  for (let k = 0; k < rows.length; k++) {
    const i = order ? (order[k] as number) : k;
    if (needle && !(texts?.[i] ?? '').includes(needle)) continue;
    let pass = true;
    for (const p of predicates) {
      if (!p(rows[i] as T, i)) {
        pass = false;
        break;
      }
    }
    if (pass) out.push(i);
  }
  return out;
}

/** Typing on ('s', 'sh', 'sho'): the rows of the last result that still match (its order kept). */
export function narrowIndices(previous: readonly number[], texts: readonly string[], needle: string): readonly number[] {
  return previous.filter((i) => (texts[i] as string).includes(needle));
}

export interface PageWindow {
  pageCount: number;
  /** The page shown (clamped into range). */
  pageIndex: number;
  /** Position of the first row of the page in the selected order. */
  start: number;
  length: number;
}

/** The slice of `count` selected rows a page shows; without paging, all of them. */
export function pageWindow(count: number, pageIndex: number, pageSize: number, paginate = true): PageWindow {
  if (!paginate) return { pageCount: 1, pageIndex: 0, start: 0, length: count };
  const size = Math.max(1, pageSize);
  const pageCount = Math.max(1, Math.ceil(count / size));
  const index = Math.min(Math.max(0, pageIndex), pageCount - 1);
  const start = index * size;
  return { pageCount, pageIndex: index, start, length: Math.max(0, Math.min(size, count - start)) };
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The distinct non-empty values of a column (array values spread), sorted for a select filter. */
export function distinctValues<T>(rows: readonly T[], get: Getter<T>): string[] {
  const values = new Set<string>();
  for (let i = 0; i < rows.length; i++) {
    const value = get(rows[i] as T, i);
    if (Array.isArray(value)) value.forEach((x) => values.add(String(x)));
    else if (value !== null && value !== undefined && value !== '') values.add(String(value));
  }
  return [...values].sort(collator.compare);
}

/** The 'a–b of n' line under a table. */
export function countText(window: Pick<PageWindow, 'start' | 'length'>, selected: number, total: number): string {
  // The noun follows the count just before it, which is the total in every form of the line.
  const records = total === 1 ? 'record' : 'records';
  if (selected === 0) return `0 of ${total} ${records}`;
  const filtered = selected !== total ? ` (filtered from ${total})` : '';
  return `${window.start + 1}–${window.start + window.length} of ${selected}${filtered} ${records}`;
}
