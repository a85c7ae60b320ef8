import { useEffect, useMemo, useRef, type Dispatch, type SetStateAction } from 'react';
import { getCoreRowModel, useReactTable, type VisibilityState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { toText } from '../../lib/rows';
import { useRowTip } from './cellControls';
import type { Column } from './columns';
import { pinsOf, type Widths } from './Header';
import { usePinEdge } from './pinEdge';
import { startingSize, useColumnFit } from './useColumnFit';
import type { RowPipeline } from './useRowPipeline';

/** The drag handle's column while reordering. */
const HANDLE_WIDTH = 44;

/** A missing value shows as a dash. */
const dashed = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : toText(value));

/**
 * The rows on screen: only the page's rows in view (plus overscan) are rendered, and TanStack Table
 * makes the column model and the cells of those rows only; the columns fitted to the width, the pinned
 * ones' offsets, and the row's tip hidden whenever the rows start over.
 */
export function useVisibleRows<T>({ view, columns, columnVisibility, setColumnVisibility, reordering, viewKey, rowHeight, overscan, rowIdOf, widths, idBase }: {
  view: RowPipeline<T>;
  columns: Column<T>[];
  columnVisibility: VisibilityState;
  setColumnVisibility: Dispatch<SetStateAction<VisibilityState>>;
  reordering: boolean;
  viewKey: string | undefined;
  rowHeight: number;
  overscan: number;
  rowIdOf: (row: T, index: number) => string;
  widths: Widths;
  idBase: string;
}) {
  const { page } = view;
  const lead = reordering ? HANDLE_WIDTH : 0;
  const scrollRef = useRef<HTMLDivElement>(null);
  const { fitted, visibility, onVisibility } = useColumnFit(scrollRef, columns, columnVisibility, setColumnVisibility, lead, viewKey);
  const pinStyleRef = useRef<HTMLStyleElement>(null);
  // From its own last size (else the last table's): its first measure then changes nothing (a render less as a table opens).
  const virtualizer = useVirtualizer({ count: page.length, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, overscan, initialRect: startingSize(viewKey) ?? undefined });
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
    columns,
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
  // TanStack keeps the visible columns' array while they do not change: the pins (and so the memoised
  // rows) stay the same object across renders too.
  const visibleColumns = table.getVisibleLeafColumns();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the table object is stable; its columns are the key
  const pins = useMemo(() => pinsOf(table), [table, visibleColumns]);
  usePinEdge(scrollRef, pinStyleRef, idBase, `${visibleColumns.map((c) => c.id).join(' ')} ${JSON.stringify(widths)} ${lead}`);
  return { scrollRef, pinStyleRef, fitted, visibility, rowTip, table, items, rows, padTop, padBottom, lead, pins };
}
