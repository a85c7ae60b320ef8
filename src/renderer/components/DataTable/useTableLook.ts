import { useState } from 'react';
import type { SortingState, VisibilityState } from '@tanstack/react-table';
import type { Density, TableView } from '../../../shared/schemas/settings';
import { useLatestCallback } from '../../lib/latest-callback';
import { useColumnWidths } from './Header';
import type { RowPipeline } from './useRowPipeline';
import { useKeepTableView } from './useTableView';

/**
 * How the person shaped a table beside its rows (columns hidden, widths, density, a search the table
 * sets itself), the whole view kept under the screen's key, and Reset view, which puts all of it back.
 */
export function useTableLook<T>({ view, saved, viewKey, viewRef, reordering, initialSorting, initialPageSize, comfortableRowHeight }: {
  view: RowPipeline<T>;
  saved: TableView | null;
  viewKey: string | undefined;
  viewRef: { current: TableView | null } | undefined;
  reordering: boolean;
  initialSorting: SortingState;
  initialPageSize: number;
  comfortableRowHeight: number;
}) {
  // The search box owns its text while typing; when the table sets the search itself, a new box shows it.
  const [searchBoxKey, setSearchBoxKey] = useState(0);
  const setSearchHere = useLatestCallback((text: string) => {
    view.setQuery(text);
    setSearchBoxKey((k) => k + 1);
  });
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
  return { searchBoxKey, setSearchHere, columnVisibility, setColumnVisibility, widths, onResize, density, setDensity, rowHeight, resetView };
}

export type TableLook = ReturnType<typeof useTableLook>;
