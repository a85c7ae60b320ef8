import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button, Label, MessageBar, MessageBarActions, MessageBarBody, ProgressBar, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { bulkBlockedText } from '../../../shared/bulk-summary';
import type { BulkAddResult, BulkItemView, BulkListFilter, BulkMetaPatch, BulkOverall, BulkQueueStatus } from '../../../shared/schemas/bulk';
import type { Result } from '../../../shared/result';
import { DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { useNotify } from '../../components/toast';
import { BulkDropZone, addedMessage } from '../../components/BulkDropZone';
import { DefaultsPanel } from './DefaultsPanel';
import { SelectionContext, size, useQueueColumns, type QueueSelection } from './queue-columns';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, height: '100%', minHeight: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  body: { display: 'flex', gap: tokens.spacingHorizontalL, flex: 1, minHeight: 0 },
  grid: { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  inline: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, whiteSpace: 'nowrap' },
});

const timeLeft = (seconds: number | null) => (seconds === null ? '—' : seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`);

async function unwrapOr<T>(pending: Promise<Result<T>>, onError: (message: string) => void): Promise<T | null> {
  const result = await pending;
  if (result.ok) return result.data;
  onError(result.error.message);
  return null;
}

export default function BulkUploadPage() {
  const styles = useStyles();
  const notify = useNotify();
  const concurrencyId = useId();
  const [rows, setRows] = useState<BulkItemView[]>([]);
  const [status, setStatus] = useState<BulkQueueStatus | null>(null);
  const [overall, setOverall] = useState<BulkOverall | null>(null);
  const [filter, setFilter] = useState<BulkListFilter>('all');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [summary, setSummary] = useState<{ uploaded: number; failed: number; skipped: number } | null>(null);
  /** After Start: what keeps items from starting (kept up to date while it shows). */
  const [startPressed, setStartPressed] = useState(false);
  const filterRef = useRef(filter);
  filterRef.current = filter;
  const error = useCallback((message: string) => notify.error(message), [notify]);

  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  /** A pick or a drop is being added: its own reload follows, so change events wait for it. */
  const adding = useRef(0);

  const reload = useCallback(async () => {
    const out: BulkItemView[] = [];
    // Windows of 1,000 rows (the call's limit) until the whole queue is here; the first one shows at
    // once (10,000 queued files are about 8 MB of rows: the grid does not wait for all of them).
    for (let offset = 0; ; offset += 1000) {
      const page = await unwrapOr(window.api.bulk.list({ offset, limit: 1000, filter: filterRef.current }), error);
      if (!page) return;
      out.push(...page.rows);
      if (out.length >= page.total || page.rows.length === 0) break;
      if (offset === 0) setRows([...out, ...rowsRef.current.slice(out.length)]);
    }
    setRows(out);
    const s = await unwrapOr(window.api.bulk.status({}), error);
    if (s) {
      setStatus(s.status);
      setOverall(s.overall);
      // Opened after the queue finished (the finished event went to another screen, or before a restart):
      // nothing left it can do by itself, so the summary shows.
      const { filesDone, filesTotal, needAttention } = s.overall;
      if (!s.status.active && filesDone > 0 && filesDone + needAttention >= filesTotal) {
        const answer = await window.api.bulk.summary({});
        if (answer.ok) setSummary(answer.data);
      }
    }
  }, [error]);

  useEffect(() => {
    void reload();
  }, [reload, filter]);

  /** Rows that changed, fetched again and put in place (a probe or an upload changes a few at a time). */
  const refresh = useCallback(
    async (ids: readonly string[]) => {
      const fresh = await unwrapOr(window.api.bulk.get({ ids: [...ids] }), error);
      if (!fresh) return;
      const byId = new Map(fresh.map((r) => [r.id, r]));
      setRows((old) => old.map((r) => byId.get(r.id) ?? r));
    },
    [error],
  );

  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | null = null;
    let changedAll = false;
    const changed = new Set<string>();
    const catchUp = () => {
      pending = null;
      if (adding.current > 0) return;
      const ids = [...changed];
      const all = changedAll;
      changed.clear();
      changedAll = false;
      const shown = new Set(rowsRef.current.map((r) => r.id));
      // Only rows already shown, under no filter, are patched; anything else (new rows, rows that may
      // enter or leave a filter) reloads the list.
      if (!all && filterRef.current === 'all' && ids.length <= 1000 && ids.every((id) => shown.has(id))) void refresh(ids);
      else void reload();
    };
    return window.api.on('bulk:changed', (event) => {
      setStatus(event.status);
      setOverall(event.overall);
      if (event.finished) void window.api.bulk.summary({}).then((r) => r.ok && setSummary(r.data));
      // Progress patches the rows at once; changed rows are fetched again (coalesced).
      if (event.progress.length > 0) {
        const byId = new Map(event.progress.map((p) => [p.id, p]));
        setRows((old) => old.map((r) => (byId.has(r.id) ? { ...r, sent: byId.get(r.id)!.sent, percent: byId.get(r.id)!.percent, rate: byId.get(r.id)!.rate } : r)));
      }
      if (event.changed === 'all') changedAll = true;
      else for (const id of event.changed) changed.add(id);
      if (changedAll || changed.size > 0) pending ??= setTimeout(catchUp, 150);
    });
  }, [reload, refresh]);

  const added = useCallback(
    (result: BulkAddResult | null) => {
      if (!result) return;
      notify.success(addedMessage(result));
      void reload();
    },
    [notify, reload],
  );

  const pick = async (kind: 'files' | 'folder') => {
    adding.current += 1;
    try {
      added(await unwrapOr(window.api.bulk.pick({ kind }), error));
    } finally {
      adding.current -= 1;
    }
  };
  const ids = () => [...selected];
  const control = async (call: Promise<Result<{ status: BulkQueueStatus; overall: BulkOverall }>>) => {
    const answer = await unwrapOr(call, error);
    if (answer) {
      setStatus(answer.status);
      setOverall(answer.overall);
    }
    void reload();
  };
  const apply = async (patch: BulkMetaPatch, to: 'selected' | 'all') => {
    const answer = await unwrapOr(window.api.bulk.edit({ ids: to === 'all' ? 'all' : ids(), patch }), error);
    if (answer) notify.success(`Applied to ${answer.changed} ${answer.changed === 1 ? 'item' : 'items'}${answer.skipped ? ` (${answer.skipped} uploading or uploaded, left as they are)` : ''}.`);
    void reload();
  };

  const columns = useQueueColumns();
  const selection = useMemo<QueueSelection>(() => ({ selected, shown: rows.map((r) => r.id), set: setSelected }), [selected, rows]);

  const active = status?.running ?? false;
  const chosen = ids();
  const finished = !!overall && overall.filesTotal > 0 && overall.filesDone === overall.filesTotal;
  const blocked = startPressed && filter === 'all' ? bulkBlockedText(rows) : null;
  const start = () => {
    setStartPressed(true);
    void control(window.api.bulk.start({}));
  };
  return (
    <BulkDropZone className={styles.page} onDropped={(result) => added(result.ok ? result.data : (error(result.error.message), null))}>
      <PageHeader title="Bulk Upload" />
      <div className={styles.bar} role="toolbar" aria-label="Queue">
        <Button onClick={() => void pick('files')}>Add files</Button>
        <Button onClick={() => void pick('folder')}>Add folder</Button>
        {finished && !active ? (
          <Text weight="semibold" role="status" className={styles.inline}>
            All {overall.filesTotal} {overall.filesTotal === 1 ? 'file' : 'files'} uploaded
          </Text>
        ) : active ? (
          <Button onClick={() => void control(window.api.bulk.pause({}))}>Pause</Button>
        ) : (
          <Button appearance="primary" onClick={start}>
            {overall && overall.filesDone > 0 && overall.filesDone + overall.needAttention < overall.filesTotal ? 'Resume' : 'Start'}
          </Button>
        )}
        <Button disabled={chosen.length === 0} onClick={() => void control(window.api.bulk.pauseItems({ ids: chosen }))}>
          Pause selected
        </Button>
        <Button disabled={chosen.length === 0} onClick={() => void control(window.api.bulk.resumeItems({ ids: chosen, now: true }))}>
          Resume selected
        </Button>
        <Button disabled={chosen.length === 0} onClick={() => void control(window.api.bulk.retryItems({ ids: chosen }))}>
          Retry selected
        </Button>
        <Button disabled={chosen.length === 0} onClick={() => void control(window.api.bulk.cancelItems({ ids: chosen }))}>
          Cancel selected
        </Button>
        <Button disabled={chosen.length === 0} onClick={() => void window.api.bulk.acceptDuplicates({ ids: chosen }).then(() => reload())}>
          Keep duplicates
        </Button>
        <Button
          disabled={chosen.length === 0}
          onClick={() =>
            void window.api.bulk.remove({ ids: chosen }).then(() => {
              setSelected(new Set());
              return reload();
            })
          }
        >
          Remove selected
        </Button>
        <span className={styles.inline}>
          <Label htmlFor={concurrencyId}>Uploads at once</Label>
          <Select
            id={concurrencyId}
            value={String(status?.concurrency ?? 2)}
            onChange={(_, data) => void control(window.api.bulk.setConcurrency({ concurrency: Number(data.value) }))}
          >
            {[1, 2, 3, 4, 5, 6].map((n) => (
              <option key={n}>{n}</option>
            ))}
          </Select>
        </span>
      </div>
      {blocked ? (
        <MessageBar intent="warning" role="alert" layout="multiline">
          <MessageBarBody>
            {blocked}{' '}
            <Button size="small" onClick={() => setFilter('attention')}>
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
              <Button onClick={() => void control(window.api.bulk.moveHere({}))}>Move the queue here and start</Button>
            </MessageBarActions>
          ) : null}
        </MessageBar>
      ) : null}
      {status?.offline ? (
        <MessageBar intent="warning">
          <MessageBarBody>The server cannot be reached: the queue waits and resumes when it answers.</MessageBarBody>
        </MessageBar>
      ) : null}
      {overall ? (
        <div className={styles.bar} aria-label="Overall progress" role="status">
          <Text>
            {overall.filesDone} of {overall.filesTotal} files done · {size(overall.bytesSent)} of {size(overall.bytesTotal)} · {overall.rate > 0 ? `${size(overall.rate)}/s` : '—'} · time left{' '}
            {timeLeft(overall.secondsLeft)}
          </Text>
          <ProgressBar style={{ width: 200 }} value={overall.bytesTotal > 0 ? overall.bytesSent / overall.bytesTotal : 0} aria-label="Overall progress" />
          {overall.needAttention > 0 ? (
            <Button appearance="subtle" onClick={() => setFilter(filter === 'attention' ? 'all' : 'attention')}>
              {filter === 'attention' ? 'Show all items' : `${overall.needAttention} ${overall.needAttention === 1 ? 'item needs' : 'items need'} attention`}
            </Button>
          ) : filter === 'attention' ? (
            <Button appearance="subtle" onClick={() => setFilter('all')}>
              Show all items
            </Button>
          ) : null}
        </div>
      ) : null}
      {summary ? (
        <MessageBar intent={summary.failed > 0 ? 'warning' : 'success'}>
          <MessageBarBody>
            Summary: {summary.uploaded} uploaded, {summary.failed} failed, {summary.skipped} skipped.{' '}
            <Button
              size="small"
              onClick={async () => {
                const saved = await unwrapOr(window.api.bulk.saveSummary({}), error);
                if (saved?.saved) notify.success(`Saved ${saved.saved}.`);
              }}
            >
              Export CSV
            </Button>
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.body}>
        <div className={styles.grid}>
          <SelectionContext.Provider value={selection}>
            <DataTable
              ariaLabel="Bulk upload queue"
              columns={columns}
              data={rows}
              getRowId={(r) => r.id}
              pagination={false}
              emptyText="Add files or a folder, or drop them here."
              searchPlaceholder="Search the queue"
            />
          </SelectionContext.Provider>
        </div>
        <DefaultsPanel selected={chosen} onApply={(patch, to) => void apply(patch, to)} />
      </div>
    </BulkDropZone>
  );
}
