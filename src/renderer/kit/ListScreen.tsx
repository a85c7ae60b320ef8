import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import type * as v from 'valibot';
import type { FieldValues } from 'react-hook-form';
import { Button, makeStyles } from '@fluentui/react-components';
import { Tooltip } from '../components/Tooltip';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DataTable, type Column } from '../components/DataTable';
import { Crumbs, type Crumb } from '../components/Crumbs';
import { PageHeader } from '../components/PageHeader';
import { action } from './columns';
import { FormDialog, RecordDialogs, useRecordDialogs, type FormSpec, type RemoveSpec } from './RecordDialogs';
import { refreshWindow, windowKey, type WindowSource } from '../lib/windows';
import { useScreenCommands } from '../lib/commands';
import { markArrival } from '../lib/calls';
import { ServerFilterBar, type FilterField, type FilterValues } from './ServerFilterBar';
import { ViewsMenu } from './ViewsMenu';
import { EmptyState } from './EmptyState';
import { useNamedViews } from './useNamedViews';
import { useBulk, type BulkSpec } from './useBulk';

// A list screen as a declaration: its list call, columns, search, pages, sort, filters, the add/edit
// dialog, the delete question and reorder. The screen file says what; this says how, once.

type AnySchema = v.GenericSchema<FieldValues, FieldValues>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ListQuery<D> = UseQueryOptions<D, Error, D, QueryKey> | UseQueryOptions<D, Error, D, any>;

/** What the columns of a screen may call: open the editor or the delete question for a row. */
export interface ScreenActions<T> {
  edit: (row: T) => void;
  remove: (row: T) => void;
  /** The standard Edit column (an icon button named `label(row)`). */
  editColumn: (label: (row: T) => string, width?: number) => Column<T>;
  /** The standard Delete column; `hidden` rows have none. */
  deleteColumn: (label: (row: T) => string, hidden?: (row: T) => boolean, width?: number) => Column<T>;
}

/** A question before the editor opens for a row (the question bank's 'Edit this question?'). */
export interface EditQuestion {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
}

/** One more Add button of a screen with several kinds of record (Add Folder, Add File, ...). */
export interface AddForm {
  label: string;
  form: () => FormSpec<AnySchema>;
  /** Greys the button; the text says why (its tooltip). */
  disabled?: string | false;
  /** What the button does, when its name alone does not say (its tooltip and accessible description). */
  description?: string;
  /** The first Add button is the primary one. */
  primary?: boolean;
}

export interface ListScreenProps<T, D> {
  /** The key the table's view is kept under (default: the title); a title that names a record needs one. */
  viewKey?: string;
  title: string;
  subtitle?: ReactNode;
  /** Above the title: where the screen sits (Courses > course > folder). */
  breadcrumb?: readonly Crumb[];
  /** At the right of the title line (a language selector, a back button). */
  headerActions?: ReactNode;
  /**
   * The list call (callQuery(...)), or a list main keeps (`{ list: 'questions' }`: large lists, served by
   * window), or either per applied server-side filter.
   */
  list: ListQuery<D> | WindowSource | ((filter: FilterValues | null) => ListQuery<D> | WindowSource);
  /** The rows of the list's data (default: the data itself). */
  rows?: (data: D) => readonly T[];
  rowId: (row: T) => string;
  columns: (actions: ScreenActions<T>) => Column<T>[];
  search?: { placeholder?: string; text?: (row: T) => string };
  pageSize: number;
  pageSizes: readonly number[];
  defaultSort?: SortingState;
  emptyText: string | ((filtered: boolean) => string);
  /** Say above the rows which column filters are applied, with Clear filters (a filter kept from the last visit is not silent). */
  sayFilters?: boolean;
  /** A filter bar applied by the server (Submit / Reset); client-side filters sit in the columns' meta. */
  serverFilters?: readonly FilterField[];
  /** The Add button's text; it opens the editor with no record. */
  addLabel?: string;
  /** Greys the Add button (the server disallows adding); the text says why, as its tooltip. */
  addDisabled?: string | false;
  /** The editor of a record (null: adding): a declared form. */
  editor?: (record: T | null) => FormSpec<AnySchema> | null;
  /** Several Add buttons, each with its own form (instead of addLabel and the editor's add form). */
  addForms?: readonly AddForm[];
  confirmEdit?: (row: T) => EditQuestion;
  remove?: RemoveSpec<T>;
  /** The reorder save (with the order it started from) and its dialog (someone else changed the order meanwhile). */
  reorder?: { save: (rows: T[], started: readonly T[]) => Promise<boolean | void>; dialog?: ReactNode };
  /** More toolbar buttons, before Add. */
  toolbar?: ReactNode;
  /** What the screen can do to many selected records (a resource's `bulk` gives it); without: select and export CSV. */
  bulk?: BulkSpec<T>;
  /** The screen's other dialogs. */
  children?: ReactNode;
  /** Said after the note of a record opened from elsewhere (Find anything, History): what else the screen changed to show it. */
  foundNote?: string;
}

/**
 * An Add button of the toolbar. While it cannot be used it stays reachable by Tab and says why: the
 * reason is its tooltip on hover and focus, and its description for screen readers.
 */
function AddButton({ label, primary, reason, description, onClick }: { label: string; primary?: boolean; reason?: string | false; description?: string; onClick: () => void }) {
  const button = (
    <Button appearance={primary ? 'primary' : 'secondary'} icon={<AddRegular />} onClick={onClick} disabledFocusable={!!reason}>
      {label}
    </Button>
  );
  const said = reason || description;
  return said ? (
    <Tooltip content={said} relationship="description" withArrow>
      {button}
    </Tooltip>
  ) : (
    button
  );
}

const isWindow = (list: unknown): list is WindowSource => typeof (list as Partial<WindowSource>).list === 'string';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 },
  toolbar: { display: 'flex', gap: '8px' },
});

export function ListScreen<T, D = readonly T[]>(props: ListScreenProps<T, D>) {
  const { title, subtitle, list, rows, rowId, columns, search, editor, remove, reorder } = props;
  const styles = useStyles();
  // The screen's first render, as a performance mark: the table benchmark times its first render from
  // here (or from the list's arrival, when that comes later) to the rows painted.
  useState(() => markArrival(`screen:${props.viewKey ?? title}`));
  const views = useNamedViews(props.viewKey ?? title);
  const { filters: applied, setFilters: setApplied } = views;
  const dialogs = useRecordDialogs(remove);
  const setEditing = dialogs.edit;
  const [confirming, setConfirming] = useState<T | null>(null);
  const [adding, setAdding] = useState<number | null>(null);
  const chosen = typeof list === 'function' ? list(applied) : list;
  const kept = isWindow(chosen) ? chosen : undefined;
  const query = useQuery(isWindow(chosen) ? { queryKey: ['no-list'], queryFn: () => null as D, enabled: false } : chosen);
  const data = useMemo(() => (query.data === undefined ? [] : rows ? rows(query.data) : (query.data as unknown as readonly T[])), [query.data, rows]);
  const bulk = useBulk({ spec: props.bulk, rowId, kept });

  const { confirmEdit } = props;
  const asksFirst = !!confirmEdit;
  const ask = dialogs.deletion.ask;
  // Columns are made once per `columns` (a screen passes a stable function): a new set re-reads 100,000 rows.
  const edit = useCallback((row: T) => (asksFirst ? setConfirming(row) : setEditing(row)), [asksFirst, setEditing]);
  const tableColumns = useMemo(() => {
    return columns({
      edit,
      remove: ask,
      editColumn: (label, width = 56) => action('edit', 'Edit', { label, icon: <EditRegular />, onClick: edit, width }),
      deleteColumn: (label, hidden, width = 68) => action('delete', 'Delete', { label, icon: <DeleteRegular />, onClick: ask, hidden, width }),
    });
  }, [columns, edit, ask]);
  const editable = !!editor;

  // The keyboard's and the palette's commands on this screen (Ctrl+F, Ctrl+N, F5).
  const root = useRef<HTMLDivElement>(null);
  const client = useQueryClient();
  const firstForm = props.addForms?.[0];
  const add = props.addLabel && !props.addDisabled ? () => setEditing('add') : firstForm && !firstForm.disabled ? () => setAdding(0) : undefined;
  const addLabel = props.addLabel ?? firstForm?.label;
  useScreenCommands({
    focusSearch: () => {
      // Selected, so that typing replaces a search already there.
      const search = root.current?.querySelector<HTMLInputElement>('input[type="search"]');
      search?.focus();
      search?.select();
    },
    add,
    addLabel,
    reload: () => (kept ? void refreshWindow(kept).then(() => client.invalidateQueries({ queryKey: windowKey(kept) })) : void query.refetch()),
  });

  const question = confirming && confirmEdit ? confirmEdit(confirming) : null;
  const emptyLine = typeof props.emptyText === 'function' ? props.emptyText(applied !== null) : props.emptyText;
  // An empty list (not one a server filter emptied) offers its Add.
  const emptyText = add && addLabel && applied === null ? <EmptyState text={emptyLine} addLabel={addLabel} onAdd={add} /> : emptyLine;

  return (
    <div className={styles.page} ref={root}>
      {props.breadcrumb ? <Crumbs items={props.breadcrumb} /> : null}
      <PageHeader title={title} subtitle={subtitle} actions={props.headerActions} />
      {props.serverFilters ? <ServerFilterBar key={`filters-${views.generation}`} fields={props.serverFilters} initial={applied} onApply={setApplied} /> : null}
      <DataTable
        key={`table-${views.generation}`}
        viewRef={views.tableView}
        ariaLabel={title}
        viewKey={props.viewKey ?? title}
        columns={tableColumns}
        data={data}
        window={kept}
        getRowId={rowId}
        getSearchText={search?.text}
        searchPlaceholder={search?.placeholder}
        loading={!kept && query.isPending}
        error={!kept && query.isError ? query.error.message : null}
        onRetry={kept ? undefined : () => void query.refetch()}
        pageSize={props.pageSize}
        pageSizeOptions={props.pageSizes}
        initialSorting={props.defaultSort}
        emptyText={emptyText}
        onRowActivate={editable ? edit : undefined}
        sayFilters={props.sayFilters}
        reorderable={!!reorder}
        onSaveOrder={reorder?.save}
        selection={bulk.control}
        rowLabel={props.bulk?.label}
        foundNote={props.foundNote}
        toolbar={
          <div className={styles.toolbar}>
            <ViewsMenu state={views} />
            {props.toolbar}
            {props.addForms?.map((add, index) => (
              <AddButton key={add.label} label={add.label} primary={add.primary} reason={add.disabled} description={add.description} onClick={() => setAdding(index)} />
            ))}
            {props.addLabel ? <AddButton label={props.addLabel} primary reason={props.addDisabled} onClick={() => setEditing('add')} /> : null}
          </div>
        }
      />
      {bulk.dialogs}
      {reorder?.dialog}
      <RecordDialogs state={dialogs} rowId={rowId} editor={editor} remove={remove} />
      {adding !== null && props.addForms?.[adding] ? (
        <FormDialog key={`add-${adding}`} spec={props.addForms[adding].form()} open submitLabel="Add" onClose={() => setAdding(null)} />
      ) : null}
      {question ? (
        <ConfirmDialog
          open
          title={question.title}
          text={question.text}
          confirmLabel={question.confirmLabel}
          cancelLabel={question.cancelLabel}
          onConfirm={() => {
            setEditing(confirming);
            setConfirming(null);
          }}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {props.children}
    </div>
  );
}

export { form, type FormSpec } from './RecordDialogs';
