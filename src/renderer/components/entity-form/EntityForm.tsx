import { useEffect, useId, useState } from 'react';
import { useForm, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import type * as v from 'valibot';
import { Button, DialogActions, DialogBody, DialogContent, DialogTitle, Spinner, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { FieldDescriptor, FieldForm } from '../fields/types';
import { RecordChanges } from '../RecordChanges';
import { FormFields } from './FormFields';
import { FormNotices } from './FormNotices';
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
  const shownStatus = typeof status === 'function' ? status(busy) : status;
  const isDirty = formState.isDirty;
  useEffect(() => {
    onDirty(isDirty);
  }, [isDirty, onDirty]);
  const values = useWatch({ control }) as FieldValues;
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
      // A failure shows as the specs' error toast and stays in this dialog ('Not saved') beside what was typed.
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

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={title} className={styles.shell}>
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
            onChecked={(name) => setCheckMessages((m) => ({ ...m, [name]: null }))}
          />
          {shownStatus ? <div className={styles.wide}>{shownStatus}</div> : null}
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
