import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type * as v from 'valibot';
import type { Result } from '../../../shared/result';
import type { FieldDescriptor } from '../fields/types';

// What an EntityDialog is given: its form's declaration and what it shows around it.

export type AnySchema = v.GenericSchema<FieldValues, FieldValues>;

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
   * typed values and shows the message inside it (a server's refusal is the error toast as well).
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
  /** Content under the fields, e.g. an upload's progress; or made from whether the save is running. */
  status?: ReactNode | ((busy: boolean) => ReactNode);
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
