import { useRef, useState, type ReactNode } from 'react';
import { Button } from '@fluentui/react-components';
import * as v from 'valibot';
import { LIST_BATCH, NOT_RUN, batchItemOf, formCheck, newBatchId, refusal, type BatchFailure, type BatchRun, type Refusal } from '../../shared/batch';
import type { ActionName } from '../../shared/history';
import { plural } from '../../shared/plural';
import { notSelectable, withoutMarks } from '../../shared/tolerant';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { emptySelection, selectedCount, type Selection } from '../components/DataTable/selection';
import type { SelectionInfo, TableSelection } from '../components/DataTable/useTableSelection';
import { failureText, type CallId, type MessageRules } from '../lib/calls';
import type { WindowSource } from '../lib/windows';
import { BatchDialog, BulkFieldDialog, SelectionBar, countOf, type BulkField } from './BulkBar';
import type { ActionEnding } from '../lib/background-work';
import { useBatchRun, type BatchJob } from './useBatchRun';
import { useUndo } from './undo';

export type Patch = Record<string, string | number | boolean>;

/** What a screen can do to many of its records (the kit makes it from the resource; see Resource.bulk). */
export interface BulkSpec<T> {
  /** What one and many records are called: ['file', 'files']. */
  names: readonly [string, string];
  /** A record's name (its check box, the summary). */
  label: (row: T) => string;
  fields?: readonly BulkField[];
  /** The update call and a record's input with the new values. */
  update?: { call: CallId; input: (row: T, patch: Patch) => unknown };
  /** The delete call and a record's input. */
  remove?: { call: CallId; input: (row: T) => unknown };
  /** The delete question of one record (the screen's own, the spec's words); several are asked by count and named. */
  removeQuestion?: (row: T) => ReactNode;
  /** The toast after a delete that removed records, when the spec fixes the delete's message (and its time). */
  removed?: { text: string; timeout?: number };
  /** The toast after a change that changed records, when the spec fixes the update's message (and its time). */
  updated?: { text: string; timeout?: number };
  /** The screen's message rules of a failed delete and a failed update (a bare failure's fallback, an override). */
  failureRules?: { remove?: FailureRules; update?: FailureRules };
  /** Records no bulk action takes (one's own account), and why: said in the bar while one is selected. */
  keptOut?: { row: (row: T) => boolean; reason: string };
  /** Asked once before a change is applied, naming how many (the spec's confirmation of an edit). */
  confirmChange?: (count: number) => { title: string; text: string };
}

type FailureRules = Pick<MessageRules<unknown>, 'fallback' | 'override'>;

/** How many names a delete question lists before "and N more". */
const NAMED = 10;

/** The toast's text after a bulk action that changed something (null: nothing changed). */
export const doneMessage = (job: Pick<BatchJob, 'title' | 'changed' | 'summary'>): string | null => {
  const failed = job.summary?.failed.length ?? 0;
  return job.changed > 0 ? `${job.title}: ${job.changed.toLocaleString('en-IN')} done${failed > 0 ? `, ${failed.toLocaleString('en-IN')} failed` : ''}.` : null;
};

/** Said of a record whose edit form keeps its submit disabled though its fields pass (none says why). */
export const FORM_WOULD_NOT_SAVE = 'Its Edit form would not save it as it is.';

/**
 * The form's values of a record with `patch` over them, as the edit form's schema makes them (its
 * output); or, when the form would refuse them (its schema, or its submit kept disabled), the form's
 * message: the record fails before any call, as its Edit would not save it.
 */
export function patchedValues(
  form: { schema?: v.GenericSchema; canSubmit?: (values: never) => boolean } | undefined,
  values: Record<string, unknown>,
  patch: Patch,
): Record<string, unknown> | Refusal {
  const next = { ...values, ...patch };
  if (!form?.schema) return next;
  const checked = formCheck(form.schema, next);
  if (!checked.ok) return refusal(checked.message);
  if (form.canSubmit && !form.canSubmit(next as never)) return refusal(FORM_WOULD_NOT_SAVE);
  return checked.output as Record<string, unknown>;
}

/** One record's failure as a single save or delete of it would say it (the screen's rules over main's message). */
const failureOf = (f: BatchFailure, rules: FailureRules | undefined): string =>
  rules && f.message !== NOT_RUN ? failureText({ kind: f.kind ?? 'http', message: f.message, ...(f.status !== undefined ? { status: f.status } : {}) }, rules) : f.message;

/**
 * What a bulk action's failures say as an error toast, under the screen's rules (the specs show a failed
 * save's or delete's message as an error toast): each different message once, as one record's would read.
 */
export function failuresMessage(failed: readonly BatchFailure[], rules: FailureRules | undefined): string | null {
  // Records a cancel left untouched were not refused: the summary lists them, and Retry failed runs them.
  const refused = failed.filter((f) => f.message !== NOT_RUN);
  if (refused.length === 0) return null;
  const texts = [...new Set(refused.map((f) => failureOf(f, rules)))];
  const shown = texts.slice(0, 3).join(' ');
  return texts.length > 3 ? `${shown} (and ${plural(texts.length - 3, 'other reason')}: the summary lists each record)` : shown;
}

/**
 * The toasts that say a bulk action's end: what it did (with Undo for 10 s, then History keeps it), in
 * the spec's message for the spec's time when it fixes one, and what failed in the screen's failure
 * message, as a single record's would. The shell raises them (app/work/ActionEndToasts).
 */
export function endToasts(work: Pick<BatchJob, 'title' | 'changed' | 'summary'>, ending: ActionEnding): { done: { text: string; timeout?: number } | null; failed: string | null } {
  const fixed = ending.spoken && work.changed > 0 ? ending.spoken : undefined;
  const text = fixed ? fixed.text : doneMessage(work);
  return { done: text ? { text, ...(fixed?.timeout !== undefined ? { timeout: fixed.timeout } : {}) } : null, failed: failuresMessage(work.summary?.failed ?? [], ending.failureRules) };
}

/**
 * The progress and summary of a running bulk action. Closed (or the screen left), the shell says its
 * end in toasts (endToasts); its Undo undoes the action at once.
 */
function BatchResult({ runner, names, failureRules }: { runner: ReturnType<typeof useBatchRun>; names: readonly [string, string]; failureRules: FailureRules | undefined }) {
  const { undoAction } = useUndo();
  const job = runner.job;
  if (!job) return null;
  const undo = () => {
    runner.close(true);
    void undoAction(job.batch);
  };
  // The summary lists each record's failure in the same words.
  const shown = job.summary && failureRules ? { ...job, summary: { ...job.summary, failed: job.summary.failed.map((f) => ({ ...f, message: failureOf(f, failureRules) })) } } : job;
  return (
    <BatchDialog
      job={shown}
      names={names}
      onRetry={() => void runner.retry()}
      onCancel={runner.cancel}
      onClose={() => runner.close()}
      actions={job.summary && job.changed > 0 ? <Button onClick={undo}>Undo</Button> : null}
    />
  );
}

/** One record: the screen's own question; several: how many, and their names when the page holds them. */
function deleteQuestionOf<T>({ rows, count, names, label, rowId, removeQuestion }: { rows: T[] | null; count: number; names: readonly [string, string]; label: (row: T) => string; rowId: (row: T) => string; removeQuestion?: (row: T) => ReactNode }): ReactNode {
  if (rows?.length === 1 && removeQuestion) return removeQuestion(rows[0]!);
  const asked = `Are you sure you want to delete ${count === 1 ? `this ${names[0]}` : `these ${countOf(count, names)}`}?`;
  if (!rows || rows.length < 2) return asked;
  return (
    <>
      <p style={{ marginTop: 0 }}>{asked}</p>
      <ul style={{ marginBottom: 0, paddingInlineStart: 20 }} aria-label={`The ${names[1]}`}>
        {rows.slice(0, NAMED).map((row) => (
          <li key={rowId(row)}>{label(row)}</li>
        ))}
        {rows.length > NAMED ? <li>{`and ${(rows.length - NAMED).toLocaleString('en-IN')} more`}</li> : null}
      </ul>
    </>
  );
}

/**
 * Selection and bulk actions of a list screen: the table's selection (its `selection` prop) and the
 * dialogs (the field's new value, the delete question naming the count, the progress and the summary).
 */
export function useBulk<T>({ spec, rowId, kept }: { spec: BulkSpec<T> | undefined; rowId: (row: T) => string; kept: WindowSource | undefined }) {
  const [selection, setSelection] = useState<Selection<T>>(emptySelection);
  const [field, setField] = useState<BulkField | null>(null);
  const [deleting, setDeleting] = useState(false);
  // The records an "all matching" delete names, read from the list the page holds (null: not read).
  const [matchingRows, setMatchingRows] = useState<T[] | null>(null);
  // A change chosen and waiting for the spec's confirmation.
  const [confirming, setConfirming] = useState<{ field: BulkField; value: string | number } | null>(null);
  // What the running action is: a delete's toast may be the spec's message.
  const kind = useRef<'change' | 'delete'>('change');
  // The bar's latest view of the table (its query, its rows): what an action started from the bar runs on.
  const infoRef = useRef<SelectionInfo<T> | null>(null);
  const runner = useBatchRun();
  const names = spec?.names ?? (['row', 'rows'] as const);
  const label = spec?.label ?? rowId;
  const keptOut = spec?.keptOut;
  // The ticked records the actions leave out (not knowable row by row under "all matching": the bar says it may be).
  const picked = selection.all ? null : [...selection.rows.values()];
  const keptOutPicked = keptOut && picked ? picked.filter(keptOut.row).length : 0;
  const count = selectedCount(selection) - keptOutPicked;
  const takes = (row: T) => !notSelectable(row) && !keptOut?.row(row);

  /** Runs one call on every selected record: "all matching" of a list main keeps is resolved there. */
  const start = async (title: string, action: ActionName, call: CallId, input: (row: T) => unknown, patch?: Patch) => {
    const info = infoRef.current;
    if (!info) return;
    const batch = newBatchId();
    // Records kept out are known here only: then the renderer resolves "all matching" itself.
    const inMain = selection.all && kept && !keptOut && LIST_BATCH[kept.list]?.calls[call];
    let request: BatchRun;
    if (selection.all && kept && inMain) {
      request = { batch, call, action, matching: { list: kept.list, input: kept.input, ...info.query, except: [...selection.all.except] }, patch };
    } else {
      // A record sharing its id with another never goes: a write by that id could reach either.
      const rows = (selection.all ? await info.resolveRows() : [...selection.rows.values()]).filter(takes);
      request = { batch, call, action, items: rows.map((row) => batchItemOf(rowId(row), label(row).slice(0, 300), input(row), withoutMarks(row as object))) };
    }
    setSelection(emptySelection());
    // Said the way one record's delete or save would say it.
    const deleting = kind.current === 'delete';
    await runner.run(title, request, {
      spoken: deleting ? spec?.removed : spec?.updated,
      failureRules: deleting ? spec?.failureRules?.remove : spec?.failureRules?.update,
    });
  };

  /** A change of one field on the selected records. */
  const change = (field: BulkField, value: string | number) => {
    const update = spec!.update!;
    kind.current = 'change';
    // History names the action by what it did: 'Changed Difficulty of 300 questions'.
    void start(`Changing ${field.label} of ${countOf(count, names)}`, { did: `Changed ${field.label} of`, names: [names[0], names[1]] }, update.call, (row) => update.input(row, { [field.name]: value }), { [field.name]: value });
  };

  const deleteQuestion = () => deleteQuestionOf({ rows: picked?.filter(takes) ?? matchingRows, count, names, label, rowId, removeQuestion: spec?.removeQuestion });

  /** Asks the delete question; "all matching" of a list the page holds names its records too (a kept list's may be a million). */
  const askDelete = async () => {
    const info = infoRef.current;
    setMatchingRows(selection.all && !kept && info ? (await info.resolveRows()).filter(takes) : null);
    setDeleting(true);
  };

  const control: TableSelection<T> = {
    value: selection,
    onChange: setSelection,
    bar: (current) => {
      infoRef.current = current;
      return (
        <SelectionBar
          info={current as SelectionInfo<unknown>}
          fields={spec?.update ? (spec.fields ?? []) : []}
          onField={setField}
          onDelete={spec?.remove ? () => void askDelete() : undefined}
          note={keptOut && (selection.all || keptOutPicked > 0) ? keptOut.reason : undefined}
          actionsDisabled={count <= 0}
        />
      );
    },
  };

  const dialogs = (
    <>
      {field && spec?.update ? (
        <BulkFieldDialog
          field={field}
          count={count}
          names={names}
          onCancel={() => setField(null)}
          onApply={(value) => {
            setField(null);
            if (spec.confirmChange) setConfirming({ field, value });
            else change(field, value);
          }}
        />
      ) : null}
      {spec?.confirmChange ? (
        <ConfirmDialog
          open={confirming !== null}
          title={spec.confirmChange(count).title}
          text={spec.confirmChange(count).text}
          confirmLabel="Yes, change"
          cancelLabel="No"
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const chosen = confirming!;
            setConfirming(null);
            change(chosen.field, chosen.value);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting && !!spec?.remove}
        title={`Delete ${countOf(count, names)}`}
        text={deleteQuestion()}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          const remove = spec!.remove!;
          setDeleting(false);
          kind.current = 'delete';
          void start(`Deleting ${countOf(count, names)}`, { did: 'Deleted', names: [names[0], names[1]] }, remove.call, remove.input);
        }}
      />
      <BatchResult runner={runner} names={names} failureRules={kind.current === 'delete' ? spec?.failureRules?.remove : spec?.failureRules?.update} />
    </>
  );
  return { control, dialogs };
}
