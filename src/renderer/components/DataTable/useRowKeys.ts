import { useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import type { RowAction } from './columns';
import type { RowMenuState } from './RowMenu';
import { scrollLineIntoView } from './scrollLine';
import { useLatestCallback } from '../../lib/latest-callback';

/**
 * The keyboard's row and the row menu: one row of the page is in the tab order; arrows, Home/End and
 * PageUp/PageDown move it (scrolling it into view), Enter or a double click activates it, Shift+F10,
 * the menu key or a right click opens its menu (`closeMenu` and `runFromMenu` give the focus back to its
 * row). `rowHandlers` go on the table's body.
 */
export function useRowKeys<T>({ length, rowAt, scrollRef, rowHeight, rowActions, onRowActivate, reordering }: {
  /** Rows on the page. */
  length: number;
  /** The row at a position of the page. */
  rowAt: (pos: number) => T | undefined;
  scrollRef: RefObject<HTMLDivElement | null>;
  rowHeight: number;
  rowActions: readonly RowAction<T>[];
  onRowActivate?: (row: T) => void;
  /** While reordering the rows are the drag's. */
  reordering: boolean;
}) {
  const [activePos, setActivePos] = useState(0);
  const current = Math.max(0, Math.min(activePos, length - 1));
  const focusPending = useRef<number | null>(null);
  const rowElement = (pos: number) => scrollRef.current?.querySelector<HTMLTableRowElement>(`tbody tr[data-pos="${pos}"]`) ?? null;
  useLayoutEffect(() => {
    if (focusPending.current === null) return;
    const el = rowElement(focusPending.current);
    if (el) {
      el.focus();
      focusPending.current = null;
    }
  });
  // A focused row that leaves the page (deleted, or gone as its list refreshed after a dialog gave the focus
  // back to it) would drop the focus to the page's body: the row now at its place takes it, else the last
  // row, else the table itself. Checked after every render, since the rows change only then.
  const focusedRow = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const lost = focusedRow.current;
    if (!lost || lost.isConnected) return;
    focusedRow.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const target = (length > 0 ? rowElement(Math.min(Number(lost.dataset.pos), length - 1)) : null) ?? scrollRef.current;
    target?.focus();
  });
  const onFocusCapture = (e: FocusEvent<HTMLTableSectionElement>) => {
    focusedRow.current = e.target instanceof Element ? e.target.closest<HTMLElement>('tr[data-pos]') : null;
  };
  // The focus moved on (to a dialog a row's action opened, say): the row is no longer the focus's to give
  // back. Otherwise a row removed while that dialog's button was disabled for its call (the focus on the
  // body for a moment) pulled the focus out of the open dialog.
  const onBlurCapture = (e: FocusEvent<HTMLTableSectionElement>) => {
    if (e.relatedTarget instanceof Node && !e.currentTarget.contains(e.relatedTarget)) focusedRow.current = null;
  };
  const moveTo = (pos: number) => {
    const next = Math.max(0, Math.min(pos, length - 1));
    setActivePos(next);
    scrollLineIntoView(scrollRef.current, next, rowHeight);
    const el = rowElement(next);
    // A row not drawn yet takes the focus once it is; one drawn takes it now, and no later render (one
    // that does not change the row, e.g. a column resized) pulls the focus back to it.
    focusPending.current = el ? null : next;
    el?.focus();
  };
  const [menu, setMenu] = useState<RowMenuState<T> | null>(null);
  const openMenu = (pos: number, target: RowMenuState<T>['target']) => {
    const row = rowAt(pos);
    if (!row || rowActions.every((a) => a.hidden?.(row))) return;
    setActivePos(pos);
    setMenu({ row, pos, target });
  };
  const posOf = (target: EventTarget | null): number | null => {
    const tr = target instanceof Element ? target.closest('tr[data-pos]') : null;
    return tr instanceof HTMLElement ? Number(tr.dataset.pos) : null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    const pos = posOf(e.target);
    if (pos === null) return;
    if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) {
      e.preventDefault();
      const tr = rowElement(pos);
      if (tr) openMenu(pos, tr);
      return;
    }
    // Keys inside a row's buttons stay theirs.
    if (!(e.target instanceof HTMLTableRowElement) || e.altKey || e.ctrlKey || e.metaKey) return;
    const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1);
    const moves: Record<string, number> = { ArrowDown: pos + 1, ArrowUp: pos - 1, Home: 0, End: length - 1, PageDown: pos + pageRows, PageUp: pos - pageRows };
    const target = moves[e.key];
    if (target !== undefined) {
      e.preventDefault();
      moveTo(target);
    } else if (e.key === 'Enter' && onRowActivate) {
      const row = rowAt(pos);
      if (row) {
        e.preventDefault();
        onRowActivate(row);
      }
    }
  };
  const interactive = (target: EventTarget | null) => target instanceof Element && !!target.closest('button, a, input, select, textarea, [role="button"]');
  const onDoubleClick = (e: MouseEvent<HTMLTableSectionElement>) => {
    const pos = posOf(e.target);
    const row = pos === null ? undefined : rowAt(pos);
    if (row && onRowActivate && !interactive(e.target)) onRowActivate(row);
  };
  const onContextMenu = (e: MouseEvent<HTMLTableSectionElement>) => {
    const pos = posOf(e.target);
    if (pos === null || rowActions.length === 0) return;
    e.preventDefault();
    const { clientX: x, clientY: y } = e;
    openMenu(pos, { getBoundingClientRect: () => ({ x, y, left: x, top: y, right: x, bottom: y, width: 0, height: 0 }) });
  };
  const onClick = (e: MouseEvent<HTMLTableSectionElement>) => {
    const pos = posOf(e.target);
    if (pos !== null) setActivePos(pos);
  };
  const rowHandlers = reordering ? {} : { onKeyDown, onDoubleClick, onContextMenu, onClick, onFocusCapture, onBlurCapture };
  const closeMenu = useLatestCallback(() => {
    const pos = menu?.pos;
    setMenu(null);
    // Escape (or a click on nothing focusable) leaves the focus on the page once the menu is gone:
    // it goes back to the row the menu was for.
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (pos !== undefined && (!active || active === document.body)) rowElement(pos)?.focus();
    });
  });
  const runFromMenu = useLatestCallback((action: RowAction<T>, state: RowMenuState<T>) => {
    // The row keeps the focus, so a dialog the action opens gives it back there.
    rowElement(state.pos)?.focus();
    setMenu(null);
    action.run(state.row);
  });
  return { current, moveTo, menu, rowHandlers, closeMenu, runFromMenu };
}
