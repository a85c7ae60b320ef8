import { createContext, useContext, useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Checkbox } from '@fluentui/react-components';
import { RowCheckbox } from './cellControls';
import type { Column } from './columns';
import type { WindowView } from '../../../shared/windows';
import { notSelectable } from '../../../shared/tolerant';
import { isSelected, prune, range, selectAllMatching, selectedCount, setRows, toggle, viewState, emptySelection, type Keyed, type Selection } from './selection';

export const SELECT_COLUMN = '$select';

/** What the screen's bar may know and do of the table's selection. */
export interface SelectionInfo<T> {
  selection: Selection<T>;
  /** Rows selected. */
  count: number;
  /** Rows matching the view's search and filters (all pages). */
  matching: number;
  /** Every row shown is selected, and more match: "Select all N matching" is offered. */
  canSelectAll: boolean;
  selectAll: () => void;
  clear: () => void;
  /** The selected rows, for a CSV (in the table's order where the table holds the list). */
  exportSelected: () => Promise<void>;
  /** The rows of an "all matching" selection (every row of the view, less the unticked), fetched. */
  resolveRows: () => Promise<T[]>;
  /** The view's search and filters (a list main keeps resolves "all matching" itself from them). */
  query: Pick<WindowView, 'search' | 'filters' | 'partial'>;
}

export interface TableSelection<T> {
  value: Selection<T>;
  onChange: (next: Selection<T>) => void;
  /** The bar over the table while rows are selected (the screen's bulk actions). */
  bar: (info: SelectionInfo<T>) => ReactNode;
}

interface Ctx {
  has: (key: string) => boolean;
  header: boolean | 'mixed';
  onHeader: () => void;
  onRow: (key: string, shift: boolean) => void;
  name: (key: string) => string;
  /** Why the row is never selected (it shares its id with another record), or null. */
  blocked: (key: string) => string | null;
}
const SelectCtx = createContext<Ctx>({ has: () => false, header: false, onHeader: () => undefined, onRow: () => undefined, name: () => '', blocked: () => null });

// The indicator without its margin: the box fits the narrow column (else the cell cuts it with an ellipsis).
const TIGHT = { style: { margin: 0 } };

function HeaderBox() {
  const ctx = useContext(SelectCtx);
  return <Checkbox aria-label="Select all rows on this page" checked={ctx.header} onChange={() => ctx.onHeader()} indicator={TIGHT} />;
}

function RowBox({ id }: { id: string }) {
  const ctx = useContext(SelectCtx);
  // A record sharing its id with another cannot be selected: a write by that id could reach either.
  const blocked = ctx.blocked(id);
  if (blocked) return <RowCheckbox label={`${ctx.name(id) || 'This row'} cannot be selected: ${blocked}`} checked={false} disabled onClick={() => undefined} />;
  // The click carries Shift (a range).
  return <RowCheckbox label={`Select ${ctx.name(id)}`} checked={ctx.has(id)} onClick={(e: MouseEvent) => ctx.onRow(id, e.shiftKey)} />;
}

/** The leading check-box column (its row id from the table's getRowId). */
export function selectColumn<T>(): Column<T> {
  return {
    id: SELECT_COLUMN,
    header: () => <HeaderBox />,
    cell: ({ row }) => <RowBox id={row.id} />,
    enableSorting: false,
    enableHiding: false,
    enableResizing: false,
    meta: { width: 32, align: 'center', searchable: false, label: 'Select', filterLabel: 'Select' },
  };
}

const typing = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || !!target.closest('input:not([type="checkbox"]), textarea, select, [role="combobox"], [role="menu"], [role="listbox"]'));

/**
 * The table's side of selection: the column's context, the keys (Space, Shift+Space, Shift+arrows,
 * Ctrl+A, Escape) and what the bar gets. `view` is the page's rows with their keys.
 */
export function useTableSelection<T>({ control, view, matching, list, inMemory, version, query, label, exportRows, viewRows, keyOf }: {
  control: TableSelection<T> | undefined;
  view: readonly Keyed<T>[];
  matching: number;
  /** The whole list when the table holds it (a new one prunes the selection); undefined for a list main keeps. */
  list: readonly T[] | undefined;
  inMemory: boolean;
  /** A kept list's load (a reload clears an "all matching" selection). */
  version: number | undefined;
  /** The view's search and filters: a new one clears "all matching". */
  query: SelectionInfo<T>['query'];
  /** Every row of the view, all pages, and a row's key at its position there. */
  viewRows: () => Promise<T[]>;
  keyOf: (row: T, position: number) => string;
  label: (row: T) => string;
  exportRows: (selection: Selection<T>) => Promise<void>;
}) {
  const value = control?.value ?? emptySelection<T>();
  const set = (next: Selection<T>) => control?.onChange(next);
  const latest = useRef({ value, set, view });
  latest.current = { value, set, view };
  // Ctrl+A anywhere on the screen but a text field, a menu or a dialog selects the page's rows, as in
  // the table (the browser would select the screen's text). One table of a screen takes it.
  useEffect(() => {
    if (!control) return;
    const onScreenKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || !(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 'a' || typing(e.target)) return;
      if (e.target instanceof Element && e.target.closest('[role="dialog"], [role="alertdialog"]')) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"]')) return;
      const { value: s, set: change, view: shown } = latest.current;
      if (shown.length === 0) return;
      e.preventDefault();
      change(setRows(s, shown, true));
    };
    document.addEventListener('keydown', onScreenKey);
    return () => document.removeEventListener('keydown', onScreenKey);
  }, [!control]); // eslint-disable-line react-hooks/exhaustive-deps -- only whether the table selects matters; the rest is read from latest
  // The list changed under the selection: pruned (a list the table holds) or, "all matching", cleared.
  const keyOfRef = useRef(keyOf);
  keyOfRef.current = keyOf;
  useEffect(() => {
    const { value: s, set: change } = latest.current;
    if (!list || (!s.all && s.rows.size === 0)) return;
    const byKey = new Map(list.map((row, i) => [keyOfRef.current(row, i), row]));
    change(prune(s, (key) => byKey.get(key)));
  }, [list]);
  useEffect(() => {
    const { value: s, set: change } = latest.current;
    if (s.all) change(emptySelection());
  }, [JSON.stringify(query)]); // eslint-disable-line react-hooks/exhaustive-deps -- the query's content is the key
  // "All matching" follows the view's count as the list changes (the bar and the delete question say it).
  useEffect(() => {
    const { value: s, set: change } = latest.current;
    if (s.all && s.all.count !== matching) change(selectAllMatching(s, matching, s.all.except));
  }, [matching, version]);
  // A kept list's page brings the records as now shown: they become the selected rows' base.
  useEffect(() => {
    const { value: s, set: change } = latest.current;
    if (inMemory || s.all || view.length === 0) return;
    const byKey = new Map(view.map((k) => [k.key, k.row]));
    if (view.some((k) => s.rows.has(k.key) && s.rows.get(k.key) !== k.row)) change(prune(s, (key) => byKey.get(key) ?? s.rows.get(key)));
  }, [view, inMemory]);

  const names = new Map(view.map((k) => [k.key, k.row]));
  const onRow = (key: string, shift: boolean) => {
    const row = names.get(key) ?? value.rows.get(key);
    if (row === undefined || notSelectable(row)) return;
    set(shift ? range(value, view, { key, row }) : toggle(value, { key, row }));
  };
  const blocked = (key: string) => {
    const row = names.get(key);
    return row === undefined ? null : notSelectable(row);
  };
  const ctx: Ctx = {
    has: (key) => isSelected(value, key) && blocked(key) === null,
    blocked,
    header: viewState(value, view) === true ? true : view.some((k) => isSelected(value, k.key) && !notSelectable(k.row)) ? 'mixed' : false,
    onHeader: () => set(setRows(value, view, viewState(value, view) !== true)),
    onRow,
    name: (key) => {
      const row = names.get(key);
      return row === undefined ? key : label(row);
    },
  };

  /** Keys on the table (rows and header): Space, Shift+Space, Shift+arrows, Ctrl+A, Escape. */
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!control || typing(e.target)) return;
    const tr = e.target instanceof Element ? e.target.closest('tr[data-pos]') : null;
    const pos = tr instanceof HTMLElement ? Number(tr.dataset.pos) : null;
    const onRowItself = e.target === tr;
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'a') {
      e.preventDefault();
      set(setRows(value, view, true));
    } else if (e.key === 'Escape' && selectedCount(value) > 0) {
      e.preventDefault();
      set(emptySelection());
    } else if (pos !== null && onRowItself && e.key === ' ' && view[pos]) {
      e.preventDefault();
      onRow(view[pos].key, e.shiftKey);
    } else if (pos !== null && onRowItself && e.shiftKey && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      const to = view[pos + (e.key === 'ArrowDown' ? 1 : -1)];
      const from = view[pos];
      if (!to || !from) return;
      // The range grows from the row the keys started on (it becomes the anchor if none is in view).
      const anchored = value.anchor !== null && view.some((k) => k.key === value.anchor) ? value : setRows(value, [from], true, from.key);
      set(range(anchored, view, to));
    }
  };

  const count = selectedCount(value);
  const info: SelectionInfo<T> = {
    selection: value,
    count,
    matching,
    canSelectAll: !value.all && view.length > 0 && viewState(value, view) === true && matching > view.length,
    selectAll: () => set(selectAllMatching(value, matching)),
    clear: () => set(emptySelection()),
    exportSelected: () => exportRows(value),
    resolveRows: async () => (await viewRows()).filter((row, i) => !notSelectable(row) && isSelected(value, keyOf(row, i))),
    query,
  };
  return { enabled: !!control, ctx, onKeyDown, info, Provider: SelectCtx.Provider, selectedKey: (key: string) => isSelected(value, key) };
}
