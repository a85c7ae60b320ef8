import { useEffect, useId, useState, type ReactNode } from 'react';
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
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Option,
  Select,
  Spinner,
  Switch,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { Result } from '../../shared/result';
import { OptionListEditor, type OptionItem } from './OptionListEditor';

export interface FieldOption {
  value: string;
  label: string;
}

/** Select options whose label is the value. */
export const optionsOf = (values: readonly (string | number)[]): FieldOption[] => values.map((v) => ({ value: String(v), label: String(v) }));

interface FieldBase<N extends string> {
  /** The form value (and schema key) the field edits. */
  name: N;
  label: string;
  /** A line of help under the field (shown when there is no validation message). */
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** Hides the field for the current values (e.g. fields that apply to one visibility only). */
  hidden?: (values: FieldValues) => boolean;
  /**
   * An asynchronous check run when the field loses focus and again before submit (e.g. 'URL already
   * exists ...'): a message refuses the submit and shows under the field; null passes.
   */
  check?: (value: unknown, values: FieldValues) => Promise<string | null>;
}

/** Describes one field of an EntityDialog form. */
export type FieldDescriptor<N extends string = string> =
  | (FieldBase<N> & { kind: 'text' | 'email' | 'tel' | 'password'; maxLength?: number; autoComplete?: string })
  | (FieldBase<N> & { kind: 'textarea'; rows?: number; maxLength?: number })
  | (FieldBase<N> & { kind: 'number'; min?: number; max?: number; step?: number })
  | (FieldBase<N> & { kind: 'select'; options: readonly FieldOption[] })
  | (FieldBase<N> & { kind: 'multiselect'; options: readonly FieldOption[] })
  | (FieldBase<N> & {
      kind: 'switch';
      /** Label shown when on / off, e.g. 'Super Admin' / 'Admin'. */
      onLabel: string;
      offLabel: string;
      /** Stored value when on / off; default true / false. */
      onValue?: unknown;
      offValue?: unknown;
    })
  | (FieldBase<N> & {
      /** A list of options with their correct flags (value: { option, isTrue }[]); row messages from the schema. */
      kind: 'optionList';
      /** Checkboxes (several correct) instead of radios (exactly one). */
      multipleCorrect?: boolean;
      max?: number;
      itemLabel?: string;
      addLabel?: string;
    })
  | (FieldBase<N> & {
      kind: 'custom';
      render: (ctx: CustomFieldContext) => ReactNode;
    });

/** What a custom field's render gets: its value, and the form's other values for compound fields. */
export interface CustomFieldContext {
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  disabled: boolean;
  /** The form's current values. */
  values: FieldValues;
  /** Sets another field's value (e.g. a duration read from a picked file). */
  setValue: (name: string, value: unknown) => void;
  /** The validation message of another field (compound fields show their parts' messages). */
  errorOf: (name: string) => string | undefined;
}

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
   * Saves the parsed values, normally `mutation.run` of useCallMutation (which shows the toasts). An ok
   * Result closes the dialog (then onSuccess); a failure keeps the dialog open with the typed values
   * and shows the message inside it.
   */
  onSubmit: (values: v.InferOutput<S>) => Promise<Result<unknown>>;
  onSuccess?: (data: unknown) => void;
  onClose: () => void;
  /** Shown when a failure carries no message. */
  failureFallback?: string;
  /** Extra content above the fields (a note, a warning). */
  intro?: ReactNode;
  /** Surface width in px (default 520). */
  width?: number;
  /** Content under the fields, e.g. an upload's progress. */
  status?: ReactNode;
  /** Submit button text while saving (default 'Saving…'). */
  busyLabel?: string;
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
}

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingTop: tokens.spacingVerticalS },
  switchRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** A modal form: fields from descriptors, validation from a valibot schema, server errors kept in view. */
export function EntityDialog<S extends AnySchema>(props: EntityDialogProps<S>) {
  const { open, onClose } = props;
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      modalType="modal"
      onOpenChange={(_e, data) => {
        if (!data.open && !busy) onClose();
      }}
    >
      <DialogSurface style={{ maxWidth: props.width ?? 520 }}>
        {open ? <EntityForm {...props} onBusy={setBusy} /> : null}
      </DialogSurface>
    </Dialog>
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
  canSubmit,
  onBusy,
}: EntityDialogProps<S> & { onBusy: (busy: boolean) => void }) {
  const styles = useStyles();
  const baseId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<FieldValues, unknown, FieldValues>({
    resolver: valibotResolver(schema) as unknown as Resolver<FieldValues, unknown, FieldValues>,
    defaultValues: defaultValues as FieldValues,
    mode: canSubmit ? 'onTouched' : 'onSubmit',
    reValidateMode: 'onChange',
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
  const values = useWatch({ control }) as FieldValues;
  const [checkMessages, setCheckMessages] = useState<Record<string, string | null>>({});
  const visibleFields = fields.filter((f) => !f.hidden?.(values));

  const runCheck = async (field: FieldDescriptor): Promise<string | null> => {
    if (!field.check) return null;
    const all = form.getValues();
    const message = await field.check(all[field.name], all);
    setCheckMessages((m) => ({ ...m, [field.name]: message }));
    return message;
  };

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    const checks = await Promise.all(visibleFields.filter((f) => f.check).map((f) => runCheck(f)));
    if (checks.some((m) => m)) return;
    onBusy(true);
    try {
      const result = await onSubmit(values as v.InferOutput<S>);
      if (result.ok) {
        onBusy(false);
        onSuccess?.(result.data);
        onClose();
        return;
      }
      setServerError(result.error.message || failureFallback);
    } finally {
      onBusy(false);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
      <DialogBody>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent className={styles.form}>
          {intro}
          {serverError ? (
            <MessageBar intent="error" role="alert" layout="multiline">
              <MessageBarBody>
                <MessageBarTitle>Not saved</MessageBarTitle>
                {serverError}
              </MessageBarBody>
            </MessageBar>
          ) : null}
          {visibleFields.map((field, index) => {
            const id = `${baseId}-${field.name}`;
            return (
              <Controller
                key={field.name}
                control={control}
                name={field.name}
                render={({ field: f, fieldState }) => {
                  // A list field's own message may sit in `root` when its rows have messages too.
                  const error = fieldState.error as (typeof fieldState.error & { root?: { message?: string } }) | undefined;
                  const message = error?.message ?? error?.root?.message ?? checkMessages[field.name] ?? undefined;
                  const disabled = busy || !!field.disabled;
                  const onBlur = () => {
                    f.onBlur();
                    if (field.check) void runCheck(field);
                  };
                  const onChange = (value: unknown) => {
                    if (checkMessages[field.name]) setCheckMessages((m) => ({ ...m, [field.name]: null }));
                    f.onChange(value);
                  };
                  const ctx = {
                    values,
                    setValue: (name: string, value: unknown) => form.setValue(name, value, { shouldValidate: formState.isSubmitted }),
                    errorOf: (name: string) => (form.formState.errors[name]?.message as string | undefined) ?? undefined,
                  };
                  return (
                    <Field
                      label={{ children: field.label, htmlFor: id }}
                      required={field.required}
                      validationState={message ? 'error' : 'none'}
                      validationMessage={message}
                      hint={message ? undefined : field.hint}
                    >
                      {renderControl(field, id, f.value, onChange, onBlur, disabled, index === 0, styles.switchRow, error, ctx)}
                    </Field>
                  );
                }}
              />
            );
          })}
          {status}
        </DialogContent>
        <DialogActions>
          <Button
            appearance="secondary"
            onClick={busy && onCancelBusy ? onCancelBusy : onClose}
            disabled={busy && !onCancelBusy}
          >
            {cancelLabel}
          </Button>
          <Button appearance="primary" type="submit" disabled={busy || (canSubmit ? !canSubmit(values) : false)} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  );
}

function renderControl(
  field: FieldDescriptor,
  id: string,
  value: unknown,
  onChange: (value: unknown) => void,
  onBlur: () => void,
  disabled: boolean,
  autoFocus: boolean,
  switchRowClass: string,
  error: unknown,
  ctx: Pick<CustomFieldContext, 'values' | 'setValue' | 'errorOf'>,
): ReactNode {
  switch (field.kind) {
    case 'text':
    case 'email':
    case 'tel':
    case 'password':
      return (
        <Input
          id={id}
          type={field.kind}
          value={(value as string | undefined) ?? ''}
          onChange={(_e, d) => onChange(d.value)}
          onBlur={onBlur}
          disabled={disabled}
          placeholder={field.placeholder}
          maxLength={field.maxLength}
          autoComplete={field.autoComplete ?? 'off'}
          autoFocus={autoFocus}
        />
      );
    case 'textarea':
      return (
        <Textarea
          id={id}
          value={(value as string | undefined) ?? ''}
          onChange={(_e, d) => onChange(d.value)}
          onBlur={onBlur}
          disabled={disabled}
          placeholder={field.placeholder}
          maxLength={field.maxLength}
          rows={field.rows ?? 4}
          resize="vertical"
        />
      );
    case 'number':
      return (
        <Input
          id={id}
          type="number"
          value={value === undefined || value === null || Number.isNaN(value) ? '' : String(value)}
          onChange={(_e, d) => onChange(d.value === '' ? undefined : Number(d.value))}
          onBlur={onBlur}
          disabled={disabled}
          placeholder={field.placeholder}
          min={field.min}
          max={field.max}
          step={field.step}
        />
      );
    case 'select':
      return (
        <Select
          id={id}
          value={(value as string | undefined) ?? ''}
          onChange={(_e, d) => onChange(d.value === '' ? undefined : d.value)}
          onBlur={onBlur}
          disabled={disabled}
        >
          <option value="">{field.placeholder ?? 'Select…'}</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      );
    case 'multiselect': {
      const selected = Array.isArray(value) ? (value as string[]) : [];
      const labels = field.options.filter((o) => selected.includes(o.value)).map((o) => o.label);
      return (
        <Dropdown
          id={id}
          multiselect
          selectedOptions={selected}
          value={labels.join(', ')}
          placeholder={field.placeholder ?? 'Select…'}
          onOptionSelect={(_e, d) => onChange(d.selectedOptions)}
          onBlur={onBlur}
          disabled={disabled}
        >
          {field.options.map((o) => (
            <Option key={o.value} value={o.value}>
              {o.label}
            </Option>
          ))}
        </Dropdown>
      );
    }
    case 'switch': {
      const onValue = field.onValue ?? true;
      const offValue = field.offValue ?? false;
      const checked = value === onValue;
      return (
        <div className={switchRowClass}>
          <Switch
            id={id}
            checked={checked}
            onChange={(_e, d) => onChange(d.checked ? onValue : offValue)}
            onBlur={onBlur}
            disabled={disabled}
            label={checked ? field.onLabel : field.offLabel}
          />
        </div>
      );
    }
    case 'optionList': {
      const rows = error as readonly ({ option?: { message?: string } } | undefined)[] | undefined;
      const items = Array.isArray(value) ? (value as OptionItem[]) : [];
      return (
        <OptionListEditor
          id={id}
          value={items}
          onChange={onChange}
          onBlur={onBlur}
          disabled={disabled}
          multipleCorrect={field.multipleCorrect ?? false}
          max={field.max}
          itemLabel={field.itemLabel}
          addLabel={field.addLabel}
          rowErrors={items.map((_, i) => rows?.[i]?.option?.message)}
        />
      );
    }
    case 'custom':
      return field.render({ id, value, onChange, onBlur, disabled, ...ctx });
  }
}
