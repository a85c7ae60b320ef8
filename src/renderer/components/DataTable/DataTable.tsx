import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { getCoreRowModel, useReactTable, type SortingState, type VisibilityState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Text, mergeClasses } from '@fluentui/react-components';
import { countText, toText } from '../../lib/rows';
import { BodyRow, Cells, VirtualBody, titleIfTruncated } from './Body';
import { pinnedLast, rowActionsOf, widthOf, type Column, type RowAction } from './columns';
import { usePinEdge } from './pinEdge';
import { ColGroup, Header, minTableWidth, pinsOf, useColumnWidths } from './Header';
import { RowMenu, type RowMenuState } from './RowMenu';
import { useLatestCallback } from '../../lib/latest-callback';
import { useRowTip } from './cellControls';
import { useRowKeys } from './useRowKeys';
import { startingSize, useColumnFit } from './useColumnFit';
import { Pager } from './Pager';
import { ReorderContext, SortableRow, useReorder } from './reorder';
import { useDataTableStyles } from './styles';
import { ColumnFilters, LoadError, ReorderButtons, SearchBox, Toolbar } from './Toolbar';
import { useRowPipeline } from './useRowPipeline';
import { useKeepTableView, useSavedTableView } from './useTableView';
import { PartialNotice, partialColumn } from './partial';
import { notSelectable } from '../../../shared/tolerant';
import { ExportButton, ViewMenu } from './ViewMenu';
import { useCsvExport } from './exportCsv';
import { useSelectedRow } from './useSelectedRow';
import { selectColumn, useTableSelection, type TableSelection } from './useTableSelection';
import { isSelected } from './selection';
import type { Density, TableView } from '../../../shared/schemas/settings';
import type { AnyWindowSource } from '../../lib/windows';

const NO_ROWS: readonly never[] = [];

export type { Column } from './columns';

export interface DataTableProps<T> {
  /** TanStack column definitions. Put filter, width, align and search options in `meta`. */
  columns: Column<T>[];
  /** A small list in memory; or give `window` (a list main keeps) instead. */
  data?: readonly T[];
  /**
   * A list main keeps and serves by window (large lists): sort, search, filters and paging run in main
   * with the same pipeline; only the page's rows come here. No reorder.
   */
  window?: AnyWindowSource;
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
  /** Receives the rows in their new order, and in the order reordering started from. Resolve false to stay in reorder mode. */
  onSaveOrder?: (rows: T[], started: readonly T[]) => Promise<boolean | void> | boolean | void;
  /** Leave reorder mode after a successful save (default true). */
  exitReorderOnSave?: boolean;
  /** Row height in px: rows are a fixed height so that huge lists virtualise smoothly (default 44). */
  rowHeight?: number;
  /** Height limit of the scrolling body; default: fill the parent (a flex column) with a floor. */
  maxHeight?: number | string;
  className?: string;
  /** Enter or a double click on a row (the screen's Edit). */
  onRowActivate?: (row: T) => void;
  /**
   * The screen's key: its view (sort, filters, search, page size, hidden columns, widths, density) is
   * kept by main and restored next time; the View menu and Export CSV show.
   */
  viewKey?: string;
  /** Receives the table's view as it is now (sort, filters, search, page size, columns): a named view saves it. */
  viewRef?: { current: TableView | null };
  /** Rows can be selected: a check-box column, the keys, and the screen's bar while rows are selected. */
  selection?: TableSelection<T>;
  /** A row's name (the check box's label 'Select <name>'); default: its id. */
  rowLabel?: (row: T) => string;
}

const DEFAULT_PAGE_SIZES = [10, 20, 50, 100] as const;
const HANDLE_WIDTH = 44;

/** A missing value shows as a dash. */
const dashed = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : toText(value));

/**
 * The generic grid of every screen: global search, per-column filters, sorting, pagination, virtualised
 * rows (only the visible rows of the page are in the DOM), optional drag reorder, and a toolbar slot.
 * Sorting, search, filters and paging run over row indices in the pure pipeline (lib/rows), and
 * TanStack Table only creates row objects for the rows on screen, so 100,000 rows stay fast.
 */
export function DataTable<T>({
  columns,
  data = NO_ROWS,
  window: kept,
  ariaLabel,
  getRowId,
  loading: loadingProp = false,
  error: errorProp = null,
  onRetry: onRetryProp,
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
  rowHeight: comfortableRowHeight = 44,
  maxHeight,
  className,
  onRowActivate,
  viewKey,
  viewRef,
  selection: selectionControl,
  rowLabel,
}: DataTableProps<T>) {
  const styles = useDataTableStyles();
  const idBase = useId();
  // Records sharing an id are rows of their own (their keys differ by position): React, the selection
  // and the keyboard tell them apart.
  const rowIdOf = useCallback((row: T, index: number) => (getRowId ? (notSelectable(row) ? `${getRowId(row, index)}#${index}` : getRowId(row, index)) : String(index)), [getRowId]);
  const reorder = useReorder({ data, rowIdOf, onSave: onSaveOrder, exitOnSave: exitReorderOnSave });
  const reordering = reorder.active;
  const source: readonly T[] = reordering ? reorder.order : data;
  // Pinned columns (row actions) go last, so they stick at the right edge.
  const ordered = useMemo(() => pinnedLast(columns), [columns]);
  const rowActions = useMemo(() => rowActionsOf(ordered), [ordered]);
  const saved = useSavedTableView(viewKey);
  const sizes = useMemo(() => [...pageSizeOptions, initialPageSize], [pageSizeOptions, initialPageSize]);
  const restored = saved && { ...saved, pageSize: saved.pageSize !== null && sizes.includes(saved.pageSize) ? saved.pageSize : null };
  const view = useRowPipeline({ source, data, columns: ordered, getSearchText, searchable, frozen: reordering, paginate: pagination, initialSorting, initialPageSize, window: kept, saved: restored });
  // The search box owns its text while typing; when the table sets the search itself, a new box shows it.
  const [searchBoxKey, setSearchBoxKey] = useState(0);
  const setSearchHere = useLatestCallback((text: string) => {
    view.setQuery(text);
    setSearchBoxKey((k) => k + 1);
  });
  // Rows read only partly get a leading mark column (only then: a clean list looks as it always did).
  const marked = view.partialCount > 0;
  const selecting = !!selectionControl && !reordering;
  const shownColumns = useMemo(() => [...(selecting ? [selectColumn<T>()] : []), ...(marked ? [partialColumn<T>()] : []), ...ordered], [marked, ordered, selecting]);
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>(() => Object.fromEntries((saved?.hidden ?? []).map((id) => [id, false])));
  const [widths, setWidths, onResize] = useColumnWidths(saved?.widths);
  const [density, setDensity] = useState<Density>(() => saved?.density ?? 'comfortable');
  const rowHeight = density === 'compact' ? Math.max(32, comfortableRowHeight - 12) : comfortableRowHeight;
  const activeSort = view.sorting[0];
  // Not while reordering: the order is the list's then, and the sort the person chose comes back after.
  useKeepTableView(
    reordering ? undefined : viewKey,
    {
      sort: activeSort ? { id: activeSort.id, desc: activeSort.desc } : null,
      filters: view.columnFilters.map((f) => ({ id: f.id, value: String(f.value ?? '') })).filter((f) => f.value !== ''),
      search: view.query,
      pageSize: view.pageState.pageSize === initialPageSize ? null : view.pageState.pageSize,
      hidden: Object.entries(columnVisibility).filter(([, shown]) => !shown).map(([id]) => id),
      widths,
      density,
    },
    saved,
    viewRef,
  );
  const resetView = useLatestCallback(() => {
    setSearchHere('');
    view.setSorting(initialSorting);
    view.setColumnFilters([]);
    view.setPageState({ pageIndex: 0, pageSize: initialPageSize });
    setColumnVisibility({});
    setWidths({});
    setDensity('comfortable');
  });
  const loading = loadingProp || view.windowLoading;
  const error = errorProp ?? view.windowError;
  const onRetry = onRetryProp ?? (kept ? view.retryWindow : undefined);
  const { page } = view;

  // Only the rows in view (plus overscan) of the page are rendered.
  const scrollRef = useRef<HTMLDivElement>(null);
  const { fitted, visibility, onVisibility } = useColumnFit(scrollRef, shownColumns, columnVisibility, setColumnVisibility, reordering ? HANDLE_WIDTH : 0, viewKey);
  const pinStyleRef = useRef<HTMLStyleElement>(null);
  // From its own last size (else the last table's): its first measure then changes nothing (a render less as a table opens).
  const virtualizer = useVirtualizer({ count: page.length, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, overscan: 12, initialRect: startingSize(viewKey) ?? undefined });
  const rowTip = useRowTip();
  useEffect(() => {
    rowTip.hide();
    // Only when scrolled: scrollTo lays the page out at once, before the new rows' paint.
    if ((virtualizer.scrollOffset ?? 0) > 0) scrollRef.current?.scrollTo({ top: 0 });
  }, view.viewKey); // eslint-disable-line react-hooks/exhaustive-deps -- the key lists what starts the rows over
  const items = virtualizer.getVirtualItems();
  const dataIndexes = items.map((item) => view.indexAt(page.start + item.index));

  // TanStack Table: the column model, sort and filter state, and the cells of the visible rows only.
  const table = useReactTable<T>({
    data: dataIndexes.map((i) => view.rowAt(i) as T),
    columns: shownColumns,
    getRowId: (row, i) => rowIdOf(row, dataIndexes[i] ?? i),
    state: { sorting: view.sorting, columnFilters: view.columnFilters, columnVisibility: visibility },
    onSortingChange: view.setSorting,
    onColumnVisibilityChange: onVisibility,
    onColumnFiltersChange: view.setColumnFilters,
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: true,
    defaultColumn: { cell: (ctx) => dashed(ctx.getValue()) },
    getCoreRowModel: getCoreRowModel(),
  });
  const rows = table.getRowModel().rows;
  const padTop = items.length > 0 ? (items[0]?.start ?? 0) : 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const lead = reordering ? HANDLE_WIDTH : 0;
  const total = view.total;
  // TanStack keeps the visible columns' array while they do not change: the pins (and so the memoised
  // rows) stay the same object across renders too.
  const visibleColumns = table.getVisibleLeafColumns();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the table object is stable; its columns are the key
  const pins = useMemo(() => pinsOf(table), [table, visibleColumns]);
  usePinEdge(scrollRef, pinStyleRef, idBase, `${visibleColumns.map((c) => c.id).join(' ')} ${JSON.stringify(widths)} ${lead}`);

  const rowAt = (pos: number): T | undefined => view.rowAt(view.indexAt(page.start + pos));
  const { current, moveTo, rowElement, menu, setMenu, rowHandlers } = useRowKeys({
    length: page.length,
    rowAt,
    scrollRef,
    rowHeight,
    rowActions,
    onRowActivate,
    reordering,
  });
  useSelectedRow({ query: view.query, setQuery: setSearchHere, clearFilters: () => view.setColumnFilters([]), settled: !loadingProp && !view.windowLoading && !view.windowFetching, positionOf: (id) => Array.from({ length: page.length }, (_, pos) => rowAt(pos)).findIndex((row, pos) => row !== undefined && rowIdOf(row, view.indexAt(page.start + pos)) === id), moveTo });

  const toRows = useLatestCallback(() => page.length > 0 && moveTo(current));
  const closeMenu = useLatestCallback(() => {
    const pos = menu?.pos;
    setMenu(null);
    // Escape (or a click on nothing focusable) leaves the focus on the page once the menu is gone:
    // it goes back to the row the menu was for.
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (pos !== undefined && (!active || active === document.body)) rowElement(pos)?.focus();
    });
  });
  const runFromMenu = useLatestCallback((action: RowAction<T>, state: RowMenuState<T>) => {
    // The row keeps the focus, so a dialog the action opens gives it back there.
    rowElement(state.pos)?.focus();
    setMenu(null);
    action.run(state.row);
  });
  const saveCsv = useCsvExport(ariaLabel);
  const exportCsv = useLatestCallback(() => saveCsv(table, view.exportRows, fitted));
  // The page's rows by key (the selection's view), and the whole list by key where the table holds it.
  const pageRows = useMemo(
    () => Array.from({ length: page.length }, (_, pos) => rowAt(pos)).flatMap((row, pos) => (row === undefined ? [] : [{ key: rowIdOf(row, view.indexAt(page.start + pos)), row }])),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the rows shown change with these (a kept list's with its answer's rows)
    [page.start, page.length, source, rowIdOf, kept ? view.rowAt(page.start) : null, ...view.viewKey],
  );
  const sel = useTableSelection({
    control: selectionControl,
    view: pageRows,
    matching: view.selectedCount,
    list: selecting && !kept ? data : undefined,
    inMemory: !kept,
    version: view.version,
    query: { search: view.request.search, filters: view.request.filters, ...(view.partialOnly ? { partial: true } : {}) },
    viewRows: view.exportRows,
    keyOf: rowIdOf,
    label: rowLabel ?? ((row) => rowIdOf(row, 0)),
    // The selection as CSV: in the table's order, except a list main keeps ticked row by row (in the
    // order ticked: its other rows are not pulled here just to order them).
    exportRows: (s) => saveCsv(table, async () => (kept && !s.all ? [...s.rows.values()] : [...(await view.exportRows()).filter((row, i) => isSelected(s, rowIdOf(row, i)))]), fitted),
  });

  const body = (
    <VirtualBody
      padTop={padTop}
      padBottom={padBottom}
      colCount={table.getVisibleLeafColumns().length + (reordering ? 1 : 0)}
      empty={rows.length === 0}
      loading={loading}
      failed={!!error}
      onMouseOver={(e) => titleIfTruncated(e.target)}
      {...rowTip.handlers}
      {...rowHandlers}
      emptyText={total > 0 && view.searching ? 'No records match the search or filters.' : emptyText}
      styles={styles}
    >
      {items.map((item, j) => {
        const row = rows[j];
        if (!row) return null;
        const ariaRowIndex = page.start + item.index + 2;
        return reordering ? (
          <SortableRow key={row.id} id={row.id} height={rowHeight} ariaRowIndex={ariaRowIndex} styles={styles} disabled={reorder.saving}>
            <Cells cells={row.getVisibleCells()} styles={styles} pins={pins} />
          </SortableRow>
        ) : (
          <BodyRow key={row.id} height={rowHeight} ariaRowIndex={ariaRowIndex} pos={item.index} current={item.index === current} styles={styles} cells={row.getVisibleCells()} pins={pins} selected={selecting && sel.selectedKey(row.id)} />
        );
      })}
    </VirtualBody>
  );

  return (
    <div className={mergeClasses(styles.root, className)}>
      <Toolbar
        label={ariaLabel}
        styles={styles}
        start={
          <>
            {searchable ? <SearchBox key={searchBoxKey} value={view.query} onChange={view.setQuery} placeholder={searchPlaceholder} disabled={reordering} styles={styles} onDown={toRows} /> : null}
            <ColumnFilters columns={ordered} table={table} filters={view.columnFilters} data={source} accessors={view.accessors} disabled={reordering} idBase={idBase} styles={styles} />
          </>
        }
        end={
          <>
            {viewKey ? <ViewMenu table={table} visibility={visibility} density={density} onDensity={setDensity} onReset={resetView} disabled={reordering} fitted={fitted.length} /> : null}
            {viewKey ? <ExportButton onExport={exportCsv} disabled={reordering || loading || view.selectedCount === 0} /> : null}
            {reorderable && !kept ? <ReorderButtons reorder={reorder} canStart={!loading && total >= 2} styles={styles} /> : null}
            {toolbar}
          </>
        }
      />
      {error ? <LoadError error={error} onRetry={onRetry} styles={styles} /> : null}
      {selecting && sel.info.count > 0 ? selectionControl.bar(sel.info) : null}
      {marked && !reordering ? <PartialNotice count={view.partialCount} only={view.partialOnly} onOnly={view.setPartialOnly} className={styles.error} /> : null}
      {reordering ? (
        <Text size={200} className={styles.reorderHint}>
          Drag rows by the handle (or focus a handle, press Space, then the arrow keys) and select Save changes.
        </Text>
      ) : null}
      <div
        ref={scrollRef}
        className={styles.scroller}
        style={maxHeight !== undefined ? { maxHeight: widthOf(maxHeight), flex: '0 1 auto' } : undefined}
        // Not a tab stop of its own (its sort buttons and rows are); focusable for the focus's way back.
        tabIndex={-1}
        aria-label={`${ariaLabel}, scrollable`}
        role="region"
        data-pin-scope={idBase}
        onKeyDown={selecting ? sel.onKeyDown : undefined}
      >
        <style ref={pinStyleRef} />
        <table className={styles.table} style={{ minWidth: minTableWidth(table, lead, widths) }} aria-label={ariaLabel} aria-rowcount={view.selectedCount + 1} aria-busy={loading || view.windowFetching || view.stillLoading}>
          <ColGroup table={table} lead={lead} widths={widths} />
          <sel.Provider value={sel.ctx}>
            <Header table={table} sorting={view.sorting} sortable={!reordering} lead={reordering ? 'Drag handle' : undefined} styles={styles} pins={pins} onResize={viewKey ? onResize : undefined} widths={widths} />
            {reordering ? <ReorderContext reorder={reorder}>{body}</ReorderContext> : body}
          </sel.Provider>
        </table>
      </div>
      {rowTip.tip}
      <RowMenu
        state={menu}
        actions={rowActions}
        onClose={closeMenu}
        onRun={runFromMenu}
      />
      <div className={styles.footer}>
        {/* Quiet while the list arrives (its count grows each second); the whole list's count is announced. */}
        <Text size={200} className={styles.count} aria-live={view.stillLoading ? 'off' : 'polite'}>
          {loading && total === 0
            ? 'Loading…'
            : error && total === 0
              ? ''
              : view.stillLoading
                ? `${countText(page, view.selectedCount, total)} so far, still loading…`
                : countText(page, view.selectedCount, total)}
        </Text>
        {pagination && !reordering ? (
          <Pager
            id={`${idBase}-size`}
            pageIndex={view.pageState.pageIndex}
            pageSize={view.pageState.pageSize}
            pageCount={page.pageCount}
            sizes={sizes}
            onChange={view.setPageState}
            styles={styles}
          />
        ) : null}
      </div>
    </div>
  );
}
