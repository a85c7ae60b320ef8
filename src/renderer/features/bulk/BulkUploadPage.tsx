import { useCallback, useEffect, useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { BulkAddResult, BulkItemView, BulkListFilter, BulkMetaPatch, BulkSelection, BulkView } from '../../../shared/schemas/bulk';
import { DataTable } from '../../components/DataTable';
import { emptySelection, selectedCount, type Selection } from '../../components/DataTable/selection';
import type { TableSelection } from '../../components/DataTable/useTableSelection';
import { PageHeader } from '../../components/PageHeader';
import { useNotify } from '../../components/toast';
import { BulkDropZone, addedMessage } from '../../components/BulkDropZone';
import { DefaultsPanel } from './DefaultsPanel';
import { useQueueColumns } from './queue-columns';
import { OverallBar, QueueNotices, QueueToolbar, SelectionStatus, SummaryBar } from './QueueBars';
import { useBulkQueue } from './useBulkQueue';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, height: '100%', minHeight: 0 },
  body: { display: 'flex', gap: tokens.spacingHorizontalL, flex: 1, minHeight: 0 },
  grid: { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
});

/** What main acts on: the ids ticked, or every row of the view shown ("Select all N") but the unticked. */
const bulkSelectionOf = (selection: Selection<BulkItemView>, view: BulkView): BulkSelection | null =>
  selectedCount(selection) === 0 ? null : selection.all ? { ...view, except: [...selection.all.except] } : [...selection.rows.keys()];

/** The table's selection (the DataTable's own model), started anew with each view (filter or search). */
function useQueueSelection(view: BulkView) {
  const [selection, setSelection] = useState<Selection<BulkItemView>>(emptySelection);
  useEffect(() => setSelection(emptySelection()), [view.filter, view.search]);
  const control: TableSelection<BulkItemView> = { value: selection, onChange: setSelection, bar: (info) => <SelectionStatus info={info} /> };
  return { control, chosen: bulkSelectionOf(selection, view), count: selectedCount(selection), clear: () => setSelection(emptySelection()) };
}

export default function BulkUploadPage() {
  const styles = useStyles();
  const notify = useNotify();
  const [filter, setFilter] = useState<BulkListFilter>('all');
  const { status, overall, summary, shown, source, act } = useBulkQueue(filter);
  const selection = useQueueSelection(shown.view);
  /** After Start: what keeps items from starting (kept up to date while it shows). */
  const [startPressed, setStartPressed] = useState(false);
  const columns = useQueueColumns();

  const added = useCallback((result: BulkAddResult | null) => result && notify.success(addedMessage(result)), [notify]);
  const apply = async (patch: BulkMetaPatch, to: 'selected' | 'all') => {
    const answer = await act(window.api.bulk.edit({ ids: to === 'all' || !selection.chosen ? 'all' : selection.chosen, patch }));
    if (answer) notify.success(`Applied to ${answer.changed} ${answer.changed === 1 ? 'item' : 'items'}${answer.skipped ? ` (${answer.skipped} uploading or uploaded, left as they are)` : ''}.`);
  };
  const start = () => {
    setStartPressed(true);
    void act(window.api.bulk.start({}));
  };

  return (
    <BulkDropZone className={styles.page} onDropped={(result) => (result.ok ? added(result.data) : notify.error(result.error.message))}>
      <PageHeader title="Bulk Upload" />
      <QueueToolbar
        status={status}
        overall={overall}
        selection={selection.chosen}
        act={act}
        onPick={(kind) => void act(window.api.bulk.pick({ kind })).then(added)}
        onStart={start}
        onRemoved={selection.clear}
      />
      <QueueNotices blocked={startPressed && filter === 'all' ? shown.blocked : null} status={status} act={act} onShowBlocked={() => setFilter('attention')} />
      {/* An empty queue has its empty state, not a progress of nothing. */}
      {overall && overall.filesTotal > 0 ? <OverallBar overall={overall} uploading={!!status?.active} filter={filter} onFilter={setFilter} /> : null}
      {summary ? <SummaryBar summary={summary} act={act} /> : null}
      <div className={styles.body}>
        <div className={styles.grid}>
          <DataTable
            ariaLabel="Bulk upload queue"
            columns={columns}
            window={source}
            getRowId={(r) => r.id}
            rowLabel={(r) => r.file.name}
            selection={selection.control}
            pageSize={100}
            overscan={3}
            pageSizeOptions={[20, 50, 100, 200, 500]}
            emptyText={filter === 'attention' && overall && overall.filesTotal > 0 ? 'No item needs attention now: the items fixed went back to the queue. Show all items to see them.' : 'Add files or a folder, or drop them here.'}
            searchPlaceholder="Search the queue"
          />
        </div>
        <DefaultsPanel selection={selection.chosen} selectedCount={selection.count} onApply={(patch, to) => void apply(patch, to)} />
      </div>
    </BulkDropZone>
  );
}
