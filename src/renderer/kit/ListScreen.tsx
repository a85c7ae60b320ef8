import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import type * as v from 'valibot';
import type { FieldValues } from 'react-hook-form';
import { Button, makeStyles } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import type { Result } from '../../shared/result';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DataTable, type Column } from '../components/DataTable';
import { DeleteConfirmDialog, useDeleteConfirm } from '../components/DeleteConfirm';
import { EntityDialog, type FieldDescriptor } from '../components/EntityDialog';
import { PageHeader } from '../components/PageHeader';
import type { CallMutation } from '../lib/calls';
import { action } from './columns';
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

/** The add or edit form of a screen: an EntityDialog declared by its schema, fields and save. */
export interface FormSpec<S extends AnySchema> {
  title: string;
  schema: S;
  fields: readonly FieldDescriptor<Extract<keyof v.InferInput<S>, string>>[];
  defaults: v.InferInput<S>;
  /** The save: `mutation.run` of the add or the update call (useCallMutation shows the toasts). */
  submit: (values: v.InferOutput<S>) => Promise<Result<unknown>>;
  /** Shown inside the dialog when a failure carries no message. */
  failureFallback?: string;
  width?: number;
}

/** Checks a form against its schema; the list screen holds forms of any schema. */
export function form<S extends AnySchema>(spec: FormSpec<S>): FormSpec<AnySchema> {
  return spec as unknown as FormSpec<AnySchema>;
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
  remove?: { mutation: CallMutation<never, unknown>; input: (row: T) => unknown; title: string; question: (row: T) => ReactNode };
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
  const [editing, setEditing] = useState<T | 'add' | null>(null);
  const [confirming, setConfirming] = useState<T | null>(null);
  const query = useQuery(typeof list === 'function' ? list(applied) : list);
  const data = useMemo(() => (query.data === undefined ? [] : rows ? rows(query.data) : (query.data as unknown as readonly T[])), [query.data, rows]);
  const deletion = useDeleteConfirm(
    (remove?.mutation ?? { run: async () => ({ ok: true, data: null }), busy: false }) as CallMutation<unknown, unknown>,
    (row: T) => remove?.input(row),
  );

  const { confirmEdit } = props;
  const asksFirst = !!confirmEdit;
  const ask = deletion.ask;
  // Columns are made once per `columns` (a screen passes a stable function): a new set re-reads 100,000 rows.
  const edit = useCallback((row: T) => (asksFirst ? setConfirming(row) : setEditing(row)), [asksFirst]);
  const tableColumns = useMemo(() => {
    return columns({
      edit,
      remove: ask,
      editColumn: (label, width = 56) => action('edit', 'Edit', { label, icon: <EditRegular />, onClick: edit, width }),
      deleteColumn: (label, hidden, width = 68) => action('delete', 'Delete', { label, icon: <DeleteRegular />, onClick: ask, hidden, width }),
    });
  }, [columns, edit, ask]);
  const editable = !!editor || !!renderEditor;

  const record = editing === 'add' ? null : editing;
  const formSpec = editor?.(record);
  const close = () => setEditing(null);
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
      {formSpec ? (
        <EntityDialog
          // One dialog per record: the form starts from that record's values.
          key={record ? rowId(record) : 'add'}
          open={editing !== null}
          title={formSpec.title}
          schema={formSpec.schema}
          fields={formSpec.fields}
          defaultValues={formSpec.defaults}
          submitLabel={record ? 'Save' : 'Add'}
          failureFallback={formSpec.failureFallback}
          width={formSpec.width}
          onClose={close}
          onSubmit={formSpec.submit}
        />
      ) : null}
      {renderEditor ? renderEditor(editing, close) : null}
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
      {remove ? <DeleteConfirmDialog state={deletion} title={remove.title} question={remove.question} /> : null}
      {props.children}
    </div>
  );
}
