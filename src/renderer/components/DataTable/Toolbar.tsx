import { memo, startTransition, useMemo, useState, type ReactNode } from 'react';
import type { Table } from '@tanstack/react-table';
import { Button, Input, MessageBar, MessageBarActions, MessageBarBody, Select, Spinner } from '@fluentui/react-components';
import { ArrowSwapRegular, DismissRegular, SaveRegular, SearchRegular } from '@fluentui/react-icons';
import { distinctValues, type Getter } from '../../lib/rows';
import { columnIdOf, headerText, type Column } from './columns';
import type { Reorder } from './reorder';
import type { DataTableStyles } from './styles';

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
    const out: Record<string, string[]> = {};
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
            {(options[id] ?? []).map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
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
