import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Label, MessageBar, MessageBarActions, MessageBarBody, ProgressBar, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { BulkAddResult, BulkItemView, BulkListFilter, BulkMetaPatch, BulkOverall, BulkQueueStatus, BulkSelection, BulkView } from '../../../shared/schemas/bulk';
import type { WindowAnswer } from '../../../shared/windows';
import type { Result } from '../../../shared/result';
import { DataTable } from '../../components/DataTable';
import { unwrap } from '../../lib/api';
import type { LocalWindowSource } from '../../lib/windows';
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

/** Where the grid's windows of the queue are kept (invalidated when the queue changes). */
const WINDOW_KEY = ['bulk', 'window'] as const;

/**
 * The rows chosen: some ids, or every row of a view (filter and search) but some, selected across
 * pages without the page holding them ("Select all N"). Main resolves a view's rows when it acts.
 */
type Chosen = { ids: ReadonlySet<string> } | { view: BulkView; except: ReadonlySet<string>; count: number };
const NONE: Chosen = { ids: new Set() };

const chosenCount = (chosen: Chosen) => ('ids' in chosen ? chosen.ids.size : Math.max(0, chosen.count - chosen.except.size));
const selectionOf = (chosen: Chosen): BulkSelection | null =>
  chosenCount(chosen) === 0 ? null : 'ids' in chosen ? [...chosen.ids] : { ...chosen.view, except: [...chosen.except] };

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
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<BulkQueueStatus | null>(null);
  const [overall, setOverall] = useState<BulkOverall | null>(null);
  const [filter, setFilter] = useState<BulkListFilter>('all');
  const [chosen, setChosen] = useState<Chosen>(NONE);
  /** The window shown: its rows' ids, how many rows its view has, and what keeps items from starting. */
  const [shown, setShown] = useState<{ ids: string[]; view: BulkView; count: number; blocked: string | null }>({ ids: [], view: { filter: 'all', search: '' }, count: 0, blocked: null });
  const [summary, setSummary] = useState<{ uploaded: number; failed: number; skipped: number } | null>(null);
  /** After Start: what keeps items from starting (kept up to date while it shows). */
  const [startPressed, setStartPressed] = useState(false);
  const filterRef = useRef(filter);
  filterRef.current = filter;
  const error = useCallback((message: string) => notify.error(message), [notify]);

  // The grid asks main for the rows it shows (a page), in the queue's order; search runs in main.
  const source = useMemo<LocalWindowSource<BulkItemView>>(
    () => ({
      key: [...WINDOW_KEY, filter],
      fetch: async (view): Promise<WindowAnswer<BulkItemView>> => {
        const search = view.search;
        const answer = await unwrap(window.api.bulk.list({ offset: view.offset, limit: view.limit, filter, search }));
        setShown({ ids: answer.rows.map((r) => r.id), view: { filter, search }, count: answer.total, blocked: answer.blocked });
        return { total: answer.all, count: answer.total, offset: answer.offset, rows: answer.rows, version: 0 };
      },
    }),
    [filter],
  );

  const reload = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: WINDOW_KEY });
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
  }, [error, queryClient]);

  useEffect(() => {
    void reload();
  }, [reload]);
  // A new view (filter or search) starts a new selection.
  useEffect(() => setChosen(NONE), [filter, shown.view.search]);

  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | null = null;
    // The window shown is fetched again once changes settle (a page of rows, not the queue: also
    // while an add goes on, so its first rows show before its last file is queued).
    const catchUp = () => {
      // A window still on its way is not cancelled: while an add sends an event every 100 ms and main is
      // busy, each one would cancel the last window asked for, and no rows would show. Ask after it.
      if (queryClient.isFetching({ queryKey: WINDOW_KEY }) > 0) {
        pending = setTimeout(catchUp, 150);
        return;
      }
      pending = null;
      void queryClient.invalidateQueries({ queryKey: WINDOW_KEY });
    };
    return window.api.on('bulk:changed', (event) => {
      setStatus(event.status);
      setOverall(event.overall);
      if (event.finished) void window.api.bulk.summary({}).then((r) => r.ok && setSummary(r.data));
      // Progress patches the rows shown at once; changed rows come with the next window (coalesced).
      if (event.progress.length > 0) {
        const byId = new Map(event.progress.map((p) => [p.id, p]));
        queryClient.setQueriesData<WindowAnswer<BulkItemView>>({ queryKey: WINDOW_KEY }, (old) =>
          old && { ...old, rows: old.rows.map((r) => (byId.has(r.id) ? { ...r, sent: byId.get(r.id)!.sent, percent: byId.get(r.id)!.percent, rate: byId.get(r.id)!.rate } : r)) },
        );
      }
      if (event.changed === 'all' || event.changed.length > 0) pending ??= setTimeout(catchUp, 150);
    });
  }, [queryClient]);

  const added = useCallback(
    (result: BulkAddResult | null) => {
      if (!result) return;
      notify.success(addedMessage(result));
      void reload();
    },
    [notify, reload],
  );

  const pick = async (kind: 'files' | 'folder') => added(await unwrapOr(window.api.bulk.pick({ kind }), error));
  const selection = selectionOf(chosen);
  const selectedCount = chosenCount(chosen);
  const control = async (call: Promise<Result<{ status: BulkQueueStatus; overall: BulkOverall }>>) => {
    const answer = await unwrapOr(call, error);
    if (answer) {
      setStatus(answer.status);
      setOverall(answer.overall);
    }
    void reload();
  };
  const apply = async (patch: BulkMetaPatch, to: 'selected' | 'all') => {
    const answer = await unwrapOr(window.api.bulk.edit({ ids: to === 'all' || !selection ? 'all' : selection, patch }), error);
    if (answer) notify.success(`Applied to ${answer.changed} ${answer.changed === 1 ? 'item' : 'items'}${answer.skipped ? ` (${answer.skipped} uploading or uploaded, left as they are)` : ''}.`);
    void reload();
  };

  const columns = useQueueColumns();
  const boxes = useMemo<QueueSelection>(() => {
    const has = (id: string) => ('ids' in chosen ? chosen.ids.has(id) : !chosen.except.has(id));
    return {
      has,
      any: chosenCount(chosen) > 0,
      shown: shown.ids,
      toggle: (ids, on) =>
        setChosen((old) => {
          const next = new Set('ids' in old ? old.ids : old.except);
          // Chosen ids gain or lose them; a chosen view leaves them out or takes them back.
          for (const id of ids) {
            if (('ids' in old) === on) next.add(id);
            else next.delete(id);
          }
          return 'ids' in old ? { ids: next } : { ...old, except: next };
        }),
    };
  }, [chosen, shown.ids]);
  const allShownChosen = shown.ids.length > 0 && shown.ids.every(boxes.has);

  const active = status?.running ?? false;
  const finished = !!overall && overall.filesTotal > 0 && overall.filesDone === overall.filesTotal;
  const blocked = startPressed && filter === 'all' ? shown.blocked : null;
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
        <Button disabled={!selection} onClick={() => void control(window.api.bulk.pauseItems({ ids: selection! }))}>
          Pause selected
        </Button>
        <Button disabled={!selection} onClick={() => void control(window.api.bulk.resumeItems({ ids: selection!, now: true }))}>
          Resume selected
        </Button>
        <Button disabled={!selection} onClick={() => void control(window.api.bulk.retryItems({ ids: selection! }))}>
          Retry selected
        </Button>
        <Button disabled={!selection} onClick={() => void control(window.api.bulk.cancelItems({ ids: selection! }))}>
          Cancel selected
        </Button>
        <Button disabled={!selection} onClick={() => void window.api.bulk.acceptDuplicates({ ids: selection! }).then(() => reload())}>
          Keep duplicates
        </Button>
        <Button disabled={!selection} onClick={() => void window.api.bulk.sendAnyway({ ids: selection! }).then(() => reload())}>
          Send anyway
        </Button>
        <Button
          disabled={!selection}
          onClick={() =>
            void window.api.bulk.remove({ ids: selection! }).then(() => {
              setChosen(NONE);
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
      {/* An empty queue has its empty state, not a progress of nothing. */}
      {overall && overall.filesTotal > 0 ? (
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
          {allShownChosen && shown.count > shown.ids.length ? (
            <div className={styles.bar} role="status" aria-label="Selection">
              {'ids' in chosen ? (
                <>
                  <Text>
                    {selectedCount} {selectedCount === 1 ? 'item' : 'items'} on this page selected.
                  </Text>
                  <Button size="small" onClick={() => setChosen({ view: shown.view, except: new Set(), count: shown.count })}>
                    Select all {shown.count} items
                  </Button>
                </>
              ) : (
                <>
                  <Text>All {selectedCount} items selected.</Text>
                  <Button size="small" onClick={() => setChosen(NONE)}>
                    Clear selection
                  </Button>
                </>
              )}
            </div>
          ) : null}
          <SelectionContext.Provider value={boxes}>
            <DataTable
              ariaLabel="Bulk upload queue"
              columns={columns}
              window={source}
              getRowId={(r) => r.id}
              pageSize={100}
              pageSizeOptions={[20, 50, 100, 200, 500]}
              emptyText="Add files or a folder, or drop them here."
              searchPlaceholder="Search the queue"
            />
          </SelectionContext.Provider>
        </div>
        <DefaultsPanel selection={selection} selectedCount={selectedCount} onApply={(patch, to) => void apply(patch, to)} />
      </div>
    </BulkDropZone>
  );
}
