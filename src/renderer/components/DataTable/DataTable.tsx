import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Cell,
  type ColumnDef,
  type ColumnFiltersState,
  type Row,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
  type Modifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  Button,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Select,
  Spinner,
  Text,
  Tooltip,
  mergeClasses,
} from '@fluentui/react-components';
import {
  ArrowSortDownRegular,
  ArrowSortUpRegular,
  ArrowSortRegular,
  ChevronDoubleLeftRegular,
  ChevronDoubleRightRegular,
  ChevronLeftRegular,
  ChevronRightRegular,
  DismissRegular,
  ReOrderDotsVerticalRegular,
  SaveRegular,
  SearchRegular,
  ArrowSwapRegular,
} from '@fluentui/react-icons';
import { useDataTableStyles } from './styles';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** A per-column filter shown in the toolbar: a select of the column's values, or free text. */
    filter?: 'select' | 'text';
    /** Options of a select filter; default: the distinct values of the column in the data. */
    filterOptions?: readonly string[];
    /** Label of the filter (default: the column header when it is a string). */
    filterLabel?: string;
    /** Column width (CSS length or px). Columns without one share the rest. */
    width?: number | string;
    align?: 'start' | 'center' | 'end';
    /** Text the global search matches for this column (default: the accessor value). */
    searchValue?: (row: TData) => string;
    /** false: the global search ignores this column. */
    searchable?: boolean;
    /** Tooltip text for truncated cells (default: the cell's value when it is text). */
    title?: (row: TData) => string | undefined;
  }
}

/**
 * A column of any value type. TanStack's ColumnDef is invariant in its value type, so a list of
 * columns with different value types needs `any` there; this is the one place that says so.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Column<T> = ColumnDef<T, any>;

export interface DataTableProps<T> {
  /** TanStack column definitions. Put filter, width, align and search options in `meta`. */
  columns: Column<T>[];
  data: readonly T[];
  /** Accessible name of the table. */
  ariaLabel: string;
  /** Stable row id; required for reorder mode (default: the row index). */
  getRowId?: (row: T, index: number) => string;
  loading?: boolean;
  /** A load failure: shown above the table with a Retry button when onRetry is given. */
  error?: string | null;
  onRetry?: () => void;
  /** Shown when there are no rows at all. */
  emptyText?: ReactNode;
  /** The global search box over all fields (default on). */
  searchable?: boolean;
  searchPlaceholder?: string;
  /** Custom search text of a row (default: every column's value joined). */
  getSearchText?: (row: T) => string;
  /** Paginate (default on). Off: the whole list scrolls, virtualised. */
  pagination?: boolean;
  pageSize?: number;
  pageSizeOptions?: readonly number[];
  initialSorting?: SortingState;
  /** Buttons (Add ...) at the right of the toolbar. */
  toolbar?: ReactNode;
  /** Offer drag reorder ('Enable reorder' / 'Disable reorder' and 'Save changes'). */
  reorderable?: boolean;
  /** Receives the rows in their new order. Resolve false to stay in reorder mode. */
  onSaveOrder?: (rows: T[]) => Promise<boolean | void> | boolean | void;
  /** Leave reorder mode after a successful save (default true). */
  exitReorderOnSave?: boolean;
  /** Row height in px: rows are a fixed height so that huge lists virtualise smoothly (default 44). */
  rowHeight?: number;
  /** Height limit of the scrolling body; default: fill the parent (a flex column) with a floor. */
  maxHeight?: number | string;
  className?: string;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The sort key of a value: numbers as they are, everything else as lower-case text ('' = empty). */
function sortKey(value: unknown): number | string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isNaN(value) ? '' : value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  return toText(value).toLowerCase();
}

/** Numbers before text; text by code point (fast on 100k rows; ISO dates sort right). */
function compareKeys(x: number | string, y: number | string): number {
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'number') return -1;
  if (typeof y === 'number') return 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The id TanStack gives a column: its id, else its accessorKey with dots as underscores, else its header. */
function columnIdOf<T>(def: Column<T>): string | undefined {
  const raw = def as AnyColumn<T>;
  if (raw.id) return raw.id;
  if (typeof raw.accessorKey === 'string') return raw.accessorKey.replaceAll('.', '_');
  return typeof raw.header === 'string' ? raw.header : undefined;
}

/** Value readers per column id (accessor columns only). */
function accessorsOf<T>(columns: Column<T>[]): Map<string, (row: T, index: number) => unknown> {
  const out = new Map<string, (row: T, index: number) => unknown>();
  for (const def of columns as AnyColumn<T>[]) {
    const id = columnIdOf(def);
    if (!id) continue;
    if (def.accessorFn) out.set(id, def.accessorFn);
    else if (typeof def.accessorKey === 'string') {
      const key = def.accessorKey;
      out.set(id, (row) => readPath(row, key));
    }
  }
  return out;
}

function readPath(row: unknown, path: string): unknown {
  let current: unknown = row;
  for (const part of path.split('.')) {
    if (current === null || current === undefined) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(toText).join(' ');
  return '';
}

type AnyColumn<T> = Column<T> & { accessorKey?: string; accessorFn?: (row: T, index: number) => unknown };

/** The text the global search looks in: every searchable column's value. */
function searchTextBuilder<T>(columns: Column<T>[]): (row: T, index: number) => string {
  const readers: ((row: T, index: number) => string)[] = [];
  for (const raw of columns as AnyColumn<T>[]) {
    if (raw.meta?.searchable === false) continue;
    const custom = raw.meta?.searchValue;
    if (custom) readers.push((row) => custom(row));
    else if (raw.accessorFn) {
      const fn = raw.accessorFn;
      readers.push((row, i) => toText(fn(row, i)));
    } else if (typeof raw.accessorKey === 'string') {
      const key = raw.accessorKey;
      readers.push((row) => toText(readPath(row, key)));
    }
  }
  return (row, index) => readers.map((r) => r(row, index)).join('\u0000').toLowerCase();
}

function widthOf(width: number | string | undefined): string | undefined {
  if (width === undefined) return undefined;
  return typeof width === 'number' ? `${width}px` : width;
}

function headerText<T>(column: Column<T>): string {
  if (column.meta?.filterLabel) return column.meta.filterLabel;
  return typeof column.header === 'string' ? column.header : String(column.id ?? '');
}

/** Rows only move up and down. */
const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const DEFAULT_PAGE_SIZES = [10, 20, 50, 100] as const;

/**
 * The generic grid of every screen: global search, per-column filters, sorting, pagination, virtualised
 * rows (only the visible rows of the page are in the DOM), optional drag reorder, and a toolbar slot.
 */
export function DataTable<T>({
  columns,
  data,
  ariaLabel,
  getRowId,
  loading = false,
  error = null,
  onRetry,
  emptyText = 'No records to show.',
  searchable = true,
  searchPlaceholder = 'Search',
  getSearchText,
  pagination = true,
  pageSize: initialPageSize = 10,
  pageSizeOptions = DEFAULT_PAGE_SIZES,
  initialSorting = [],
  toolbar,
  reorderable = false,
  onSaveOrder,
  exitReorderOnSave = true,
  rowHeight = 44,
  maxHeight,
  className,
}: DataTableProps<T>) {
  const styles = useDataTableStyles();
  const filterIdBase = useId();

  // ---- reorder mode -------------------------------------------------------------------------------
  const [reordering, setReordering] = useState(false);
  const [order, setOrder] = useState<T[]>([]);
  const [orderChanged, setOrderChanged] = useState(false);
  const [savingOrder, setSavingOrder] = useState(false);
  const rowIdOf = useCallback(
    (row: T, index: number) => (getRowId ? getRowId(row, index) : String(index)),
    [getRowId],
  );

  // ---- the row pipeline -------------------------------------------------------------------------------
  // Sorting, search, filters and paging run over row indices with plain loops, and TanStack Table only
  // creates row objects for the rows on screen: a list of 100,000 rows stays fast (TanStack's own row
  // models allocate a heavy object per row of the whole list).
  const source: readonly T[] = reordering ? order : data;
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [pageState, setPageState] = useState({ pageIndex: 0, pageSize: initialPageSize });
  const paginate = pagination && !reordering;

  const accessors = useMemo(() => accessorsOf(columns), [columns]);
  const buildText = useMemo(
    () => (getSearchText ? (row: T) => getSearchText(row).toLowerCase() : searchTextBuilder(columns)),
    [columns, getSearchText],
  );
  const haystacks = useMemo(() => {
    let cache: string[] | null = null;
    return () => (cache ??= data.map((row, i) => buildText(row, i)));
  }, [data, buildText]);
  useEffect(() => {
    // Build the search text ahead of the first keystroke, once the list is painted and the page idle
    // (a plain timeout can run before the first paint and delay it).
    if (!searchable || data.length < 2000) return;
    const idle = window.requestIdleCallback(() => haystacks(), { timeout: 3000 });
    return () => window.cancelIdleCallback(idle);
  }, [haystacks, searchable, data.length]);

  const activeSort = reordering ? undefined : sorting[0];
  const sortedOrder = useMemo(() => {
    if (!activeSort) return null;
    const get = accessors.get(activeSort.id);
    if (!get) return null;
    const keys: (number | string)[] = new Array(source.length);
    for (let i = 0; i < source.length; i++) keys[i] = sortKey(get(source[i] as T, i));
    const order = Array.from({ length: source.length }, (_, i) => i);
    const dir = activeSort.desc ? -1 : 1;
    order.sort((a, b) => {
      const x = keys[a] as number | string;
      const y = keys[b] as number | string;
      // Empty values last in both directions; ties keep the list's own order.
      if (x === '' || y === '') return x === y ? a - b : x === '' ? 1 : -1;
      return (compareKeys(x, y) * dir) || a - b;
    });
    return order;
  }, [activeSort, accessors, source]);

  const needle = reordering ? '' : deferredQuery.trim().toLowerCase();
  const filters = useMemo(
    () => (reordering ? [] : columnFilters.filter((f) => f.value !== undefined && f.value !== null && f.value !== '')),
    [columnFilters, reordering],
  );
  // The last search's result: typing on ('s', 'sh', 'sho') only narrows it, so the next keystroke
  // looks at the rows that matched before instead of the whole list.
  const lastSearch = useRef<{ needle: string; basis: unknown[]; out: number[] } | null>(null);
  const visibleOrder = useMemo(() => {
    if (!needle && filters.length === 0) return sortedOrder;
    const texts = needle ? haystacks() : null;
    const basis = [filters, sortedOrder, haystacks, source, accessors];
    const last = lastSearch.current;
    if (texts && last && last.needle && needle.startsWith(last.needle) && last.basis.every((item, k) => item === basis[k])) {
      const out = last.out.filter((i) => (texts[i] as string).includes(needle));
      lastSearch.current = { needle, basis, out };
      return out;
    }
    const predicates = filters.map((f) => {
      const get = accessors.get(f.id);
      const kind = columns.find((c) => columnIdOf(c) === f.id)?.meta?.filter ?? 'select';
      const wanted = String(f.value);
      const lower = wanted.toLowerCase();
      return (row: T, i: number): boolean => {
        const value = get ? get(row, i) : undefined;
        if (kind === 'text') return toText(value).toLowerCase().includes(lower);
        if (Array.isArray(value)) return value.map(String).includes(wanted);
        return String(value ?? '') === wanted;
      };
    });
    const out: number[] = [];
    for (let k = 0; k < source.length; k++) {
      const i = sortedOrder ? (sortedOrder[k] as number) : k;
      if (texts && !(texts[i] as string).includes(needle)) continue;
      let pass = true;
      for (const p of predicates) if (!p(source[i] as T, i)) { pass = false; break; }
      if (pass) out.push(i);
    }
    lastSearch.current = { needle, basis, out };
    return out;
  }, [needle, filters, sortedOrder, haystacks, accessors, columns, source]);
  const filteredCount = visibleOrder ? visibleOrder.length : source.length;
  const indexAt = (position: number): number => (visibleOrder ? (visibleOrder[position] as number) : position);

  // Back to the first page when the search or a filter changes; clamp when the list shrinks.
  useEffect(() => {
    setPageState((p) => (p.pageIndex === 0 ? p : { ...p, pageIndex: 0 }));
  }, [deferredQuery, columnFilters]);
  const pageCount = paginate ? Math.max(1, Math.ceil(filteredCount / pageState.pageSize)) : 1;
  useEffect(() => {
    if (pageState.pageIndex > pageCount - 1) setPageState((p) => ({ ...p, pageIndex: pageCount - 1 }));
  }, [pageCount, pageState.pageIndex]);
  const pageStart = paginate ? Math.min(pageState.pageIndex, pageCount - 1) * pageState.pageSize : 0;
  const pageLength = Math.max(0, paginate ? Math.min(pageState.pageSize, filteredCount - pageStart) : filteredCount);

  // ---- virtualised body: only the rows in view (plus overscan) are rendered ------------------------
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: pageLength,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [pageState.pageIndex, pageState.pageSize, deferredQuery, columnFilters, sorting]);
  const items = virtualizer.getVirtualItems();
  const dataIndexes = items.map((item) => indexAt(pageStart + item.index));
  const visibleRows = dataIndexes.map((i) => source[i] as T);

  // ---- TanStack table: the column model, sort and filter state, and the cells of the visible rows ----
  const table = useReactTable<T>({
    data: visibleRows,
    columns,
    getRowId: (row, i) => rowIdOf(row, dataIndexes[i] ?? i),
    state: { sorting: reordering ? [] : sorting, columnFilters: reordering ? [] : columnFilters },
    onSortingChange: setSorting,
    onColumnFiltersChange: setColumnFilters,
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: true,
    defaultColumn: {
      cell: (ctx) => {
        const value = ctx.getValue<unknown>();
        return value === null || value === undefined || value === '' ? '—' : toText(value);
      },
    },
    getCoreRowModel: getCoreRowModel(),
  });

  const rows = table.getRowModel().rows;

  const totalSize = virtualizer.getTotalSize();
  const padTop = items.length > 0 ? (items[0]?.start ?? 0) : 0;
  const padBottom = items.length > 0 ? totalSize - (items[items.length - 1]?.end ?? 0) : 0;

  // ---- filters shown in the toolbar ---------------------------------------------------------------
  const filterColumns = useMemo(
    () =>
      columns
        .map((c) => ({ def: c, id: columnIdOf(c) }))
        .filter((c): c is { def: Column<T>; id: string } => !!c.id && !!c.def.meta?.filter),
    [columns],
  );
  const filterOptions = useMemo(() => {
    const out: Record<string, string[]> = {};
    for (const { def, id } of filterColumns) {
      if (def.meta?.filter !== 'select') continue;
      if (def.meta.filterOptions) {
        out[id] = [...def.meta.filterOptions];
        continue;
      }
      const get = accessors.get(id);
      const values = new Set<string>();
      if (get)
        for (let i = 0; i < data.length; i++) {
          const value = get(data[i] as T, i);
          if (Array.isArray(value)) value.forEach((x) => values.add(String(x)));
          else if (value !== null && value !== undefined && value !== '') values.add(String(value));
        }
      out[id] = [...values].sort(collator.compare);
    }
    return out;
  }, [filterColumns, accessors, data]);

  // ---- reorder handlers ---------------------------------------------------------------------------
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const startReorder = () => {
    setOrder([...data]);
    setOrderChanged(false);
    setReordering(true);
  };
  const stopReorder = () => {
    setReordering(false);
    setOrder([]);
    setOrderChanged(false);
  };
  const saveOrder = async () => {
    if (!onSaveOrder) return;
    setSavingOrder(true);
    try {
      const outcome = await onSaveOrder(order);
      if (outcome !== false && exitReorderOnSave) stopReorder();
      else if (outcome !== false) setOrderChanged(false);
    } finally {
      setSavingOrder(false);
    }
  };
  const rowIds = useMemo(() => order.map((row, i) => rowIdOf(row, i)), [order, rowIdOf]);
  const onDragEnd = (event: DragEndEvent) => {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const from = rowIds.indexOf(String(active.id));
    const to = rowIds.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    setOrder((current) => arrayMove(current, from, to));
    setOrderChanged(true);
  };

  // ---- rendering ----------------------------------------------------------------------------------
  const leafColumns = table.getVisibleLeafColumns();
  // Fixed px columns keep their width; the others get at least 96px each, else the table scrolls sideways.
  const minWidth = leafColumns.reduce((sum, c) => {
    const w = c.columnDef.meta?.width;
    return sum + (typeof w === 'number' ? w : 96);
  }, reordering ? 44 : 0);
  const colCount = leafColumns.length + (reordering ? 1 : 0);
  const total = data.length;
  const firstShown = filteredCount === 0 ? 0 : pageStart + 1;
  const lastShown = pageStart + pageLength;
  const searching = query.trim() !== '' || columnFilters.length > 0;

  const body = (
    <tbody>
      {padTop > 0 ? (
        <tr aria-hidden="true" className={styles.spacer}>
          <td colSpan={colCount} style={{ height: padTop }} />
        </tr>
      ) : null}
      {items.map((item, j) => {
        const row = rows[j];
        if (!row) return null;
        const rowIndex = pageStart + item.index + 2;
        return reordering ? (
          <SortableRow
            key={row.id}
            id={row.id}
            row={row}
            height={rowHeight}
            ariaRowIndex={rowIndex}
            styles={styles}
            disabled={savingOrder}
          />
        ) : (
          <BodyRow key={row.id} row={row} height={rowHeight} ariaRowIndex={rowIndex} styles={styles} cells={row.getVisibleCells()} />
        );
      })}
      {padBottom > 0 ? (
        <tr aria-hidden="true" className={styles.spacer}>
          <td colSpan={colCount} style={{ height: padBottom }} />
        </tr>
      ) : null}
      {rows.length === 0 ? (
        <tr>
          <td colSpan={colCount} className={styles.stateCell}>
            {loading ? (
              <Spinner size="small" label="Loading…" labelPosition="after" />
            ) : (
              <Text>{total > 0 && searching ? 'No records match the search or filters.' : emptyText}</Text>
            )}
          </td>
        </tr>
      ) : null}
    </tbody>
  );

  return (
    <div className={mergeClasses(styles.root, className)}>
      <div className={styles.toolbar} role="toolbar" aria-label={`${ariaLabel} tools`}>
        <div className={styles.toolbarStart}>
          {searchable ? (
            <Input
              className={styles.search}
              contentBefore={<SearchRegular aria-hidden />}
              contentAfter={
                query ? (
                  <Button
                    appearance="transparent"
                    size="small"
                    icon={<DismissRegular />}
                    aria-label="Clear search"
                    onClick={() => setQuery('')}
                  />
                ) : undefined
              }
              placeholder={searchPlaceholder}
              aria-label="Search"
              type="search"
              value={query}
              disabled={reordering}
              onChange={(_e, d) => setQuery(d.value)}
            />
          ) : null}
          {filterColumns.map(({ def, id }) => {
            const column = table.getColumn(id);
            const label = headerText(def);
            const value = (column?.getFilterValue() as string | undefined) ?? '';
            const fid = `${filterIdBase}-filter-${id}`;
            return (
              <div key={id} className={styles.filter}>
                <label htmlFor={fid} className={styles.filterLabel}>
                  {label}
                </label>
                {def.meta?.filter === 'select' ? (
                  <Select
                    id={fid}
                    size="medium"
                    value={value}
                    disabled={reordering}
                    onChange={(_e, d) => column?.setFilterValue(d.value || undefined)}
                  >
                    <option value="">All</option>
                    {(filterOptions[id] ?? []).map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                  </Select>
                ) : (
                  <Input
                    id={fid}
                    value={value}
                    disabled={reordering}
                    placeholder={`Filter ${label}`}
                    onChange={(_e, d) => column?.setFilterValue(d.value || undefined)}
                  />
                )}
              </div>
            );
          })}
        </div>
        <div className={styles.toolbarEnd}>
          {reorderable ? (
            reordering ? (
              <>
                <Button icon={<DismissRegular />} onClick={stopReorder} disabled={savingOrder}>
                  Disable reorder
                </Button>
                <Button
                  appearance="primary"
                  icon={savingOrder ? <Spinner size="tiny" /> : <SaveRegular />}
                  onClick={() => void saveOrder()}
                  disabled={!orderChanged || savingOrder || !onSaveOrder}
                >
                  Save changes
                </Button>
              </>
            ) : (
              <Button icon={<ArrowSwapRegular className={styles.rotate} />} onClick={startReorder} disabled={loading || total < 2}>
                Enable reorder
              </Button>
            )
          ) : null}
          {toolbar}
        </div>
      </div>

      {error ? (
        <MessageBar intent="error" className={styles.error}>
          <MessageBarBody>{error}</MessageBarBody>
          {onRetry ? (
            <MessageBarActions>
              <Button size="small" onClick={onRetry}>
                Retry
              </Button>
            </MessageBarActions>
          ) : null}
        </MessageBar>
      ) : null}
      {reordering ? (
        <Text size={200} className={styles.reorderHint}>
          Drag rows by the handle (or focus a handle, press Space, then the arrow keys) and select Save changes.
        </Text>
      ) : null}

      <div
        ref={scrollRef}
        className={styles.scroller}
        style={maxHeight !== undefined ? { maxHeight: widthOf(maxHeight), flex: '0 1 auto' } : undefined}
        tabIndex={0}
        aria-label={`${ariaLabel}, scrollable`}
        role="region"
      >
        <table className={styles.table} style={{ minWidth }} aria-label={ariaLabel} aria-rowcount={filteredCount + 1} aria-busy={loading}>
          <colgroup>
            {reordering ? <col style={{ width: '44px' }} /> : null}
            {leafColumns.map((column) => (
              <col key={column.id} style={{ width: widthOf(column.columnDef.meta?.width) }} />
            ))}
          </colgroup>
          <thead className={styles.thead}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={1}>
                {reordering ? (
                  <th scope="col" className={styles.th}>
                    <span className={styles.visuallyHidden}>Drag handle</span>
                  </th>
                ) : null}
                {group.headers.map((header) => {
                  const canSort = header.column.getCanSort() && !reordering;
                  const sorted = header.column.getIsSorted();
                  const align = header.column.columnDef.meta?.align;
                  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      colSpan={header.colSpan}
                      className={mergeClasses(styles.th, align === 'center' && styles.center, align === 'end' && styles.end)}
                      aria-sort={canSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className={styles.sortButton}
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          <span className={styles.headerLabel}>{content}</span>
                          {sorted === 'asc' ? (
                            <ArrowSortUpRegular aria-hidden className={styles.sortIcon} />
                          ) : sorted === 'desc' ? (
                            <ArrowSortDownRegular aria-hidden className={styles.sortIcon} />
                          ) : (
                            <ArrowSortRegular aria-hidden className={mergeClasses(styles.sortIcon, styles.sortIconIdle)} />
                          )}
                        </button>
                      ) : (
                        <span className={styles.headerLabel}>{content}</span>
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          {reordering ? (
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} modifiers={[restrictToVerticalAxis]}>
              <SortableContext items={rowIds} strategy={verticalListSortingStrategy}>
                {body}
              </SortableContext>
            </DndContext>
          ) : (
            body
          )}
        </table>
      </div>

      <div className={styles.footer}>
        <Text size={200} className={styles.count} aria-live="polite">
          {loading && total === 0
            ? 'Loading…'
            : filteredCount === 0
              ? `0 of ${total} records`
              : `${firstShown}–${lastShown} of ${filteredCount}${filteredCount !== total ? ` (filtered from ${total})` : ''} records`}
        </Text>
        {paginate ? (
          <div className={styles.pager} role="navigation" aria-label="Pagination">
            <label htmlFor={`${filterIdBase}-size`} className={styles.filterLabel}>
              Rows per page
            </label>
            <Select
              id={`${filterIdBase}-size`}
              size="small"
              value={String(pageState.pageSize)}
              onChange={(_e, d) => setPageState({ pageIndex: 0, pageSize: Number(d.value) })}
            >
              {[...new Set([...pageSizeOptions, initialPageSize])]
                .sort((a, b) => a - b)
                .map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
            </Select>
            <Text size={200} className={styles.pageOf}>
              Page {Math.min(pageState.pageIndex + 1, pageCount)} of {pageCount}
            </Text>
            <PagerButton label="First page" icon={<ChevronDoubleLeftRegular />} disabled={pageState.pageIndex === 0} onClick={() => setPageState((p) => ({ ...p, pageIndex: 0 }))} />
            <PagerButton label="Previous page" icon={<ChevronLeftRegular />} disabled={pageState.pageIndex === 0} onClick={() => setPageState((p) => ({ ...p, pageIndex: Math.max(0, p.pageIndex - 1) }))} />
            <PagerButton label="Next page" icon={<ChevronRightRegular />} disabled={pageState.pageIndex >= pageCount - 1} onClick={() => setPageState((p) => ({ ...p, pageIndex: Math.min(pageCount - 1, p.pageIndex + 1) }))} />
            <PagerButton label="Last page" icon={<ChevronDoubleRightRegular />} disabled={pageState.pageIndex >= pageCount - 1} onClick={() => setPageState((p) => ({ ...p, pageIndex: pageCount - 1 }))} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

function PagerButton({ label, icon, disabled, onClick }: { label: string; icon: React.JSX.Element; disabled: boolean; onClick: () => void }) {
  return (
    <Tooltip content={label} relationship="label">
      <Button appearance="subtle" size="small" icon={icon} disabled={disabled} onClick={onClick} />
    </Tooltip>
  );
}

type Styles = ReturnType<typeof useDataTableStyles>;

function cellTitle<T>(cell: Cell<T, unknown>): string | undefined {
  const custom = cell.column.columnDef.meta?.title;
  if (custom) return custom(cell.row.original);
  const value = cell.getValue();
  return typeof value === 'string' && value.length > 24 ? value : undefined;
}

function renderCells<T>(cells: Cell<T, unknown>[], styles: Styles) {
  return cells.map((cell) => {
    const align = cell.column.columnDef.meta?.align;
    return (
      <td
        key={cell.id}
        className={mergeClasses(styles.td, align === 'center' && styles.center, align === 'end' && styles.end)}
        title={cellTitle(cell)}
      >
        {flexRender(cell.column.columnDef.cell, cell.getContext())}
      </td>
    );
  });
}

interface RowProps<T> {
  row: Row<T>;
  height: number;
  ariaRowIndex: number;
  styles: Styles;
}

const BodyRow = memo(function BodyRow<T>({ height, ariaRowIndex, styles, cells }: RowProps<T> & { cells: Cell<T, unknown>[] }) {
  return (
    <tr className={styles.tr} style={{ height }} aria-rowindex={ariaRowIndex}>
      {renderCells(cells, styles)}
    </tr>
  );
}) as <T>(props: RowProps<T> & { cells: Cell<T, unknown>[] }) => ReactNode;

function SortableRow<T>({ id, row, height, ariaRowIndex, styles, disabled }: RowProps<T> & { id: string; disabled: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const style: CSSProperties = {
    height,
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
  };
  return (
    <tr ref={setNodeRef} className={mergeClasses(styles.tr, isDragging && styles.dragging)} style={style} aria-rowindex={ariaRowIndex}>
      <td className={styles.td}>
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={styles.handle}
          aria-label={`Drag row ${ariaRowIndex - 1}`}
          {...attributes}
          {...listeners}
        >
          <ReOrderDotsVerticalRegular aria-hidden />
        </button>
      </td>
      {renderCells(row.getVisibleCells(), styles)}
    </tr>
  );
}
