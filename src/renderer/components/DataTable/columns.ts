import type { JSX } from 'react';
import type { ColumnDef, RowData } from '@tanstack/react-table';
import { toText, type Getter, type RowFilter } from '../../lib/rows';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** A per-column filter shown in the toolbar: a select of the column's values, or free text. */
    filter?: 'select' | 'text';
    /**
     * Options of a select filter; default: the distinct values of the column in the data. An option
     * with a label filters by its value (a category's id) and shows its label (the category's name).
     */
    filterOptions?: readonly FilterOption[];
    /** What a filter compares with its option's value (default: the column's value). */
    filterValue?: (row: TData) => unknown;
    /** Label of the filter (default: the column header when it is a string). */
    filterLabel?: string;
    /**
     * The header's words when `header` renders something else (two lines, an icon): the column's name in
     * its header cell, its resize grip, the View menu and the filters.
     */
    label?: string;
    /** Column width (CSS length or px). Columns without one share the rest. */
    width?: number | string;
    align?: 'start' | 'center' | 'end';
    /** Text the global search matches for this column (default: the accessor value). */
    searchValue?: (row: TData) => string;
    /** false: the global search ignores this column. */
    searchable?: boolean;
    /** Tooltip text for truncated cells (default: the cell's text when it is cut off). */
    title?: (row: TData) => string | undefined;
    /** 'end': the column stays at the right edge while the table scrolls sideways (row actions). */
    pin?: 'end';
    /** A row action: the row's context menu offers it too (right click, Shift+F10). */
    action?: RowAction<TData>;
    /** Values in their meaning's order (Easy, Medium, Hard): the column sorts by position here. */
    sortOrder?: readonly string[];
    /** Smallest width of a column without a fixed width (px, default 140). */
    minWidth?: number;
    /**
     * When the table is narrower than its columns (a small window), columns with a priority give way,
     * the highest number first (the rightmost first among equals), until the rest fits; the View menu
     * still shows them. Columns without one always show.
     */
    priority?: number;
  }
}

/** An option of a select filter: a value shown as it is, or a value shown by its label. */
export type FilterOption = string | { value: string; label: string };

/** What a row action does, for the action column's button and the row's context menu. */
export interface RowAction<T> {
  /** The menu item's text ('Edit', 'Delete', 'Add Questions'). */
  text: string;
  /** The button's accessible name, e.g. `Edit ${row.name}`. */
  label: (row: T) => string;
  icon?: JSX.Element;
  run: (row: T) => void;
  /** Rows without this action. */
  hidden?: (row: T) => boolean;
}

/**
 * A column of any value type. TanStack's ColumnDef is invariant in its value type, so a list of
 * columns with different value types needs `any` there; this is the one place that says so.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Column<T> = ColumnDef<T, any>;

type AnyColumn<T> = Column<T> & { accessorKey?: string; accessorFn?: Getter<T> };

/** The id TanStack gives a column: its id, else its accessorKey with dots as underscores, else its header. */
export function columnIdOf<T>(def: Column<T>): string | undefined {
  const raw = def as AnyColumn<T>;
  if (raw.id) return raw.id;
  if (typeof raw.accessorKey === 'string') return raw.accessorKey.replaceAll('.', '_');
  return typeof raw.header === 'string' ? raw.header : undefined;
}

function readPath(row: unknown, path: string): unknown {
  let current: unknown = row;
  for (const part of path.split('.')) {
    if (current === null || current === undefined) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** The value reader of an accessor column (undefined for display columns). */
function getterOf<T>(def: Column<T>): Getter<T> | undefined {
  const raw = def as AnyColumn<T>;
  if (raw.accessorFn) return raw.accessorFn;
  if (typeof raw.accessorKey === 'string') {
    const key = raw.accessorKey;
    return (row) => readPath(row, key);
  }
  return undefined;
}

/** Sort readers per column id: the value, or its position in the column's `sortOrder` (unknown values after). */
export function sortAccessorsOf<T>(columns: readonly Column<T>[], accessors: Map<string, Getter<T>>): Map<string, Getter<T>> {
  const out = new Map(accessors);
  for (const def of columns) {
    const id = columnIdOf(def);
    const get = id ? accessors.get(id) : undefined;
    const order = def.meta?.sortOrder;
    if (!id || !get || !order) continue;
    const rank = new Map(order.map((value, i) => [value, i]));
    out.set(id, (row, i) => {
      const value = get(row, i);
      if (value === null || value === undefined || value === '') return undefined;
      return rank.get(String(value)) ?? order.length;
    });
  }
  return out;
}

/** Unpinned columns first, then the pinned ones (each group in its declared order). */
export function pinnedLast<T>(columns: readonly Column<T>[]): Column<T>[] {
  return [...columns.filter((c) => c.meta?.pin !== 'end'), ...columns.filter((c) => c.meta?.pin === 'end')];
}

/** The row actions of the columns, in column order. */
export function rowActionsOf<T>(columns: readonly Column<T>[]): RowAction<T>[] {
  return columns.flatMap((c) => (c.meta?.action ? [c.meta.action] : []));
}

/** Value readers per column id (accessor columns only). */
export function accessorsOf<T>(columns: readonly Column<T>[]): Map<string, Getter<T>> {
  const out = new Map<string, Getter<T>>();
  for (const def of columns) {
    const id = columnIdOf(def);
    const get = getterOf(def);
    if (id && get) out.set(id, get);
  }
  return out;
}

/** The readers of the global search: every searchable column's value, or its searchValue. */
export function searchReadersOf<T>(columns: readonly Column<T>[]): ((row: T, index: number) => string)[] {
  const readers: ((row: T, index: number) => string)[] = [];
  for (const def of columns) {
    if (def.meta?.searchable === false) continue;
    const custom = def.meta?.searchValue;
    const get = getterOf(def);
    if (custom) readers.push((row) => custom(row));
    else if (get) readers.push((row, i) => toText(get(row, i)));
  }
  return readers;
}

function filterGetter<T>(columns: readonly Column<T>[], accessors: Map<string, Getter<T>>, id: string): Getter<T> {
  const own = columns.find((c) => columnIdOf(c) === id)?.meta?.filterValue;
  return own ? (row) => own(row) : (accessors.get(id) ?? (() => undefined));
}

/** The pipeline's filters for the toolbar's filter values (empty values dropped). */
export function rowFiltersOf<T>(
  columns: readonly Column<T>[],
  accessors: Map<string, Getter<T>>,
  values: readonly { id: string; value: unknown }[],
): RowFilter<T>[] {
  return values
    .filter((f) => f.value !== undefined && f.value !== null && f.value !== '')
    .map((f) => ({
      get: filterGetter(columns, accessors, f.id),
      kind: columns.find((c) => columnIdOf(c) === f.id)?.meta?.filter ?? 'select',
      value: String(f.value),
    }));
}

export function widthOf(width: number | string | undefined): string | undefined {
  if (width === undefined) return undefined;
  return typeof width === 'number' ? `${width}px` : width;
}

export function headerText<T>(column: Column<T>): string {
  if (column.meta?.filterLabel) return column.meta.filterLabel;
  if (typeof column.header === 'string') return column.header;
  return column.meta?.label ?? column.meta?.action?.text ?? String(column.id ?? '');
}

/** A column's least width in the table: the width a person dragged it to, its fixed px width, else its minWidth (140). */
export function leastWidth<T>(def: Column<T>, id: string, widths: Readonly<Record<string, number>>): number {
  const w = widths[id] ?? def.meta?.width;
  return typeof w === 'number' ? w : (def.meta?.minWidth ?? 140);
}

/**
 * The columns that give way so the table fits `available` px: while the shown columns' least widths
 * (as declared) exceed it, the column of the highest priority number (rightmost among equals) is
 * hidden. Columns a person chose in the View menu (`visibility` true or false) are theirs and never
 * count here; a column a person widened makes the table scroll, it hides no other.
 */
export function hiddenToFit<T>(columns: readonly Column<T>[], visibility: Readonly<Record<string, boolean>>, available: number, lead = 0): string[] {
  const shown = columns.flatMap((def, position) => {
    const id = columnIdOf(def);
    return id && visibility[id] !== false ? [{ id, def, position, width: leastWidth(def, id, {}) }] : [];
  });
  let total = shown.reduce((sum, c) => sum + c.width, lead);
  const candidates = shown
    .filter((c) => c.def.meta?.priority !== undefined && visibility[c.id] === undefined)
    .sort((a, b) => b.def.meta!.priority! - a.def.meta!.priority! || b.position - a.position);
  const hidden: string[] = [];
  for (const c of candidates) {
    if (total <= available) break;
    hidden.push(c.id);
    total -= c.width;
  }
  return hidden;
}
