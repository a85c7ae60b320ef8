// List windows (DESIGN section 12): the large lists main keeps and serves by window. Each list names
// its call, the fields its columns sort and filter by (by column id), and its search text; the window
// itself is computed by the pure row pipeline (./rows) in `KeptList`, the same code the renderer's
// small tables use. Pure TypeScript: main's worker runs it, and it is tested on its own.
import * as v from 'valibot';
import type { CallDef } from './api/contract';
import { questionBank } from './api/question-bank';
import { library } from './api/library';
import { userApp } from './api/user-app';
import { fastDateTime } from './dates';
import { DIFFICULTIES, type Category, type Question } from './schemas/question-bank';
import type { LibraryFile } from './schemas/library';
import type { LearnerWithToken } from './schemas/users';
import { duplicateIssue, PARTIAL, type ReadIssue } from './tolerant';
import { filterPredicate, narrowRanks, orderByRanks, rankKeys, sortKey, toText, type Getter, type Ranks } from './rows';
import { videoRepository } from './api/video-repository';
import { adminAuth } from './api/admin-auth';
import { mentorship } from './api/mentorship';
import type { Course } from './schemas/courses';
import type { AdminUser } from './schemas/admin-auth';
import type { Mentor } from './schemas/mentors';
import { SessionSchema, type Session } from './schemas/sessions';
import type { SynonymGroup } from './schemas/synonyms';
import { bestOf, seesAccount, FIND_MIN_TEXT, FIND_PER_LIST, FIND_RANKED, rankOf, type FindSpec, type Found } from './find';

/** A sort and filter field: its value, and for enum columns the values in their meaning's order. */
export interface ListField<T> {
  get: Getter<T>;
  sortOrder?: readonly string[];
}

export interface ListDef<T> {
  /** The contract call that returns the whole list. */
  call: CallDef;
  /** Small lists the search text needs (the question bank's category names), fetched with the list. */
  joins?: Record<string, CallDef>;
  /** Fields by column id: what a window query may sort and filter by. */
  fields: Record<string, Getter<T> | ListField<T>>;
  /** The search text of a row (lower-cased once, when the list is kept). */
  search: (row: T, joins: Record<string, readonly unknown[]>) => string;
  /** What the renderer receives of a row (default: the row). */
  view?: (row: T) => unknown;
  /** A value main may look up by key and that never reaches the renderer (a learner's token, by mobile). */
  secret?: { key: (row: T) => string; value: (row: T) => string };
  /** Its records in the palette's Find anything (src/shared/find.ts); none: not offered there. */
  find?: FindSpec<T>;
  /** The answer's field holding the rows and their schema, when the call's output is not the list itself (events). */
  field?: { name: string; item: v.GenericSchema };
}

const def = <T>(d: ListDef<T>): ListDef<T> => d;
/** Between the parts of a search text (a needle never holds it: search inputs refuse NUL). */
export const SEARCH_SEPARATOR = '\u0000';
const joined = (...parts: unknown[]): string => parts.map(toText).join(SEARCH_SEPARATOR);

/** The digits a mobile is known by (+91 and spaces aside), so '+91 98200 12345' finds '9820012345'. */
export const mobileKey = (mobile: string): string => mobile.replace(/\D/g, '').replace(/^91(?=\d{10}$)/, '');

const questionFields = {
  id: (q: Question) => q.id,
  language: (q: Question) => q.language,
  question: (q: Question) => q.question,
  difficulty: { get: (q: Question) => q.difficulty, sortOrder: DIFFICULTIES },
  optionsCount: (q: Question) => q.options.length,
  addedOn: (q: Question) => q.metaInfo.created.at,
  updatedOn: (q: Question) => q.metaInfo.updated.at,
};

const mediaFields = {
  fileId: (f: LibraryFile) => f.fileId,
  title: (f: LibraryFile) => f.title,
  language: (f: LibraryFile) => f.language,
  status: (f: LibraryFile) => f.status,
  visibility: (f: LibraryFile) => f.visibility,
  level: (f: LibraryFile) => f.level,
  type: (f: LibraryFile) => f.type,
  questions: (f: LibraryFile) => f.questionBank.length,
  createdAt: (f: LibraryFile) => f.metaInfo.created.at,
  updatedAt: (f: LibraryFile) => f.metaInfo.updated.at,
};
const mediaFind: FindSpec<LibraryFile> = { screen: 'Video Library', title: (f) => f.title, detail: (f) => `${f.fileId} · ${f.language}`, id: (f) => f._id, key: (f) => f.title };
const mediaSearch = (f: LibraryFile) =>
  joined(f.fileId, f.title, f.language, f.status, f.visibility, f.level, f.type, fastDateTime(f.metaInfo.created.at), fastDateTime(f.metaInfo.updated.at));

export const LISTS = {
  /** The question bank (GET /question-bank/questions); the search covers every field and the category name. */
  questions: def<Question>({
    call: questionBank.questions,
    joins: { categories: questionBank.categories },
    fields: questionFields,
    search: (q, joins) => {
      const categories = joins.categories as readonly Category[] | undefined;
      const category = categories?.find((c) => c._id === q.categoryId)?.name ?? '';
      return joined(q.id, q.language, q.question, q.difficulty, q.options.length, q.helpText, q.optionFormat, category,
        ...q.options.map((o) => o.option), fastDateTime(q.metaInfo.created.at), fastDateTime(q.metaInfo.updated.at));
    },
    find: { screen: 'Question Bank', title: (q) => q.question, detail: (q) => `${q.id} · ${q.language}`, id: (q) => q._id, key: (q) => q.question },
  }),
  /** The whole video library (GET /library/media/list). */
  media: def<LibraryFile>({ call: library.mediaList, fields: mediaFields, search: mediaSearch, find: mediaFind }),
  /** The library as the server filters it (GET /library/media with the filter bar's values as input). */
  mediaFiltered: def<LibraryFile>({ call: library.media, fields: mediaFields, search: mediaSearch }),
  /** Every learner (GET /user-app/user); tokens stay in main, found by mobile. */
  learners: def<LearnerWithToken>({
    call: userApp.users,
    fields: {
      mobile: (l) => l.userInfo.mobileNumber,
      loginTime: (l) => l.userInfo.loginTime,
      language: (l) => l.userInfo.preferredLanguage,
      progress: (l) => l.currentProgress.progress,
    },
    search: (l) => joined(l.userInfo.mobileNumber, fastDateTime(l.userInfo.loginTime), l.userInfo.preferredLanguage, `${l.currentProgress.progress}%`),
    view: ({ userInfo: { token: _token, ...userInfo }, ...rest }) => ({ ...rest, userInfo }),
    secret: { key: (l) => mobileKey(l.userInfo.mobileNumber), value: (l) => l.userInfo.token },
    find: { screen: 'Users', title: (l) => l.userInfo.mobileNumber, detail: (l) => `Learner · ${l.userInfo.preferredLanguage}`, id: (l) => l._id, key: (l) => l.userInfo.mobileNumber },
  }),
  // Smaller lists: their screens read them whole; main keeps them for Find anything only.
  courses: def<Course>({
    call: videoRepository.courses,
    fields: {},
    search: (c) => joined(c.name, c.referenceId, c.language, c.status),
    find: { screen: 'Courses', title: (c) => c.name, detail: (c) => `${c.referenceId} · ${c.language} · ${c.status}`, id: (c) => c._id, key: (c) => c.name },
  }),
  admins: def<AdminUser>({
    call: adminAuth.users,
    fields: {},
    search: (a) => joined(a.name, a.email, a.phoneNo, a.role, a.status),
    find: { screen: 'Admins', title: (a) => a.name, detail: (a) => `${a.email} · ${a.role}`, id: (a) => a.id, key: (a) => a.email, visibleTo: (a, role) => seesAccount(role, a.role) },
  }),
  mentors: def<Mentor>({
    call: mentorship.sessionUsers,
    fields: {},
    search: (m) => joined(m.name, m.email, m.mobileNumber, m.designation, m.organisation),
    find: { screen: 'Mentors', title: (m) => m.name, detail: (m) => [m.designation, m.organisation].filter(Boolean).join(' · '), id: (m) => m._id, key: (m) => m.name },
  }),
  events: def<Session>({
    call: mentorship.sessions,
    field: { name: 'session', item: SessionSchema },
    fields: {},
    search: (e) => joined(e.eventName, e.description, e.date),
    find: { screen: 'Events', title: (e) => e.eventName, detail: (e) => `${e.date} ${e.startTime}`, id: (e) => e._id, key: (e) => e.eventName },
  }),
  synonyms: def<SynonymGroup>({
    call: library.synonyms,
    fields: {},
    search: (g) => joined(g.keyword, ...g.synonyms),
    find: { screen: 'Synonyms', title: (g) => g.keyword, detail: (g) => g.synonyms.join(', '), id: (g) => g._id, key: (g) => g.keyword },
  }),
} satisfies Record<string, ListDef<never>>;
export type ListName = keyof typeof LISTS;
export const LIST_NAMES = Object.keys(LISTS) as ListName[];

/** The list a contract call fills (for invalidation by service). */
export const listDef = (name: ListName): ListDef<unknown> => LISTS[name] as unknown as ListDef<unknown>;

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));

/** What a screen asks of a kept list: `{ search, filters, sort, offset, limit }` (DESIGN section 12). */
export const WindowQuerySchema = v.object({
  list: v.picklist(LIST_NAMES),
  /** The list call's input (the library's server-side filter); checked against the call's schema. */
  input: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
  /** The screen asking: of its queries only the newest is answered (an overtaken one is dropped). */
  view: Text(100),
  search: Text(500),
  filters: v.pipe(v.array(v.object({ id: Text(100), kind: v.picklist(['select', 'text']), value: Text(500) })), v.maxLength(20)),
  sort: v.nullable(v.object({ id: Text(100), desc: v.boolean() })),
  offset: v.pipe(v.number(), v.integer(), v.minValue(0)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000)),
  /** Only the records read partly (the screen's "could not be read fully" filter). */
  partial: v.optional(v.boolean()),
});
export type WindowQuery = v.InferOutput<typeof WindowQuerySchema>;
export type WindowView = Omit<WindowQuery, 'list' | 'input' | 'view'>;

export const WindowAnswerSchema = v.object({
  /** Rows in the whole list. */
  total: v.number(),
  /** Rows that pass the search and filters. */
  count: v.number(),
  /** The position of the first row (clamped into range). */
  offset: v.number(),
  rows: v.array(v.unknown()),
  /** Which load of the list answered (a refetch makes a new one). */
  version: v.number(),
  /** false while the list is still arriving: `total` is the rows so far, and search, filters and sort wait. */
  complete: v.optional(v.boolean()),
  /** true while a newer load of the list comes behind this answer (a later open refreshes a kept list). */
  refreshing: v.optional(v.boolean()),
  /** Records of the whole list read only partly (each shown row of them carries its issues). */
  partial: v.optional(v.number()),
});
export type WindowAnswer<T = unknown> = Omit<v.InferOutput<typeof WindowAnswerSchema>, 'rows'> & { rows: T[] };

/** The answer to an overtaken query (a newer one of the same view replaced it). */
export const OVERTAKEN = 'A newer query of this list replaced this one.';

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

/** Results a view keeps to narrow from (each at most the list's length of row numbers). */
const SEARCH_HISTORY = 8;

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
      this.noteId(row);
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

  /**
   * Rows whose `_id` another row has too get a mark (kept out of selection and bulk actions). Ids are
   * hashed and sorted with their row numbers packed in one float (8 bytes a row for a moment, no map of
   * a million strings); only rows whose hashes meet are compared by their ids.
   */
  /** Each row's `_id` hash as it arrives (0: no id), for the duplicate pass; dropped once the list is whole. */
  private idHashes = new Uint32Array(0);

  private noteId(row: T): void {
    const i = this.store.length;
    if (i >= this.idHashes.length) {
      const grown = new Uint32Array(Math.max(1024, this.idHashes.length * 2));
      grown.set(this.idHashes);
      this.idHashes = grown;
    }
    const id = row !== null && typeof row === 'object' ? (row as { _id?: unknown })._id : undefined;
    this.idHashes[i] = typeof id === 'string' && id !== '' ? hash32(id) || 1 : 0;
  }

  private markDuplicates(): void {
    const n = this.store.length;
    const hashes = this.idHashes;
    this.idHashes = new Uint32Array(0);
    if (n < 2) return;
    const idAt = this.store.reader((row) => (row as { _id: unknown })._id);
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
        for (const [id, rows] of byId) {
          if (rows.length < 2) continue;
          for (const i of rows) this.marks.set(i, [...(this.marks.get(i) ?? []), duplicateIssue(id)]);
        }
      }
      a = b;
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

/** FNV-1a over a string's UTF-16 code units: 32 bits. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
