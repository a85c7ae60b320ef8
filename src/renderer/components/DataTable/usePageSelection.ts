import { useMemo } from 'react';
import type { AnyWindowSource } from '../../lib/windows';
import { isSelected } from './selection';
import type { RowPipeline } from './useRowPipeline';
import { useTableSelection, type TableSelection } from './useTableSelection';

/**
 * The table's selection over its rows: the page's rows by key (the selection's view), the whole list
 * where the table holds it, and the ticked rows saved as CSV.
 */
export function usePageSelection<T>({ control, view, data, source, kept, selecting, rowIdOf, rowAt, rowLabel, saveRows }: {
  control: TableSelection<T> | undefined;
  view: RowPipeline<T>;
  data: readonly T[];
  /** The rows in their current order (the reorder draft while reordering). */
  source: readonly T[];
  kept: AnyWindowSource | undefined;
  selecting: boolean;
  rowIdOf: (row: T, index: number) => string;
  /** The row at a position of the page. */
  rowAt: (pos: number) => T | undefined;
  rowLabel: ((row: T) => string) | undefined;
  /** Saves rows as CSV under the table's visible columns. */
  saveRows: (rows: () => Promise<readonly T[]>) => Promise<void>;
}) {
  const { page } = view;
  const pageRows = useMemo(
    () => Array.from({ length: page.length }, (_, pos) => rowAt(pos)).flatMap((row, pos) => (row === undefined ? [] : [{ key: rowIdOf(row, view.indexAt(page.start + pos)), row }])),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the rows shown change with these (a kept list's with its answer's rows)
    [page.start, page.length, source, rowIdOf, kept ? view.rowAt(page.start) : null, ...view.viewKey],
  );
  return useTableSelection({
    control,
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
    exportRows: (s) => saveRows(async () => (kept && !s.all ? [...s.rows.values()] : [...(await view.exportRows()).filter((row, i) => isSelected(s, rowIdOf(row, i)))])),
  });
}
