import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { flexRender, getCoreRowModel, useReactTable, type Cell } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { toText } from '../../lib/rows';
import { branchIds, treeKey, visibleLines, type TreeLine } from '../../lib/tree';
import { VirtualBody } from './Body';
import { useRowTip } from './cellControls';
import type { Column } from './columns';
import { ColGroup, Header, minTableWidth } from './Header';
import { useDataTableStyles, type DataTableStyles } from './styles';
import { Toolbar } from './Toolbar';
import { scrollLineIntoView } from './scrollLine';

export interface TreeTableProps<T> {
  ariaLabel: string;
  columns: Column<T>[];
  roots: readonly T[];
  getRowId: (node: T) => string;
  getChildren: (node: T) => readonly T[] | undefined;
  loading?: boolean;
  emptyText?: ReactNode;
  /** Buttons at the right of the toolbar. */
  toolbar?: ReactNode;
  rowHeight?: number;
  /** Ids expanded at first. */
  initiallyExpanded?: readonly string[];
  /** The expanded ids after every change (a screen loads what an expanded node needs). */
  onExpandedChange?: (expanded: ReadonlySet<string>) => void;
}

const INDENT = 20;

const useStyles = makeStyles({
  first: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  twisty: { flexShrink: 0, minWidth: '24px', width: '24px' },
  leaf: { flexShrink: 0, width: '24px' },
  focused: { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
});

function TreeRow<T>({ line, cells, index, height, focused, styles, onToggle, onFocusRow }: {
  line: TreeLine<T>;
  cells: Cell<T, unknown>[];
  index: number;
  height: number;
  focused: boolean;
  styles: DataTableStyles;
  onToggle: (id: string, open: boolean) => void;
  onFocusRow: (index: number) => void;
}) {
  const own = useStyles();
  return (
    <tr
      className={mergeClasses(styles.tr, focused && own.focused)}
      style={{ height }}
      aria-rowindex={index + 2}
      aria-level={line.level}
      aria-posinset={line.posInSet}
      aria-setsize={line.setSize}
      aria-expanded={line.hasChildren ? line.expanded : undefined}
      tabIndex={focused ? 0 : -1}
      data-index={index}
      onFocus={() => onFocusRow(index)}
    >
      {cells.map((cell, i) => {
        const content = flexRender(cell.column.columnDef.cell, cell.getContext());
        const align = cell.column.columnDef.meta?.align;
        return (
          <td key={cell.id} role={i === 0 ? 'rowheader' : 'gridcell'} className={mergeClasses(styles.td, align === 'center' && styles.center, align === 'end' && styles.end)}>
            {i === 0 ? (
              <span className={own.first} style={{ paddingInlineStart: (line.level - 1) * INDENT }}>
                {line.hasChildren ? (
                  <Button
                    className={own.twisty}
                    appearance="transparent"
                    size="small"
                    tabIndex={-1}
                    aria-label={`${line.expanded ? 'Collapse' : 'Expand'} ${toText(cell.getValue())}`}
                    icon={line.expanded ? <ChevronDownRegular /> : <ChevronRightRegular />}
                    onClick={() => onToggle(line.id, !line.expanded)}
                  />
                ) : (
                  <span className={own.leaf} aria-hidden />
                )}
                {content}
              </span>
            ) : (
              content
            )}
          </td>
        );
      })}
    </tr>
  );
}

/**
 * A virtualised tree grid (role treegrid) from the DataTable's parts: rows expand and collapse by
 * their chevron or the keyboard (Right opens or goes to the first child, Left closes or goes to the
 * parent, Up/Down/Home/End/PageUp/PageDown move). Only the lines in view are in the DOM.
 */
export function TreeTable<T>({ ariaLabel, columns, roots, getRowId, getChildren, loading = false, emptyText = 'Nothing to show.', toolbar, rowHeight = 40, initiallyExpanded = [], onExpandedChange }: TreeTableProps<T>) {
  const styles = useDataTableStyles();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(initiallyExpanded));
  const [focus, setFocus] = useState(0);
  useEffect(() => onExpandedChange?.(expanded), [expanded, onExpandedChange]);
  const access = useMemo(() => ({ id: getRowId, children: getChildren }), [getRowId, getChildren]);
  const lines = useMemo(() => visibleLines(roots, access, expanded), [roots, access, expanded]);
  const at = Math.min(focus, Math.max(0, lines.length - 1));

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: lines.length, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, overscan: 12 });
  const items = virtualizer.getVirtualItems();
  const table = useReactTable<T>({
    data: items.map((item) => (lines[item.index] as TreeLine<T>).node),
    columns,
    getRowId: (node) => getRowId(node),
    getCoreRowModel: getCoreRowModel(),
    enableSorting: false,
    // The visible lines are new on every scroll: with TanStack's automatic resets each new list would
    // reset the page index, render, and reset again.
    autoResetAll: false,
    manualPagination: true,
  });
  const rows = table.getRowModel().rows;

  // Keyboard focus follows `focus`: scroll its line into view (written to the element, see
  // scrollLineIntoView), then focus its row once rendered.
  const wantFocus = useRef(false);
  useEffect(() => {
    if (!wantFocus.current) return;
    scrollLineIntoView(scrollRef.current, at, rowHeight);
    const row = scrollRef.current?.querySelector<HTMLTableRowElement>(`tr[data-index="${at}"]`);
    if (row) {
      row.focus({ preventScroll: true });
      wantFocus.current = false;
    }
  });

  const toggle = (id: string, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!(e.target instanceof HTMLTableRowElement)) return;
    const move = treeKey(e.key, lines, at, Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / rowHeight) - 1));
    if (!move) return;
    e.preventDefault();
    if ('toggle' in move) toggle(move.toggle, move.open);
    else {
      wantFocus.current = true;
      setFocus(move.focus);
    }
  };
  const rowTip = useRowTip();
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;

  return (
    <div className={styles.root}>
      <Toolbar
        label={ariaLabel}
        styles={styles}
        start={
          <Text size={200} className={styles.count} aria-live="polite">
            {`${lines.length} ${lines.length === 1 ? 'row' : 'rows'} shown`}
          </Text>
        }
        end={
          <>
            <Button size="small" onClick={() => setExpanded(branchIds(roots, access))} disabled={roots.length === 0}>
              Expand all
            </Button>
            <Button size="small" onClick={() => setExpanded(new Set())} disabled={expanded.size === 0}>
              Collapse all
            </Button>
            {toolbar}
          </>
        }
      />
      <div ref={scrollRef} className={styles.scroller} onKeyDown={onKeyDown}>
        <table role="treegrid" className={styles.table} style={{ minWidth: minTableWidth(table) }} aria-label={ariaLabel} aria-rowcount={lines.length + 1} aria-busy={loading}>
          <ColGroup table={table} />
          <Header table={table} sortable={false} styles={styles} />
          <VirtualBody padTop={padTop} padBottom={padBottom} colCount={columns.length} empty={rows.length === 0} loading={loading} emptyText={emptyText} styles={styles} {...rowTip.handlers}>
            {items.map((item, j) => {
              const row = rows[j];
              const line = lines[item.index];
              return row && line ? (
                <TreeRow
                  key={line.id}
                  line={line}
                  cells={row.getVisibleCells()}
                  index={item.index}
                  height={rowHeight}
                  focused={item.index === at}
                  styles={styles}
                  onToggle={toggle}
                  onFocusRow={setFocus}
                />
              ) : null;
            })}
          </VirtualBody>
        </table>
      </div>
      {rowTip.tip}
    </div>
  );
}
