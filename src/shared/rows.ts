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
  const keys: SortKey[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) keys[i] = sortKey(get(rows[i] as T, i));
  const order = Array.from({ length: rows.length }, (_, i) => i);
  const dir = desc ? -1 : 1;
  order.sort((a, b) => {
    const x = keys[a] as SortKey;
    const y = keys[b] as SortKey;
    if (x === '' || y === '') return x === y ? a - b : x === '' ? 1 : -1;
    return compareKeys(x, y) * dir || a - b;
  });
  return order;
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
  if (selected === 0) return `0 of ${total} records`;
  const filtered = selected !== total ? ` (filtered from ${total})` : '';
  return `${window.start + 1}–${window.start + window.length} of ${selected}${filtered} records`;
}
