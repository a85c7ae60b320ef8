import { memo, type ReactNode } from 'react';
import { flexRender, type Cell } from '@tanstack/react-table';
import { Spinner, Text, mergeClasses } from '@fluentui/react-components';
import type { DataTableStyles } from './styles';

function cellTitle<T>(cell: Cell<T, unknown>): string | undefined {
  const custom = cell.column.columnDef.meta?.title;
  if (custom) return custom(cell.row.original);
  const value = cell.getValue();
  return typeof value === 'string' && value.length > 24 ? value : undefined;
}

/** The <td>s of a row's cells, aligned and with a tooltip for long text. */
export function Cells<T>({ cells, styles }: { cells: Cell<T, unknown>[]; styles: DataTableStyles }) {
  return cells.map((cell) => {
    const align = cell.column.columnDef.meta?.align;
    return (
      <td key={cell.id} className={mergeClasses(styles.td, align === 'center' && styles.center, align === 'end' && styles.end)} title={cellTitle(cell)}>
        {flexRender(cell.column.columnDef.cell, cell.getContext())}
      </td>
    );
  });
}

/** A plain body row (memoised: scrolling re-renders only rows that come into view). */
export const BodyRow = memo(function BodyRow<T>({ height, ariaRowIndex, styles, cells }: { height: number; ariaRowIndex: number; styles: DataTableStyles; cells: Cell<T, unknown>[] }) {
  return (
    <tr className={styles.tr} style={{ height }} aria-rowindex={ariaRowIndex}>
      <Cells cells={cells} styles={styles} />
    </tr>
  );
}) as <T>(props: { height: number; ariaRowIndex: number; styles: DataTableStyles; cells: Cell<T, unknown>[] }) => ReactNode;

/**
 * The virtual body: spacer rows above and below the rendered rows keep the scroll height of the whole
 * page; with no rows, one cell says loading, empty, or nothing matches.
 */
export function VirtualBody({ padTop, padBottom, colCount, empty, loading, emptyText, styles, children }: {
  padTop: number;
  padBottom: number;
  colCount: number;
  /** No rows to show. */
  empty: boolean;
  loading: boolean;
  emptyText: ReactNode;
  styles: DataTableStyles;
  children: ReactNode;
}) {
  return (
    <tbody>
      {padTop > 0 ? (
        <tr aria-hidden="true" className={styles.spacer}>
          <td colSpan={colCount} style={{ height: padTop }} />
        </tr>
      ) : null}
      {children}
      {padBottom > 0 ? (
        <tr aria-hidden="true" className={styles.spacer}>
          <td colSpan={colCount} style={{ height: padBottom }} />
        </tr>
      ) : null}
      {empty ? (
        <tr>
          <td colSpan={colCount} className={styles.stateCell}>
            {loading ? <Spinner size="small" label="Loading…" labelPosition="after" /> : <Text>{emptyText}</Text>}
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}
