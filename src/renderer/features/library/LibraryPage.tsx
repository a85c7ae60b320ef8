import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@fluentui/react-components';
import { ClosedCaptionRegular, QuestionCircleRegular, TimelineRegular } from '@fluentui/react-icons';
import { LANGUAGES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { LEVELS, LIBRARY_STATUSES, VIDEO_TYPES, VISIBILITIES, type LibraryFile, type LibraryFilter } from '../../../shared/schemas/library';
import type { WindowSource } from '../../lib/windows';
import { MediaPreviewDialog, mediaSourceOf, type MediaSource } from '../../components/MediaPreview';
import { BulkDropZone, addedMessage } from '../../components/BulkDropZone';
import { useNotify } from '../../components/toast';
import { action, badge, count, date, link, text, value } from '../../kit/columns';
import type { ScreenActions } from '../../kit/ListScreen';
import { ResourceScreen, call, resource } from '../../kit/Resource';
import type { FilterField, FilterValues } from '../../kit/ServerFilterBar';
import { fileCalls, useFileForm } from '../../components/FileDialog';
import { QuestionSelectorDialog, TaggedQuestionsDialog } from './QuestionDialogs';
import { LIBRARY_PAGE_SIZE, LIBRARY_PAGE_SIZES } from '../../lib/page-sizes';
import { mediaUpdateOf } from '../../../shared/batch';
import type { BulkField } from '../../kit/BulkBar';

const FILTERS: readonly FilterField[] = [
  { key: 'status', label: 'Status', options: LIBRARY_STATUSES },
  { key: 'language', label: 'Language', options: LANGUAGES },
  { key: 'type', label: 'Type', options: VIDEO_TYPES },
  { key: 'visibility', label: 'Visibility', options: VISIBILITIES },
  { key: 'level', label: 'Level', options: LEVELS },
];

/**
 * The whole list, or the list the server filters (GET /media with the chosen values; level is a
 * number): main keeps either and serves the table its page.
 */
const listOf = (filter: FilterValues | null): WindowSource =>
  filter ? { list: 'mediaFiltered', input: { ...filter, ...(filter.level ? { level: Number(filter.level) } : {}) } as LibraryFilter } : MEDIA;
const MEDIA: WindowSource = { list: 'media' };

/** What changes on many files at once: the filter bar's fields. */
const BULK_FIELDS: readonly BulkField[] = [
  { name: 'status', label: 'Status', options: LIBRARY_STATUSES },
  { name: 'visibility', label: 'Visibility', options: VISIBILITIES },
  { name: 'level', label: 'Level', options: LEVELS.map((l) => ({ value: l, label: String(l) })) },
  { name: 'language', label: 'Language', options: LANGUAGES },
  { name: 'type', label: 'Type', options: VIDEO_TYPES },
];


export default function LibraryPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [preview, setPreview] = useState<MediaSource | null>(null);
  const [showQuestions, setShowQuestions] = useState<LibraryFile | null>(null);
  const [tagging, setTagging] = useState<LibraryFile | null>(null);
  const fileForm = useFileForm();
  const files = resource<LibraryFile>({
    name: 'File',
    form: fileForm,
    ...fileCalls,
    remove: {
      ...call('library.deleteMedia', { fallback: MSG.somethingWentWrong }),
      title: 'Delete file',
      question: (file) => `Are you sure you want to delete ${file.title}?`,
    },
    // The same input main makes for "all matching" (shared/batch.ts).
    bulk: { names: ['file', 'files'], label: (f) => f.title, fields: BULK_FIELDS, input: mediaUpdateOf },
  });

  const columns = useCallback(
    // Every spec column shows at 1920 x 1080 (their least widths fit); in a narrow window the name, status
    // and questions stay, the rest give way by their priority and the toolbar says how many.
    ({ editColumn, deleteColumn }: ScreenActions<LibraryFile>) => [
      text<LibraryFile>('fileId', 'Video Id', { width: 92, priority: 2 }),
      link<LibraryFile>('title', 'File Name', (r) => setPreview(mediaSourceOf(r)), (r) => `Preview ${r.title}`, { minWidth: 200, title: (r) => r.fileName ?? r.title }),
      text<LibraryFile>('language', 'Language', { width: 112, priority: 1 }),
      badge<LibraryFile>('status', 'Status', { live: 'success', draft: 'warning' }, { width: 92 }),
      text<LibraryFile>('visibility', 'Visibility', { width: 108, priority: 4 }),
      value<LibraryFile>('level', 'Level', (r) => r.level, { width: 72, align: 'center', priority: 4, cell: (r) => (r.level > 0 ? r.level : '—') }),
      value<LibraryFile>('type', 'Type', (r) => r.type, { width: 124, priority: 3, cell: (r) => r.type || '—' }),
      count<LibraryFile>('questions', 'Questions', (r) => r.questionBank.length, setShowQuestions, (r) => `Questions of ${r.title}`),
      action<LibraryFile>('addQuestions', 'Add Questions', { label: (r) => `Add questions to ${r.title}`, icon: <QuestionCircleRegular />, onClick: setTagging, width: 80, wrapHeader: true }),
      action<LibraryFile>('addTranscripts', 'Add Transcripts', {
        label: (r) => `Transcripts of ${r.title}`,
        icon: <ClosedCaptionRegular />,
        onClick: (r) => navigate(`/transcripts?videoId=${encodeURIComponent(r._id)}`, { state: { videoId: r._id } }),
        width: 88,
        wrapHeader: true,
      }),
      action<LibraryFile>('updateMoments', 'Update Moments', {
        label: (r) => `Moments of ${r.title}`,
        icon: <TimelineRegular />,
        onClick: (r) => navigate(`/videomoments?fileId=${encodeURIComponent(r._id)}`, { state: { file: r } }),
        width: 80,
        wrapHeader: true,
      }),
      date<LibraryFile>('createdAt', 'Created At', (r) => r.metaInfo.created.at, { priority: 5 }),
      date<LibraryFile>('updatedAt', 'Last Updated', (r) => r.metaInfo.updated.at, { priority: 3 }),
      editColumn((r) => `Edit ${r.title}`, 52),
      deleteColumn((r) => `Delete ${r.title}`, undefined, 64),
    ],
    [navigate],
  );

  return (
    // Files and folders dropped on the library go to the bulk-upload queue, where they are described.
    <BulkDropZone
      onDropped={(result) => {
        if (!result.ok) return notify.error(result.error.message);
        notify.success(`${addedMessage(result.data)} Describe them in Bulk Upload.`);
        navigate('/bulk-upload');
      }}
    >
      <ResourceScreen
        resource={files}
        title="Video Library"
        subtitle="Media files: links, audio, video and other files."
        serverFilters={FILTERS}
        list={listOf}
        rowId={(r) => r._id}
        columns={columns}
        pageSize={LIBRARY_PAGE_SIZE}
        pageSizes={LIBRARY_PAGE_SIZES}
        emptyText={(filtered) => (filtered ? 'No file matches these filters.' : 'No files yet.')}
        toolbar={<Button onClick={() => navigate('/bulk-upload')}>Bulk upload</Button>}
      >
        <MediaPreviewDialog source={preview} onClose={() => setPreview(null)} />
        <TaggedQuestionsDialog file={showQuestions} onClose={() => setShowQuestions(null)} />
        <QuestionSelectorDialog file={tagging} onClose={() => setTagging(null)} />
      </ResourceScreen>
    </BulkDropZone>
  );
}
