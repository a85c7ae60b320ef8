import type { ReactElement } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Field, Input, type InputProps } from '@fluentui/react-components';

/** One text input of the sign-in and password forms, bound to react-hook-form, its schema message below. */
export function AuthField<T extends FieldValues>({
  control,
  name,
  label,
  type,
  autoComplete,
  disabled,
  autoFocus,
  hint,
  contentAfter,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  disabled: boolean;
  autoFocus?: boolean;
  hint?: string;
  contentAfter?: InputProps['contentAfter'];
}): ReactElement {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} hint={hint} validationMessage={fieldState.error?.message} validationState={fieldState.error ? 'error' : 'none'}>
          <Input
            {...field}
            type={type}
            autoComplete={autoComplete}
            autoFocus={autoFocus}
            disabled={disabled}
            contentAfter={contentAfter}
            onChange={(_e, d) => field.onChange(d.value)}
          />
        </Field>
      )}
    />
  );
}
