// One kept list (DESIGN section 12): its rows in a store with their search texts, and the window a view
// asks for, computed by the pure row pipeline (src/shared/rows.ts), the same code the renderer's small
// tables use. Main's list worker runs it (./worker.ts); it is tested on its own.
import { duplicateIssue, PARTIAL, type ReadIssue } from '../../../shared/tolerant';
import { filterPredicate, narrowRanks, orderByRanks, rankKeys, sortKey, type Getter, type Ranks } from '../../../shared/rows';
import { bestOf, FIND_MIN_TEXT, FIND_PER_LIST, FIND_RANKED, rankOf, type FindSpec, type Found } from '../../../shared/find';
import type { ListDef, ListField } from '../../../shared/lists';
import type { WindowAnswer, WindowView } from '../../../shared/windows';
import { IdHashes } from './duplicates';
import { keepWhere, PlainStore, type ListStore } from './store';

const fieldOf = <T>(field: Getter<T> | ListField<T> | undefined): ListField<T> | undefined =>
  field === undefined ? undefined : typeof field === 'function' ? { get: field } : field;

/** A field's sort value: its value, or the value's position in `sortOrder` (unknown values after, empty ones last). */
function sortValue(sortOrder: readonly string[] | undefined): (value: unknown) => unknown {
  if (!sortOrder) return (value) => value;
  const rank = new Map(sortOrder.map((value, i) => [value, i]));
  return (value) => (value === null || value === undefined || value === '' ? undefined : (rank.get(String(value)) ?? sortOrder.length));
}

/** A value read from a partly read row: undefined where the row lacks what the reader needs. */
function tryRead<T>(get: Getter<T>, row: T, i: number): unknown {
  try {
    return get(row, i);
  } catch {
    return undefined;
  }
}

const orEmpty = (text: () => string): string => {
  try {
    return text();
  } catch {
    return '';
  }
};

/** A first sort's window ending at most this far down is found without ranking its column (see sortedHead). */
const SORTED_HEAD_ROWS = 200;

/** Results a view keeps to narrow from (each at most the list's length of row numbers). */
const SEARCH_HISTORY = 8;

/** A list still arriving: only windows in the server's order, within what has arrived, are answered. */
export class StillLoading extends Error {}

/**
 * Sorted orders kept per list, the most recently used (4 bytes a row each; an order is a counting sort
 * of the field's kept ranks, 1 ms per 100,000 rows, so the others are made again when asked).
 */
const ORDERS_KEPT = 2;

/**
 * One list as main keeps it: its rows in a store with their search text (built once, as each row
 * arrives), sorted orders by sort (built on first use), and per view the last results, so typing on
 * narrows them instead of scanning the whole list. Rows may arrive in runs (`append`) until `finish`;
 * while the list is incomplete only windows in the server's order are answered (`complete: false`,
 * `total` the rows so far); search, filters and sort wait for the whole list (`StillLoading`).
 */
export class KeptList<T> {
  private readonly orders = new Map<string, Uint32Array>();
  /** Per field id, each row's rank by it (see ranksOf). */
  private readonly ranked = new Map<string, { rank: Ranks; ranks: number }>();
  /** Per view, its latest results (newest last): a search narrows the one whose needle is its longest prefix. */
  private readonly last = new Map<string, { basis: string; needle: string; out: Uint32Array }[]>();
  private done = false;

  constructor(
    private readonly def: ListDef<T>,
    readonly store: ListStore<T> = new PlainStore<T>(),
    private readonly joins: Record<string, readonly unknown[]> = {},
    readonly version = 1,
  ) {}

  /** Rows read only partly, by index: their issues (a record that does not match its schema is kept and marked). */
  private readonly marks = new Map<number, ReadIssue[]>();

  /** A kept list of rows that are all there already (`issues[i]`: row i's, when read only partly). */
  static of<T>(def: ListDef<T>, rows: readonly T[], joins: Record<string, readonly unknown[]> = {}, version = 1, store: ListStore<T> = new PlainStore<T>(), issues?: readonly (ReadIssue[] | undefined)[]): KeptList<T> {
    const list = new KeptList(def, store, joins, version);
    list.append(rows, issues);
    list.finish();
    return list;
  }

  get length(): number {
    return this.store.length;
  }

  get complete(): boolean {
    return this.done;
  }

  /** How many rows were read only partly. */
  get partial(): number {
    return this.marks.size;
  }

  /** Whether a window may sort or filter by this column id. */
  hasField(id: string): boolean {
    return Boolean(this.def.fields[id]);
  }

  /**
   * The next rows of the list, in the server's order; `issues[k]` marks rows[k] as read only partly. A
   * partly read row may lack what the search text or the secret key reads: it is empty there.
   */
  append(rows: readonly T[], issues?: readonly (ReadIssue[] | undefined)[]): void {
    const secret = this.def.secret;
    for (let k = 0; k < rows.length; k++) {
      const row = rows[k] as T;
      this.idHashes.note(this.store.length, row);
      const marked = issues?.[k];
      if (marked && marked.length > 0) {
        this.marks.set(this.store.length, marked);
        this.store.append(row, orEmpty(() => this.def.search(row, this.joins)).toLowerCase(), secret ? orEmpty(() => secret.key(row)) : null);
      } else {
        this.store.append(row, this.def.search(row, this.joins).toLowerCase(), secret ? secret.key(row) : null);
      }
    }
  }

  /** A field by row number, from the store; a partly read row lacking what it reads gives undefined. */
  private fieldReader(get: Getter<T>): Getter<null> {
    const read = this.store.reader(get);
    const marks = this.marks;
    return marks.size > 0 ? (_row, i) => (marks.has(i) ? tryRead(() => read(i), null, i) : read(i)) : (_row, i) => read(i);
  }

  /** The list is whole: search, filters and sort may run. */
  finish(): void {
    if (!this.done) this.markDuplicates();
    this.done = true;
    this.store.finish?.();
  }

  /** Each row's `_id` hash as it arrives, for the duplicate pass (./duplicates.ts). */
  private readonly idHashes = new IdHashes();

  /** Rows whose `_id` another row has too get a mark (kept out of selection and bulk actions). */
  private markDuplicates(): void {
    const idAt = this.store.reader((row) => (row as { _id: unknown })._id);
    for (const [id, rows] of this.idHashes.duplicates(this.store.length, idAt)) {
      for (const i of rows) this.marks.set(i, [...(this.marks.get(i) ?? []), duplicateIssue(id)]);
    }
  }

  /** The secret kept under `key` (a learner's token by mobile key), or null. */
  secret(key: string): string | null {
    if (!this.def.secret) return null;
    const i = this.store.findSecret(key);
    return i < 0 ? null : this.def.secret.value(this.store.row(i));
  }

  private order(sort: WindowView['sort']): Uint32Array | null {
    if (!sort || !fieldOf(this.def.fields[sort.id])) return null;
    const key = `${sort.id}:${sort.desc ? 'desc' : 'asc'}`;
    let order = this.orders.get(key);
    if (order) this.orders.delete(key);
    else {
      const { rank, ranks } = this.ranksOf(sort.id);
      order = orderByRanks(rank, ranks, sort.desc);
      if (this.orders.size >= ORDERS_KEPT) this.orders.delete(this.orders.keys().next().value!);
    }
    // Newest last.
    this.orders.set(key, order);
    return order;
  }

  /** A field's rank per row (built once; either direction's order is then a counting sort of them). */
  private ranksOf(id: string): { rank: Ranks; ranks: number } {
    let ranked = this.ranked.get(id);
    if (!ranked) {
      const field = fieldOf(this.def.fields[id])!;
      // A text field of a compact store is ranked over its string table, not key by key.
      let full = (field.sortOrder ? null : this.store.textRanks?.(field.get)) ?? null;
      if (!full) {
        const read = this.fieldReader(field.get);
        const value = sortValue(field.sortOrder);
        full = rankKeys(this.store.length, (i) => sortKey(value(read(null, i))));
      }
      // Kept in a byte or two a row where the field has few values (a language, a difficulty).
      ranked = { rank: narrowRanks(full.rank, full.ranks), ranks: full.ranks };
      this.ranked.set(id, ranked);
    }
    return ranked;
  }

  /**
   * A first sort by a text column not ranked yet, its window near the top, no search or filter: the
   * store finds just the rows shown (one pass over the column, a fraction of ranking it), and the column
   * is ranked later (in the worker's idle time, or by a query that needs more of its order).
   */
  private sortedHead(query: WindowView): Uint32Array | null {
    const sort = query.sort;
    if (!sort || query.partial || query.search.trim() || query.filters.some((f) => f.value !== '')) return null;
    const field = fieldOf(this.def.fields[sort.id]);
    const k = query.offset + query.limit;
    if (!field || field.sortOrder || !this.store.firstByText || this.ranked.has(sort.id) || k > SORTED_HEAD_ROWS) return null;
    return this.store.firstByText(field.get, k, sort.desc);
  }

  /** How many fields are ranked (sorts by them only count). */
  get rankedFields(): number {
    return this.ranked.size;
  }

  /**
   * Ranks the next sortable field not ranked yet, so that a first sort by it only counts (main's worker
   * calls this while nobody asks for windows, once the list is whole). False when there is none left.
   */
  prepareSort(): boolean {
    if (!this.done) return false;
    const next = Object.keys(this.def.fields).find((id) => !this.ranked.has(id));
    if (next === undefined) return false;
    this.ranksOf(next);
    return true;
  }

  /** Whether `query` can be answered now: always once complete; before, a window in the server's order within the rows arrived. */
  canAnswer(query: WindowView): boolean {
    if (this.done) return true;
    return !query.sort && !query.partial && !query.search.trim() && query.filters.every((f) => f.value === '') && query.offset + query.limit <= this.store.length;
  }

  /** The window a view asks for. Unknown sort or filter fields are refused with a clear message. */
  window(query: WindowView, viewId = ''): WindowAnswer {
    for (const f of [...query.filters, ...(query.sort ? [query.sort] : [])]) {
      if (!this.def.fields[f.id]) throw new Error(`This list cannot sort or filter by '${f.id}'.`);
    }
    if (!this.canAnswer(query)) throw new StillLoading('This list is still loading.');
    const store = this.store;
    const n = store.length;
    const head = this.sortedHead(query);
    if (head) this.last.delete(viewId);
    let selected = head ? null : this.select(query, viewId);
    // "Only partly read records": the rows the view selects that carry marks.
    if (query.partial) selected = selected ? Array.prototype.filter.call(selected, (i: number) => this.marks.has(i)) as number[] : [...this.marks.keys()].sort((a, b) => a - b);
    const count = head || !selected ? n : selected.length;
    // Past the end: no rows (the table moves to its last page and asks again).
    const offset = Math.min(query.offset, count);
    const end = Math.min(count, offset + query.limit);
    const view = this.def.view;
    const rows: unknown[] = [];
    for (let k = offset; k < end; k++) {
      const index = head ? (head[k] as number) : selected ? (selected[k] as number) : k;
      const row = store.row(index);
      const shown = view ? view(row) : row;
      const issues = this.marks.size > 0 ? this.marks.get(index) : undefined;
      rows.push(issues ? { ...(shown as object), [PARTIAL]: issues } : shown);
    }
    return { total: n, count, offset, rows, version: this.version, ...(this.marks.size > 0 ? { partial: this.marks.size } : {}), ...(this.done ? {} : { complete: false }) };
  }

  /**
   * The rows a view's search, filters and sort select, in order (null: all, in the list's order). Typing
   * on narrows the view's earlier results.
   */
  private select(query: Pick<WindowView, 'search' | 'filters' | 'sort'>, viewId: string): readonly number[] | Uint32Array | null {
    const store = this.store;
    const n = store.length;
    const order = this.order(query.sort);
    const needle = query.search.trim().toLowerCase();
    // Filters read their one field by row number (a compact store decodes no whole row for them).
    const filters = query.filters
      .filter((f) => f.value !== '')
      .map((f) => filterPredicate<null>({ get: this.fieldReader(fieldOf(this.def.fields[f.id])!.get), kind: f.kind, value: f.value }));
    let selected: readonly number[] | Uint32Array | null;
    if (!needle && filters.length === 0) {
      selected = order;
      this.last.delete(viewId);
    } else {
      const basis = JSON.stringify([query.sort, query.filters]);
      // Typing on, or typing again after a Backspace ('sha', back to 'sh', then 'she'): the longest
      // earlier needle this one starts with gives the rows to look in, not the whole list.
      const history = (this.last.get(viewId) ?? []).filter((h) => h.basis === basis);
      let from: (typeof history)[number] | undefined;
      for (const h of history) if (needle && h.needle && needle.startsWith(h.needle) && (!from || h.needle.length > from.needle.length)) from = h;
      // Row numbers in typed arrays: a million of them are 4 MB, built without growing an array.
      let out: Uint32Array;
      if (from && from.out.length * 4 < n) out = keepWhere(from.out, (i) => store.contains(i, needle));
      else if (from) {
        // Most of the list: one pass over all the texts is quicker than row by row.
        const marks = store.matchAll(needle);
        out = keepWhere(from.out, (i) => marks[i] === 1);
      } else {
        const marks = needle ? store.matchAll(needle) : null;
        const found = new Uint32Array(n);
        let m = 0;
        for (let k = 0; k < n; k++) {
          const i = order ? (order[k] as number) : k;
          if (marks && marks[i] === 0) continue;
          if (filters.length > 0 && !filters.every((p) => p(null, i))) continue;
          found[m++] = i;
        }
        out = found.slice(0, m);
      }
      selected = out;
      this.last.set(viewId, [...history.filter((h) => h.needle !== needle).slice(1 - SEARCH_HISTORY), { basis, needle, out }]);
    }
    return selected;
  }

  /**
   * Find anything: the best records whose search text contains `needle` (ranked by their title, see
   * `rankOf`), and the `recent` ids among them whatever their rank. The palette's keystrokes narrow
   * one another like a screen's search does (view '\u0000find').
   */
  find(needle: string, recent: ReadonlySet<string>, limit = FIND_PER_LIST, viewerRole: string | null = null): Found[] {
    const spec = this.def.find;
    if (!spec || !this.done) return [];
    const visibleTo = spec.visibleTo;
    const visibleAt = visibleTo ? this.store.reader((row) => visibleTo(row, viewerRole)) : null;
    const hidden = (i: number) => visibleAt !== null && !visibleAt(i);
    const text = needle.trim().toLowerCase();
    const titleAt = this.store.reader((row) => spec.title(row));
    // The recent records that match, found by id (an index built once), whatever their rank.
    const mine = new Set<number>();
    if (recent.size > 0) {
      for (const id of recent) {
        const i = this.indexOfId(id, spec);
        if (i >= 0 && !hidden(i) && (!text || this.store.contains(i, text))) mine.add(i);
      }
    }
    // One character matches most of a large list and says little: records are looked for from two on.
    const selected = text.length >= FIND_MIN_TEXT ? (this.select({ search: text, filters: [], sort: null }, '\u0000find') ?? []) : [];
    // A short text matches most of a large list: its first rows are ranked, and typing on narrows.
    const candidates = selected.length > FIND_RANKED ? selected.slice(0, FIND_RANKED) : selected;
    const hits = [...[...mine].map((index) => ({ index, title: String(titleAt(index) ?? '') })).map((h) => ({ ...h, rank: rankOf(h.title, text) })), ...bestOf(candidates, (i) => String(titleAt(i) ?? ''), text, limit, (i) => mine.has(i) || hidden(i))];
    return hits.map(({ index, rank, title }) => {
      const row = this.store.row(index);
      return { list: '', screen: spec.screen, id: spec.id(row), title, detail: orEmpty(() => spec.detail?.(row) ?? ''), key: orEmpty(() => spec.key(row)), rank, recent: false };
    });
  }

  private ids: Map<string, number> | null = null;

  /** A row's index by its id (the map is built on first use; a kept list does not change). */
  private indexOfId(id: string, spec: FindSpec<T>): number {
    if (!this.ids) {
      const idAt = this.store.reader((row) => spec.id(row));
      this.ids = new Map();
      for (let i = 0; i < this.store.length; i++) this.ids.set(String(idAt(i)), i);
    }
    return this.ids.get(id) ?? -1;
  }
}
