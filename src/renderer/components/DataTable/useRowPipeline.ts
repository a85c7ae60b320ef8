import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLatestCallback } from '../../lib/latest-callback';
import type { ColumnFiltersState, SortingState } from '@tanstack/react-table';
import type { WindowView } from '../../../shared/windows';
import type { TableView } from '../../../shared/schemas/settings';
import { fetchWindow, forgetWindowView, isOvertaken, refreshWindow, windowKey, windowLabel, type AnyWindowSource } from '../../lib/windows';
import { markArrival } from '../../lib/calls';
import { narrowIndices, pageWindow, searchTextOf, selectIndices, sortIndices, type RowFilter } from '../../lib/rows';
import { partialIssues } from '../../../shared/tolerant';
import { accessorsOf, columnIdOf, rowFiltersOf, searchReadersOf, sortAccessorsOf, type Column } from './columns';

/** Passes the rows read only partly. */
const PARTIAL_FILTER: RowFilter<unknown> = { get: (row) => (partialIssues(row) ? 'partial' : ''), kind: 'select', value: 'partial' };

function countPartialRows(rows: readonly unknown[]): number {
  let n = 0;
  for (let i = 0; i < rows.length; i++) if (partialIssues(rows[i])) n++;
  return n;
}

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
  /** A list main keeps: search, sort, filters and paging run there; only the page's rows come here. */
  window?: AnyWindowSource;
  /** The view the person left (search, sort, filters, page size), restored at mount. */
  saved?: TableView | null;
}

/**
 * The view state of a table (search, sort, column filters, page) and the row indices it shows, from
 * the pure pipeline in lib/rows. The search text is built when the page is idle, before the first
 * keystroke; typing on narrows the last result instead of scanning the whole list.
 */
export function useRowPipeline<T>({ source, data, columns, getSearchText, searchable, frozen, paginate, initialSorting, initialPageSize, window: kept, saved }: PipelineOptions<T>) {
  const [query, setQuery] = useState(() => (searchable ? (saved?.search ?? '') : ''));
  const deferredQuery = useDeferredValue(query);
  const [sorting, setSorting] = useState<SortingState>(() => (saved?.sort ? [saved.sort] : initialSorting));
  // A saved filter of a column that no longer filters is dropped (it would hide every row).
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>(() =>
    (saved?.filters ?? []).filter((f) => columns.some((c) => columnIdOf(c) === f.id && c.meta?.filter)),
  );
  const [pageState, setPageState] = useState({ pageIndex: 0, pageSize: saved?.pageSize ?? initialPageSize });
  // Only the records the platform sent that could be read only partly (the notice's filter).
  const [partialOnly, setPartialOnly] = useState(false);

  const windowed = !!kept;
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
    if (!searchable || data.length < 2000 || windowed) return;
    const idle = window.requestIdleCallback(() => haystacks(), { timeout: 3000 });
    return () => window.cancelIdleCallback(idle);
  }, [haystacks, searchable, data.length, windowed]);

  const activeSort = frozen ? undefined : sorting[0];
  const sortedOrder = useMemo(() => {
    const get = activeSort && sortAccessors.get(activeSort.id);
    return activeSort && get && !windowed ? sortIndices(source, get, activeSort.desc) : null;
  }, [activeSort, sortAccessors, source, windowed]);

  const needle = frozen ? '' : deferredQuery.trim().toLowerCase();
  const localPartial = useMemo(() => (windowed ? 0 : countPartialRows(data)), [data, windowed]);
  const filters = useMemo(() => {
    if (frozen) return [];
    const own = rowFiltersOf(columns, accessors, columnFilters);
    return partialOnly && !windowed ? [...own, PARTIAL_FILTER as RowFilter<T>] : own;
  }, [columns, accessors, columnFilters, frozen, partialOnly, windowed]);
  const lastSearch = useRef<{ needle: string; basis: unknown[]; out: readonly number[] } | null>(null);
  const selected = useMemo(() => {
    if (windowed || (!needle && filters.length === 0)) return sortedOrder;
    const texts = needle ? haystacks() : null;
    const basis = [filters, sortedOrder, haystacks, source];
    const last = lastSearch.current;
    const out =
      texts && last && last.needle && needle.startsWith(last.needle) && last.basis.every((item, k) => item === basis[k])
        ? narrowIndices(last.out, texts, needle)
        : (selectIndices({ rows: source, order: sortedOrder, texts, needle, filters }) ?? []);
    lastSearch.current = { needle, basis, out };
    return out;
  }, [needle, filters, sortedOrder, haystacks, source, windowed]);

  // A kept list: ask main for the page's window (the same pipeline runs there, in its list worker).
  const request: WindowView = {
    search: needle,
    filters: columnFilters
      .filter((f) => f.value !== undefined && f.value !== null && f.value !== '')
      .map((f) => ({ id: f.id, kind: columns.find((c) => columnIdOf(c) === f.id)?.meta?.filter ?? 'select', value: String(f.value) })),
    sort: activeSort ? { id: activeSort.id, desc: activeSort.desc } : null,
    offset: paginate ? pageState.pageIndex * pageState.pageSize : 0,
    limit: paginate ? pageState.pageSize : 1000,
    ...(partialOnly ? { partial: true } : {}),
  };
  const { windowQuery, prefetchSearch, exportWindows } = useKeptWindow<T>(kept, request);
  const search = useLatestCallback((text: string) => {
    setQuery(text);
    if (!frozen) prefetchSearch(text);
  });
  const answer = kept ? windowQuery.data : undefined;
  const selectedCount = kept ? (answer?.count ?? 0) : selected ? selected.length : source.length;

  // Back to the first page when the search or a filter changes; clamp when the list shrinks.
  useEffect(() => {
    setPageState((p) => (p.pageIndex === 0 ? p : { ...p, pageIndex: 0 }));
  }, [deferredQuery, columnFilters, partialOnly]);
  const asked = pageWindow(selectedCount, pageState.pageIndex, pageState.pageSize, paginate && !frozen);
  // A kept list shows the rows of the window it has (the previous one until the asked one arrives).
  const page = answer ? { ...asked, start: answer.offset, length: answer.rows.length } : kept ? { ...asked, length: 0 } : asked;
  useEffect(() => {
    if (pageState.pageIndex > page.pageCount - 1) setPageState((p) => ({ ...p, pageIndex: page.pageCount - 1 }));
  }, [page.pageCount, pageState.pageIndex]);

  return {
    query,
    setQuery: search,
    sorting: frozen ? [] : sorting,
    setSorting,
    columnFilters: frozen ? [] : columnFilters,
    setColumnFilters,
    pageState,
    setPageState,
    page,
    selectedCount,
    /** The row index at a position of the selected order. */
    indexAt: (position: number): number => (kept ? position : selected ? (selected[position] as number) : position),
    /** The row at an index (of the list, or of a kept list's selected order). */
    rowAt: (index: number): T | undefined => (kept ? (answer && answer.rows[index - answer.offset]) : source[index]),
    /** Rows in the whole list. */
    total: kept ? (answer?.total ?? 0) : data.length,
    windowed: !!kept,
    /** A kept list's load that answered (a refetch makes a new one). */
    version: answer?.version,
    /** The view's search and filters as the window query sends them (a bulk action's "all matching"). */
    request,
    /** A kept list's first window is on its way, or its window failed. */
    windowLoading: !!kept && windowQuery.isPending,
    /** A kept list still arriving in main: its first rows show, in the server's order; search, filters and sort wait for all of it. */
    stillLoading: !!kept && answer?.complete === false,
    /** A kept list's window for the current view is on its way (the previous rows still show). */
    windowFetching: !!kept && windowQuery.isFetching,
    windowError: kept && windowQuery.isError && !isOvertaken(windowQuery.error) ? windowQuery.error.message : null,
    retryWindow: () => {
      if (kept) void refreshWindow(kept).then(() => windowQuery.refetch());
    },
    searching: query.trim() !== '' || columnFilters.length > 0 || partialOnly,
    /** Records of the whole list read only partly, and whether the view shows only them. */
    partialCount: kept ? (answer?.partial ?? 0) : localPartial,
    partialOnly,
    setPartialOnly,
    /** Every row the view selects, in its order, all pages (the CSV export); a kept list by windows of 1,000. */
    exportRows: async (): Promise<T[]> => {
      if (!kept) return Array.from({ length: selected ? selected.length : source.length }, (_, p) => source[selected ? (selected[p] as number) : p] as T);
      return exportWindows();
    },
    /** Changes whenever the rows shown start over (the body scrolls back to the top). */
    viewKey: [pageState.pageIndex, pageState.pageSize, deferredQuery, columnFilters, sorting, partialOnly] as const,
    accessors,
  };
}

/**
 * A kept list's window for the view: main answers with the page's rows (the query asks again while the
 * list still arrives or is refreshed). A new search asks main for its first page at once, while React
 * renders the box and the table (the table's query then finds it on its way): a keystroke waits for the
 * slower of the two, not both. The export reads the whole view by windows of 1,000.
 */
function useKeptWindow<T>(kept: AnyWindowSource | undefined, request: WindowView) {
  const viewId = useId();
  const windowOf = (view: WindowView) => ({
    queryKey: kept ? windowKey(kept, view) : ['no-window'],
    queryFn: async () => {
      const answer = await fetchWindow<T>(kept!, viewId, view);
      markArrival(windowLabel(kept!));
      return answer;
    },
  });
  const client = useQueryClient();
  const prefetchSearch = (text: string) => {
    if (kept) void client.prefetchQuery(windowOf({ ...request, search: text.trim().toLowerCase(), offset: 0 }));
  };
  const windowQuery = useQuery({
    ...windowOf(request),
    enabled: !!kept,
    placeholderData: keepPreviousData,
    // While main's list still arrives the window says so: ask again each second (the total grows, and
    // the whole list's answer replaces it once complete).
    // The same while a kept list is refreshed behind the rows shown (the newer list replaces them).
    refetchInterval: (q) => (q.state.data?.complete === false || q.state.data?.refreshing ? 1000 : false),
    // An overtaken query is asked again (its key may be shown again by then); other failures as usual.
    retry: (count, error) => (isOvertaken(error) ? count < 3 : count < 1),
    retryDelay: 0,
  });
  useEffect(() => (kept ? () => forgetWindowView(kept, viewId) : undefined), [kept, viewId]);
  const exportWindows = async (): Promise<T[]> => {
    if (!kept) return [];
    // Its own view name: the export's windows must not overtake the page's.
    const exportView = `${viewId}:export`;
    const rows: T[] = [];
    try {
      for (;;) {
        const answer = await fetchWindow<T>(kept, exportView, { ...request, offset: rows.length, limit: 1000 });
        rows.push(...answer.rows);
        if (answer.rows.length === 0 || rows.length >= answer.count) return rows;
      }
    } finally {
      forgetWindowView(kept, exportView);
    }
  };
  return { windowQuery, prefetchSearch, exportWindows };
}

export type RowPipeline<T> = ReturnType<typeof useRowPipeline<T>>;
