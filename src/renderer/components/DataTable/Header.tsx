import type { ReactNode } from 'react';
import { flexRender, type Header as TanHeader, type Table } from '@tanstack/react-table';
import { mergeClasses } from '@fluentui/react-components';
import { ArrowSortDownRegular, ArrowSortRegular, ArrowSortUpRegular } from '@fluentui/react-icons';
import { widthOf } from './columns';
import { NO_PINS, pinStyle, type Pins } from './Body';
import type { DataTableStyles } from './styles';

/** The <colgroup>: fixed widths from the columns' meta; `lead` adds a leading column (a drag handle, an expander). */
export function ColGroup<T>({ table, lead }: { table: Table<T>; lead?: number }) {
  return (
    <colgroup>
      {lead ? <col style={{ width: `${lead}px` }} /> : null}
      {table.getVisibleLeafColumns().map((column) => (
        <col key={column.id} style={{ width: widthOf(column.columnDef.meta?.width) }} />
      ))}
    </colgroup>
  );
}

/** The smallest width of the table: fixed px columns keep theirs, the others their minWidth (default 140px). */
export function minTableWidth<T>(table: Table<T>, lead = 0): number {
  return table.getVisibleLeafColumns().reduce((sum, c) => {
    const w = c.columnDef.meta?.width;
    return sum + (typeof w === 'number' ? w : (c.columnDef.meta?.minWidth ?? 140));
  }, lead);
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

function HeaderCell<T>({ header, sortable, styles, pins }: { header: TanHeader<T, unknown>; sortable: boolean; styles: DataTableStyles; pins: Pins }) {
  const pin = pins.get(header.column.id);
  const canSort = header.column.getCanSort() && sortable;
  const sorted = header.column.getIsSorted();
  const align = header.column.columnDef.meta?.align;
  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
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
      className={mergeClasses(styles.th, align === 'center' && styles.center, align === 'end' && styles.end, pin && styles.pinnedHead, pin?.edge && styles.pinEdge)}
      style={pinStyle(pins, header.column.id)}
      aria-sort={canSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
    >
      {canSort ? (
        <button type="button" className={styles.sortButton} onClick={header.column.getToggleSortingHandler()}>
          <span className={styles.headerLabel}>{content}</span>
          {icon}
        </button>
      ) : (
        <span className={styles.headerLabel}>{content}</span>
      )}
    </th>
  );
}

/** The sticky header row: sort buttons on sortable columns (aria-sort), `lead` a leading header cell. */
export function Header<T>({ table, sortable, lead, styles, pins = NO_PINS }: { table: Table<T>; sortable: boolean; lead?: ReactNode; styles: DataTableStyles; pins?: Pins }) {
  return (
    <thead className={styles.thead}>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id} aria-rowindex={1}>
          {lead ? (
            <th scope="col" className={styles.th}>
              <span className={styles.visuallyHidden}>{lead}</span>
            </th>
          ) : null}
          {group.headers.map((header) => (
            <HeaderCell key={header.id} header={header} sortable={sortable} styles={styles} pins={pins} />
          ))}
        </tr>
      ))}
    </thead>
  );
}
