import { memo, useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { flexRender, type Column as TanColumn, type Header as TanHeader, type Table } from '@tanstack/react-table';
import { COLUMN_WIDTH } from '../../../shared/schemas/settings';
import { mergeClasses } from '@fluentui/react-components';
import { ArrowSortDownRegular, ArrowSortRegular, ArrowSortUpRegular } from '@fluentui/react-icons';
import { headerText, leastWidth, widthOf } from './columns';
import { NO_PINS, pinStyle, type Pins } from './Body';
import type { DataTableStyles } from './styles';

/** Widths a person gave columns by dragging (px, by column id); they override the declared ones. */
export type Widths = Readonly<Record<string, number>>;
const NO_WIDTHS: Widths = {};

/** A column's width: the one it was dragged to, else its declared one (CSS length or px). */
const columnWidth = <T,>(column: TanColumn<T>, widths: Widths): number | string | undefined => widths[column.id] ?? column.columnDef.meta?.width;

/** The <colgroup>: fixed widths from the columns' meta; `lead` adds a leading column (a drag handle, an expander). */
export function ColGroup<T>({ table, lead, widths = NO_WIDTHS }: { table: Table<T>; lead?: number; widths?: Widths }) {
  return (
    <colgroup>
      {lead ? <col style={{ width: `${lead}px` }} /> : null}
      {table.getVisibleLeafColumns().map((column) => (
        <col key={column.id} style={{ width: widthOf(columnWidth(column, widths)) }} />
      ))}
    </colgroup>
  );
}

/** The smallest width of the table: fixed px columns keep theirs, the others their minWidth (default 140px). */
export function minTableWidth<T>(table: Table<T>, lead = 0, widths: Widths = NO_WIDTHS): number {
  return table.getVisibleLeafColumns().reduce((sum, c) => sum + leastWidth(c.columnDef, c.id, widths), lead);
}

/** The sticky offsets of the pinned columns (numeric widths; 56px otherwise), from the right edge. */
export function pinsOf<T>(table: Table<T>): Pins {
  const pins = new Map<string, { right: number; edge: boolean }>();
  const columns = table.getVisibleLeafColumns();
  let right = 0;
  for (let i = columns.length - 1; i >= 0; i--) {
    const c = columns[i]!;
    if (c.columnDef.meta?.pin !== 'end') break;
    const w = c.columnDef.meta.width;
    pins.set(c.id, { right, edge: i === 0 || columns[i - 1]?.columnDef.meta?.pin !== 'end' });
    right += typeof w === 'number' ? w : 56;
  }
  return pins;
}

const clampWidth = (px: number) => Math.round(Math.min(COLUMN_WIDTH.max, Math.max(COLUMN_WIDTH.min, px)));
const KEY_STEP = 16;

/**
 * The grip at a header's right edge: drag it, or focus it and press the arrow keys (Shift for bigger
 * steps); a double click or Delete gives the column back its declared width.
 */
function ResizeGrip({ label, width, onResize, onReset, styles }: { label: string; width: number | undefined; onResize: (px: number) => void; onReset: () => void; styles: DataTableStyles }) {
  const grip = useRef<HTMLDivElement>(null);
  // The header cell's width as laid out (a column without a fixed width takes a share of the rest),
  // measured when the grip gets the focus or moves: reading layout on every render would cost each
  // table a forced layout per column.
  const [measured, setMeasured] = useState<number | undefined>(undefined);
  const current = () => Math.round(grip.current?.parentElement?.getBoundingClientRect().width ?? width ?? 0);
  // While focused, after each layout (its own resize): the same number again does not render again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    if (measured !== undefined && document.activeElement === grip.current) setMeasured(current());
  });
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const grip = event.currentTarget;
    grip.setPointerCapture(event.pointerId);
    const startX = event.clientX;
    const start = current();
    const move = (e: globalThis.PointerEvent) => onResize(clampWidth(start + e.clientX - startX));
    const up = () => {
      grip.removeEventListener('pointermove', move);
      grip.removeEventListener('pointerup', up);
      grip.removeEventListener('pointercancel', up);
    };
    grip.addEventListener('pointermove', move);
    grip.addEventListener('pointerup', up);
    grip.addEventListener('pointercancel', up);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_STEP * 4 : KEY_STEP;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      onResize(clampWidth(current() + (event.key === 'ArrowRight' ? step : -step)));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onReset();
    }
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${label}`}
      ref={grip}
      aria-valuenow={measured || width || COLUMN_WIDTH.min}
      aria-valuemin={COLUMN_WIDTH.min}
      aria-valuemax={COLUMN_WIDTH.max}
      // Not a tab stop: the header row is one (its sort buttons rove), and Shift+Left/Right on a header
      // resizes its column. The grip still takes the focus from a pointer and then its own keys.
      tabIndex={-1}
      className={styles.resizeGrip}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onFocus={() => setMeasured(current())}
      onDoubleClick={onReset}
      onClick={(e) => e.stopPropagation()}
    />
  );
}

/** Resizing: the column's new width (px), or null for its declared width again. */
export type OnResize = (id: string, px: number | null) => void;

/** The widths a person dragged columns to (from a saved view at first), and the header's stable `onResize`. */
export function useColumnWidths(initial: Widths | undefined) {
  const [widths, setWidths] = useState<Widths>(() => initial ?? NO_WIDTHS);
  const onResize: OnResize = useCallback(
    (id, px) =>
      setWidths((old) => {
        const next = { ...old };
        if (px === null) delete next[id];
        else next[id] = px;
        return next;
      }),
    [],
  );
  return [widths, setWidths, onResize] as const;
}

function HeaderCell<T>({ header, sortable, styles, pins, onResize, widths, tabbable }: { header: TanHeader<T, unknown>; sortable: boolean; styles: DataTableStyles; pins: Pins; onResize?: OnResize; widths?: Widths; tabbable: boolean }) {
  const pin = pins.get(header.column.id);
  const canSort = header.column.getCanSort() && sortable;
  const sorted = header.column.getIsSorted();
  const align = header.column.columnDef.meta?.align;
  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
  // Row actions keep their width (their buttons fit it); every other column can be resized.
  const resizable = !!onResize && !pin && !header.column.columnDef.meta?.action && header.column.columnDef.enableResizing !== false;
  const icon =
    sorted === 'asc' ? (
      <ArrowSortUpRegular aria-hidden className={styles.sortIcon} />
    ) : sorted === 'desc' ? (
      <ArrowSortDownRegular aria-hidden className={styles.sortIcon} />
    ) : (
      <ArrowSortRegular aria-hidden className={mergeClasses(styles.sortIcon, styles.sortIconIdle)} />
    );
  return (
    <th
      scope="col"
      colSpan={header.colSpan}
      className={mergeClasses(styles.th, align === 'center' && styles.center, align === 'end' && styles.end, pin && styles.pinnedHead, pin?.edge && styles.pinEdge, resizable && styles.resizableTh)}
      style={pinStyle(pins, header.column.id)}
      data-pin={pin ? '' : undefined}
      // Named by its header alone: from its content the name would take in the grip's 'Resize ...'.
      aria-label={resizable ? headerText(header.column.columnDef) : undefined}
      aria-sort={canSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
    >
      {canSort ? (
        <button
          type="button"
          className={styles.sortButton}
          onClick={header.column.getToggleSortingHandler()}
          tabIndex={tabbable ? 0 : -1}
          data-column={header.column.id}
          data-resizable={resizable ? '' : undefined}
        >
          <span className={styles.headerLabel}>{content}</span>
          {icon}
        </button>
      ) : (
        <span className={styles.headerLabel}>{content}</span>
      )}
      {resizable ? (
        <ResizeGrip
          label={headerText(header.column.columnDef)}
          width={widths?.[header.column.id] ?? (typeof header.column.columnDef.meta?.width === 'number' ? header.column.columnDef.meta.width : undefined)}
          onResize={(px) => onResize(header.column.id, px)}
          onReset={() => onResize(header.column.id, null)}
          styles={styles}
        />
      ) : null}
    </th>
  );
}

interface HeaderProps<T> {
  table: Table<T>;
  sortable: boolean;
  lead?: ReactNode;
  styles: DataTableStyles;
  pins?: Pins;
  onResize?: OnResize;
  widths?: Widths;
  /**
   * The table's sort. The header reads it (and the columns shown) from the table object, which stays
   * the same: this prop, and `pins` for the columns, tell the memo when to render again.
   */
  sorting?: unknown;
}

/**
 * The sticky header row: sort buttons on sortable columns (aria-sort), `lead` a leading header cell. The
 * row is one tab stop: Left/Right (Home/End) move between the headers, Enter or Space sorts, and
 * Shift+Left/Right makes the focused header's column narrower or wider.
 */
function HeaderOf<T>({ table, sortable, lead, styles, pins = NO_PINS, onResize, widths }: HeaderProps<T>) {
  const columns = table.getVisibleLeafColumns().filter((c) => c.getCanSort() && sortable);
  const [activeId, setActiveId] = useState<string | null>(null);
  // Keys pressed faster than the table draws the widths they ask for: while the cell still shows a width
  // between the first one and the last one asked, the next step starts from the last one asked.
  const asked = useRef(new Map<string, { from: number; to: number }>());
  const active = columns.find((c) => c.id === activeId)?.id ?? columns[0]?.id;
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    const button = event.target instanceof HTMLElement ? event.target.closest<HTMLButtonElement>('button[data-column]') : null;
    if (!button || event.altKey || event.ctrlKey || event.metaKey) return;
    const id = button.dataset.column ?? '';
    if (event.shiftKey) {
      if ((event.key === 'ArrowLeft' || event.key === 'ArrowRight') && onResize && button.dataset.resizable !== undefined) {
        event.preventDefault();
        const shown = button.closest('th')?.getBoundingClientRect().width ?? 0;
        const last = asked.current.get(id);
        const pending = last && shown >= Math.min(last.from, last.to) - 1 && shown <= Math.max(last.from, last.to) + 1;
        const next = clampWidth((pending ? last.to : shown) + (event.key === 'ArrowRight' ? KEY_STEP : -KEY_STEP));
        asked.current.set(id, { from: pending ? last.from : shown, to: next });
        onResize(id, next);
      }
      return;
    }
    const at = columns.findIndex((c) => c.id === id);
    const to = event.key === 'ArrowRight' ? at + 1 : event.key === 'ArrowLeft' ? at - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? columns.length - 1 : null;
    if (to === null || at < 0) return;
    event.preventDefault();
    const next = columns[Math.max(0, Math.min(to, columns.length - 1))];
    if (!next) return;
    setActiveId(next.id);
    event.currentTarget.querySelector<HTMLButtonElement>(`button[data-column="${CSS.escape(next.id)}"]`)?.focus();
  };
  return (
    <thead className={styles.thead}>
      {table.getHeaderGroups().map((group) => (
        <tr
          key={group.id}
          aria-rowindex={1}
          onKeyDown={onKeyDown}
          // A header clicked with the pointer becomes the row's tab stop too.
          onFocus={(e) => e.target instanceof HTMLButtonElement && e.target.dataset.column && setActiveId(e.target.dataset.column)}
        >
          {lead ? (
            <th scope="col" className={styles.th}>
              <span className={styles.visuallyHidden}>{lead}</span>
            </th>
          ) : null}
          {group.headers.map((header) => (
            <HeaderCell key={header.id} header={header} sortable={sortable} styles={styles} pins={pins} onResize={onResize} widths={widths} tabbable={header.column.id === active} />
          ))}
        </tr>
      ))}
    </thead>
  );
}

/** Memoised (give it a stable `onResize`): a table's search, fetch state or scroll does not render it again. */
export const Header = memo(HeaderOf) as typeof HeaderOf;
