/**
 * An EntityDialog of a few fields, for the field kinds' tests: what the form sent is collected, and
 * a field's message can be checked as a person with a screen reader meets it (described by it).
 */
import { expect } from 'vitest';
import { screen } from '@testing-library/react';
import type * as v from 'valibot';
import type { FieldValues } from 'react-hook-form';
import { EntityDialog, type FieldDescriptor } from '../components/EntityDialog';
import type { Result } from '../../shared/result';
import { renderUi, type Rendered } from './render';

export const FORM_TITLE = 'Test form';

export interface RenderedForm extends Rendered {
  /** The values of each submit that passed the schema, in order. */
  sent: FieldValues[];
  dialog: () => HTMLElement;
  save: () => Promise<void>;
}

export function renderForm<S extends v.GenericSchema<FieldValues, FieldValues>>({
  schema,
  fields,
  defaults,
  answer = () => ({ ok: true, data: null }),
  canSubmit,
}: {
  schema: S;
  fields: readonly FieldDescriptor[];
  defaults: FieldValues;
  answer?: (values: FieldValues) => Result<unknown>;
  /** The submit waits for the form: its fields are checked as they are left. */
  canSubmit?: (values: FieldValues) => boolean;
}): RenderedForm {
  const sent: FieldValues[] = [];
  const rendered = renderUi(
    <EntityDialog
      open
      title={FORM_TITLE}
      schema={schema}
      fields={fields as FieldDescriptor<Extract<keyof v.InferInput<S>, string>>[]}
      defaultValues={defaults as v.InferInput<S>}
      onClose={() => undefined}
      canSubmit={canSubmit}
      onSubmit={async (values) => {
        sent.push(values as FieldValues);
        return answer(values as FieldValues);
      }}
    />,
  );
  const dialog = () => screen.getByRole('dialog', { name: FORM_TITLE });
  return { ...rendered, sent, dialog, save: () => rendered.user.click(screen.getByRole('button', { name: 'Save' })) };
}

/** The control is marked invalid and described by an element that says `message`. */
export function expectDescribedBy(control: HTMLElement, message: string): void {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  const texts = ids.map((id) => document.getElementById(id)?.textContent ?? '');
  expect(texts).toContain(message);
}
