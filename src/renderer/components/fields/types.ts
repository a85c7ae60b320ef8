import type { ReactNode } from 'react';
import type { Control, FieldValues } from 'react-hook-form';
import type { PickKind } from '../../../shared/api/app';
import type { PickedFile } from '../FilePicker';

import type { FieldOption } from '../../lib/options';

export { optionsOf, type FieldOption } from '../../lib/options';

export interface FieldBase<N extends string> {
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
  /** Takes the whole width of a two-column form (text areas, lists and files always do). */
  wide?: boolean;
}

/** One column of a rows field (a text box, or a select). */
export interface RowColumn {
  name: string;
  label: string;
  options?: readonly FieldOption[];
  maxLength?: number;
  /** A select whose choice each row makes once: a value chosen in another row is not offered. */
  unique?: boolean;
  /** A long text (a tip of up to 1000 characters): a text area that grows, not a one-line input. */
  multiline?: boolean;
}

/** Each kind of field the entity dialog knows; each has one component in the registry. */
export interface FieldKinds {
  text: { kind: 'text' | 'email' | 'tel' | 'password'; maxLength?: number; autoComplete?: string };
  textarea: { kind: 'textarea'; rows?: number; maxLength?: number };
  /** A number; `currency: 'INR'` shows the amount in rupees beside the box (fees, minimum 0). */
  number: { kind: 'number'; min?: number; max?: number; step?: number; currency?: 'INR' };
  /** A native select; `numeric` stores numbers (0 for none, e.g. a level). */
  select: { kind: 'select'; options: readonly FieldOption[]; numeric?: boolean };
  /** Several choices; `bulk` adds Select All and Deselect All and a count; long choices summarise as 'N {noun}'. */
  multiselect: { kind: 'multiselect'; options: readonly FieldOption[]; bulk?: boolean; noun?: string };
  /** Tags typed as comma-separated entries (the value is string[]). */
  tags: { kind: 'tags' };
  switch: { kind: 'switch'; onLabel: string; offLabel: string; onValue?: unknown; offValue?: unknown };
  /** A date, held as the spec's D-MM-YYYY. */
  date: { kind: 'date'; min?: string; max?: string };
  /** A time of day, held as HH:mm. */
  time: { kind: 'time' };
  /**
   * Hours (0..maxHours), minutes and seconds (0..59): the field's own name holds the hours, `parts`
   * names the minutes and seconds fields. `readOnly` (e.g. read from the file) locks the boxes.
   */
  duration: { kind: 'duration'; maxHours: number; parts: { minutes: string; seconds: string }; readOnly?: (values: FieldValues) => string | null };
  /**
   * A file picked or dropped (granted in main): the value is `{ grantId } | null`. `stored` names a file
   * the record already has; removing a picked file asks first; `onPicked` may read it (a duration).
   */
  file: {
    kind: 'file';
    pick: PickKind;
    emptyText?: string;
    chooseLabel?: string;
    stored?: string;
    /** A message refuses the file (shown as an error); warnings say what to know about it and never block. */
    onPicked?: (file: PickedFile, form: FieldForm) => Promise<PickedNote | string | null> | void;
    /**
     * Which files the field takes, by name: a dropped file skips the open dialog's filter, so another one
     * is refused at once (the field stays empty) with `message`. A field that picks an image takes
     * images only unless it says otherwise (IMAGE_ONLY).
     */
    accept?: { test: (name: string) => boolean; message: string };
    /** Shown under the picker: another way to fill the field (a thumbnail from a frame of the video). */
    below?: (ctx: { form: FieldForm; onChange: (file: PickedFile) => void; disabled: boolean }) => ReactNode;
  };
  /** A list of rows (react-hook-form's field array); `flag` adds a correct-answer radio or checkbox. */
  rows: {
    kind: 'rows';
    columns: readonly RowColumn[];
    newRow: () => Record<string, unknown>;
    /**
     * `several` may follow the form's values (a question's option format): when it turns to one and more
     * than one row is flagged, the rows are checked again at once, so the message shows before a save.
     */
    /**
     * `moved`: said when one flagged row is the rule and choosing another row unflags the one before (how
     * to flag several, where the form allows it).
     */
    flag?: { name: string; label: string; several: boolean | ((values: FieldValues) => boolean); moved?: string };
    max?: number;
    itemLabel?: string;
    addLabel?: string;
    /** A row can be added only when every column of the last row is filled. */
    addWhenComplete?: boolean;
    /** Deleting the only row leaves one empty row instead of none. */
    keepOne?: boolean;
  };
  /** A video of the library, chosen from GET /media/list (of `language` when the form has one). */
  libraryVideo: { kind: 'libraryVideo'; languageField?: string };
  custom: { kind: 'custom'; render: (ctx: CustomFieldContext) => ReactNode };
}

export type FieldKind = FieldKinds[keyof FieldKinds]['kind'];

/** Describes one field of an EntityDialog form. */
export type FieldDescriptor<N extends string = string> = { [K in keyof FieldKinds]: FieldBase<N> & FieldKinds[K] }[keyof FieldKinds];

/** The form around a field: other values, setting them, their messages. */
/** What reading a picked file found: an error, and warnings that do not block. */
export interface PickedNote {
  message?: string | null;
  warnings?: readonly string[];
  /**
   * The file is not playable: it is held (the field is left empty, so the form cannot be saved with it)
   * until the person removes it or chooses Send anyway, which puts it back.
   */
  hold?: { title: string; detail: string };
}

export interface FieldForm {
  values: FieldValues;
  /** Sets another field's value (e.g. a duration read from a picked file). */
  setValue: (name: string, value: unknown) => void;
  /** The validation message of another field (compound fields show their parts' messages). */
  errorOf: (name: string) => string | undefined;
  control: Control<FieldValues>;
  /** Checks a field against the schema now and shows its message (a rule that another field's change affects). */
  validate: (name: string) => void;
}

/** What every field component gets. */
export interface FieldProps<F = FieldDescriptor> {
  field: F;
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  disabled: boolean;
  autoFocus: boolean;
  /** The field's own validation error as react-hook-form reports it (rows read their rows' messages). */
  error: unknown;
  form: FieldForm;
  /**
   * Says a message of the control's own (a refused pick), or null when it goes: while it stands it is the
   * field's one message, in place of the schema's, so one event is said once.
   */
  onMessage: (name: string, message: string | null) => void;
}

/** What a custom field's render gets: its value, and the form's other values for compound fields. */
export type CustomFieldContext = Pick<FieldProps, 'id' | 'value' | 'onChange' | 'onBlur' | 'disabled'> & Omit<FieldForm, 'control' | 'validate'>;

/** The props of the component of one kind. */
export type KindProps<K extends keyof FieldKinds> = FieldProps<FieldBase<string> & FieldKinds[K]>;
