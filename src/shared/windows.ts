// A window of a kept list (DESIGN section 12): what a screen asks main (`{ search, filters, sort, offset,
// limit }`) and what main answers (`{ total, count, rows }`), and the selection a bulk action runs on
// ("all N matching"): the same list, search and filters.
import * as v from 'valibot';
import { LIST_NAMES } from './lists';

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));

/** One column filter of a table: a select's exact value or a text it contains (the row pipeline's filterPredicate). */
export const ColumnFilterSchema = v.object({ id: Text(100), kind: v.picklist(['select', 'text']), value: Text(500) });
export type ColumnFilter = v.InferOutput<typeof ColumnFilterSchema>;

/**
 * Which rows of a kept list a screen means: the list (and its call's input), the search, the column
 * filters, and whether only the records read partly. A window query and a bulk action's "all N
 * matching" both carry it.
 */
export const ListSelectionEntries = {
  list: v.picklist(LIST_NAMES),
  /** The list call's input (the library's server-side filter); checked against the call's schema. */
  input: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
  search: Text(500),
  filters: v.pipe(v.array(ColumnFilterSchema), v.maxLength(20)),
  /** Only the records read partly (the screen's "could not be read fully" filter). */
  partial: v.optional(v.boolean()),
};
export const ListSelectionSchema = v.object(ListSelectionEntries);
export type ListSelection = v.InferOutput<typeof ListSelectionSchema>;

/** What a screen asks of a kept list: its selection, sorted, and the rows from `offset` (DESIGN section 12). */
export const WindowQuerySchema = v.object({
  ...ListSelectionEntries,
  /** The screen asking: of its queries only the newest is answered (an overtaken one is dropped). */
  view: Text(100),
  sort: v.nullable(v.object({ id: Text(100), desc: v.boolean() })),
  offset: v.pipe(v.number(), v.integer(), v.minValue(0)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000)),
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
