import { memo, startTransition, useMemo, useState, type ReactNode } from 'react';
import type { Table, VisibilityState } from '@tanstack/react-table';
import { Button, Input, MessageBar, MessageBarActions, MessageBarBody, Select, Spinner, Text } from '@fluentui/react-components';
import { ArrowSwapRegular, DismissRegular, SaveRegular, SearchRegular } from '@fluentui/react-icons';
import { distinctValues, type Getter } from '../../lib/rows';
import { columnIdOf, headerText, type Column, type FilterOption } from './columns';
import type { Reorder } from './reorder';
import type { DataTableStyles } from './styles';
import type { RowPipeline } from './useRowPipeline';
import type { TableLook } from './useTableLook';
import { ExportButton, ViewMenu } from './ViewMenu';
import { PartialNotice } from './partial';
import type { ReplacedSearch } from './useSelectedRow';
import { plural } from '../../lib/format';

/**
 * The search box of a table: a search field with a clear button. It shows each key at once and passes
 * the text on as a transition, so a key press renders this box alone before the table. The box owns its
 * text: `value` is the table's search when the box mounts, and the table mounts a new box (by key) when
 * it sets the search itself (Reset view, a record opened from elsewhere). The table's search is not read
 * back while typing: under load React may render it older than an echo already seen, and a box that
 * followed it lost keys.
 */
export const SearchBox = memo(function SearchBox({ value, onChange, placeholder, disabled, styles, onDown }: { value: string; onChange: (value: string) => void; placeholder: string; disabled?: boolean; styles: DataTableStyles; onDown?: () => void }) {
  const [text, setText] = useState(value);
  const change = (next: string) => {
    setText(next);
    startTransition(() => onChange(next));
  };
  return (
    <Input
      className={styles.search}
      contentBefore={<SearchRegular aria-hidden />}
      contentAfter={
        text ? <Button appearance="transparent" size="small" icon={<DismissRegular />} aria-label="Clear search" onClick={() => change('')} /> : undefined
      }
      placeholder={placeholder}
      aria-label="Search"
      type="search"
      value={text}
      disabled={disabled}
      onChange={(_e, d) => change(d.value)}
      // Down arrow goes from the search to the rows it found (the table's current row).
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown' && onDown) {
          e.preventDefault();
          onDown();
        }
      }}
    />
  );
});

/** The toolbar filters of the columns that declare one: a select of values or a text field. */
function ColumnFiltersOf<T>({ columns, table, data, accessors, disabled, idBase, styles }: {
  columns: readonly Column<T>[];
  table: Table<T>;
  /** The filters' values: read from `table`, which stays the same object; this renders them again. */
  filters: unknown;
  data: readonly T[];
  accessors: Map<string, Getter<T>>;
  disabled: boolean;
  idBase: string;
  styles: DataTableStyles;
}) {
  const filterColumns = useMemo(
    () => columns.map((def) => ({ def, id: columnIdOf(def) })).filter((c): c is { def: Column<T>; id: string } => !!c.id && !!c.def.meta?.filter),
    [columns],
  );
  const options = useMemo(() => {
    const out: Record<string, FilterOption[]> = {};
    for (const { def, id } of filterColumns) {
      if (def.meta?.filter !== 'select') continue;
      const get = accessors.get(id);
      out[id] = def.meta.filterOptions ? [...def.meta.filterOptions] : get ? distinctValues(data, get) : [];
    }
    return out;
  }, [filterColumns, accessors, data]);

  const fields = filterColumns.map(({ def, id }) => {
    const column = table.getColumn(id);
    const label = headerText(def);
    const value = (column?.getFilterValue() as string | undefined) ?? '';
    const fid = `${idBase}-filter-${id}`;
    const set = (next: string) => column?.setFilterValue(next || undefined);
    return (
      <div key={id} className={styles.filter}>
        <label htmlFor={fid} className={styles.filterLabel}>
          {label}
        </label>
        {def.meta?.filter === 'select' ? (
          <Select id={fid} size="medium" value={value} disabled={disabled} onChange={(_e, d) => set(d.value)}>
            <option value="">All</option>
            {(options[id] ?? []).map((o) => {
              const { value: optionValue, label: optionLabel } = typeof o === 'string' ? { value: o, label: o } : o;
              return (
                <option key={optionValue} value={optionValue}>
                  {optionLabel}
                </option>
              );
            })}
          </Select>
        ) : (
          <Input id={fid} value={value} disabled={disabled} placeholder={`Filter ${label}`} onChange={(_e, d) => set(d.value)} />
        )}
      </div>
    );
  });
  return <>{fields}</>;
}

/** Memoised, like the search box (give them stable callbacks): a table's fetch state or scroll does not render them. */
export const ColumnFilters = memo(ColumnFiltersOf) as typeof ColumnFiltersOf;

/** Enable reorder, or Disable reorder and Save changes while reordering. */
export function ReorderButtons<T>({ reorder, canStart, styles }: { reorder: Reorder<T>; canStart: boolean; styles: DataTableStyles }) {
  if (!reorder.active) {
    return (
      <Button icon={<ArrowSwapRegular className={styles.rotate} />} onClick={reorder.start} disabled={!canStart}>
        Enable reorder
      </Button>
    );
  }
  return (
    <>
      <Button icon={<DismissRegular />} onClick={reorder.stop} disabled={reorder.saving}>
        Disable reorder
      </Button>
      <Button
        appearance="primary"
        icon={reorder.saving ? <Spinner size="tiny" /> : <SaveRegular />}
        onClick={() => void reorder.save()}
        disabled={!reorder.changed || reorder.saving || !reorder.canSave}
      >
        Save changes
      </Button>
    </>
  );
}

/** The bar above a table: search and filters at the start, reorder and the screen's buttons at the end. */
export function Toolbar({ label, start, end, styles }: { label: string; start: ReactNode; end: ReactNode; styles: DataTableStyles }) {
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={`${label} tools`}>
      <div className={styles.toolbarStart}>{start}</div>
      <div className={styles.toolbarEnd}>{end}</div>
    </div>
  );
}

/** A load failure above the table, with Retry when the table can ask again. */
export function LoadError({ error, onRetry, styles }: { error: string; onRetry?: () => void; styles: DataTableStyles }) {
  return (
    <MessageBar intent="error" className={styles.error}>
      <MessageBarBody>{error}</MessageBarBody>
      {onRetry ? (
        <MessageBarActions>
          <Button size="small" onClick={onRetry}>
            Retry
          </Button>
        </MessageBarActions>
      ) : null}
    </MessageBar>
  );
}

/**
 * The table's toolbar: the search box and column filters at the start; the View menu and Export CSV
 * (a table whose view is kept), the reorder buttons (where offered) and the screen's own buttons at the end.
 */
export function TableToolbar<T>({ label, styles, view, look, searchable, searchPlaceholder, onDown, columns, table, data, idBase, reordering, viewKey, visibility, fitted, onExport, loading, reorder, buttons }: {
  label: string;
  styles: DataTableStyles;
  view: RowPipeline<T>;
  look: Pick<TableLook, 'searchBoxKey' | 'density' | 'setDensity' | 'resetView'>;
  searchable: boolean;
  searchPlaceholder: string;
  /** Arrow down from the search box: to the rows. */
  onDown: () => void;
  columns: Column<T>[];
  table: Table<T>;
  /** The rows in their current order (the filters' choices). */
  data: readonly T[];
  idBase: string;
  reordering: boolean;
  viewKey: string | undefined;
  visibility: VisibilityState;
  fitted: readonly string[];
  onExport: () => Promise<void>;
  loading: boolean;
  /** Reorder, where the table offers it; null otherwise. */
  reorder: Reorder<T> | null;
  buttons: ReactNode;
}) {
  return (
    <Toolbar
      label={label}
      styles={styles}
      start={
        <>
          {searchable ? <SearchBox key={look.searchBoxKey} value={view.query} onChange={view.setQuery} placeholder={searchPlaceholder} disabled={reordering} styles={styles} onDown={onDown} /> : null}
          <ColumnFilters columns={columns} table={table} filters={view.columnFilters} data={data} accessors={view.accessors} disabled={reordering} idBase={idBase} styles={styles} />
        </>
      }
      end={
        <>
          {viewKey ? <ViewMenu table={table} visibility={visibility} density={look.density} onDensity={look.setDensity} onReset={look.resetView} disabled={reordering} fitted={fitted.length} /> : null}
          {viewKey ? <ExportButton onExport={onExport} disabled={reordering || loading || view.selectedCount === 0} /> : null}
          {reorder ? <ReorderButtons reorder={reorder} canStart={!loading && view.total >= 2} styles={styles} /> : null}
          {buttons}
        </>
      }
    />
  );
}

/** Said while the search is the one a record opened from elsewhere set: what it replaced, and the way back. */
function FoundNotice({ replaced, note, onPutBack, styles }: { replaced: ReplacedSearch; note?: string; onPutBack: () => void; styles: DataTableStyles }) {
  const had = [replaced.query ? `your search "${replaced.query}"` : '', replaced.filters.length > 0 ? plural(replaced.filters.length, 'filter') : ''].filter(Boolean).join(' and ');
  return (
    <MessageBar intent="info" className={styles.error} aria-label="Search set to show a record">
      <MessageBarBody>{`The search is set to "${replaced.key}" to show the record you opened${had ? `; it replaced ${had}` : ''}.${note ? ` ${note}` : ''}`}</MessageBarBody>
      <MessageBarActions>
        <Button size="small" onClick={onPutBack}>
          {had ? 'Put back the previous search' : 'Clear the search'}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}

/** The column filters applied (a kept view's too), how many rows they leave, and Clear filters. */
export function FilterNotice<T>({ view, columns, styles }: { view: RowPipeline<T>; columns: Column<T>[]; styles: DataTableStyles }) {
  const applied = view.columnFilters.filter((f) => String(f.value ?? '') !== '');
  if (applied.length === 0) return null;
  const labelOf = (id: string) => {
    const def = columns.find((c) => columnIdOf(c) === id);
    return def ? headerText(def) : id;
  };
  const what = applied.map((f) => `${labelOf(f.id)}: ${String(f.value)}`).join('; ');
  return (
    <MessageBar intent="info" className={styles.error} aria-label="Filters applied">
      <MessageBarBody>{`Filtered by ${what}. ${view.selectedCount.toLocaleString('en-IN')} of ${view.total.toLocaleString('en-IN')} shown.`}</MessageBarBody>
      <MessageBarActions>
        <Button size="small" onClick={() => view.setColumnFilters([])}>
          Clear filters
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}

/**
 * What shows between the toolbar and the rows: a load failure (with Retry), the filters applied (where the
 * table says them), the screen's bar while rows are selected, the notice of rows read only partly, and how
 * to reorder.
 */
export function TableNotices<T>({ error, onRetry, selectionBar, view, reordering, styles, filters, found }: {
  error: string | null;
  onRetry?: () => void;
  selectionBar: ReactNode;
  view: RowPipeline<T>;
  reordering: boolean;
  styles: DataTableStyles;
  /** The columns, when the table says which filters are applied. */
  filters?: Column<T>[];
  /** A record opened from elsewhere set the search: said, with the way back (and what else the screen changed to show it). */
  found: { replaced: ReplacedSearch | null; putBack: () => void; note?: string };
}) {
  return (
    <>
      {error ? <LoadError error={error} onRetry={onRetry} styles={styles} /> : null}
      {found.replaced ? <FoundNotice replaced={found.replaced} note={found.note} onPutBack={found.putBack} styles={styles} /> : null}
      {filters ? <FilterNotice view={view} columns={filters} styles={styles} /> : null}
      {selectionBar}
      {view.partialCount > 0 && !reordering ? <PartialNotice count={view.partialCount} only={view.partialOnly} onOnly={view.setPartialOnly} className={styles.error} /> : null}
      {reordering ? (
        <Text size={200} className={styles.reorderHint}>
          Drag rows by the handle (or focus a handle, press Space, then the arrow keys) and select Save changes.
        </Text>
      ) : null}
    </>
  );
}
