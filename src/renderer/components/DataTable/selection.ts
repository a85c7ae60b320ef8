// The rows a person selected in a table: pure functions, tested on their own (selection.test.ts).
// Rows are kept by key with the record as it was shown when ticked (a bulk write's base), so a selection
// survives paging, sorting and scrolling; "all N matching" is the table's whole view less the unticked.

import { notSelectable } from '../../../shared/tolerant';

export interface Selection<T> {
  /** The rows ticked one by one (or by a range, Ctrl+A, the header box), with the record as shown. */
  readonly rows: ReadonlyMap<string, T>;
  /** Every row matching the view's search and filters (`count` of them), less `except`. */
  readonly all: { readonly count: number; readonly except: ReadonlySet<string> } | null;
  /** Where a Shift range starts: the last row ticked or unticked. */
  readonly anchor: string | null;
}

export interface Keyed<T> {
  key: string;
  row: T;
}

export const emptySelection = <T>(): Selection<T> => ({ rows: new Map(), all: null, anchor: null });

export const isSelected = <T>(s: Selection<T>, key: string): boolean => (s.all ? !s.all.except.has(key) : s.rows.has(key));

/** How many rows are selected. */
export const selectedCount = <T>(s: Selection<T>): number => (s.all ? Math.max(0, s.all.count - s.all.except.size) : s.rows.size);

/** Ticks or unticks rows (`on`), keeping the others; a row sharing its id with another is never ticked. */
export function setRows<T>(s: Selection<T>, all: readonly Keyed<T>[], on: boolean, anchor: string | null = s.anchor): Selection<T> {
  const rows = on ? all.filter((k) => !notSelectable(k.row)) : all;
  if (s.all) {
    const except = new Set(s.all.except);
    for (const { key } of rows) {
      if (on) except.delete(key);
      else except.add(key);
    }
    return { rows: s.rows, all: { count: s.all.count, except }, anchor };
  }
  const next = new Map(s.rows);
  for (const { key, row } of rows) {
    if (on) next.set(key, row);
    else next.delete(key);
  }
  return { rows: next, all: null, anchor };
}

/** A click on one row's box (or Space on the row): flips it, and it becomes the range's anchor. */
export const toggle = <T>(s: Selection<T>, item: Keyed<T>): Selection<T> => setRows(s, [item], !isSelected(s, item.key), item.key);

/**
 * Shift-click (Shift+Space, Shift+arrows): the rows of `view` from the anchor to `item` take the
 * anchor's state (selected unless the anchor was just unticked). Without an anchor in view: a toggle.
 */
export function range<T>(s: Selection<T>, view: readonly Keyed<T>[], item: Keyed<T>): Selection<T> {
  const from = s.anchor === null ? -1 : view.findIndex((k) => k.key === s.anchor);
  const to = view.findIndex((k) => k.key === item.key);
  if (from < 0 || to < 0) return toggle(s, item);
  const on = s.anchor === null ? true : isSelected(s, s.anchor);
  const [a, b] = from <= to ? [from, to] : [to, from];
  return setRows(s, view.slice(a, b + 1), on, s.anchor);
}

/** Whether every row of `view` is selected (the header box's checked state; 'mixed' when some are). */
export function viewState<T>(s: Selection<T>, all: readonly Keyed<T>[]): boolean | 'mixed' {
  // Rows that can never be selected do not count (else the header box could never be all, nor clear).
  const view = all.filter((k) => !notSelectable(k.row));
  if (view.length === 0) return selectedCount(s) > 0 ? 'mixed' : false;
  const n = view.filter((k) => isSelected(s, k.key)).length;
  return n === view.length ? true : n > 0 || selectedCount(s) > 0 ? 'mixed' : false;
}

/** "Select all N matching": the whole view of the table, whatever page shows. */
export const selectAllMatching = <T>(s: Selection<T>, count: number, except: ReadonlySet<string> = new Set()): Selection<T> => ({ rows: s.rows, all: { count, except }, anchor: s.anchor });

/**
 * The list changed under the selection (a refetch, someone's write): rows no longer in the list are
 * dropped and the others take their record as now shown. "All matching" stays what it says (its count
 * follows the view's, see useTableSelection); only the rows it no longer holds leave its exceptions.
 * `current` answers a key's record, or undefined.
 */
export function prune<T>(s: Selection<T>, current: (key: string) => T | undefined): Selection<T> {
  if (s.all) {
    const except = new Set([...s.all.except].filter((key) => current(key) !== undefined));
    return except.size === s.all.except.size ? s : { ...s, all: { count: s.all.count, except } };
  }
  let changed = false;
  const next = new Map<string, T>();
  for (const [key, row] of s.rows) {
    const now = current(key);
    if (now === undefined) changed = true;
    else {
      if (now !== row) changed = true;
      next.set(key, now);
    }
  }
  return changed ? { rows: next, all: null, anchor: s.anchor !== null && next.has(s.anchor) ? s.anchor : null } : s;
}
