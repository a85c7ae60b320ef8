import { useCallback, useState, type ReactNode } from 'react';
import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Field, makeStyles } from '@fluentui/react-components';
import { componentOf } from '../fields/registry';
import type { FieldDescriptor, FieldForm } from '../fields/types';

// A form's fields, each in its Field frame (label, hint or message) and bound to react-hook-form;
// the control itself comes from the field registry by kind.

type FieldError = { message?: string; root?: { message?: string } };
const noop = () => undefined;

/** One-line kinds: their input stops at `maxLength` with no sign of it, so the field says it at the limit. */
const ONE_LINE_KINDS: ReadonlySet<string> = new Set(['text', 'email', 'tel', 'password']);

/** The hint of a one-line field whose text has reached its limit (what was typed or pasted beyond is left out). */
function limitHint(field: FieldDescriptor, value: unknown): string | undefined {
  const max = 'maxLength' in field ? field.maxLength : undefined;
  if (max === undefined || !ONE_LINE_KINDS.has(field.kind) || typeof value !== 'string' || value.length < max) return undefined;
  return `At most ${max} characters: anything typed or pasted beyond them is left out.`;
}

/** Kinds that need the whole width of a two-column form. */
const WIDE_KINDS: ReadonlySet<string> = new Set(['textarea', 'rows', 'file', 'multiselect', 'tags', 'libraryVideo', 'custom']);

const useStyles = makeStyles({
  wide: { gridColumn: '1 / -1' },
});

export function FormFields({ fields, baseId, form, fieldForm, disabled: allDisabled, checkMessages, onCheck, onChecked }: {
  /** The fields shown now (hidden ones left out). */
  fields: readonly FieldDescriptor[];
  /** Each field's element id is `${baseId}-${name}`. */
  baseId: string;
  form: UseFormReturn<FieldValues, unknown, FieldValues>;
  fieldForm: FieldForm;
  /** Saving, or read-only. */
  disabled: boolean;
  /** The messages of the fields' own checks (`check`), by name. */
  checkMessages: Record<string, string | null>;
  /** A field with a check was left: run it. */
  onCheck: (field: FieldDescriptor) => void;
  /** A checked field changed: its check's message goes. */
  onChecked: (name: string) => void;
}) {
  const styles = useStyles();
  const { control, formState } = form;
  // The controls' own messages (a refused pick), by name: each stands in for its field's schema message.
  const [ownMessages, setOwnMessages] = useState<Record<string, string | null>>({});
  const onMessage = useCallback(
    (name: string, message: string | null) => setOwnMessages((m) => ((m[name] ?? null) === message ? m : { ...m, [name]: message })),
    [],
  );
  return (
    <>
      {fields.map((field, index) => {
        const id = `${baseId}-${field.name}`;
        const disabled = allDisabled || !!field.disabled;
        const Control = componentOf(field);
        const frame = (error: FieldError | undefined, control: ReactNode, value?: unknown) => {
          // A list field's own message may sit in `root` when its rows have messages too.
          const message = ownMessages[field.name] ?? error?.message ?? error?.root?.message ?? checkMessages[field.name] ?? undefined;
          return (
            <Field
              key={field.name}
              className={field.wide || WIDE_KINDS.has(field.kind) ? styles.wide : undefined}
              label={{ children: field.label, htmlFor: id }}
              required={field.required}
              validationState={message ? 'error' : 'none'}
              validationMessage={message}
              hint={message ? undefined : (limitHint(field, value) ?? field.hint)}
            >
              {control}
            </Field>
          );
        };
        // Rows keep their own field array (useFieldArray), so no Controller wraps the list.
        if (field.kind === 'rows') {
          const error = formState.errors[field.name] as FieldError | undefined;
          return frame(error, <Control field={field} id={id} value={undefined} onChange={noop} onBlur={noop} disabled={disabled} autoFocus={false} error={error} form={fieldForm} onMessage={onMessage} />);
        }
        return (
          <Controller
            key={field.name}
            control={control}
            name={field.name}
            render={({ field: f, fieldState }) => {
              const onBlur = () => {
                f.onBlur();
                if (field.check) onCheck(field);
              };
              const onChange = (value: unknown) => {
                if (checkMessages[field.name]) onChecked(field.name);
                f.onChange(value);
              };
              const error = fieldState.error as FieldError | undefined;
              return frame(
                error,
                <Control field={field} id={id} value={f.value} onChange={onChange} onBlur={onBlur} disabled={disabled} autoFocus={index === 0} error={error} form={fieldForm} onMessage={onMessage} />,
                f.value,
              );
            }}
          />
        );
      })}
    </>
  );
}
