import { useId, useState } from 'react';
import { Button, Label, Menu, MenuButton, MenuItem, MenuList, MenuPopover, MenuTrigger, MessageBar, MessageBarActions, MessageBarBody, ProgressBar, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { BulkListFilter, BulkOverall, BulkQueueStatus, BulkSelection } from '../../../shared/schemas/bulk';
import type { Result } from '../../../shared/result';
import type { SelectionInfo } from '../../components/DataTable/useTableSelection';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useNotify } from '../../components/toast';
import { size } from './queue-columns';
import type { BulkSummaryCounts } from './useBulkQueue';

export const useBarStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  inline: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, whiteSpace: 'nowrap' },
});

/** Runs a call on the queue (useBulkQueue's `act`). */
type Act = <T>(pending: Promise<Result<T>>) => Promise<T | null>;

const timeLeft = (seconds: number | null) => (seconds === null ? '—' : seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`);

/** The queue's toolbar: add, start or pause the whole queue, act on the selected rows, uploads at once. */
export function QueueToolbar({ status, overall, selection, act, onPick, onStart, onRemoved }: {
  status: BulkQueueStatus | null;
  overall: BulkOverall | null;
  selection: BulkSelection | null;
  act: Act;
  onPick: (kind: 'files' | 'folder') => void;
  onStart: () => void;
  onRemoved: () => void;
}) {
  const styles = useBarStyles();
  const concurrencyId = useId();
  return (
    <div className={styles.bar} role="toolbar" aria-label="Queue">
      <Button onClick={() => onPick('files')}>Add files</Button>
      <Button onClick={() => onPick('folder')}>Add folder</Button>
      <RunControl status={status} overall={overall} act={act} onStart={onStart} />
      <SelectedActions selection={selection} act={act} onRemoved={onRemoved} />
      <span className={styles.inline}>
        <Label htmlFor={concurrencyId}>Uploads at once</Label>
        <Select id={concurrencyId} value={String(status?.concurrency ?? 2)} onChange={(_, data) => void act(window.api.bulk.setConcurrency({ concurrency: Number(data.value) }))}>
          {[1, 2, 3, 4, 5, 6].map((n) => (
            <option key={n}>{n}</option>
          ))}
        </Select>
      </span>
    </div>
  );
}

/** What can be done to the selected rows: one menu, so the toolbar keeps one row at 1024 px. */
function SelectedActions({ selection, act, onRemoved }: { selection: BulkSelection | null; act: Act; onRemoved: () => void }) {
  const ids = selection!;
  const actions: [string, () => Promise<unknown>][] = [
    ['Pause selected', () => act(window.api.bulk.pauseItems({ ids }))],
    ['Resume selected', () => act(window.api.bulk.resumeItems({ ids, now: true }))],
    ['Retry selected', () => act(window.api.bulk.retryItems({ ids }))],
    ['Cancel selected', () => act(window.api.bulk.cancelItems({ ids }))],
    ['Keep duplicates', () => act(window.api.bulk.acceptDuplicates({ ids }))],
    ['Send anyway', () => act(window.api.bulk.sendAnyway({ ids }))],
    ['Remove selected', () => act(window.api.bulk.remove({ ids })).then(onRemoved)],
  ];
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <MenuButton disabled={!selection}>Selected items</MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {actions.map(([label, run]) => (
            <MenuItem key={label} onClick={() => void run()}>
              {label}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/**
 * Start, Pause or Resume of the whole queue. Pause lets the uploads in flight finish (what they sent is
 * not thrown away); Stop now cuts them, after saying how much will be sent again.
 */
function RunControl({ status, overall, act, onStart }: { status: BulkQueueStatus | null; overall: BulkOverall | null; act: Act; onStart: () => void }) {
  const styles = useBarStyles();
  const [asking, setAsking] = useState(false);
  const finishing = status && !status.running ? status.finishing : undefined;
  const finished = !!overall && overall.filesTotal > 0 && overall.filesDone === overall.filesTotal;
  if (finished && !status?.active) {
    return (
      <Text weight="semibold" role="status" className={styles.inline}>
        All {overall.filesTotal} {overall.filesTotal === 1 ? 'file' : 'files'} uploaded
      </Text>
    );
  }
  // Running with nothing it can start (every item needs attention) is not uploading: Start stays.
  if (status?.running && status.active) return <Button onClick={() => void act(window.api.bulk.pause({}))}>Pause</Button>;
  const one = finishing?.files === 1;
  return (
    <>
      <Button appearance="primary" onClick={onStart}>
        {status?.paused ? 'Resume' : 'Start'}
      </Button>
      {finishing ? (
        <>
          <Text role="status" className={styles.inline}>
            {one ? 'Pausing: the upload in flight finishes first' : `Pausing: the ${finishing.files} uploads in flight finish first`}
          </Text>
          <Button onClick={() => setAsking(true)}>Stop now…</Button>
        </>
      ) : null}
      <ConfirmDialog
        open={asking && !!finishing}
        title={one ? 'Stop the upload in flight now?' : `Stop the ${finishing?.files ?? 0} uploads in flight now?`}
        text={`${size(finishing?.sent ?? 0)} already sent will be sent again: ${one ? 'the file starts' : 'the files start'} again from the beginning when you resume.`}
        confirmLabel="Stop now"
        cancelLabel="Let it finish"
        danger
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void act(window.api.bulk.pause({ now: true }));
        }}
      />
    </>
  );
}

/** What keeps items from starting (after Start), why the queue stopped by itself, and the server gone. */
export function QueueNotices({ blocked, status, act, onShowBlocked }: { blocked: string | null; status: BulkQueueStatus | null; act: Act; onShowBlocked: () => void }) {
  return (
    <>
      {blocked ? (
        <MessageBar intent="warning" role="alert" layout="multiline">
          <MessageBarBody>
            {blocked}{' '}
            <Button size="small" onClick={onShowBlocked}>
              Show them
            </Button>
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {status?.notice ? (
        <MessageBar intent="warning">
          <MessageBarBody>{status.notice}</MessageBarBody>
          {status.foreign ? (
            <MessageBarActions>
              <Button onClick={() => void act(window.api.bulk.moveHere({}))}>Move the queue here and start</Button>
            </MessageBarActions>
          ) : null}
        </MessageBar>
      ) : null}
      {status?.offline ? (
        <MessageBar intent="warning">
          <MessageBarBody>The server cannot be reached: the queue waits and resumes when it answers.</MessageBarBody>
        </MessageBar>
      ) : null}
    </>
  );
}

/** Files and bytes done of the whole queue, and the way to the items that need attention. */
export function OverallBar({ overall, uploading, filter, onFilter }: { overall: BulkOverall; uploading: boolean; filter: BulkListFilter; onFilter: (filter: BulkListFilter) => void }) {
  const styles = useBarStyles();
  // The rate and the time left only while something uploads (idle, they would read "— · time left 0 s").
  const pace = uploading ? ` · ${overall.rate > 0 ? `${size(overall.rate)}/s` : 'starting'} · time left ${timeLeft(overall.secondsLeft)}` : '';
  return (
    <div className={styles.bar} aria-label="Overall progress" role="status">
      <Text>
        {overall.filesDone} of {overall.filesTotal} files done · {size(overall.bytesSent)} of {size(overall.bytesTotal)}
        {pace}
      </Text>
      <ProgressBar style={{ width: 200 }} value={overall.bytesTotal > 0 ? overall.bytesSent / overall.bytesTotal : 0} aria-label="Overall progress" />
      {overall.needAttention > 0 ? (
        <Button appearance="subtle" onClick={() => onFilter(filter === 'attention' ? 'all' : 'attention')}>
          {filter === 'attention' ? 'Show all items' : `${overall.needAttention} ${overall.needAttention === 1 ? 'item needs' : 'items need'} attention`}
        </Button>
      ) : filter === 'attention' ? (
        <Button appearance="subtle" onClick={() => onFilter('all')}>
          Show all items
        </Button>
      ) : null}
    </div>
  );
}

/** The summary once the queue has run out of work, and its CSV. */
export function SummaryBar({ summary, act }: { summary: BulkSummaryCounts; act: Act }) {
  const notify = useNotify();
  const exportCsv = async () => {
    const saved = await act(window.api.bulk.saveSummary({}));
    if (saved?.saved) notify.success(`Saved ${saved.saved}.`);
  };
  return (
    <MessageBar intent={summary.failed > 0 || summary.attention > 0 ? 'warning' : 'success'}>
      <MessageBarBody>
        Summary: {summary.uploaded} uploaded, {summary.failed} failed, {summary.attention > 0 ? `${summary.attention} ${summary.attention === 1 ? 'needs' : 'need'} attention, ` : ''}
        {summary.skipped} skipped.{' '}
        <Button size="small" onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      </MessageBarBody>
    </MessageBar>
  );
}

/** Over the table while every row of its page is ticked and more match: the whole view can be chosen. */
export function SelectionStatus<T>({ info }: { info: SelectionInfo<T> }) {
  const styles = useBarStyles();
  if (!info.canSelectAll && !info.selection.all) return null;
  return (
    <div className={styles.bar} role="status" aria-label="Selection">
      {info.selection.all ? (
        <>
          <Text>All {info.count} items selected.</Text>
          <Button size="small" onClick={info.clear}>
            Clear selection
          </Button>
        </>
      ) : (
        <>
          <Text>
            {info.count} {info.count === 1 ? 'item' : 'items'} on this page selected.
          </Text>
          <Button size="small" onClick={info.selectAll}>
            Select all {info.matching} items
          </Button>
        </>
      )}
    </div>
  );
}
