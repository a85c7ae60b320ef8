import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { ColumnFiltersState, SortingState } from '@tanstack/react-table';
import { narrowIndices, pageWindow, searchTextOf, selectIndices, sortIndices } from '../../lib/rows';
import { accessorsOf, rowFiltersOf, searchReadersOf, sortAccessorsOf, type Column } from './columns';

export interface PipelineOptions<T> {
  /** The rows in their current order (the reorder draft while reordering). */
  source: readonly T[];
  /** The list as loaded: the search text is built once per list. */
  data: readonly T[];
  columns: readonly Column<T>[];
  getSearchText?: (row: T) => string;
  searchable: boolean;
  /** Reordering: no sort, search, filters or pages (the order is the whole list's). */
  frozen: boolean;
  paginate: boolean;
  initialSorting: SortingState;
  initialPageSize: number;
}

/**
 * The view state of a table (search, sort, column filters, page) and the row indices it shows, from
 * the pure pipeline in lib/rows. The search text is built when the page is idle, before the first
 * keystroke; typing on narrows the last result instead of scanning the whole list.
 */
export function useRowPipeline<T>({ source, data, columns, getSearchText, searchable, frozen, paginate, initialSorting, initialPageSize }: PipelineOptions<T>) {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [pageState, setPageState] = useState({ pageIndex: 0, pageSize: initialPageSize });

  const accessors = useMemo(() => accessorsOf(columns), [columns]);
  const sortAccessors = useMemo(() => sortAccessorsOf(columns, accessors), [columns, accessors]);
  const buildText = useMemo(
    () => (getSearchText ? (row: T) => getSearchText(row).toLowerCase() : searchTextOf(searchReadersOf(columns))),
    [columns, getSearchText],
  );
  const haystacks = useMemo(() => {
    let cache: string[] | null = null;
    return () => (cache ??= data.map((row, i) => buildText(row, i)));
  }, [data, buildText]);
  useEffect(() => {
    // Build the search text once the list is painted and the page idle (a plain timeout can run
    // before the first paint and delay it).
    if (!searchable || data.length < 2000) return;
    const idle = window.requestIdleCallback(() => haystacks(), { timeout: 3000 });
    return () => window.cancelIdleCallback(idle);
  }, [haystacks, searchable, data.length]);

  const activeSort = frozen ? undefined : sorting[0];
  const sortedOrder = useMemo(() => {
    const get = activeSort && sortAccessors.get(activeSort.id);
    return activeSort && get ? sortIndices(source, get, activeSort.desc) : null;
  }, [activeSort, sortAccessors, source]);

  const needle = frozen ? '' : deferredQuery.trim().toLowerCase();
  const filters = useMemo(() => (frozen ? [] : rowFiltersOf(columns, accessors, columnFilters)), [columns, accessors, columnFilters, frozen]);
  const lastSearch = useRef<{ needle: string; basis: unknown[]; out: number[] } | null>(null);
  const selected = useMemo(() => {
    if (!needle && filters.length === 0) return sortedOrder;
    const texts = needle ? haystacks() : null;
    const basis = [filters, sortedOrder, haystacks, source];
    const last = lastSearch.current;
    const out =
      texts && last && last.needle && needle.startsWith(last.needle) && last.basis.every((item, k) => item === basis[k])
        ? narrowIndices(last.out, texts, needle)
        : (selectIndices({ rows: source, order: sortedOrder, texts, needle, filters }) ?? []);
    lastSearch.current = { needle, basis, out };
    return out;
  }, [needle, filters, sortedOrder, haystacks, source]);
  const selectedCount = selected ? selected.length : source.length;

  // Back to the first page when the search or a filter changes; clamp when the list shrinks.
  useEffect(() => {
    setPageState((p) => (p.pageIndex === 0 ? p : { ...p, pageIndex: 0 }));
  }, [deferredQuery, columnFilters]);
  const page = pageWindow(selectedCount, pageState.pageIndex, pageState.pageSize, paginate && !frozen);
  useEffect(() => {
    if (pageState.pageIndex > page.pageCount - 1) setPageState((p) => ({ ...p, pageIndex: page.pageCount - 1 }));
  }, [page.pageCount, pageState.pageIndex]);

  return {
    query,
    setQuery,
    sorting: frozen ? [] : sorting,
    setSorting,
    columnFilters: frozen ? [] : columnFilters,
    setColumnFilters,
    pageState,
    setPageState,
    page,
    selectedCount,
    /** The row index at a position of the selected order. */
    indexAt: (position: number): number => (selected ? (selected[position] as number) : position),
    searching: query.trim() !== '' || columnFilters.length > 0,
    /** Changes whenever the rows shown start over (the body scrolls back to the top). */
    viewKey: [pageState.pageIndex, pageState.pageSize, deferredQuery, columnFilters, sorting] as const,
    accessors,
  };
}

export type RowPipeline<T> = ReturnType<typeof useRowPipeline<T>>;
