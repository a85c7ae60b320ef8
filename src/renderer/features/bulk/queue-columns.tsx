import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Input, Link, ProgressBar, Select, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Tooltip } from '../../components/Tooltip';
import { LANGUAGES } from '../../../shared/constants';
import type { BulkDuplicate, BulkItemView, BulkMetaPatch } from '../../../shared/schemas/bulk';
import { MEDIA_VERDICT_TEXT } from '../../../shared/schemas/media';
import type { Column } from '../../components/DataTable';
import { useNotify } from '../../components/toast';

/**
 * The columns of the bulk-upload queue. They are made once: a column made again gives its cells a new
 * component type, and React would then mount every cell anew on each queue event (an input being typed
 * in lost its text and its focus). What changes (the rows) reaches the cells through props instead.
 */

const useStyles = makeStyles({
  // Readable on a hovered or selected row in both themes too (the palette's red was 3.9:1 on a hovered dark row).
  issue: { color: tokens.colorStatusDangerForeground3 },
  // Two lines fit a row: what is wrong (or done), then a link or the warnings.
  message: { display: 'flex', flexDirection: 'column', minWidth: 0, lineHeight: tokens.lineHeightBase200, fontSize: tokens.fontSizeBase200 },
  heldActions: { display: 'flex', gap: tokens.spacingHorizontalM },
  line: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  warnings: {
    display: 'block', maxWidth: '100%', minWidth: 0, padding: 0, height: 'auto', textAlign: 'start',
    overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap',
    fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightRegular, color: tokens.colorPaletteDarkOrangeForeground1,
  },
  cellInput: { width: '100%' },
  chooseAgain: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
});

export const STATE_LABEL: Record<BulkItemView['state'], string> = {
  invalid: 'Needs attention',
  waiting: 'Waiting',
  uploading: 'Uploading',
  paused: 'Paused',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  'changed-or-missing': 'Changed or missing',
};

export const size = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : bytes >= 1024 ** 2 ? `${(bytes / 1024 ** 2).toFixed(1)} MB` : bytes === 0 ? '0 KB' : `${Math.max(1, Math.round(bytes / 1024))} KB`;
const duration = (row: BulkItemView) => {
  if (row.probe === 'pending') return '…';
  if (row.probe === 'none') return 'No duration';
  const m = Math.floor(row.duration / 60);
  return `${m}:${String(row.duration % 60).padStart(2, '0')}`;
};
/** A row's upload progress in words: its percent and, while it goes, its rate. */
const progressText = (row: BulkItemView) => `${row.percent}%${row.rate ? `, ${size(row.rate)}/s` : ''}`;
/** A library record's own page (its title, player and transcripts): where a row's links go. */
export const recordHref = (id: string) => `#/transcripts?videoId=${encodeURIComponent(id)}`;

/** What a held row may duplicate, in words (BulkDuplicateSchema). */
export function duplicateText(duplicate: BulkDuplicate): string {
  const { kind, title, reason } = duplicate;
  if (reason === 'content') return kind === 'queue' ? `Same content as the queued file "${title}"` : `Uploaded before from this computer as "${title}"`;
  if (reason === 'likely') return `Likely in the library already: "${title}" has the same size and duration`;
  return kind === 'library' ? `Same title as the library file "${title}": rename it, keep it or skip it` : `Same title as the queued file "${title}": rename it, keep it or skip it`;
}

/** The caption files found beside the row's file, and what became of them. */
export const captionsText = (row: BulkItemView): string =>
  row.captions.map((c) => `${c.name}: ${c.state === 'pending' ? 'imported after the upload' : c.message}`).join('; ');

/**
 * A row held as a possible duplicate (kept or skipped before anything else is asked of it). A file held
 * as not playable is not: its verdict comes first (a copy of a damaged file is damaged too, and "uploaded
 * before" would read as done).
 */
const heldAs = (row: BulkItemView) => (!row.held && row.duplicate && (row.state === 'waiting' || row.state === 'invalid') ? row.duplicate : null);

/** Why a row needs attention, in words: the verdict of a file not playable, the duplicate it is held for, its first issue, or its error. */
export const messageOf = (row: BulkItemView) => {
  // Not playable: the verdict's words, as Add File and the folder import show them.
  if (row.held && row.verdict?.kind === 'unplayable') return `${MEDIA_VERDICT_TEXT.unplayable}: ${row.verdict.text} ${MEDIA_VERDICT_TEXT.held}`;
  const held = heldAs(row);
  if (held) return duplicateText(held);
  return Object.values(row.issues)[0] ?? row.lastError ?? '';
};
const editable = (row: BulkItemView) => row.state !== 'uploading' && row.state !== 'done';

/** A text cell edited in place: saved as typed (main's queue is the only copy). */
function TextCell({ row, field, label }: { row: BulkItemView; field: 'title' | 'description'; label: string }) {
  const styles = useStyles();
  const stored = row.meta[field];
  const [draft, setDraft] = useState(stored);
  const typing = useRef(false);
  // The stored text replaces the draft only while nobody types in it: a refetch may bring an older save.
  useEffect(() => {
    if (!typing.current) setDraft(stored);
  }, [stored]);
  const save = (value: string) => {
    if (value !== row.meta[field]) void window.api.bulk.edit({ ids: [row.id], patch: { [field]: value } });
  };
  return (
    <Input
      className={styles.cellInput}
      aria-label={`${label} of ${row.file.name}`}
      value={draft}
      disabled={!editable(row)}
      onFocus={() => (typing.current = true)}
      onChange={(_, data) => {
        setDraft(data.value);
        save(data.value);
      }}
      onBlur={() => {
        typing.current = false;
        save(draft);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save(draft);
        // The grid's row keys (arrows, Home, End) are the text box's while it has the focus.
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

function MessageCell({ row }: { row: BulkItemView }) {
  const styles = useStyles();
  const notify = useNotify();
  const problem = messageOf(row);
  const text = problem || captionsText(row);
  const bad = problem ? row.state !== 'done' : row.captions.some((c) => c.state === 'failed');
  const unplayable = row.held;
  const held = heldAs(row);
  const message = (
    <span className={styles.message}>
      {text ? (
        <span className={mergeClasses(styles.line, bad && styles.issue)} title={text}>
          {text}
        </span>
      ) : null}
      {held ? (
        <span className={styles.heldActions}>
          {held.kind === 'library' ? (
            <Link href={recordHref(held.id)} aria-label={`Open it: the library file "${held.title}"`}>
              Open it
            </Link>
          ) : null}
          <Link as="button" onClick={() => void window.api.bulk.acceptDuplicates({ ids: [row.id] })} aria-label={`Keep ${row.file.name}`}>
            Keep
          </Link>
          <Link as="button" onClick={() => void window.api.bulk.cancelItems({ ids: [row.id] })} aria-label={`Skip ${row.file.name}`}>
            Skip
          </Link>
        </span>
      ) : null}
      {unplayable ? (
        <span className={styles.heldActions}>
          <Link as="button" onClick={() => void window.api.bulk.sendAnyway({ ids: [row.id] })} aria-label={`Send anyway: ${row.file.name}`}>
            Send anyway
          </Link>
          <Link as="button" onClick={() => void window.api.bulk.remove({ ids: [row.id] })} aria-label={`Remove ${row.file.name}`}>
            Remove
          </Link>
        </span>
      ) : null}
      {row.state === 'done' && row.recordId ? (
        <Link href={recordHref(row.recordId)} aria-label={`Open in the library: "${row.meta.title}"`}>
          Open in the library
        </Link>
      ) : null}
      {row.state !== 'done' && row.warnings.length > 0 ? (
        <Tooltip content={`${MEDIA_VERDICT_TEXT.warning}: ${row.warnings.join(' ')}`} relationship="description">
          <Button appearance="transparent" size="small" className={styles.warnings} aria-label={`Warnings for ${row.file.name}`}>
            {row.warnings.length === 1 ? row.warnings[0] : `${row.warnings.length} warnings`}
          </Button>
        </Tooltip>
      ) : null}
    </span>
  );
  if (row.state !== 'changed-or-missing') return message;
  // The file moved, changed or went since it was queued: the open dialog chooses it (or another) again.
  const chooseAgain = async () => {
    const picked = await window.api.files.pick({ kind: 'media' });
    if (!picked.ok) return notify.error(picked.error.message);
    if (!picked.data) return;
    const replaced = await window.api.bulk.replaceFile({ id: row.id, grantId: picked.data.grantId });
    if (!replaced.ok) notify.error(replaced.error.message);
  };
  return (
    <span className={styles.chooseAgain}>
      {message}
      <Button size="small" onClick={() => void chooseAgain()} aria-label={`Choose ${row.file.name} again`}>
        Choose again…
      </Button>
    </span>
  );
}

/** The queue's columns, made once per mount. Not sortable: the queue's order is the order uploads go in. */
export function useQueueColumns(): Column<BulkItemView>[] {
  return useMemo<Column<BulkItemView>[]>(
    () => [
      { id: 'title', header: 'Title', accessorFn: (r) => r.meta.title, cell: ({ row }) => <TextCell row={row.original} field="title" label="Title" />, enableSorting: false, meta: { width: 140 } },
      { id: 'file', header: 'File', accessorFn: (r) => r.file.name, enableSorting: false, meta: { width: 160, priority: 2 } },
      { id: 'type', header: 'Type', accessorFn: (r) => r.fileType, enableSorting: false, meta: { width: 80, priority: 4 } },
      { id: 'size', header: 'Size', accessorFn: (r) => r.file.size, cell: ({ row }) => size(row.original.file.size), enableSorting: false, meta: { width: 90, priority: 3 } },
      { id: 'duration', header: 'Duration', accessorFn: (r) => r.duration, cell: ({ row }) => duration(row.original), enableSorting: false, meta: { width: 90, priority: 3 } },
      { id: 'language', header: 'Language', accessorFn: (r) => r.meta.language, cell: ({ row }) => <LanguageCell row={row.original} />, enableSorting: false, meta: { width: 130, priority: 5 } },
      { id: 'description', header: 'Description', accessorFn: (r) => r.meta.description, cell: ({ row }) => <TextCell row={row.original} field="description" label="Description" />, enableSorting: false, meta: { width: 200, priority: 6 } },
      // State, Progress and Message are pinned at the right edge. In a narrow window the columns with a
      // priority give way (the highest number first): at 1024 x 700 the pane has about 600 px, and the
      // select box, Title, State, Progress and Message (584 px) fit it whole.
      { id: 'state', header: 'State', accessorFn: (r) => (r.held && r.state === 'waiting' ? 'Held' : STATE_LABEL[r.state]), enableSorting: false, meta: { width: 124, pin: 'end' } },
      {
        id: 'progress',
        header: 'Progress',
        accessorFn: (r) => r.percent,
        // The percent and rate as the bar's value text and in the table's one tooltip (data-tip): a Fluent
        // Tooltip per drawn row cost the page about 25 KB a row (peers bench).
        cell: ({ row }) => {
          const said = progressText(row.original);
          return <ProgressBar value={row.original.percent / 100} thickness="large" aria-label={`Progress of ${row.original.file.name}`} aria-valuetext={said} data-tip={said} />;
        },
        enableSorting: false, meta: { width: 88, pin: 'end' },
      },
      { id: 'message', header: 'Message', accessorFn: messageOf, cell: ({ row }) => <MessageCell row={row.original} />, enableSorting: false, meta: { width: 200, pin: 'end' } },
    ],
    [],
  );
}
