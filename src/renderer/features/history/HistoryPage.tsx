import { ArrowUndoRegular } from '@fluentui/react-icons';
import type { HistoryAction, HistoryRow } from '../../../shared/history';
import type { UndoSummary } from '../../../shared/history';
import type { Result } from '../../../shared/result';
import { callQuery, invoke } from '../../lib/calls';
import { formatDateTime } from '../../lib/format';
import { useUndo } from '../../kit/undo';
import { useActionUndo } from '../../kit/undo-last';
import { action, date, LinkCell, value } from '../../kit/columns';
import { ListScreen } from '../../kit/ListScreen';
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { changeText, useChangeNames, useRecordTarget } from '../../components/RecordChanges';
import { ChangeCell } from './ChangeCell';
import { ActionRecords, EntryRecords, recordsLine } from './ActionRecords';
import type { NameOf } from '../../lib/change-text';

/** The day of an entry, DD/MM/YYYY (the Day filter). */
const dayOf = (r: HistoryAction) => formatDateTime(r.at).slice(0, 10);

/** A single write: its one entry (shown as a record's change); an action of many: null. */
const single = (a: HistoryAction): HistoryRow | null => (a.rows.length === 1 ? a.rows[0]! : null);

function RecordLink({ row }: { row: HistoryRow }) {
  const target = useRecordTarget(row);
  return target ? (
    <LinkCell onClick={target.open} title={`Open ${row.record.label} on ${target.screen}`}>
      {row.record.label}
    </LinkCell>
  ) : (
    <>{row.record.label}</>
  );
}

/** What an action changed, as the Change column reads it. */
const changeOf = (a: HistoryAction, nameOf: NameOf) => {
  const one = single(a);
  if (one) return `${changeText(one, nameOf)}${one.undone ? ' (undone)' : ''}`;
  // The same change on every record ('Difficulty: Medium → Hard (all 3)'), else whose.
  const lines = new Set(a.rows.map((r) => changeText(r, nameOf)));
  return lines.size === 1 ? `${[...lines][0]} (all ${a.count.toLocaleString('en-IN')})` : recordsLine(a);
};

/** The server's answers of an action: its one message, or how many went. */
const answerOf = (a: HistoryAction) => {
  const one = single(a);
  if (one) return one.answer.ok ? one.answer.message : `Failed: ${one.answer.message}`;
  const done = a.count - a.failed;
  return a.failed === 0 ? `${done.toLocaleString('en-IN')} done.` : `${done.toLocaleString('en-IN')} of ${a.count.toLocaleString('en-IN')} done; ${a.failed.toLocaleString('en-IN')} failed.`;
};

interface Undos {
  undoAction: (a: HistoryAction) => Promise<void>;
  undoRecord: (row: HistoryRow) => Promise<void>;
}

const columnsWith = ({ undoAction, undoRecord }: Undos, nameOf: NameOf) => [
  date<HistoryAction>('at', 'When', (r) => new Date(r.at).toISOString(), { width: 150 }),
  value<HistoryAction>('day', 'Day', dayOf, { width: 120, filter: 'select', priority: 3 }),
  value<HistoryAction>('person', 'Person', (r) => r.who?.name ?? '—', { width: 150, filter: 'select' }),
  value<HistoryAction>('screen', 'Screen', (r) => r.screen, { width: 140, filter: 'select' }),
  value<HistoryAction>('record', 'Record or action', (r) => r.title, {
    minWidth: 230,
    cell: (r) => {
      const one = single(r);
      if (!one) return <ActionRecords action={r} nameOf={nameOf} undoRecord={undoRecord} />;
      return one.records ? <EntryRecords row={one} /> : <RecordLink row={one} />;
    },
  }),
  value<HistoryAction>('change', 'Change', (r) => changeOf(r, nameOf), {
    minWidth: 220,
    cell: (r) => {
      const one = single(r);
      return one ? <ChangeCell row={one} nameOf={nameOf} /> : <span title={changeOf(r, nameOf)}>{changeOf(r, nameOf)}</span>;
    },
  }),
  value<HistoryAction>('answer', 'Answer', answerOf, { minWidth: 160, priority: 2 }),
  value<HistoryAction>('server', 'Server', (r) => r.server, { width: 180, priority: 1 }),
  action<HistoryAction>('undo', 'Undo', {
    label: (r) => {
      const one = single(r);
      return one ? `Undo the change of ${one.record.label}` : `Undo ${r.title}`;
    },
    icon: <ArrowUndoRegular />,
    onClick: (r) => void undoAction(r),
    hidden: (r) => r.undo !== null,
  }),
];

/** Undo of one entry as a summary: what the toast and its statement dialog share with Undo of a whole action. */
const undoOne = async (row: HistoryRow): Promise<Result<UndoSummary>> => {
  const result = await invoke('history.undo', { id: row.id });
  if (!result.ok) return result;
  return { ok: true, data: { message: result.data.message, done: 1, notUndone: [] } };
};

/**
 * History: every change this console made, newest first, one row per action (a bulk change of 300
 * questions is one row, its records inside; main groups them): filters by day, person and screen, a
 * link to each record, Undo of a whole action in one step (after the questions every Undo asks), a
 * record's own Undo in its action's details, and the table's CSV export.
 */
export default function HistoryPage() {
  const { undoRows } = useUndo();
  const { undoAction } = useActionUndo();
  const nameOf = useChangeNames();
  const client = useQueryClient();
  /** Its Undo button is gone after: the focus goes to the row (not to the heading) once the list is read again. */
  const focusRow = useCallback(
    async (id: string) => {
      await client.refetchQueries({ queryKey: ['history'] });
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-history-id="${CSS.escape(id)}"]`)?.closest<HTMLElement>('tr')?.focus());
    },
    [client],
  );
  const undos = useCallback<() => Undos>(
    () => ({
      undoAction: async (a) => {
        await undoAction(a);
        await focusRow(single(a)?.id ?? a.id);
      },
      undoRecord: async (row) => {
        await undoRows([row], () => undoOne(row));
        await client.refetchQueries({ queryKey: ['history'] });
      },
    }),
    [undoAction, undoRows, focusRow, client],
  );
  const columns = useCallback(() => columnsWith(undos(), nameOf), [undos, nameOf]);
  return (
    <ListScreen
      title="History"
      subtitle="Every change made from this console, newest first: a bulk change is one row with its records inside. Undo writes an edit's previous values back, or creates a deleted record again; Ctrl+Z undoes the last change made since the app started."
      list={{ ...callQuery('history.actions'), staleTime: 0 }}
      rowId={(r) => r.id}
      columns={columns}
      search={{ placeholder: 'Search the history', text: (r) => `${r.title} ${r.screen} ${r.who?.name ?? ''} ${r.rows.map((row) => `${row.record.label} ${changeText(row, nameOf, true)}`).join(' ')} ${answerOf(r)}` }}
      pageSize={50}
      pageSizes={[50, 100, 500]}
      sayFilters
      emptyText="No changes yet: what you add, edit or delete from this console shows here."
    />
  );
}
