import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import type * as v from 'valibot';
import type { FieldValues } from 'react-hook-form';
import { Button, makeStyles } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DataTable, type Column } from '../components/DataTable';
import { PageHeader } from '../components/PageHeader';
import { action } from './columns';
import { RecordDialogs, useRecordDialogs, type FormSpec, type RemoveSpec } from './RecordDialogs';
import { ServerFilterBar, type FilterField, type FilterValues } from './ServerFilterBar';

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

export interface ListScreenProps<T, D> {
  title: string;
  subtitle?: ReactNode;
  /** The list call (callQuery(...)), or one per applied server-side filter. */
  list: ListQuery<D> | ((filter: FilterValues | null) => ListQuery<D>);
  /** The rows of the list's data (default: the data itself). */
  rows?: (data: D) => readonly T[];
  rowId: (row: T) => string;
  columns: (actions: ScreenActions<T>) => Column<T>[];
  search?: { placeholder?: string; text?: (row: T) => string };
  pageSize: number;
  pageSizes: readonly number[];
  defaultSort?: SortingState;
  emptyText: string | ((filtered: boolean) => string);
  /** A filter bar applied by the server (Submit / Reset); client-side filters sit in the columns' meta. */
  serverFilters?: readonly FilterField[];
  /** The Add button's text; it opens the editor with no record. */
  addLabel?: string;
  /** The editor of a record (null: adding): a declared form, or `renderEditor`, a screen's own dialog. */
  editor?: (record: T | null) => FormSpec<AnySchema>;
  renderEditor?: (editing: T | 'add' | null, close: () => void) => ReactNode;
  confirmEdit?: (row: T) => EditQuestion;
  remove?: RemoveSpec<T>;
  reorder?: { save: (rows: T[]) => Promise<boolean | void> };
  /** More toolbar buttons, before Add. */
  toolbar?: ReactNode;
  /** The screen's other dialogs. */
  children?: ReactNode;
}

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 },
  toolbar: { display: 'flex', gap: '8px' },
});

export function ListScreen<T, D = readonly T[]>(props: ListScreenProps<T, D>) {
  const { title, subtitle, list, rows, rowId, columns, search, editor, renderEditor, remove, reorder } = props;
  const styles = useStyles();
  const [applied, setApplied] = useState<FilterValues | null>(null);
  const dialogs = useRecordDialogs(remove);
  const setEditing = dialogs.edit;
  const [confirming, setConfirming] = useState<T | null>(null);
  const query = useQuery(typeof list === 'function' ? list(applied) : list);
  const data = useMemo(() => (query.data === undefined ? [] : rows ? rows(query.data) : (query.data as unknown as readonly T[])), [query.data, rows]);

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
  const editable = !!editor || !!renderEditor;

  const question = confirming && confirmEdit ? confirmEdit(confirming) : null;
  const emptyText = typeof props.emptyText === 'function' ? props.emptyText(applied !== null) : props.emptyText;

  return (
    <div className={styles.page}>
      <PageHeader title={title} subtitle={subtitle} />
      {props.serverFilters ? <ServerFilterBar fields={props.serverFilters} onApply={setApplied} /> : null}
      <DataTable
        ariaLabel={title}
        columns={tableColumns}
        data={data}
        getRowId={rowId}
        getSearchText={search?.text}
        searchPlaceholder={search?.placeholder}
        loading={query.isPending}
        error={query.isError ? query.error.message : null}
        onRetry={() => void query.refetch()}
        pageSize={props.pageSize}
        pageSizeOptions={props.pageSizes}
        initialSorting={props.defaultSort}
        emptyText={emptyText}
        onRowActivate={editable ? edit : undefined}
        reorderable={!!reorder}
        onSaveOrder={reorder?.save}
        toolbar={
          props.toolbar || props.addLabel ? (
            <div className={styles.toolbar}>
              {props.toolbar}
              {props.addLabel ? (
                <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('add')}>
                  {props.addLabel}
                </Button>
              ) : null}
            </div>
          ) : undefined
        }
      />
      <RecordDialogs state={dialogs} rowId={rowId} editor={editor} remove={remove} />
      {renderEditor ? renderEditor(dialogs.editing, dialogs.close) : null}
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
