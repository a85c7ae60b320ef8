import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Badge, Button, Field, Link, Select, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import {
  AddRegular,
  ClosedCaptionRegular,
  DeleteRegular,
  EditRegular,
  QuestionCircleRegular,
  TimelineRegular,
} from '@fluentui/react-icons';
import { LANGUAGES } from '../../../shared/constants';
import {
  LEVELS,
  LIBRARY_PAGE_SIZE,
  LIBRARY_PAGE_SIZES,
  LIBRARY_STATUSES,
  VIDEO_TYPES,
  VISIBILITIES,
  type LibraryFile,
  type LibraryFilter,
} from '../../../shared/schemas/library';
import { DeleteConfirmDialog, useDeleteConfirm } from '../../components/DeleteConfirm';
import { DataTable, type Column } from '../../components/DataTable';
import { formatDateTime } from '../../lib/format';
import { MediaPreviewDialog, mediaSourceOf, type MediaSource } from '../../components/MediaPreview';
import { PageHeader } from '../../components/PageHeader';
import { useCallMutation } from '../../lib/calls';
import { MSG } from '../../../shared/messages';
import { FileDialog } from './FileDialog';
import { QuestionSelectorDialog, TaggedQuestionsDialog } from './QuestionDialogs';
import { useLibraryFiles } from './queries';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 },
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingVerticalM,
    marginBottom: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    flexShrink: 0,
  },
  filter: { minWidth: '140px' },
  filterButtons: { display: 'flex', gap: tokens.spacingHorizontalS },
  name: { textAlign: 'start', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' },
});

type FilterDraft = { status: string; language: string; type: string; visibility: string; level: string };
const EMPTY_FILTER: FilterDraft = { status: '', language: '', type: '', visibility: '', level: '' };

/** The query of a filter bar: empty choices left out; null when nothing is chosen (the full list). */
function filterOf(draft: FilterDraft): LibraryFilter | null {
  const out: Record<string, string | number> = {};
  if (draft.status) out.status = draft.status;
  if (draft.language) out.language = draft.language;
  if (draft.type) out.type = draft.type;
  if (draft.visibility) out.visibility = draft.visibility;
  if (draft.level) out.level = Number(draft.level);
  return Object.keys(out).length > 0 ? (out as LibraryFilter) : null;
}

const FILTERS: { key: keyof FilterDraft; label: string; options: readonly (string | number)[] }[] = [
  { key: 'status', label: 'Status', options: LIBRARY_STATUSES },
  { key: 'language', label: 'Language', options: LANGUAGES },
  { key: 'type', label: 'Type', options: VIDEO_TYPES },
  { key: 'visibility', label: 'Visibility', options: VISIBILITIES },
  { key: 'level', label: 'Level', options: LEVELS },
];

/** A column header of two words on two lines (the icon columns are narrow). */
function TwoLines({ text }: { text: string }) {
  return <span style={{ display: 'block', whiteSpace: 'normal', lineHeight: '14px', textAlign: 'center' }}>{text}</span>;
}

const STATUS_COLOR = { live: 'success', draft: 'warning', hidden: 'subtle' } as const;

export default function LibraryPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<FilterDraft>(EMPTY_FILTER);
  const [applied, setApplied] = useState<LibraryFilter | null>(null);
  const [editing, setEditing] = useState<'add' | LibraryFile | null>(null);
  const [preview, setPreview] = useState<MediaSource | null>(null);
  const [showQuestions, setShowQuestions] = useState<LibraryFile | null>(null);
  const [tagging, setTagging] = useState<LibraryFile | null>(null);

  const files = useLibraryFiles(applied);
  const remove = useCallMutation('library.deleteMedia', { fallback: MSG.somethingWentWrong, invalidates: ['library'] });
  const deletion = useDeleteConfirm(remove, (file: LibraryFile) => ({ id: file._id }));
  const askDelete = deletion.ask;

  const columns = useMemo<Column<LibraryFile>[]>(
    () => [
      { accessorKey: 'fileId', header: 'Video Id', meta: { width: 100 } },
      {
        accessorKey: 'title',
        header: 'File Name',
        meta: { width: 220, title: (r) => r.fileName ?? r.title },
        cell: ({ row }) => (
          <Link as="button" className={styles.name} onClick={() => setPreview(mediaSourceOf(row.original))} title={`Preview ${row.original.title}`}>
            {row.original.title}
          </Link>
        ),
      },
      { accessorKey: 'language', header: 'Language', meta: { width: 112 } },
      {
        accessorKey: 'status',
        header: 'Status',
        meta: { width: 92 },
        cell: ({ row }) =>
          row.original.status ? (
            <Badge appearance="tint" color={STATUS_COLOR[row.original.status] ?? 'subtle'}>
              {row.original.status}
            </Badge>
          ) : (
            '—'
          ),
      },
      { accessorKey: 'visibility', header: 'Visibility', meta: { width: 108 } },
      { accessorKey: 'level', header: 'Level', meta: { width: 84, align: 'center' }, cell: ({ row }) => (row.original.level > 0 ? row.original.level : '—') },
      { accessorKey: 'type', header: 'Type', meta: { width: 150 }, cell: ({ row }) => row.original.type || '—' },
      {
        id: 'questions',
        accessorFn: (r) => r.questionBank.length,
        header: 'Questions',
        meta: { width: 112, align: 'center', searchable: false },
        cell: ({ row }) => (
          <Button size="small" appearance="subtle" onClick={() => setShowQuestions(row.original)} aria-label={`Questions of ${row.original.title}`}>
            {row.original.questionBank.length}
          </Button>
        ),
      },
      {
        id: 'addQuestions',
        header: () => <TwoLines text="Add Questions" />,
        enableSorting: false,
        meta: { width: 80, align: 'center', searchable: false },
        cell: ({ row }) => (
          <Tooltip content={`Add questions to ${row.original.title}`} relationship="label">
            <Button appearance="subtle" size="small" icon={<QuestionCircleRegular />} onClick={() => setTagging(row.original)} />
          </Tooltip>
        ),
      },
      {
        id: 'addTranscripts',
        header: () => <TwoLines text="Add Transcripts" />,
        enableSorting: false,
        meta: { width: 88, align: 'center', searchable: false },
        cell: ({ row }) => (
          <Tooltip content={`Transcripts of ${row.original.title}`} relationship="label">
            <Button
              appearance="subtle"
              size="small"
              icon={<ClosedCaptionRegular />}
              onClick={() => navigate(`/transcripts?videoId=${encodeURIComponent(row.original._id)}`, { state: { videoId: row.original._id } })}
            />
          </Tooltip>
        ),
      },
      {
        id: 'updateMoments',
        header: () => <TwoLines text="Update Moments" />,
        enableSorting: false,
        meta: { width: 80, align: 'center', searchable: false },
        cell: ({ row }) => (
          <Tooltip content={`Moments of ${row.original.title}`} relationship="label">
            <Button
              appearance="subtle"
              size="small"
              icon={<TimelineRegular />}
              onClick={() => navigate(`/videomoments?fileId=${encodeURIComponent(row.original._id)}`, { state: { file: row.original } })}
            />
          </Tooltip>
        ),
      },
      {
        id: 'createdAt',
        accessorFn: (r) => r.metaInfo.created.at,
        header: 'Created At',
        cell: ({ row }) => formatDateTime(row.original.metaInfo.created.at),
        meta: { width: 140, searchValue: (r) => formatDateTime(r.metaInfo.created.at) },
      },
      {
        id: 'updatedAt',
        accessorFn: (r) => r.metaInfo.updated.at,
        header: 'Last Updated',
        cell: ({ row }) => formatDateTime(row.original.metaInfo.updated.at),
        meta: { width: 140, searchValue: (r) => formatDateTime(r.metaInfo.updated.at) },
      },
      {
        id: 'edit',
        header: 'Edit',
        enableSorting: false,
        meta: { width: 52, align: 'center', searchable: false },
        cell: ({ row }) => (
          <Tooltip content={`Edit ${row.original.title}`} relationship="label">
            <Button appearance="subtle" size="small" icon={<EditRegular />} onClick={() => setEditing(row.original)} />
          </Tooltip>
        ),
      },
      {
        id: 'delete',
        header: 'Delete',
        enableSorting: false,
        meta: { width: 64, align: 'center', searchable: false },
        cell: ({ row }) => (
          <Tooltip content={`Delete ${row.original.title}`} relationship="label">
            <Button appearance="subtle" size="small" icon={<DeleteRegular />} onClick={() => askDelete(row.original)} />
          </Tooltip>
        ),
      },
    ],
    [navigate, styles.name, askDelete],
  );

  return (
    <div className={styles.page}>
      <PageHeader title="Video Library" subtitle="Media files: links, audio, video and other files." />
      <form
        className={styles.filters}
        aria-label="Filters"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(filterOf(draft));
        }}
      >
        {FILTERS.map((f) => (
          <Field key={f.key} label={f.label} className={styles.filter}>
            <Select value={draft[f.key]} onChange={(_e, d) => setDraft((x) => ({ ...x, [f.key]: d.value }))}>
              <option value="">All</option>
              {f.options.map((o) => (
                <option key={o} value={String(o)}>
                  {o}
                </option>
              ))}
            </Select>
          </Field>
        ))}
        <div className={styles.filterButtons}>
          <Button appearance="primary" type="submit">
            Submit
          </Button>
          <Button
            onClick={() => {
              setDraft(EMPTY_FILTER);
              setApplied(null);
            }}
          >
            Reset
          </Button>
        </div>
      </form>
      <DataTable
        ariaLabel="Video Library"
        columns={columns}
        data={files.data ?? []}
        getRowId={(r) => r._id}
        loading={files.isPending}
        error={files.isError ? files.error.message : null}
        onRetry={() => void files.refetch()}
        pageSize={LIBRARY_PAGE_SIZE}
        pageSizeOptions={LIBRARY_PAGE_SIZES}
        emptyText={applied ? 'No file matches these filters.' : 'No files yet.'}
        toolbar={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('add')}>
            Add File
          </Button>
        }
      />
      <FileDialog
        editing={editing}
        onClose={() => setEditing(null)}
      />
      <DeleteConfirmDialog state={deletion} title="Delete file" question={(file) => `Are you sure you want to delete ${file.title}?`} />
      <MediaPreviewDialog source={preview} onClose={() => setPreview(null)} />
      <TaggedQuestionsDialog file={showQuestions} onClose={() => setShowQuestions(null)} />
      <QuestionSelectorDialog file={tagging} onClose={() => setTagging(null)} />
    </div>
  );
}
