import { useCallback, useId, useMemo, type ReactNode } from 'react';
import type { SortingState } from '@tanstack/react-table';
import { mergeClasses } from '@fluentui/react-components';
import { TableBody } from './Body';
import { pinnedLast, rowActionsOf, widthOf, type Column } from './columns';
import { ColGroup, Header, minTableWidth } from './Header';
import { RowMenu } from './RowMenu';
import { useLatestCallback } from '../../lib/latest-callback';
import { useRowKeys } from './useRowKeys';
import { TableFooter } from './Footer';
import { ReorderContext, useReorder } from './reorder';
import { useDataTableStyles } from './styles';
import { TableNotices, TableToolbar } from './Toolbar';
import { useRowPipeline } from './useRowPipeline';
import { useSavedTableView } from './useTableView';
import { useTableLook } from './useTableLook';
import { useVisibleRows } from './useVisibleRows';
import { partialColumn } from './partial';
import { notSelectable } from '../../../shared/tolerant';
import { useCsvExport, type CsvLead } from './exportCsv';
import { useSelectedRow } from './useSelectedRow';
import { selectColumn, type TableSelection } from './useTableSelection';
import { usePageSelection } from './usePageSelection';
import type { TableView } from '../../../shared/schemas/settings';
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
  /**
   * Rows drawn beyond the view at each end (default 12: a fast scroll or Page Down meets drawn rows). A
   * table whose rows are forms (the bulk queue) draws fewer: each drawn row is its controls' memory.
   */
  overscan?: number;
  /** Height limit of the scrolling body; default: fill the parent (a flex column) with a floor. */
  maxHeight?: number | string;
  className?: string;
  /** Say above the rows which column filters are applied (a view kept from the last visit too), with Clear filters. */
  sayFilters?: boolean;
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
  /** Columns Export CSV writes before the table's own: what the screen shows around the table (a course's name). */
  csvLead?: readonly CsvLead<T>[];
  /** Said after the note of a record opened from elsewhere: what else the screen changed to show it. */
  foundNote?: string;
}

const DEFAULT_PAGE_SIZES = [10, 20, 50, 100] as const;

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
  overscan = 12,
  maxHeight,
  className,
  onRowActivate,
  sayFilters = false,
  viewKey,
  viewRef,
  selection: selectionControl,
  rowLabel,
  csvLead,
  foundNote,
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
  const look = useTableLook({ view, saved, viewKey, viewRef, reordering, initialSorting, initialPageSize, comfortableRowHeight });
  // Rows read only partly get a leading mark column (only then: a clean list looks as it always did).
  const marked = view.partialCount > 0;
  const selecting = !!selectionControl && !reordering;
  const shownColumns = useMemo(() => [...(selecting ? [selectColumn<T>()] : []), ...(marked ? [partialColumn<T>()] : []), ...ordered], [marked, ordered, selecting]);
  const loading = loadingProp || view.windowLoading;
  const error = errorProp ?? view.windowError;
  const onRetry = onRetryProp ?? (kept ? view.retryWindow : undefined);
  const { page, total } = view;
  const { columnVisibility, setColumnVisibility, widths, rowHeight } = look;
  const { scrollRef, pinStyleRef, fitted, visibility, rowTip, table, items, rows, padTop, padBottom, lead, pins } = useVisibleRows({ view, columns: shownColumns, columnVisibility, setColumnVisibility, reordering, viewKey, rowHeight, overscan, rowIdOf, widths, idBase });

  const rowAt = (pos: number): T | undefined => view.rowAt(view.indexAt(page.start + pos));
  const { current, moveTo, menu, rowHandlers, closeMenu, runFromMenu } = useRowKeys({ length: page.length, rowAt, scrollRef, rowHeight, rowActions, onRowActivate, reordering });
  const found = useSelectedRow({ query: view.query, setQuery: look.setSearchHere, filters: view.columnFilters, setFilters: view.setColumnFilters, settled: !loadingProp && !view.windowLoading && !view.windowFetching, positionOf: (id) => Array.from({ length: page.length }, (_, pos) => rowAt(pos)).findIndex((row, pos) => row !== undefined && rowIdOf(row, view.indexAt(page.start + pos)) === id), moveTo });
  const toRows = useLatestCallback(() => page.length > 0 && moveTo(current));
  const saveCsv = useCsvExport(ariaLabel);
  const exportCsv = useLatestCallback(() => saveCsv(table, view.exportRows, fitted, csvLead));
  const sel = usePageSelection({ control: selectionControl, view, data, source, kept, selecting, rowIdOf, rowAt, rowLabel, saveRows: (rows) => saveCsv(table, rows, fitted, csvLead) });

  const body = (
    <TableBody
      {...{ items, rows, padTop, padBottom, current, styles, pins, loading, reordering }}
      colCount={table.getVisibleLeafColumns().length + (reordering ? 1 : 0)}
      failed={!!error}
      handlers={{ ...rowTip.handlers, ...rowHandlers }}
      emptyText={total > 0 && view.searching ? 'No records match the search or filters.' : emptyText}
      start={page.start}
      height={rowHeight}
      saving={reorder.saving}
      selected={selecting ? sel.selectedKey : undefined}
    />
  );

  return (
    <div className={mergeClasses(styles.root, className)}>
      <TableToolbar
        {...{ styles, view, look, searchable, searchPlaceholder, table, idBase, reordering, viewKey, visibility, fitted, loading }}
        label={ariaLabel}
        onDown={toRows}
        columns={ordered}
        data={source}
        onExport={exportCsv}
        reorder={reorderable && !kept ? reorder : null}
        buttons={toolbar}
      />
      <TableNotices error={error} onRetry={onRetry} selectionBar={selecting && sel.info.count > 0 ? selectionControl.bar(sel.info) : null} view={view} reordering={reordering} styles={styles} filters={sayFilters ? ordered : undefined} found={{ ...found, note: foundNote }} />
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
            <Header table={table} sorting={view.sorting} sortable={!reordering} lead={reordering ? 'Drag handle' : undefined} styles={styles} pins={pins} onResize={viewKey ? look.onResize : undefined} widths={widths} />
            {reordering ? <ReorderContext reorder={reorder}>{body}</ReorderContext> : body}
          </sel.Provider>
        </table>
      </div>
      {rowTip.tip}
      <RowMenu state={menu} actions={rowActions} onClose={closeMenu} onRun={runFromMenu} />
      <TableFooter view={view} loading={loading} error={error} paged={pagination && !reordering} sizes={sizes} id={`${idBase}-size`} styles={styles} />
    </div>
  );
}
