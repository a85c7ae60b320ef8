import type { ComponentType } from 'react';
import { MultiSelectField, SelectField, SwitchField, TagsField } from './ChoiceFields';
import { DateField, DurationField, TimeField } from './DateTimeFields';
import { FileField } from './FileField';
import { LibraryVideoField } from './LibraryVideoField';
import { RowsField } from './RowsField';
import { NumberField, TextField, TextareaField } from './TextFields';
import type { FieldDescriptor, FieldKind, FieldProps } from './types';

/** One component per field kind: the entity dialog renders every field through this table. */
export const FIELD_KINDS: { [K in FieldKind]: ComponentType<FieldProps<Extract<FieldDescriptor, { kind: K }>>> } = {
  text: TextField,
  email: TextField,
  tel: TextField,
  password: TextField,
  textarea: TextareaField,
  number: NumberField,
  select: SelectField,
  multiselect: MultiSelectField,
  tags: TagsField,
  switch: SwitchField,
  date: DateField,
  time: TimeField,
  duration: DurationField,
  file: FileField,
  rows: RowsField,
  libraryVideo: LibraryVideoField,
  custom: ({ field, id, value, onChange, onBlur, disabled, form }) => field.render({ id, value, onChange, onBlur, disabled, values: form.values, setValue: form.setValue, errorOf: form.errorOf }),
};

/** The component of a field's kind. */
export function componentOf(field: FieldDescriptor): ComponentType<FieldProps> {
  return FIELD_KINDS[field.kind] as ComponentType<FieldProps>;
}
