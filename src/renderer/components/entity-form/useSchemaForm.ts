import { useEffect } from 'react';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import type { AnySchema } from './props';

/**
 * An EntityDialog's react-hook-form: the schema's resolver, every rule in one round, and after a first
 * submit the whole form checked again on each change. Tells `onDirty` whether anything was changed.
 */
export function useSchemaForm(schema: AnySchema, defaultValues: unknown, { checkOnTouch, onDirty }: {
  /** The submit waits for the form (`canSubmit`): fields are checked as they are left. */
  checkOnTouch: boolean;
  onDirty: (dirty: boolean) => void;
}) {
  const form = useForm<FieldValues, unknown, FieldValues>({
    resolver: valibotResolver(schema) as unknown as Resolver<FieldValues, unknown, FieldValues>,
    defaultValues: defaultValues as FieldValues,
    mode: checkOnTouch ? 'onTouched' : 'onSubmit',
    reValidateMode: 'onChange',
    // Every rule of the schema runs in one round (valibot's pipes do not stop at a first issue), so
    // object-level rules (start before end) show together with the fields' own messages.
    criteriaMode: 'all',
    // Controllers pass no element refs; the form moves the focus to the first message instead.
    shouldFocusError: false,
  });
  const { formState } = form;
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
  const isDirty = formState.isDirty;
  useEffect(() => {
    onDirty(isDirty);
  }, [isDirty, onDirty]);
  return form;
}
