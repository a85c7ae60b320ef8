import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import type * as v from 'valibot';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import type { Result } from '../../shared/result';
import { ConfirmDialog } from './ConfirmDialog';
import { useFocusReturn } from './useFocusReturn';
import { setUnsaved } from '../lib/unsaved';
import { showingErrorsInline } from '../lib/inline-errors';
import { componentOf } from './fields/registry';
import type { FieldDescriptor, FieldForm } from './fields/types';
import { RecordChanges } from './RecordChanges';

export { optionsOf, type CustomFieldContext, type FieldDescriptor, type FieldOption } from './fields/types';

type FieldError = { message?: string; root?: { message?: string } };
const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';
const noop = () => undefined;

type AnySchema = v.GenericSchema<FieldValues, FieldValues>;

export interface EntityDialogProps<S extends AnySchema> {
  open: boolean;
  /** 'Add ...' or 'Edit ...'. */
  title: string;
  /** The valibot schema the form validates with; its messages show under the fields. */
  schema: S;
  fields: readonly FieldDescriptor<Extract<keyof v.InferInput<S>, string>>[];
  /** Initial values; read each time the dialog opens. */
  defaultValues: v.InferInput<S>;
  submitLabel?: string;
  cancelLabel?: string;
  /**
   * Saves the parsed values, normally `mutation.run` of useCallMutation (which shows the success
   * toast). An ok Result closes the dialog (then onSuccess); a failure keeps the dialog open with the
   * typed values and shows the message inside it, and only there.
   */
  onSubmit: (values: v.InferOutput<S>) => Promise<Result<unknown>>;
  onSuccess?: (data: unknown) => void;
  onClose: () => void;
  /** Shown when a failure carries no message. */
  failureFallback?: string;
  /** Extra content above the fields (a note, a warning). */
  intro?: ReactNode;
  /** Surface width in px (default 520; 880 with two columns). */
  width?: number;
  /**
   * Two columns for a long form (Add File, Add Question), so it fits a 1024 x 700 window without much
   * scrolling: short fields pair up; text areas, lists, files and pickers keep the whole width. Below
   * 900 px of window the form is one column again.
   */
  columns?: 1 | 2;
  /** Content under the fields, e.g. an upload's progress. */
  status?: ReactNode;
  /** Submit button text while saving (default 'Saving…'). */
  busyLabel?: string;
  /**
   * Whether the form looks complete: submit is styled active only then (spec 2: 'Submit is styled
   * active only when ...'). It stays clickable, so a click still shows what is missing.
   */
  ready?: (values: FieldValues) => boolean;
  /**
   * Makes Cancel usable while saving: it calls this (e.g. to abort an upload) instead of closing; the
   * pending onSubmit then resolves with a failure and the form stays open with its values.
   */
  onCancelBusy?: () => void;
  /**
   * Submit stays disabled until this holds for the current values (the spec's "submit is enabled
   * only when ..."). The messages then show as each field is left, since no submit can show them.
   */
  canSubmit?: (values: FieldValues) => boolean;
  /** A notice over the form when a submit finds invalid fields (the spec's 'Error!' notices). */
  invalidNotice?: { title: string; text: string };
  /** The record cannot be edited here; the reason shows over the fields, which are disabled, and only Close remains. */
  readOnly?: ReactNode;
  /** The record changed on the server since the dialog opened (a save found it): what differs and the choices. */
  conflict?: ConflictChoice | null;
}

/** What an edit conflict shows and offers (the kit's FormDialog makes it). */
export interface ConflictChoice {
  /** Who changed it and when, and the table of what differs. */
  details: ReactNode;
  /** Reload: the record as it is now, keeping what was typed where the other change left a field alone. */
  reload?: (typed: FieldValues) => { values: FieldValues; keep: readonly string[] };
  /** Save anyway: the save goes ahead over the other change (the dialog submits again). */
  saveAnyway?: () => void;
}

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingTop: tokens.spacingVerticalS },
  // A long form scrolls inside the dialog; the title and the action buttons stay in view (1024 x 700).
  surface: { maxHeight: 'calc(100vh - 32px)', display: 'flex', flexDirection: 'column', boxSizing: 'border-box' },
  shell: { display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' },
  body: { maxHeight: '100%', minHeight: 0, flex: '1 1 auto', gridTemplateRows: 'auto minmax(0, 1fr) auto' },
  content: { overflowY: 'auto', minHeight: 0 },
  twoColumns: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
    alignContent: 'start',
    '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  wide: { gridColumn: '1 / -1' },
  conflict: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `1px solid ${tokens.colorStatusWarningBorder1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorStatusWarningBackground1,
  },
  conflictActions: { display: 'flex', gap: tokens.spacingHorizontalS },
  missing: { color: tokens.colorNeutralForeground3, alignSelf: 'center', maxWidth: '360px' },
});

/** A value the form still lacks: nothing, blank text, an empty list, not a number. */
const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (typeof value === 'number' && Number.isNaN(value)) ||
  (Array.isArray(value) && value.every((item) => isEmpty(item)));

/**
 * What a form whose submit waits for it still lacks: the labels of its required fields left empty
 * (a predicate's other conditions fall back to a general line).
 */
export function missingText(fields: readonly FieldDescriptor[], values: FieldValues): string {
  const missing = fields.filter((f) => f.required && isEmpty(values[f.name])).map((f) => f.label);
  return missing.length > 0 ? `Still needed: ${missing.join(', ')}.` : 'Complete the form first.';
}

/** Kinds that need the whole width of a two-column form. */
const WIDE_KINDS: ReadonlySet<string> = new Set(['textarea', 'rows', 'file', 'multiselect', 'tags', 'libraryVideo', 'custom']);

/** The unsaved-changes question of a form (Escape, backdrop, Cancel and navigation away while dirty). */
export function DiscardChangesDialog({ open, onKeep, onDiscard }: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      title="Discard changes?"
      text="What you changed in this form is not saved."
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      danger
      onConfirm={onDiscard}
      onCancel={onKeep}
    />
  );
}

/** A modal form: fields from descriptors, validation from a valibot schema, server errors kept in view. */
export function EntityDialog<S extends AnySchema>(props: EntityDialogProps<S>) {
  const { open, onClose } = props;
  const styles = useStyles();
  const [busy, setBusy] = useState(false);
  const dirty = useRef(false);
  const form = useRef(Symbol('form'));
  const [asking, setAsking] = useState(false);
  // A closed or unmounted form has nothing unsaved any more.
  useEffect(() => {
    if (open) return;
    dirty.current = false;
    setUnsaved(form.current, false);
  }, [open]);
  useEffect(() => () => setUnsaved(form.current, false), []);
  const surface = useRef<HTMLDivElement>(null);
  useFocusReturn(open, surface);
  // Closing a changed form asks first; an unchanged one just closes.
  const requestClose = () => {
    if (busy) return;
    if (dirty.current) setAsking(true);
    else onClose();
  };
  return (
    <>
      <Dialog
        open={open}
        modalType="modal"
        onOpenChange={(_e, data) => {
          if (!data.open) requestClose();
        }}
      >
        <DialogSurface ref={surface} className={styles.surface} style={{ maxWidth: props.width ?? (props.columns === 2 ? 880 : 520) }}>
          {open ? (
            <EntityForm
              {...props}
              onBusy={setBusy}
              onDirty={(d) => {
                dirty.current = d;
                setUnsaved(form.current, d);
              }}
              onRequestClose={requestClose}
            />
          ) : null}
        </DialogSurface>
      </Dialog>
      <DiscardChangesDialog
        open={open && asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          dirty.current = false;
          setUnsaved(form.current, false);
          onClose();
        }}
      />
    </>
  );
}

function EntityForm<S extends AnySchema>({
  title,
  schema,
  fields,
  defaultValues,
  submitLabel = 'Save',
  cancelLabel = 'Cancel',
  onSubmit,
  onSuccess,
  onClose,
  failureFallback = 'Something went wrong. Please try again!',
  intro,
  status,
  busyLabel = 'Saving…',
  onCancelBusy,
  ready,
  canSubmit,
  invalidNotice,
  columns = 1,
  readOnly,
  conflict,
  onBusy,
  onDirty,
  onRequestClose,
}: EntityDialogProps<S> & { onBusy: (busy: boolean) => void; onDirty: (dirty: boolean) => void; onRequestClose: () => void }) {
  const styles = useStyles();
  const baseId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const form = useForm<FieldValues, unknown, FieldValues>({
    resolver: valibotResolver(schema) as unknown as Resolver<FieldValues, unknown, FieldValues>,
    defaultValues: defaultValues as FieldValues,
    mode: canSubmit ? 'onTouched' : 'onSubmit',
    reValidateMode: 'onChange',
    // Every rule of the schema runs in one round (valibot's pipes do not stop at a first issue), so
    // object-level rules (start before end) show together with the fields' own messages.
    criteriaMode: 'all',
    // Controllers pass no element refs; focusFirstError below moves the focus instead.
    shouldFocusError: false,
  });
  const { control, handleSubmit, formState } = form;
  // Cross-field rules (a URL for links, a level for Public files, ...) depend on other fields: after a
  // first submit, every change re-checks the whole form so every message follows what it says now.
  const submitted = formState.submitCount > 0;
  useEffect(() => {
    if (!submitted) return;
    const subscription = form.watch((_values, { type }) => {
      if (type === 'change') void form.trigger();
    });
    return () => subscription.unsubscribe();
  }, [form, submitted]);
  const busy = formState.isSubmitting;
  const isDirty = formState.isDirty;
  useEffect(() => {
    onDirty(isDirty);
  }, [isDirty, onDirty]);
  const values = useWatch({ control }) as FieldValues;
  // A conflict's notice sits over the fields: a long form scrolled down to its Save brings it into view.
  const conflictBox = useRef<HTMLElement>(null);
  const conflictShown = !!conflict;
  useEffect(() => {
    if (conflictShown) conflictBox.current?.scrollIntoView?.({ block: 'nearest' });
  }, [conflictShown]);
  const [checkMessages, setCheckMessages] = useState<Record<string, string | null>>({});
  const visibleFields = fields.filter((f) => !f.hidden?.(values));
  // A submit that waits for the form (disabled, or styled inactive) says what is still missing.
  const blocked = canSubmit ? !canSubmit(values) : false;
  const waiting = blocked || (ready ? !ready(values) : false);
  const missingId = `${baseId}-missing`;
  const fieldForm: FieldForm = {
    values,
    setValue: (name, value) => form.setValue(name, value, { shouldValidate: formState.isSubmitted, shouldDirty: true }),
    errorOf: (name) => (form.formState.errors[name]?.message as string | undefined) ?? undefined,
    control,
    validate: (name) => void form.trigger(name),
  };

  const runCheck = async (field: FieldDescriptor): Promise<string | null> => {
    if (!field.check) return null;
    const all = form.getValues();
    const message = await field.check(all[field.name], all);
    setCheckMessages((m) => ({ ...m, [field.name]: message }));
    return message;
  };

  /** After a refused submit the focus goes to the first field, in the form's order, that has a message. */
  const focusFirstError = (has: (name: string) => boolean) => {
    const first = visibleFields.find((f) => has(f.name) || (f.kind === 'duration' && (has(f.parts.minutes) || has(f.parts.seconds))));
    if (!first) return;
    // After the messages render (a field may only now be described by its message).
    requestAnimationFrame(() => {
      const box = document.getElementById(`${baseId}-${first.name}`);
      const target = box?.matches(FOCUSABLE) ? box : box?.querySelector<HTMLElement>(FOCUSABLE);
      target?.focus();
    });
  };

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    setInvalid(false);
    const checked = visibleFields.filter((f) => f.check);
    const checks = await Promise.all(checked.map((f) => runCheck(f)));
    if (checks.some((m) => m)) {
      const refused = new Set<string>(checked.filter((_, i) => checks[i]).map((f) => f.name));
      focusFirstError((name) => refused.has(name));
      return;
    }
    onBusy(true);
    try {
      // The failure shows in this dialog ('Not saved'), not as a toast too.
      const result = await showingErrorsInline(() => onSubmit(values as v.InferOutput<S>));
      if (result.ok) {
        onBusy(false);
        onSuccess?.(result.data);
        onClose();
        return;
      }
      // A conflict shows as its own notice with its choices (the `conflict` prop), not as a failure.
      if (result.error.kind !== 'conflict') setServerError(result.error.message || failureFallback);
    } finally {
      onBusy(false);
    }
  }, (errors) => {
    setInvalid(true);
    focusFirstError((name) => !!errors[name]);
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={title} className={styles.shell}>
      <DialogBody className={styles.body}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent className={mergeClasses(styles.form, styles.content, columns === 2 && styles.twoColumns)}>
          {intro ? <div className={styles.wide}>{intro}</div> : null}
          {invalid && invalidNotice ? (
            <MessageBar intent="error" role="alert" layout="multiline" className={styles.wide}>
              <MessageBarBody>
                <MessageBarTitle>{invalidNotice.title}</MessageBarTitle>
                {invalidNotice.text}
              </MessageBarBody>
            </MessageBar>
          ) : null}
          {readOnly ? (
            <MessageBar intent="warning" layout="multiline" className={styles.wide}>
              <MessageBarBody>
                <MessageBarTitle>Read-only</MessageBarTitle>
                {readOnly}
              </MessageBarBody>
            </MessageBar>
          ) : null}
          {conflict ? (
            <section ref={conflictBox} className={mergeClasses(styles.wide, styles.conflict)} aria-label="Not saved">
              {conflict.details}
              <div className={styles.conflictActions}>
                {conflict.reload ? (
                  <Button
                    disabled={busy}
                    onClick={() => {
                      const typed = form.getValues();
                      const { values: now, keep } = conflict.reload!(typed);
                      form.reset(now);
                      for (const name of keep) form.setValue(name, typed[name], { shouldDirty: true });
                    }}
                  >
                    Reload
                  </Button>
                ) : null}
                {conflict.saveAnyway ? (
                  <Button
                    disabled={busy}
                    onClick={() => {
                      conflict.saveAnyway!();
                      void submit();
                    }}
                  >
                    Save anyway
                  </Button>
                ) : null}
              </div>
            </section>
          ) : null}
          {serverError ? (
            <MessageBar intent="error" role="alert" layout="multiline" className={styles.wide}>
              <MessageBarBody>
                <MessageBarTitle>Not saved</MessageBarTitle>
                {serverError}
              </MessageBarBody>
            </MessageBar>
          ) : null}
          {visibleFields.map((field, index) => {
            const id = `${baseId}-${field.name}`;
            const disabled = busy || !!readOnly || !!field.disabled;
            const Control = componentOf(field);
            const frame = (error: FieldError | undefined, control: ReactNode) => {
              // A list field's own message may sit in `root` when its rows have messages too.
              const message = error?.message ?? error?.root?.message ?? checkMessages[field.name] ?? undefined;
              return (
                <Field
                  key={field.name}
                  className={field.wide || WIDE_KINDS.has(field.kind) ? styles.wide : undefined}
                  label={{ children: field.label, htmlFor: id }}
                  required={field.required}
                  validationState={message ? 'error' : 'none'}
                  validationMessage={message}
                  hint={message ? undefined : field.hint}
                >
                  {control}
                </Field>
              );
            };
            // Rows keep their own field array (useFieldArray), so no Controller wraps the list.
            if (field.kind === 'rows') {
              const error = formState.errors[field.name] as FieldError | undefined;
              return frame(error, <Control field={field} id={id} value={undefined} onChange={noop} onBlur={noop} disabled={disabled} autoFocus={false} error={error} form={fieldForm} />);
            }
            return (
              <Controller
                key={field.name}
                control={control}
                name={field.name}
                render={({ field: f, fieldState }) => {
                  const onBlur = () => {
                    f.onBlur();
                    if (field.check) void runCheck(field);
                  };
                  const onChange = (value: unknown) => {
                    if (checkMessages[field.name]) setCheckMessages((m) => ({ ...m, [field.name]: null }));
                    f.onChange(value);
                  };
                  const error = fieldState.error as FieldError | undefined;
                  return frame(
                    error,
                    <Control field={field} id={id} value={f.value} onChange={onChange} onBlur={onBlur} disabled={disabled} autoFocus={index === 0} error={error} form={fieldForm} />,
                  );
                }}
              />
            );
          })}
          {status ? <div className={styles.wide}>{status}</div> : null}
          <RecordChanges />
        </DialogContent>
        {!readOnly && !busy && waiting ? (
          <DialogActions position="start">
            <Text id={missingId} size={200} className={styles.missing}>
              {missingText(visibleFields, values)}
            </Text>
          </DialogActions>
        ) : null}
        <DialogActions>
          <Button
            appearance="secondary"
            onClick={busy && onCancelBusy ? onCancelBusy : onRequestClose}
            disabled={busy && !onCancelBusy}
          >
            {readOnly ? 'Close' : cancelLabel}
          </Button>
          {readOnly ? null : <Button
            appearance={!ready || ready(values) ? 'primary' : 'outline'}
            data-ready={ready ? String(ready(values)) : undefined}
            type="submit"
            disabled={busy}
            // Waiting for the form: still reachable by Tab, and it says what is missing.
            disabledFocusable={!busy && blocked}
            aria-describedby={!busy && waiting ? missingId : undefined}
            icon={busy ? <Spinner size="tiny" /> : undefined}
          >
            {busy ? busyLabel : submitLabel}
          </Button>}
        </DialogActions>
      </DialogBody>
    </form>
  );
}
