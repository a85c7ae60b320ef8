import { useRef, useState, type ReactNode } from 'react';
import type * as v from 'valibot';
import type { FieldValues } from 'react-hook-form';
import type { Conflict, Result } from '../../shared/result';
import { withBase } from '../lib/record-base';
import { ConflictDetails, differingFields, readOnlyReason } from './conflict';
import { DeleteConfirmDialog, useDeleteConfirm, type DeleteConfirm } from '../components/DeleteConfirm';
import { DialogRecord } from '../components/RecordChanges';
import { useOpenedOnce } from '../components/useOpenedOnce';
import { EntityDialog, type ConflictChoice, type EntityDialogProps, type FieldDescriptor } from '../components/EntityDialog';
import type { CallMutation } from '../lib/calls';
import { useUndo } from './undo';

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
  /** Under the fields; a function of whether the save runs (a progress bar while saving). */
  status?: ReactNode | ((busy: boolean) => ReactNode);
}

/** A declared form of any schema (what a screen's editor gives). */
export type AnyFormSpec = FormSpec<AnySchema>;

/** Checks a form against its schema; a screen holds forms of any schema. */
export function form<S extends AnySchema>(spec: FormSpec<S>): FormSpec<AnySchema> {
  return spec as unknown as FormSpec<AnySchema>;
}

/** The delete question of a record and its mutation. */
export interface RemoveSpec<T> {
  /** Shows no success toast: the kit's toast with Undo says `done` instead. */
  mutation: CallMutation<never, unknown>;
  input: (row: T) => unknown;
  title: string;
  question: (row: T) => ReactNode;
  /** The success text of an answer (the spec's message rules), shown with Undo. */
  done: (data: unknown) => string;
  /** How long that toast stays when the spec fixes it (default: Undo's 10 s). */
  doneTimeout?: number;
}

const NO_MUTATION: CallMutation<unknown, unknown> = { run: async () => ({ ok: true, data: null }), busy: false };

/** Which record is being edited ('add', a record, or none) and the delete question's state. */
export function useRecordDialogs<T>(remove?: RemoveSpec<T>) {
  const [editing, setEditing] = useState<T | 'add' | null>(null);
  const { offerUndo } = useUndo();
  const deletion = useDeleteConfirm(
    (remove?.mutation ?? NO_MUTATION) as CallMutation<unknown, unknown>,
    (row: T) => remove?.input(row),
    // The success toast offers Undo of this delete (its action id): for 10 seconds, or the spec's time.
    (data, batch) => remove && void offerUndo({ message: remove.done(data), batch, timeout: remove.doneTimeout }),
  );
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
  const editorShown = useOpenedOnce(state.editing !== null);
  const deleteShown = useOpenedOnce(state.deletion.target !== null);
  const spec = editorShown ? editor?.(record) : null;
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
          record={record}
          specFor={editor as ((record: unknown) => FormSpec<AnySchema> | null) | undefined}
        />
      ) : null}
      {remove && deleteShown ? <DeleteConfirmDialog state={state.deletion} title={remove.title} question={remove.question} /> : null}
    </>
  );
}

interface ConflictState {
  conflict: Conflict;
  typed: FieldValues;
}

/**
 * The EntityDialog of a declared form. Editing a record (`record`, with `specFor` making the form of
 * any version of it): a partly read record whose unreadable fields the form holds opens read-only;
 * a save sends the record the dialog opened on, and when main finds it changed since, the dialog
 * shows who, when and what differs, with Reload and Save anyway.
 */
export function FormDialog({ spec, open, submitLabel, onClose, record = null, specFor }: {
  spec: FormSpec<AnySchema>;
  open: boolean;
  submitLabel: string;
  onClose: () => void;
  record?: unknown;
  specFor?: (record: unknown) => FormSpec<AnySchema> | null;
}) {
  const base = useRef<unknown>(record);
  const [clash, setClash] = useState<ConflictState | null>(null);
  const readOnly = record ? readOnlyReason(record, spec) : null;
  const submit = async (values: FieldValues) => {
    const result = await withBase(base.current as object | null, () => spec.submit(values));
    const conflict = !result.ok && result.error.kind === 'conflict' ? result.error.conflict : undefined;
    setClash(conflict ? { conflict, typed: values } : null);
    return result;
  };
  const defaultsOf = (version: unknown) => (version && specFor ? (specFor(version)?.defaults as FieldValues | undefined) : undefined);
  const current = clash?.conflict.current;
  const before = clash ? defaultsOf(base.current) : undefined;
  const now = clash && current ? defaultsOf(current) : undefined;
  const conflict: ConflictChoice | null = clash
    ? {
        details: <ConflictDetails conflict={clash.conflict} spec={spec} before={before} now={now} typed={clash.typed} />,
        ...(current && now && before
          ? {
              reload: (typed: FieldValues) => {
                // What the other change left alone keeps what was typed; the rest is theirs.
                const changed = new Set(differingFields(spec, before, now));
                base.current = current;
                setClash(null);
                return { values: now, keep: spec.fields.map((f) => f.name).filter((name) => !changed.has(name) && name in typed) };
              },
              saveAnyway: () => {
                base.current = current;
                setClash(null);
              },
            }
          : {}),
      }
    : null;
  return (
    <DialogRecord.Provider value={record}>
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
      readOnly={readOnly}
      conflict={conflict}
      onClose={onClose}
      onSubmit={submit}
    />
    </DialogRecord.Provider>
  );
}
