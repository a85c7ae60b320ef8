import { useRef, useState } from 'react';
import { Button } from '@fluentui/react-components';
import * as v from 'valibot';
import { BASE_FIELD } from '../../shared/api';
import { LIST_BATCH, newBatchId, type BatchRun } from '../../shared/batch';
import { notSelectable, withoutMarks } from '../../shared/tolerant';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { emptySelection, selectedCount, type Selection } from '../components/DataTable/selection';
import type { SelectionInfo, TableSelection } from '../components/DataTable/useTableSelection';
import type { CallId } from '../lib/calls';
import type { WindowSource } from '../lib/windows';
import { BatchDialog, BulkFieldDialog, SelectionBar, countOf, type BulkField } from './BulkBar';
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
}

/** The toast's text after a bulk action that changed something (null: nothing changed). */
export const doneMessage = (job: BatchJob): string | null => {
  const failed = job.summary?.failed.length ?? 0;
  return job.changed > 0 ? `${job.title}: ${job.changed.toLocaleString('en-IN')} done${failed > 0 ? `, ${failed.toLocaleString('en-IN')} failed` : ''}.` : null;
};

/** The form's values of a record with `patch` over them, as the edit form's schema makes them (its output). */
export function patchedValues(schema: v.GenericSchema | undefined, values: Record<string, unknown>, patch: Patch): Record<string, unknown> {
  const next = { ...values, ...patch };
  const parsed = schema ? v.safeParse(schema, next) : null;
  // A record the form would refuse goes as it is: the call's schema in main refuses it, with its message.
  return parsed?.success ? (parsed.output as Record<string, unknown>) : next;
}

/**
 * Selection and bulk actions of a list screen: the table's selection (its `selection` prop) and the
 * dialogs (the field's new value, the delete question naming the count, the progress and the summary).
 */
export function useBulk<T>({ spec, rowId, kept }: { spec: BulkSpec<T> | undefined; rowId: (row: T) => string; kept: WindowSource | undefined }) {
  const [selection, setSelection] = useState<Selection<T>>(emptySelection);
  const [field, setField] = useState<BulkField | null>(null);
  const [deleting, setDeleting] = useState(false);
  // The bar's latest view of the table (its query, its rows): what an action started from the bar runs on.
  const infoRef = useRef<SelectionInfo<T> | null>(null);
  const runner = useBatchRun();
  const { offerUndo, undoAction } = useUndo();
  const names = spec?.names ?? (['row', 'rows'] as const);
  const label = spec?.label ?? rowId;
  const count = selectedCount(selection);

  /** Runs one call on every selected record: "all matching" of a list main keeps is resolved there. */
  const start = async (title: string, call: CallId, input: (row: T) => unknown, patch?: Patch) => {
    const info = infoRef.current;
    if (!info) return;
    const batch = newBatchId();
    const inMain = selection.all && kept && LIST_BATCH[kept.list]?.calls[call];
    let request: BatchRun;
    if (selection.all && kept && inMain) {
      request = { batch, call, matching: { list: kept.list, input: kept.input, ...info.query, except: [...selection.all.except] }, patch };
    } else {
      // A record sharing its id with another never goes: a write by that id could reach either.
      const rows = (selection.all ? await info.resolveRows() : [...selection.rows.values()]).filter((row) => !notSelectable(row));
      request = { batch, call, items: rows.map((row) => ({ key: rowId(row), label: label(row).slice(0, 300), input: { ...(input(row) as object), [BASE_FIELD]: withoutMarks(row as object) } })) };
    }
    setSelection(emptySelection());
    await runner.run(title, request);
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
          onDelete={spec?.remove ? () => setDeleting(true) : undefined}
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
            const update = spec.update!;
            setField(null);
            void start(`Changing ${field.label} of ${countOf(count, names)}`, update.call, (row) => update.input(row, { [field.name]: value }), { [field.name]: value });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting && !!spec?.remove}
        title={`Delete ${countOf(count, names)}`}
        text={`Are you sure you want to delete ${count === 1 ? `this ${names[0]}` : `these ${countOf(count, names)}`}?`}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          const remove = spec!.remove!;
          setDeleting(false);
          void start(`Deleting ${countOf(count, names)}`, remove.call, remove.input);
        }}
      />
      {runner.job ? (
        <BatchDialog
          job={runner.job}
          names={names}
          onRetry={() => void runner.retry()}
          onCancel={runner.cancel}
          onClose={() => {
            // Closed after changes: the toast offers Undo for 10 s, then History keeps it.
            const message = doneMessage(runner.job!);
            runner.close();
            if (message) void offerUndo({ message, batch: runner.job!.batch });
          }}
          actions={
            runner.job.summary && runner.job.changed > 0 ? (
              <Button
                onClick={() => {
                  const { batch } = runner.job!;
                  runner.close();
                  void undoAction(batch);
                }}
              >
                Undo
              </Button>
            ) : null
          }
        />
      ) : null}
    </>
  );
  return { control, dialogs };
}
