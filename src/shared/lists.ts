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
import { PARTIAL, type ReadIssue } from './tolerant';
import { narrowIndices, selectIndices, sortIndices, toText, type Getter, type RowFilter } from './rows';

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
}

const def = <T>(d: ListDef<T>): ListDef<T> => d;
const joined = (...parts: unknown[]): string => parts.map(toText).join('\u0000');

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
  }),
  /** The whole video library (GET /library/media/list). */
  media: def<LibraryFile>({ call: library.mediaList, fields: mediaFields, search: mediaSearch }),
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
  /** Records of the whole list read only partly (each shown row of them carries its issues). */
  partial: v.optional(v.number()),
});
export type WindowAnswer<T = unknown> = Omit<v.InferOutput<typeof WindowAnswerSchema>, 'rows'> & { rows: T[] };

/** The answer to an overtaken query (a newer one of the same view replaced it). */
export const OVERTAKEN = 'A newer query of this list replaced this one.';

const fieldOf = <T>(field: Getter<T> | ListField<T> | undefined): ListField<T> | undefined =>
  field === undefined ? undefined : typeof field === 'function' ? { get: field } : field;

/** A field's sort reader: its value, or the value's position in `sortOrder` (unknown values after, empty ones last). */
function sortReader<T>({ get, sortOrder }: ListField<T>): Getter<T> {
  if (!sortOrder) return get;
  const rank = new Map(sortOrder.map((value, i) => [value, i]));
  return (row, i) => {
    const value = get(row, i);
    if (value === null || value === undefined || value === '') return undefined;
    return rank.get(String(value)) ?? sortOrder.length;
  };
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

/** Results a view keeps to narrow from (each at most the list's length of row numbers). */
const SEARCH_HISTORY = 8;

/**
 * One list as main keeps it: the parsed rows, their search text (built once), sorted orders by sort
 * (built on first use), and per view the last result, so typing on narrows it instead of scanning the
 * whole list.
 */
export class KeptList<T> {
  readonly texts: string[];
  private readonly orders = new Map<string, number[]>();
  /** Per view, its latest results (newest last): a search narrows the one whose needle is its longest prefix. */
  private readonly last = new Map<string, { basis: string; needle: string; out: readonly number[] }[]>();
  private readonly secrets: Map<string, string> | null;

  constructor(
    private readonly def: ListDef<T>,
    readonly rows: readonly T[],
    joins: Record<string, readonly unknown[]> = {},
    readonly version = 1,
    /** Rows read only partly, by index: their issues (the side structure of `readList`). */
    readonly marks: ReadonlyMap<number, ReadIssue[]> = new Map(),
  ) {
    // A partly read row may lack what the search text or a sort field reads: it is empty there.
    const search = marks.size > 0 ? (row: T, i: number) => (marks.has(i) ? orEmpty(() => def.search(row, joins)) : def.search(row, joins)) : (row: T) => def.search(row, joins);
    this.texts = rows.map((row, i) => search(row, i).toLowerCase());
    this.secrets = def.secret ? new Map(rows.map((row) => [orEmpty(() => def.secret!.key(row)), orEmpty(() => def.secret!.value(row))])) : null;
  }

  /** The secret kept under `key` (a learner's token by mobile key), or null. */
  secret(key: string): string | null {
    return this.secrets?.get(key) ?? null;
  }

  private order(sort: WindowView['sort']): number[] | null {
    if (!sort) return null;
    const field = fieldOf(this.def.fields[sort.id]);
    if (!field) return null;
    const key = `${sort.id}:${sort.desc ? 'desc' : 'asc'}`;
    let order = this.orders.get(key);
    if (!order) {
      const read = sortReader(field);
      const marks = this.marks;
      order = sortIndices(this.rows, marks.size > 0 ? (row, i) => (marks.has(i) ? tryRead(read, row, i) : read(row, i)) : read, sort.desc);
      this.orders.set(key, order);
    }
    return order;
  }

  /** The window a view asks for. Unknown sort or filter fields are refused with a clear message. */
  window(query: WindowView, viewId = ''): WindowAnswer {
    for (const f of [...query.filters, ...(query.sort ? [query.sort] : [])]) {
      if (!this.def.fields[f.id]) throw new Error(`This list cannot sort or filter by '${f.id}'.`);
    }
    const order = this.order(query.sort);
    const needle = query.search.trim().toLowerCase();
    const marks = this.marks;
    const filters: RowFilter<T>[] = query.filters
      .filter((f) => f.value !== '')
      .map((f) => {
        const get = fieldOf(this.def.fields[f.id])!.get;
        return { get: marks.size > 0 ? (row: T, i: number) => (marks.has(i) ? tryRead(get, row, i) : get(row, i)) : get, kind: f.kind, value: f.value };
      });
    let selected: readonly number[] | null;
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
      selected = from ? narrowIndices(from.out, this.texts, needle) : (selectIndices({ rows: this.rows, order, texts: this.texts, needle, filters }) ?? []);
      this.last.set(viewId, [...history.filter((h) => h.needle !== needle).slice(1 - SEARCH_HISTORY), { basis, needle, out: selected }]);
    }
    // "Only partly read records": the rows the view selects that carry marks.
    if (query.partial) selected = (selected ?? Array.from({ length: this.rows.length }, (_, i) => i)).filter((i) => marks.has(i));
    const count = selected ? selected.length : this.rows.length;
    // Past the end: no rows (the table moves to its last page and asks again).
    const offset = Math.min(query.offset, count);
    const end = Math.min(count, offset + query.limit);
    const view = this.def.view;
    const rows: unknown[] = [];
    for (let k = offset; k < end; k++) {
      const index = selected ? (selected[k] as number) : k;
      const row = this.rows[index] as T;
      const shown = view ? view(row) : row;
      const issues = marks.size > 0 ? marks.get(index) : undefined;
      rows.push(issues ? { ...(shown as object), [PARTIAL]: issues } : shown);
    }
    return { total: this.rows.length, count, offset, rows, version: this.version, partial: marks.size };
  }
}
