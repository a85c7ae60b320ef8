import { memo, type CSSProperties, type ReactNode } from 'react';
import { flexRender, type Cell, type Row } from '@tanstack/react-table';
import type { VirtualItem } from '@tanstack/react-virtual';
import { Spinner, Text, mergeClasses } from '@fluentui/react-components';
import { SortableRow } from './reorder';
import type { DataTableStyles } from './styles';

/** Where a pinned column sticks: its distance from the right edge; `edge` marks the first pinned one. */
export type Pins = ReadonlyMap<string, { right: number; edge: boolean }>;

export const NO_PINS: Pins = new Map();

export function pinStyle(pins: Pins, columnId: string): CSSProperties | undefined {
  const pin = pins.get(columnId);
  return pin ? { position: 'sticky', right: pin.right } : undefined;
}

/** The <td>s of a row's cells: aligned, pinned columns sticky at the right edge. */
export function Cells<T>({ cells, styles, pins = NO_PINS }: { cells: Cell<T, unknown>[]; styles: DataTableStyles; pins?: Pins }) {
  return cells.map((cell) => {
    const meta = cell.column.columnDef.meta;
    const align = meta?.align;
    const pin = pins.get(cell.column.id);
    return (
      <td
        key={cell.id}
        className={mergeClasses(styles.td, align === 'center' && styles.center, align === 'end' && styles.end, pin && styles.pinned, pin?.edge && styles.pinEdge)}
        style={pinStyle(pins, cell.column.id)}
        data-pin={pin ? '' : undefined}
        // An explicit tooltip; otherwise a cut-off cell gets its text as the tooltip on hover (titleIfTruncated).
        title={meta?.title?.(cell.row.original)}
        data-title={meta?.title ? 'own' : undefined}
      >
        {flexRender(cell.column.columnDef.cell, cell.getContext())}
      </td>
    );
  });
}

/** Sets a cell's tooltip to its full text when something in it is cut off (called on hover). */
export function titleIfTruncated(target: EventTarget | null): void {
  const td = target instanceof Element ? target.closest('td') : null;
  if (!(td instanceof HTMLElement) || td.dataset.title === 'own') return;
  // Cut off in the cell, or running under the pinned row actions.
  const pin = td.dataset.pin === undefined ? td.parentElement?.querySelector<HTMLElement>('td[data-pin]') : null;
  const under = !!pin && td.getBoundingClientRect().right > pin.getBoundingClientRect().left + 1;
  const cut = under || [td, ...td.querySelectorAll<HTMLElement>('*')].some((el) => el.scrollWidth > el.clientWidth + 1);
  const text = td.innerText.trim();
  if (cut && text) td.title = text;
  else td.removeAttribute('title');
}

export interface BodyRowProps<T> {
  height: number;
  ariaRowIndex: number;
  /** Position of the row on the page (keyboard moves by it). */
  pos: number;
  /** The row the keyboard is on: the one row in the tab order. */
  current: boolean;
  styles: DataTableStyles;
  cells: Cell<T, unknown>[];
  pins: Pins;
  /** Ticked in the check-box column (shown as a selected row). */
  selected?: boolean;
}

/**
 * The same row as before: the same record under the same columns. TanStack makes new cell objects on
 * every render of the table, so the memo compares what they stand for, not the objects.
 */
function sameRow<T>(a: BodyRowProps<T>, b: BodyRowProps<T>): boolean {
  if (a.height !== b.height || a.ariaRowIndex !== b.ariaRowIndex || a.pos !== b.pos || a.current !== b.current || a.selected !== b.selected || a.styles !== b.styles || a.pins !== b.pins) return false;
  if (a.cells.length !== b.cells.length) return false;
  return a.cells.every((cell, i) => cell.row.original === b.cells[i]!.row.original && cell.column === b.cells[i]!.column);
}

/**
 * A plain body row, memoised: a table that renders again for its search box, its fetch state or a
 * scroll re-renders only the rows whose record or columns changed.
 */
export const BodyRow = memo(function BodyRow<T>({ height, ariaRowIndex, pos, current, styles, cells, pins, selected }: BodyRowProps<T>) {
  return (
    <tr className={mergeClasses(styles.tr, styles.focusRow, selected && styles.selectedRow)} style={{ height }} aria-rowindex={ariaRowIndex} data-pos={pos} tabIndex={current ? 0 : -1}>
      <Cells cells={cells} styles={styles} pins={pins} />
    </tr>
  );
}, sameRow) as <T>(props: BodyRowProps<T>) => ReactNode;

/**
 * The virtual body: spacer rows above and below the rendered rows keep the scroll height of the whole
 * page; with no rows, one cell says loading, not loaded (the error is above), empty, or nothing matches.
 */
export function VirtualBody({ padTop, padBottom, colCount, empty, loading, failed = false, emptyText, styles, children, ...handlers }: {
  padTop: number;
  padBottom: number;
  colCount: number;
  /** No rows to show. */
  empty: boolean;
  loading: boolean;
  /** The list failed to load: its message shows above the table, so no 'No ... yet' here. */
  failed?: boolean;
  emptyText: ReactNode;
  styles: DataTableStyles;
  children: ReactNode;
  onKeyDown?: React.KeyboardEventHandler<HTMLTableSectionElement>;
  onDoubleClick?: React.MouseEventHandler<HTMLTableSectionElement>;
  onContextMenu?: React.MouseEventHandler<HTMLTableSectionElement>;
  onMouseOver?: React.MouseEventHandler<HTMLTableSectionElement>;
  onClick?: React.MouseEventHandler<HTMLTableSectionElement>;
  onPointerOver?: React.PointerEventHandler<HTMLTableSectionElement>;
  onPointerOut?: React.PointerEventHandler<HTMLTableSectionElement>;
  onFocus?: React.FocusEventHandler<HTMLTableSectionElement>;
  onFocusCapture?: React.FocusEventHandler<HTMLTableSectionElement>;
  onBlurCapture?: React.FocusEventHandler<HTMLTableSectionElement>;
  onBlur?: React.FocusEventHandler<HTMLTableSectionElement>;
}) {
  return (
    <tbody {...handlers}>
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
            {loading ? (
              <Spinner size="small" label="Loading…" labelPosition="after" />
            ) : failed ? (
              <Text>Not loaded.</Text>
            ) : (
              <Text>{emptyText}</Text>
            )}
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}

/**
 * The page's rows on screen (the virtualiser's items): sortable rows while reordering, else plain rows
 * with the keyboard's current one and the ticked ones marked.
 */
function PageRows<T>({ items, rows, start, height, reordering, saving, current, selected, styles, pins }: {
  items: readonly VirtualItem[];
  rows: readonly Row<T>[];
  /** The page's first position in the view (for aria-rowindex). */
  start: number;
  height: number;
  reordering: boolean;
  /** The new order is being saved: the rows cannot be dragged. */
  saving: boolean;
  current: number;
  /** Whether the row of an id is ticked; undefined where nothing can be. */
  selected: ((id: string) => boolean) | undefined;
  styles: DataTableStyles;
  pins: Pins;
}) {
  return items.map((item, j) => {
    const row = rows[j];
    if (!row) return null;
    const ariaRowIndex = start + item.index + 2;
    return reordering ? (
      <SortableRow key={row.id} id={row.id} height={height} ariaRowIndex={ariaRowIndex} styles={styles} disabled={saving}>
        <Cells cells={row.getVisibleCells()} styles={styles} pins={pins} />
      </SortableRow>
    ) : (
      <BodyRow key={row.id} height={height} ariaRowIndex={ariaRowIndex} pos={item.index} current={item.index === current} styles={styles} cells={row.getVisibleCells()} pins={pins} selected={!!selected?.(row.id)} />
    );
  });
}

/** The table's body: the page's rows on screen inside the virtual body (its spacers, its empty or loading cell). */
export function TableBody<T>({ colCount, padTop, padBottom, loading, failed, emptyText, handlers, ...rows }: Parameters<typeof PageRows<T>>[0] & {
  colCount: number;
  padTop: number;
  padBottom: number;
  loading: boolean;
  failed: boolean;
  emptyText: ReactNode;
  /** The rows' keys, clicks and tips. */
  handlers: Omit<Parameters<typeof VirtualBody>[0], 'padTop' | 'padBottom' | 'colCount' | 'empty' | 'loading' | 'failed' | 'emptyText' | 'styles' | 'children'>;
}) {
  return (
    <VirtualBody padTop={padTop} padBottom={padBottom} colCount={colCount} empty={rows.rows.length === 0} loading={loading} failed={failed} onMouseOver={(e) => titleIfTruncated(e.target)} {...handlers} emptyText={emptyText} styles={rows.styles}>
      <PageRows {...rows} />
    </VirtualBody>
  );
}
