import { useState, type ReactNode } from 'react';
import type * as v from 'valibot';
import type { FieldValues } from 'react-hook-form';
import { contract, ORDER_FIELD } from '../../shared/api';
import { withoutMarks } from '../../shared/tolerant';
import { refusalOf } from '../../shared/batch';
import type { OrderConflict } from '../../shared/result';
import { OrderConflictDialog } from './OrderConflictDialog';
import type { Result } from '../../shared/result';
import { useUploadSubmit } from '../components/UploadProgress';
import { serviceOf, successText, useCallMutation, type CallId, type CallInput, type MessageRules } from '../lib/calls';
import { ListScreen, type ListScreenProps } from './ListScreen';
import { form, type AnyFormSpec, type FormSpec, type RemoveSpec } from './RecordDialogs';
import { patchedValues, type BulkSpec, type Patch } from './useBulk';
import type { BulkField } from './BulkBar';

// A screen's records declared like its list (react-admin's <Resource> is the model): the calls that
// change them with the spec's message rules, the form, and how a record becomes the form's values.
// The kit makes the mutations, the add-or-update choice, the upload id of a multipart call and the
// refetch of the call's whole service (main drops its kept lists the same way), once for every screen.

type AnySchema = v.GenericSchema<FieldValues, FieldValues>;

/** One call of a resource: the contract call, its message rules and, when needed, its input. */
export interface ResourceCall<In = never> {
  call: CallId;
  rules: Omit<MessageRules<unknown>, 'invalidates' | 'inForm'>;
  /**
   * The call's input (default: the form's values; an update adds the record's `id`). A method, so a
   * screen may name the type its form's schema gives the values.
   */
  input?(from: In): unknown;
}

/**
 * A call of the resource, typed by its contract entry: `input` must make that call's input.
 * `from` is what the kit hands over: the form's values (create), `{ values, record }` (update), the row (remove).
 */
export function call<C extends CallId, In = never>(id: C, rules: ResourceCall['rules'], input?: (from: In) => CallInput<C>): ResourceCall<In> {
  return { call: id, rules, input };
}

/** The form of a record: the EntityDialog's declaration without its save (the kit's) and with the values of a record. */
export interface RecordForm<T, S extends AnySchema> extends Omit<FormSpec<S>, 'submit' | 'defaults' | 'title'> {
  /** Default: 'Add <name>' / 'Edit <name>'. */
  title?: string;
  /** The values of a new record. */
  defaults: v.InferInput<S>;
  /** How a record becomes the form's values (not needed by a form that only adds). */
  values?: (record: T) => v.InferInput<S>;
}

/** A record form of any schema (what a resource holds). */
export type AnyRecordForm<T> = RecordForm<T, AnySchema>;

/** Checks a record form against its schema; a resource holds forms of any schema. */
export function recordForm<T, S extends AnySchema>(spec: RecordForm<T, S>): RecordForm<T, AnySchema> {
  return spec as unknown as RecordForm<T, AnySchema>;
}

export interface Resource<T> {
  /** What one record is called: the Add button ('Add <name>') and the form's titles. */
  name: string;
  /**
   * The form; or one for adding and one for editing (their schemas differ); or the form of a record
   * (null: adding) when its fields depend on the record. null: no form for that case.
   */
  form: RecordForm<T, AnySchema> | { add: RecordForm<T, AnySchema> | null; edit: RecordForm<T, AnySchema> | null } | ((record: T | null) => RecordForm<T, AnySchema> | null);
  create?: ResourceCall<FieldValues>;
  update?: ResourceCall<{ values: FieldValues; record: T }>;
  /** The delete call with its question. */
  remove?: ResourceCall<T> & { title: string; question: (row: T) => ReactNode };
  /** The reorder call (its input from the rows in their new order). */
  reorder?: ResourceCall<T[]>;
  /**
   * Bulk actions on selected records: what many are called, a record's name, the fields that change
   * on many at once (written by `update` per record: the edit form's values with the new value, unless
   * `input` says otherwise), and Delete (the `remove` call) unless `remove: false`. A delete of one
   * asks the screen's own question; a delete of all ends with the delete's fixed message (`success`).
   */
  bulk?: {
    names: readonly [string, string];
    label: (row: T) => string;
    fields?: readonly BulkField[];
    input?: (row: T, patch: Patch) => unknown;
    remove?: false;
    keptOut?: BulkSpec<T>['keptOut'];
    confirmChange?: BulkSpec<T>['confirmChange'];
    /** The toast after a change of many, where the spec fixes an update's message ('User has been Updated'). */
    updated?: BulkSpec<T>['updated'];
  };
}

/** A resource declaration, typed by its record. */
export function resource<T>(declaration: Resource<T>): Resource<T> {
  return declaration;
}

const NO_CALL = async (): Promise<Result<unknown>> => ({ ok: true, data: null });

/** The file fields of a multipart call (the contract's own say; none for a JSON call). */
export function filesOf(id: CallId): readonly string[] {
  const [group, name] = id.split('.') as [string, string];
  const def = (contract as unknown as Record<string, Record<string, { body?: string; files?: readonly string[] }>>)[group]?.[name];
  return def?.body === 'multipart' ? (def.files ?? []) : [];
}

/**
 * The mutation of one resource call: its rules, and the refetch of the call's service. `quiet`: no
 * success toast; `inForm`: the save of a form dialog, which shows the failure beside the fields.
 */
function useResourceMutation(spec: ResourceCall<never> | undefined, { quiet = false, inForm = false } = {}) {
  return useCallMutation((spec?.call ?? NO_CALL) as CallId, {
    ...spec?.rules,
    fallback: spec?.rules.fallback ?? '',
    invalidates: spec ? [serviceOf(spec.call)] : [],
    inForm,
    ...(quiet ? { success: false as const } : {}),
  });
}

/**
 * The kit's form of a declared record form: its save makes the call's input (`make`) and runs it
 * (`run`), with a fresh upload id (and the dialog's progress and Cancel upload) when the call is
 * multipart and the input holds one of its files.
 */
function savedForm<T>(
  decl: AnyRecordForm<T>,
  title: string,
  defaults: FieldValues,
  callId: CallId,
  upload: ReturnType<typeof useUploadSubmit>,
  make: (values: FieldValues) => unknown,
  run: (input: never) => Promise<Result<unknown>>,
): AnyFormSpec {
  const { values: _values, defaults: _defaults, title: _title, ...rest } = decl;
  const files = filesOf(callId);
  return form({
    ...rest,
    title,
    defaults,
    submit: (values) => {
      const input = make(values) as Record<string, unknown>;
      if (files.length === 0) return run(input as never);
      return upload.run(
        files.some((f) => !!input[f]),
        (uploadId) => run((uploadId ? { ...input, uploadId } : input) as never),
      );
    },
    dialog: files.length > 0 ? { ...upload.dialog, ...rest.dialog } : rest.dialog,
  });
}

/**
 * A form of its own beside a screen's records (the question bank's Add Category, Add File on a course
 * screen): a declared form and its call, made into the kit's form for a FormDialog. `then` runs after
 * a successful save, with what the server answered and the values.
 */
export function useCallForm<T>(spec: ResourceCall<FieldValues>, decl: AnyRecordForm<T>, then?: (data: unknown, values: FieldValues) => void): AnyFormSpec {
  const upload = useUploadSubmit();
  const mutation = useResourceMutation(spec as ResourceCall<never>, { inForm: true });
  let sent: FieldValues = {};
  const make = (values: FieldValues) => {
    sent = values;
    return spec.input ? spec.input(values) : values;
  };
  return savedForm(decl, decl.title ?? '', decl.defaults, spec.call, upload, make, async (input) => {
    const result = await mutation.run(input);
    if (result.ok) then?.(result.data, sent);
    return result;
  });
}

export interface ResourceScreenProps<T, D> extends Omit<ListScreenProps<T, D>, 'editor' | 'remove' | 'reorder' | 'addLabel'> {
  resource: Resource<T>;
  /** The Add button's text (default: 'Add <name>'); null: no Add button. */
  addLabel?: string | null;
}

/**
 * What a resource gives the kit's dialogs: the editor of a record (null: adding), the delete question
 * and the reorder save. ResourceScreen uses it; so does a screen that is not a list (moments, transcripts).
 */
export function useResource<T>(r: Resource<T>, rowId: (row: T) => string) {
  const upload = useUploadSubmit();
  // Adds and edits run only from the record's form dialog (the editor below).
  const create = useResourceMutation(r.create as ResourceCall<never> | undefined, { inForm: true });
  const update = useResourceMutation(r.update as ResourceCall<never> | undefined, { inForm: true });
  // A delete's success toast is the kit's, with Undo (RecordDialogs).
  const remove = useResourceMutation(r.remove as ResourceCall<never> | undefined, { quiet: true });
  const reorder = useResourceMutation(r.reorder as ResourceCall<never> | undefined);
  // Another order saved meanwhile: the person's choice, awaited by the save.
  const [orderConflict, setOrderConflict] = useState<{ order: OrderConflict; choose: (mine: boolean) => void } | null>(null);

  /** A reorder save, checked in main against the order it started from; on a conflict the person chooses. */
  const saveOrder = async (rows: T[], started: readonly T[]): Promise<boolean> => {
    const input = (r.reorder!.input ? r.reorder!.input(rows) : rows) as object;
    const from = (ids: readonly string[]) => ({ ...input, [ORDER_FIELD]: { ids, first: started[0] ? withoutMarks(started[0] as object) : {} } });
    let result = await reorder.run((started.length > 0 ? from(started.map(rowId)) : input) as never);
    const order = !result.ok ? result.error.conflict?.order : undefined;
    if (!order) return result.ok;
    const mine = await new Promise<boolean>((choose) => setOrderConflict({ order, choose }));
    setOrderConflict(null);
    // Reload: reordering ends, and the list (fetched again after the conflict) shows their order.
    if (!mine) return true;
    result = await reorder.run(from(order.now.map((item) => item.id)) as never);
    return result.ok;
  };

  const editor = (record: T | null) => {
    const decl = typeof r.form === 'function' ? r.form(record) : 'add' in r.form ? (record ? r.form.edit : r.form.add) : r.form;
    const spec = record ? r.update : r.create;
    if (!decl || !spec) return null;
    const title = decl.title ?? `${record ? 'Edit' : 'Add'} ${r.name}`;
    const defaults = record && decl.values ? decl.values(record) : decl.defaults;
    const make = (values: FieldValues) =>
      record ? (r.update!.input ?? (({ values }) => ({ id: rowId(record), ...values })))({ values, record }) : (r.create!.input ?? ((values) => values))(values);
    return savedForm(decl, title, defaults, spec.call, upload, make, record ? update.run : create.run);
  };
  const removeSpec: RemoveSpec<T> | undefined = r.remove
    ? {
        mutation: remove as never,
        input: (row) => (r.remove!.input ? r.remove!.input(row) : { id: rowId(row) }),
        title: r.remove.title,
        question: r.remove.question,
        done: (data) => successText(data, r.remove!.rules as MessageRules<unknown>),
        doneTimeout: r.remove.rules.successTimeout,
      }
    : undefined;
  // Bulk: each record's input as its Edit would save it with the new values; its delete as the screen's.
  const updateCall = r.update;
  const editForm = (record: T) => (typeof r.form === 'function' ? r.form(record) : 'add' in r.form ? r.form.edit : r.form);
  const bulk: BulkSpec<T> | undefined = r.bulk && {
    names: r.bulk.names,
    label: r.bulk.label,
    fields: r.bulk.fields,
    update:
      updateCall && r.bulk.fields?.length
        ? {
            call: updateCall.call,
            input:
              r.bulk.input ??
              ((record, patch) => {
                const decl = editForm(record);
                const values = patchedValues(decl ?? undefined, (decl?.values?.(record) ?? {}) as Record<string, unknown>, patch);
                // Refused by the form's rules: the record fails with the form's message, before any call.
                if (refusalOf(values) !== null) return values;
                return (updateCall.input ?? (({ values }: { values: FieldValues }) => ({ id: rowId(record), ...values })))({ values, record });
              }),
          }
        : undefined,
    remove: r.remove && r.bulk.remove !== false ? { call: r.remove.call, input: (row) => (r.remove!.input ? r.remove!.input(row) : { id: rowId(row) }) } : undefined,
    removeQuestion: r.remove?.question,
    removed: typeof r.remove?.rules.success === 'string' ? { text: r.remove.rules.success, timeout: r.remove.rules.successTimeout } : undefined,
    updated: r.bulk.updated,
    failureRules: { remove: r.remove?.rules, update: updateCall?.rules },
    keptOut: r.bulk.keptOut,
    confirmChange: r.bulk.confirmChange,
  };
  return {
    bulk,
    editor: r.create || r.update ? editor : undefined,
    remove: removeSpec,
    reorder: r.reorder
      ? {
          save: saveOrder,
          dialog: <OrderConflictDialog order={orderConflict?.order ?? null} onSaveMine={() => orderConflict?.choose(true)} onReload={() => orderConflict?.choose(false)} />,
        }
      : undefined,
  };
}

/** A list screen whose records are a declared resource: no mutation or toast written by the screen. */
export function ResourceScreen<T, D = readonly T[]>({ resource: r, addLabel, ...props }: ResourceScreenProps<T, D>) {
  const { editor, remove, reorder, bulk } = useResource(r, props.rowId);
  return (
    <ListScreen<T, D>
      {...props}
      addLabel={addLabel === null || !r.create ? undefined : (addLabel ?? `Add ${r.name}`)}
      editor={editor}
      remove={remove}
      reorder={reorder}
      bulk={props.bulk ?? bulk}
    />
  );
}
