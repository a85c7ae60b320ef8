import { useEffect, useId, useRef, useState } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type * as v from 'valibot';
import { DialogBody, DialogContent, DialogTitle, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { FieldDescriptor, FieldForm } from '../fields/types';
import { RecordChanges } from '../RecordChanges';
import { FormFields } from './FormFields';
import { FormActions } from './FormActions';
import { FormNotices } from './FormNotices';
import { useSchemaForm } from './useSchemaForm';
import type { AnySchema, EntityDialogProps } from './props';

// The form inside an EntityDialog: react-hook-form with the schema's resolver, the fields' own
// checks, the submit and what a refused one shows, and the actions (Cancel, Submit, what is missing).

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingTop: tokens.spacingVerticalS },
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

/** The fields' own checks (a server-side lookup, say): each field's message, run on leaving it and before a submit. */
function useFieldChecks(form: UseFormReturn<FieldValues, unknown, FieldValues>) {
  const [checkMessages, setCheckMessages] = useState<Record<string, string | null>>({});
  const runCheck = async (field: FieldDescriptor): Promise<string | null> => {
    if (!field.check) return null;
    const all = form.getValues();
    const message = await field.check(all[field.name], all);
    setCheckMessages((m) => ({ ...m, [field.name]: message }));
    return message;
  };
  const clearCheck = (name: string) => setCheckMessages((m) => ({ ...m, [name]: null }));
  return { checkMessages, runCheck, clearCheck };
}

/**
 * The submit and what a refused one shows: the fields' own checks first, then the schema's; the focus
 * to the first field with a message; a failure of the call kept in the dialog beside what was typed.
 */
function useEntitySubmit<S extends AnySchema>({ form, visibleFields, runCheck, baseId, onSubmit, onSuccess, onClose, onBusy, failureFallback }: Pick<EntityDialogProps<S>, 'onSubmit' | 'onSuccess' | 'onClose'> & {
  form: UseFormReturn<FieldValues, unknown, FieldValues>;
  visibleFields: readonly FieldDescriptor[];
  runCheck: (field: FieldDescriptor) => Promise<string | null>;
  baseId: string;
  onBusy: (busy: boolean) => void;
  failureFallback: string;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
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

  const submit = form.handleSubmit(async (values) => {
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
      // A failure stays in this dialog ('Not saved') beside what was typed; a server's refusal is the specs' error toast as well.
      const result = await onSubmit(values as v.InferOutput<S>);
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
  return { submit, serverError, invalid };
}

export function EntityForm<S extends AnySchema>({
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
  const form = useSchemaForm(schema, defaultValues, { checkOnTouch: !!canSubmit, onDirty });
  const { control, formState } = form;
  const busy = formState.isSubmitting;
  const shownStatus = typeof status === 'function' ? status(busy) : status;
  const values = useWatch({ control }) as FieldValues;
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

  const { checkMessages, runCheck, clearCheck } = useFieldChecks(form);

  const { submit, serverError, invalid } = useEntitySubmit({ form, visibleFields, runCheck, baseId, onSubmit, onSuccess, onClose, onBusy, failureFallback });
  const formRef = useRef<HTMLFormElement>(null);
  // A save the server refused: the fields and the save were disabled while it ran, which drops the focus
  // to the page's body (where Escape no longer reaches the dialog); give it to the save, to try again.
  useEffect(() => {
    if (!serverError || busy) return;
    const active = document.activeElement as HTMLElement | null;
    if (active && formRef.current?.contains(active) && !active.matches(':disabled')) return;
    formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [serverError, busy]);

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label={title} className={styles.shell}>
      <DialogBody className={styles.body}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent className={mergeClasses(styles.form, styles.content, columns === 2 && styles.twoColumns)}>
          {intro ? <div className={styles.wide}>{intro}</div> : null}
          <FormNotices
            invalidNotice={invalid ? invalidNotice : null}
            readOnly={readOnly}
            conflict={conflict}
            serverError={serverError}
            busy={busy}
            form={form}
            submit={() => void submit()}
          />
          <FormFields
            fields={visibleFields}
            baseId={baseId}
            form={form}
            fieldForm={fieldForm}
            disabled={busy || !!readOnly}
            checkMessages={checkMessages}
            onCheck={(field) => void runCheck(field)}
            onChecked={clearCheck}
          />
          {shownStatus ? <div className={styles.wide}>{shownStatus}</div> : null}
          <RecordChanges />
        </DialogContent>
        <FormActions
          readOnly={!!readOnly}
          busy={busy}
          ready={ready ? ready(values) : undefined}
          blocked={blocked}
          waiting={waiting}
          missing={missingText(visibleFields, values)}
          missingId={missingId}
          cancelLabel={cancelLabel}
          submitLabel={submitLabel}
          busyLabel={busyLabel}
          onCancel={busy && onCancelBusy ? onCancelBusy : onRequestClose}
          cancelDisabled={busy && !onCancelBusy}
        />
      </DialogBody>
    </form>
  );
}
