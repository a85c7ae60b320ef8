import { useState, type ReactNode } from 'react';
import type * as v from 'valibot';
import type { FieldValues } from 'react-hook-form';
import type { Result } from '../../shared/result';
import { DeleteConfirmDialog, useDeleteConfirm, type DeleteConfirm } from '../components/DeleteConfirm';
import { EntityDialog, type EntityDialogProps, type FieldDescriptor } from '../components/EntityDialog';
import type { CallMutation } from '../lib/calls';

// The add/edit dialog and the delete question of a screen's records, declared once: the list screens
// and the timed-entry screens (moments, transcripts) open them the same way.

type AnySchema = v.GenericSchema<FieldValues, FieldValues>;

/** The add or edit form of a record: an EntityDialog declared by its schema, fields and save. */
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
  /** Two columns for a long form (see EntityDialog). */
  columns?: 1 | 2;
  /** Submit is styled active only when this holds (it stays clickable to show what is missing). */
  ready?: (values: v.InferInput<S>) => boolean;
  /** More of the dialog: an upload's progress and cancel (useUploadSubmit().dialog), an intro. */
  dialog?: Partial<Pick<EntityDialogProps<AnySchema>, 'busyLabel' | 'cancelLabel' | 'onCancelBusy' | 'status' | 'intro'>>;
  /** Submit stays disabled until this holds (the spec's "submit is enabled only when ..."). */
  canSubmit?: (values: v.InferInput<S>) => boolean;
  /** A notice over the form when a submit finds invalid fields (the spec's 'Error!' notices). */
  invalidNotice?: { title: string; text: string };
  /** Under the fields (a progress bar while saving). */
  status?: ReactNode;
}

/** Checks a form against its schema; a screen holds forms of any schema. */
export function form<S extends AnySchema>(spec: FormSpec<S>): FormSpec<AnySchema> {
  return spec as unknown as FormSpec<AnySchema>;
}

/** The delete question of a record and its mutation. */
export interface RemoveSpec<T> {
  mutation: CallMutation<never, unknown>;
  input: (row: T) => unknown;
  title: string;
  question: (row: T) => ReactNode;
}

const NO_MUTATION: CallMutation<unknown, unknown> = { run: async () => ({ ok: true, data: null }), busy: false };

/** Which record is being edited ('add', a record, or none) and the delete question's state. */
export function useRecordDialogs<T>(remove?: RemoveSpec<T>) {
  const [editing, setEditing] = useState<T | 'add' | null>(null);
  const deletion = useDeleteConfirm((remove?.mutation ?? NO_MUTATION) as CallMutation<unknown, unknown>, (row: T) => remove?.input(row));
  return { editing, edit: setEditing, close: () => setEditing(null), record: editing === 'add' ? null : editing, deletion };
}

export type RecordDialogState<T> = ReturnType<typeof useRecordDialogs<T>>;

/** The declared editor of the record being edited (keyed per record) and the delete question. */
export function RecordDialogs<T>({ state, rowId, editor, remove }: {
  state: { editing: T | 'add' | null; record: T | null; close: () => void; deletion: DeleteConfirm<T> };
  rowId: (row: T) => string;
  editor?: (record: T | null) => FormSpec<AnySchema> | null;
  remove?: RemoveSpec<T>;
}) {
  const { record } = state;
  const spec = editor?.(record);
  return (
    <>
      {spec ? (
        <FormDialog
          // One dialog per record: the form starts from that record's values.
          key={record ? rowId(record) : 'add'}
          spec={spec}
          open={state.editing !== null}
          submitLabel={record ? 'Save' : 'Add'}
          onClose={state.close}
        />
      ) : null}
      {remove ? <DeleteConfirmDialog state={state.deletion} title={remove.title} question={remove.question} /> : null}
    </>
  );
}

/** The EntityDialog of a declared form. */
export function FormDialog({ spec, open, submitLabel, onClose }: { spec: FormSpec<AnySchema>; open: boolean; submitLabel: string; onClose: () => void }) {
  return (
    <EntityDialog
      open={open}
      title={spec.title}
      schema={spec.schema}
      fields={spec.fields}
      defaultValues={spec.defaults}
      submitLabel={submitLabel}
      failureFallback={spec.failureFallback}
      width={spec.width}
      columns={spec.columns}
      canSubmit={spec.canSubmit as ((values: FieldValues) => boolean) | undefined}
      invalidNotice={spec.invalidNotice}
      ready={spec.ready as ((values: FieldValues) => boolean) | undefined}
      status={spec.status}
      {...spec.dialog}
      onClose={onClose}
      onSubmit={spec.submit}
    />
  );
}
