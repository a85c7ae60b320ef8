import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import {
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Select,
  Text,
  Textarea,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { LANGUAGES } from '../../../shared/constants';
import { LEVELS, LIBRARY_STATUSES, VIDEO_TYPES, VISIBILITIES } from '../../../shared/schemas/library';
import type { BulkAddResult, BulkItemView, BulkListFilter, BulkMetaPatch, BulkOverall, BulkQueueStatus } from '../../../shared/schemas/bulk';
import type { Result } from '../../../shared/result';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { useNotify } from '../../components/toast';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../lib/calls';

/** The library's lists the defaults panel offers (rarely changed: fetched again after five minutes at the earliest). */
const STATIC = { staleTime: 5 * 60_000 } as const;
const useKeywords = () => useQuery({ ...callQuery('library.keywords'), ...STATIC });
const useCategories = () => useQuery({ ...callQuery('library.categories'), ...STATIC });
const useBusinessIdeas = () => useQuery({ ...callQuery('businessIdeas.all'), ...STATIC });

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, height: '100%', minHeight: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  body: { display: 'flex', gap: tokens.spacingHorizontalL, flex: 1, minHeight: 0 },
  grid: { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  panel: {
    width: '300px',
    flexShrink: 0,
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  drop: { outline: `2px dashed ${tokens.colorBrandStroke1}`, outlineOffset: '4px' },
  checks: { maxHeight: '140px', overflowY: 'auto', display: 'flex', flexDirection: 'column' },
  issue: { color: tokens.colorPaletteRedForeground1 },
  cellInput: { width: '100%' },
});

const STATE_LABEL: Record<BulkItemView['state'], string> = {
  invalid: 'Needs attention',
  waiting: 'Waiting',
  uploading: 'Uploading',
  paused: 'Paused',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  'changed-or-missing': 'Changed or missing',
};

const size = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : bytes >= 1024 ** 2 ? `${(bytes / 1024 ** 2).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
const duration = (row: BulkItemView) => {
  if (row.probe === 'pending') return '…';
  if (row.probe === 'none') return 'No duration';
  const m = Math.floor(row.duration / 60);
  return `${m}:${String(row.duration % 60).padStart(2, '0')}`;
};
const timeLeft = (seconds: number | null) => (seconds === null ? '—' : seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`);
/** Why a row needs attention, in words: its first issue, its error, or the duplicate it is held for. */
const messageOf = (row: BulkItemView) =>
  Object.values(row.issues)[0] ??
  row.lastError ??
  (row.duplicate && row.state === 'waiting' ? `Same title as ${row.duplicate.kind === 'library' ? 'a library file' : 'another queued file'}: rename it or accept it` : '');
const editable = (row: BulkItemView) => row.state !== 'uploading' && row.state !== 'done';

async function unwrapOr<T>(pending: Promise<Result<T>>, onError: (message: string) => void): Promise<T | null> {
  const result = await pending;
  if (result.ok) return result.data;
  onError(result.error.message);
  return null;
}

/** A text cell edited in place: saved as typed (and again on Enter or blur). */
function TextCell({ row, field, label }: { row: BulkItemView; field: 'title' | 'description'; label: string }) {
  const styles = useStyles();
  const stored = row.meta[field];
  const [draft, setDraft] = useState(stored);
  // Only a change of the stored text replaces the draft: rows are fetched again on every queue event.
  useEffect(() => setDraft(stored), [stored]);
  const save = () => {
    if (draft !== row.meta[field]) void window.api.bulk.edit({ ids: [row.id], patch: { [field]: draft } });
  };
  return (
    <Input
      className={styles.cellInput}
      aria-label={`${label} of ${row.file.name}`}
      value={draft}
      disabled={!editable(row)}
      onChange={(_, data) => {
        // Saved as typed: main's queue is the only copy (rows are refetched, and cells may be made again, on every queue event).
        setDraft(data.value);
        void window.api.bulk.edit({ ids: [row.id], patch: { [field]: data.value } });
      }}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save();
        event.stopPropagation();
      }}
    />
  );
}

function LanguageCell({ row }: { row: BulkItemView }) {
  return (
    <Select
      aria-label={`Language of ${row.file.name}`}
      value={row.meta.language}
      disabled={!editable(row)}
      onChange={(_, data) => void window.api.bulk.edit({ ids: [row.id], patch: { language: data.value as BulkMetaPatch['language'] } })}
    >
      {LANGUAGES.map((l) => (
        <option key={l}>{l}</option>
      ))}
    </Select>
  );
}

type Defaults = Required<Pick<BulkMetaPatch, 'businessIdeas' | 'keywords' | 'category'>> & Omit<BulkMetaPatch, 'businessIdeas' | 'keywords' | 'category'>;

/** The defaults panel: the library's fields, applied to the selected rows or to all. Only fields given a value are applied. */
function DefaultsPanel({ selected, onApply }: { selected: string[]; onApply: (patch: BulkMetaPatch, to: 'selected' | 'all') => void }) {
  const styles = useStyles();
  const ideas = useBusinessIdeas();
  const keywords = useKeywords();
  const categories = useCategories();
  const [d, setD] = useState<Defaults>({ businessIdeas: [], keywords: [], category: [] });
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const set = <K extends keyof Defaults>(key: K, value: Defaults[K]) => {
    setD((old) => ({ ...old, [key]: value }));
    setTouched((old) => new Set(old).add(key));
  };
  const toggle = (key: 'businessIdeas' | 'keywords' | 'category', id: string, on: boolean) =>
    set(key, on ? [...d[key], id] : d[key].filter((x) => x !== id));
  const patch = (): BulkMetaPatch => Object.fromEntries(Object.entries(d).filter(([key]) => touched.has(key))) as BulkMetaPatch;
  const choice = <K extends 'language' | 'visibility' | 'status' | 'type'>(key: K, label: string, options: readonly string[]) => (
    <Field label={label}>
      <Select value={(d[key] as string | undefined) ?? ''} onChange={(_, data) => set(key, data.value as Defaults[K])}>
        <option value="">(unchanged)</option>
        {options.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </Select>
    </Field>
  );
  const checks = (key: 'businessIdeas' | 'keywords' | 'category', label: string, items: { id: string; name: string }[], bulk = false) => (
    <Field label={label}>
      {bulk ? (
        <div>
          <Button size="small" appearance="subtle" onClick={() => set(key, items.map((i) => i.id))}>
            Select All
          </Button>
          <Button size="small" appearance="subtle" onClick={() => set(key, [])}>
            Deselect All
          </Button>
        </div>
      ) : null}
      <div className={styles.checks} role="group" aria-label={label}>
        {items.map((i) => (
          <Checkbox key={i.id} label={i.name} checked={d[key].includes(i.id)} onChange={(_, data) => toggle(key, i.id, !!data.checked)} />
        ))}
      </div>
    </Field>
  );
  return (
    <aside className={styles.panel} aria-label="Defaults">
      <Text weight="semibold">Defaults</Text>
      {choice('language', 'Language', LANGUAGES)}
      {choice('visibility', 'Visibility', VISIBILITIES)}
      {choice('status', 'Status', LIBRARY_STATUSES)}
      <Field label="Level">
        <Select value={d.level === undefined ? '' : String(d.level)} onChange={(_, data) => set('level', Number(data.value))}>
          <option value="">(unchanged)</option>
          {LEVELS.map((l) => (
            <option key={l}>{l}</option>
          ))}
        </Select>
      </Field>
      {choice('type', 'Type', VIDEO_TYPES)}
      <Field label="Description">
        <Textarea value={d.description ?? ''} onChange={(_, data) => set('description', data.value)} />
      </Field>
      {checks('businessIdeas', 'Business ideas', (ideas.data ?? []).map((i) => ({ id: i._id, name: i.inEnglish })), true)}
      {checks('keywords', 'Keyword groups', (keywords.data ?? []).map((k) => ({ id: k._id, name: k.keyword })))}
      {checks('category', 'Categories', (categories.data ?? []).map((c) => ({ id: c._id, name: c.english })))}
      <Field label="Thumbnail">
        <ThumbnailButton selected={selected} />
      </Field>
      <Button appearance="primary" disabled={selected.length === 0 || touched.size === 0} onClick={() => onApply(patch(), 'selected')}>
        Apply to {selected.length} selected
      </Button>
      <Button disabled={touched.size === 0} onClick={() => onApply(patch(), 'all')}>
        Apply to all
      </Button>
    </aside>
  );
}

/** The thumbnail goes through main's image dialog (a grant); applied to the selected rows, or to all when none is selected. */
function ThumbnailButton({ selected }: { selected: string[] }) {
  const notify = useNotify();
  return (
    <Button
      onClick={async () => {
        const picked = await window.api.files.pick({ kind: 'image' });
        if (!picked.ok) return notify.error(picked.error.message);
        if (!picked.data) return;
        const answer = await window.api.bulk.setThumbnail({ ids: selected.length > 0 ? selected : 'all', grantId: picked.data.grantId });
        if (!answer.ok) notify.error(answer.error.message);
        else notify.success(`Thumbnail ${picked.data.name} set.`);
      }}
    >
      Choose thumbnail…
    </Button>
  );
}

export default function BulkUploadPage() {
  const styles = useStyles();
  const notify = useNotify();
  const [rows, setRows] = useState<BulkItemView[]>([]);
  const [status, setStatus] = useState<BulkQueueStatus | null>(null);
  const [overall, setOverall] = useState<BulkOverall | null>(null);
  const [filter, setFilter] = useState<BulkListFilter>('all');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dragging, setDragging] = useState(false);
  const [summary, setSummary] = useState<{ uploaded: number; failed: number; skipped: number } | null>(null);
  const filterRef = useRef(filter);
  filterRef.current = filter;
  const error = useCallback((message: string) => notify.error(message), [notify]);

  const reload = useCallback(async () => {
    const out: BulkItemView[] = [];
    // Windows of 1,000 rows (the call's limit) until the whole queue is here.
    for (let offset = 0; ; offset += 1000) {
      const page = await unwrapOr(window.api.bulk.list({ offset, limit: 1000, filter: filterRef.current }), error);
      if (!page) return;
      out.push(...page.rows);
      if (out.length >= page.total || page.rows.length === 0) break;
    }
    setRows(out);
    const s = await unwrapOr(window.api.bulk.status({}), error);
    if (s) {
      setStatus(s.status);
      setOverall(s.overall);
    }
  }, [error]);

  useEffect(() => {
    void reload();
  }, [reload, filter]);

  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | null = null;
    return window.api.on('bulk:changed', (event) => {
      setStatus(event.status);
      setOverall(event.overall);
      if (event.finished) void window.api.bulk.summary({}).then((r) => r.ok && setSummary(r.data));
      // Progress patches the rows at once; changed rows are fetched again (coalesced).
      if (event.progress.length > 0) {
        const byId = new Map(event.progress.map((p) => [p.id, p]));
        setRows((old) => old.map((r) => (byId.has(r.id) ? { ...r, sent: byId.get(r.id)!.sent, percent: byId.get(r.id)!.percent, rate: byId.get(r.id)!.rate } : r)));
      }
      if (event.changed === 'all' || event.changed.length > 0) {
        pending ??= setTimeout(() => {
          pending = null;
          void reload();
        }, 150);
      }
    });
  }, [reload]);

  const added = useCallback(
    (result: BulkAddResult | null) => {
      if (!result) return;
      const parts = [`${result.added.length} added`];
      if (result.alreadyQueued.length) parts.push(`${result.alreadyQueued.length} already in the queue`);
      if (result.unreadable.length) parts.push(`${result.unreadable.length} could not be read`);
      if (result.truncated) parts.push('the folder has more files than the queue takes at once');
      notify.success(parts.join(', ') + '.');
      void reload();
    },
    [notify, reload],
  );

  const pick = async (kind: 'files' | 'folder') => added(await unwrapOr(window.api.bulk.pick({ kind }), error));
  const onDrop = async (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length === 0) return;
    added(await unwrapOr(window.files.bulkDropped(files), error));
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

  const columns = useMemo<Column<BulkItemView>[]>(
    () => [
      {
        id: 'select',
        header: () => (
          <Checkbox
            aria-label="Select all rows"
            checked={rows.length > 0 && selected.size === rows.length ? true : selected.size > 0 ? 'mixed' : false}
            onChange={(_, data) => setSelected(data.checked ? new Set(rows.map((r) => r.id)) : new Set())}
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            aria-label={`Select ${row.original.file.name}`}
            checked={selected.has(row.original.id)}
            onChange={(_, data) =>
              setSelected((old) => {
                const next = new Set(old);
                if (data.checked) next.add(row.original.id);
                else next.delete(row.original.id);
                return next;
              })
            }
          />
        ),
        enableSorting: false,
        meta: { width: 48 },
      },
      { id: 'title', header: 'Title', accessorFn: (r) => r.meta.title, cell: ({ row }) => <TextCell row={row.original} field="title" label="Title" />, meta: { width: 240 } },
      { id: 'file', header: 'File', accessorFn: (r) => r.file.name, meta: { width: 180 } },
      { id: 'type', header: 'Type', accessorFn: (r) => r.fileType, meta: { width: 80 } },
      { id: 'size', header: 'Size', accessorFn: (r) => r.file.size, cell: ({ row }) => size(row.original.file.size), meta: { width: 90 } },
      { id: 'duration', header: 'Duration', accessorFn: (r) => r.duration, cell: ({ row }) => duration(row.original), meta: { width: 100 } },
      { id: 'language', header: 'Language', accessorFn: (r) => r.meta.language, cell: ({ row }) => <LanguageCell row={row.original} />, meta: { width: 140 } },
      { id: 'description', header: 'Description', accessorFn: (r) => r.meta.description, cell: ({ row }) => <TextCell row={row.original} field="description" label="Description" />, meta: { width: 220 } },
      { id: 'state', header: 'State', accessorFn: (r) => STATE_LABEL[r.state], meta: { width: 130 } },
      {
        id: 'progress',
        header: 'Progress',
        accessorFn: (r) => r.percent,
        cell: ({ row }) => (
          <Tooltip content={`${row.original.percent}%${row.original.rate ? `, ${size(row.original.rate)}/s` : ''}`} relationship="label">
            <ProgressBar value={row.original.percent / 100} thickness="large" aria-label={`Progress of ${row.original.file.name}`} />
          </Tooltip>
        ),
        meta: { width: 120 },
      },
      { id: 'message', header: 'Message', accessorFn: messageOf, cell: ({ row }) => <span className={row.original.state === 'done' ? undefined : styles.issue}>{messageOf(row.original)}</span>, meta: { width: 260 } },
    ],
    [rows, selected, styles.issue],
  );

  const active = status?.running ?? false;
  const chosen = ids();
  return (
    <div
      className={dragging ? `${styles.page} ${styles.drop}` : styles.page}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => void onDrop(event)}
    >
      <PageHeader title="Bulk Upload" />
      <div className={styles.bar} role="toolbar" aria-label="Queue">
        <Button onClick={() => void pick('files')}>Add files</Button>
        <Button onClick={() => void pick('folder')}>Add folder</Button>
        {active ? (
          <Button onClick={() => void control(window.api.bulk.pause({}))}>Pause</Button>
        ) : (
          <Button appearance="primary" onClick={() => void control(window.api.bulk.start({}))}>
            {overall && overall.filesDone > 0 ? 'Resume' : 'Start'}
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
          Accept duplicate titles
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
        <Field label="Uploads at once" orientation="horizontal">
          <Select
            value={String(status?.concurrency ?? 2)}
            onChange={(_, data) => void control(window.api.bulk.setConcurrency({ concurrency: Number(data.value) }))}
          >
            {[1, 2, 3, 4, 5, 6].map((n) => (
              <option key={n}>{n}</option>
            ))}
          </Select>
        </Field>
      </div>
      {status?.notice ? (
        <MessageBar intent="warning">
          <MessageBarBody>{status.notice}</MessageBarBody>
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
          <DataTable
            ariaLabel="Bulk upload queue"
            columns={columns}
            data={rows}
            getRowId={(r) => r.id}
            pagination={false}
            emptyText="Add files or a folder, or drop them here."
            searchPlaceholder="Search the queue"
          />
        </div>
        <DefaultsPanel selected={chosen} onApply={(patch, to) => void apply(patch, to)} />
      </div>
    </div>
  );
}
