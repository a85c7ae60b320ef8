import { ArrowUndoRegular } from '@fluentui/react-icons';
import type { HistoryRow } from '../../../shared/history';
import type { UndoSummary } from '../../../shared/history';
import type { Result } from '../../../shared/result';
import { callQuery, invoke } from '../../lib/calls';
import { formatDateTime } from '../../lib/format';
import { useUndo } from '../../kit/undo';
import { action, date, LinkCell, value } from '../../kit/columns';
import { ListScreen } from '../../kit/ListScreen';
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { changeText, useChangeNames, useRecordTarget } from '../../components/RecordChanges';
import { ChangeCell } from './ChangeCell';
import type { NameOf } from '../../lib/change-text';

/** The day of an entry, DD/MM/YYYY (the Day filter). */
const dayOf = (r: HistoryRow) => formatDateTime(r.at).slice(0, 10);

function RecordLink({ row }: { row: HistoryRow }) {
  const target = useRecordTarget(row);
  return target ? (
    <LinkCell onClick={target.open} title={`Open ${row.record.label} on ${row.screen}`}>
      {row.record.label}
    </LinkCell>
  ) : (
    <>{row.record.label}</>
  );
}

const columnsWith = (undo: (row: HistoryRow) => Promise<void>, nameOf: NameOf) => [
  date<HistoryRow>('at', 'When', (r) => new Date(r.at).toISOString(), { width: 150 }),
  value<HistoryRow>('day', 'Day', dayOf, { width: 120, filter: 'select', priority: 3 }),
  value<HistoryRow>('person', 'Person', (r) => r.who?.name ?? '—', { width: 150, filter: 'select' }),
  value<HistoryRow>('screen', 'Screen', (r) => r.screen, { width: 140, filter: 'select' }),
  value<HistoryRow>('record', 'Record', (r) => r.record.label, { minWidth: 180, cell: (r) => <RecordLink row={r} /> }),
  value<HistoryRow>('change', 'Change', (r) => `${changeText(r, nameOf)}${r.undone ? ' (undone)' : ''}`, { minWidth: 220, cell: (r) => <ChangeCell row={r} nameOf={nameOf} /> }),
  value<HistoryRow>('answer', 'Answer', (r) => (r.answer.ok ? r.answer.message : `Failed: ${r.answer.message}`), { minWidth: 160, priority: 2 }),
  value<HistoryRow>('server', 'Server', (r) => r.server, { width: 180, priority: 1 }),
  action<HistoryRow>('undo', 'Undo', { label: (r) => `Undo the change of ${r.record.label}`, icon: <ArrowUndoRegular />, onClick: (r) => void undo(r), hidden: (r) => r.undo !== null }),
];

/** Undo of one entry as a summary: what the toast and its statement dialog share with Undo of a whole action. */
const undoOne = async (row: HistoryRow): Promise<Result<UndoSummary>> => {
  const result = await invoke('history.undo', { id: row.id });
  if (!result.ok) return result;
  return { ok: true, data: { message: result.data.message, done: 1, notUndone: [] } };
};

/**
 * History: every change this console made, newest first (main keeps it in userData): filters by day,
 * person and screen, a link to each record, Undo of an edit or of a delete (after saying what cannot
 * come back), and the table's CSV export.
 */
export default function HistoryPage() {
  const { undoRows } = useUndo();
  const nameOf = useChangeNames();
  const client = useQueryClient();
  const undo = useCallback(
    async (row: HistoryRow) => {
      await undoRows([row], () => undoOne(row));
      // Its Undo button is gone now: the focus goes to the entry's row (not to the heading) once the list is read again.
      await client.refetchQueries({ queryKey: ['history'] });
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-history-id="${CSS.escape(row.id)}"]`)?.closest<HTMLElement>('tr')?.focus());
    },
    [undoRows, client],
  );
  const columns = useCallback(() => columnsWith(undo, nameOf), [undo, nameOf]);
  return (
    <ListScreen
      title="History"
      subtitle="Every change made from this console, newest first. Undo writes an edit's previous values back, or creates a deleted record again."
      list={{ ...callQuery('history.list'), staleTime: 0 }}
      rowId={(r) => r.id}
      columns={columns}
      search={{ placeholder: 'Search the history', text: (r) => `${r.record.label} ${r.screen} ${r.who?.name ?? ''} ${changeText(r, nameOf, true)} ${r.answer.message}` }}
      pageSize={50}
      pageSizes={[50, 100, 500]}
      emptyText="No changes yet: what you add, edit or delete from this console shows here."
    />
  );
}
