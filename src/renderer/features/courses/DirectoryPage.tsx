import { plural } from '../../lib/format';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { Badge, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { FolderRegular, PlayRegular, VideoClipRegular } from '@fluentui/react-icons';
import { COURSE_MSG, COURSE_TEXT } from '../../../shared/course-messages';
import {
  DescendantAddSchema,
  DOCUMENT_DESCRIPTION_MAX,
  DOCUMENT_TITLE_MAX,
  FolderDraftSchema,
  PREVIEW_DIALOG_WIDTH,
  type CourseDocument,
  type DocumentListing,
} from '../../../shared/schemas/courses';
import type { CallError } from '../../../shared/result';
import { callQuery } from '../../lib/calls';
import { directoryPath } from '../../lib/open-record';
import { LinkCell, action, value } from '../../kit/columns';
import { relativeDate } from '../../kit/RelativeDate';
import { useLibraryVideos, videoSourceOf } from './library-videos';
import { CourseVideoFormSchema, courseVideoFields, titleGiven, UPLOAD_NEW_VIDEO, type CourseVideoValues } from './VideoChooser';
import { ListScreen, type AddForm, type ScreenActions } from '../../kit/ListScreen';
import { call, recordForm, resource, useCallForm, useResource } from '../../kit/Resource';
import type { Crumb } from '../../components/Crumbs';
import { MediaPreviewDialog, type MediaSource } from '../../components/MediaPreview';
import { COURSE_PAGE_SIZE, COURSE_PAGE_SIZES } from '../../lib/page-sizes';
import { DirectoryTools } from './CourseHealth';
import { ImportDropZone, ImportFolderButton } from './import/ImportFolder';

const useStyles = makeStyles({
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  icon: { flexShrink: 0, fontSize: '18px', color: tokens.colorNeutralForeground3 },
  folderIcon: { flexShrink: 0, fontSize: '18px', color: tokens.colorBrandForeground1 },
});

/** The folder form: a name (submit greyed while blank) and the module description. */
const FolderFormSchema = v.pick(FolderDraftSchema, ['title', 'description']);
/** The Add File form: library videos added in one call (POST /descendant). */
const AddFilesFormSchema = v.pick(DescendantAddSchema, ['fileIds', 'freeToWatch']);
type FolderValues = v.InferOutput<typeof FolderFormSchema>;
type AddFilesValues = v.InferOutput<typeof AddFilesFormSchema>;

/** Deleting a document: a non-success answer shows the spec's fixed text. */
const deleteFailure = (error: CallError): string | null => (error.kind === 'http' || error.kind === 'parse' ? COURSE_MSG.unableToDelete : null);

/** What a folder's delete takes with it, said before it goes. */
export function deleteQuestion(doc: CourseDocument): string {
  if (doc.type === 'file') return `Delete the video ${doc.title}?`;
  const { folders, files } = doc.contents;
  if (folders + files === 0) return `Delete the empty folder ${doc.title}?`;
  const parts = [folders ? plural(folders, 'folder') : '', files ? plural(files, 'video') : ''].filter(Boolean);
  return `Delete the folder ${doc.title}? ${parts.join(' and ')} inside it will be deleted with it.`;
}

/** What the two video buttons do (the spec names them; these say how they differ). */
export const ADD_FILE_DESCRIPTION = 'Adds videos that are in the library already, several at once, each under its library title.';
export const UPLOAD_VIDEO_DESCRIPTION = `Adds one video under a title of your own: pick it from the library, or upload a new one with ${UPLOAD_NEW_VIDEO}`;

const LEVEL_TEXT: Record<CourseDocument['level'], string> = { module: 'Module', topic: 'Topic', concept: 'Concept', file: 'Video' };

/** The screens of spec 1 a folder opens as: a module's topics, a topic's videos. */
const SCREENS: Partial<Record<CourseDocument['level'], { label: string; path: string }>> = {
  module: { label: 'Topics', path: '/modules' },
  topic: { label: 'Videos', path: '/topics' },
};

/** The breadcrumb: Courses > course name > ancestor folders > this folder. */
function crumbsOf(listing: DocumentListing | undefined): Crumb[] {
  if (!listing) return [{ label: 'Courses', to: '/course' }, { label: '…' }];
  const course = listing.courseDoc;
  const crumbs: Crumb[] = [{ label: 'Courses', to: '/course' }, { label: course.name, to: directoryPath(course._id, []) }];
  const folder = listing.parentInfo;
  if (folder) {
    folder.ancestors.forEach((a, i) => crumbs.push({ label: a.title, to: directoryPath(course._id, folder.ancestors.slice(0, i + 1).map((x) => x._id)) }));
    crumbs.push({ label: folder.title });
  }
  return crumbs;
}

/**
 * The directory's columns: a folder's name opens it, a module or topic opens as its own screen (spec 1),
 * a video previews; the screen's Edit and Delete at the end.
 */
function useDirectoryColumns(open: (doc: CourseDocument) => void, setPreview: (source: MediaSource) => void) {
  const styles = useStyles();
  const navigate = useNavigate();
  return useCallback(
    ({ editColumn, deleteColumn }: ScreenActions<CourseDocument>) => [
      value<CourseDocument>('title', 'Folder/File Name', (d) => d.title, {
        width: 250,
        cell: (d) =>
          d.type === 'folder' ? (
            <span className={styles.name}>
              <FolderRegular className={styles.folderIcon} aria-hidden />
              <LinkCell onClick={() => open(d)} title={`Open ${d.title}`}>
                {d.title}
              </LinkCell>
            </span>
          ) : (
            <span className={styles.name}>
              <VideoClipRegular className={styles.icon} aria-hidden />
              <Text truncate wrap={false} title={d.title}>
                {d.title}
              </Text>
              {d.freeToWatch ? (
                <Badge appearance="tint" color="success" size="small">
                  Free to watch
                </Badge>
              ) : null}
            </span>
          ),
      }),
      // A module's topics and a topic's videos have their own screens (spec 1): reached from here.
      value<CourseDocument>('screen', 'Open as', (d) => SCREENS[d.level]?.label ?? '', {
        width: 96,
        searchable: false,
        cell: (d) => {
          const screen = SCREENS[d.level];
          return screen ? (
            <LinkCell onClick={() => navigate(`${screen.path}/${encodeURIComponent(d._id)}`)} title={`${screen.label} of ${d.title}`}>
              {screen.label}
            </LinkCell>
          ) : null;
        },
      }),
      value<CourseDocument>('type', 'Type', (d) => (d.type === 'folder' ? `Folder · ${LEVEL_TEXT[d.level]}` : 'File · Video'), { width: 132 }),
      value<CourseDocument>('contents', 'Contents', (d) => (d.type === 'folder' ? d.contents.folders + d.contents.files : -1), {
        width: 140,
        searchable: false,
        cell: (d) => (d.type === 'folder' ? `${plural(d.contents.folders, 'folder')}, ${plural(d.contents.files, 'video')}` : '—'),
      }),
      action<CourseDocument>('preview', 'Preview', {
        label: (d) => `Preview ${d.title}`,
        icon: <PlayRegular />,
        hidden: (d) => d.type !== 'file' || !d.fileId,
        onClick: (d) => d.fileId && setPreview(videoSourceOf({ title: d.title, fileUrl: d.fileId.fileUrl, previewUrl: d.fileId.previewUrl })),
        width: 72,
      }),
      relativeDate<CourseDocument>('createdAt', 'Created At', (d) => d.createdAt),
      relativeDate<CourseDocument>('lastUpdatedAt', 'Last Updated', (d) => d.lastUpdatedAt),
      editColumn((d) => `Edit ${d.title}`),
      deleteColumn((d) => `Delete ${d.title}`),
    ],
    [open, styles, navigate, setPreview],
  );
}

/** The directory's records and forms: folders (with delete and reorder), videos under a title of their own, and Add File (several library videos at once). */
function useDirectoryRecords(courseId: string, parent: string, language: string | undefined, library: ReturnType<typeof useLibraryVideos>) {
  const fillMandatory = { title: COURSE_MSG.fillMandatoryTitle, text: COURSE_MSG.fillMandatory };

  const folderForm = (record: CourseDocument | null) =>
    recordForm({
      title: record ? 'Update Folder' : 'Add Folder',
      schema: FolderFormSchema,
      fields: [
        { kind: 'text', name: 'title', label: 'Name', required: true, maxLength: DOCUMENT_TITLE_MAX },
        { kind: 'textarea', name: 'description', label: 'Module description', rows: 3, maxLength: DOCUMENT_DESCRIPTION_MAX },
      ],
      defaults: { title: record?.title ?? '', description: record?.description ?? '' },
      canSubmit: titleGiven,
      failureFallback: COURSE_MSG.moduleNotAdded,
    });
  const folders = useResource(
    resource<CourseDocument>({
      name: 'Folder',
      form: folderForm,
      create: call('videoRepository.createDocument', { fallback: COURSE_MSG.moduleNotAdded }, (values: FolderValues) => ({ type: 'folder', courseId, parent, ...values })),
      update: call('videoRepository.updateDocument', { fallback: COURSE_MSG.moduleNotAdded }),
      remove: {
        ...call('videoRepository.deleteDocument', { fallback: COURSE_MSG.unableToDelete, override: deleteFailure, success: COURSE_MSG.documentDeleted }),
        title: 'Delete Document',
        question: deleteQuestion,
      },
      reorder: call('videoRepository.reorderDocuments', { fallback: COURSE_MSG.somethingWentWrong }, (rows: CourseDocument[]) => ({ descendants: rows.map((d) => d._id) })),
    }),
    documentId,
  );

  const videoForm = (record: CourseDocument | null) =>
    recordForm({
      title: record ? 'Update Video' : 'Upload Video',
      // A title and a library video are mandatory.
      schema: CourseVideoFormSchema,
      fields: courseVideoFields(library, { titleLabel: 'Video title', placeholder: `Select a video${language ? ` in ${language}` : ''}` }),
      defaults: { title: record?.title ?? '', description: record?.description ?? '', freeToWatch: record?.freeToWatch ?? false, fileId: record?.fileId?._id ?? '' },
      // Spec 2: a file modal's submit is greyed while its name is blank; a title without a video gets the notice.
      canSubmit: titleGiven,
      invalidNotice: fillMandatory,
      failureFallback: COURSE_MSG.fileNotAdded,
      width: 640,
      dialog: record ? undefined : { intro: <Text>{UPLOAD_VIDEO_DESCRIPTION}</Text> },
      status: (busy) => (busy ? <ProgressBar aria-label="Saving the video" thickness="large" /> : null),
    });
  const videos = useResource(
    resource<CourseDocument>({
      name: 'Video',
      form: videoForm,
      create: call('videoRepository.createDocument', { fallback: COURSE_MSG.fileNotAdded }, (values: CourseVideoValues) => ({ type: 'file', courseId, parent, ...values })),
      // The server's answer names a document; the user saved a video.
      update: call('videoRepository.updateDocument', { fallback: COURSE_MSG.fileNotAdded, success: COURSE_TEXT.videoUpdated }),
    }),
    documentId,
  );

  const addFilesForm = useCallForm(
    call('videoRepository.addDescendants', { fallback: COURSE_MSG.fileNotAdded }, (values: AddFilesValues) => ({ courseId, parent, ...values })),
    recordForm({
      title: 'Add File',
      schema: AddFilesFormSchema,
      fields: [
        {
          kind: 'multiselect',
          name: 'fileIds',
          label: 'Library videos',
          required: true,
          bulk: true,
          noun: 'videos',
          options: library.options,
          placeholder: library.loading ? 'Loading…' : 'Select videos',
        },
        { kind: 'switch', name: 'freeToWatch', label: 'Free to watch', onLabel: 'Yes', offLabel: 'No' },
      ],
      defaults: { fileIds: [], freeToWatch: false },
      failureFallback: COURSE_MSG.fileNotAdded,
      width: 600,
      dialog: { intro: <Text>{ADD_FILE_DESCRIPTION}</Text> },
    }),
  );
  return { folders, videos, addFilesForm };
}

/** /directory/{directoryPath}: the folders and files of one course (spec 2 section 2, Directory screen). */
export default function DirectoryPage() {
  const navigate = useNavigate();
  const segments = (useParams()['*'] ?? '').split('/').filter(Boolean);
  // The last segment is the current folder, or the course at the top level.
  const currentId = segments.at(-1) ?? '';
  const listQuery = callQuery('videoRepository.document', { id: currentId });
  const listing = useQuery(listQuery).data;
  const course = listing?.courseDoc;
  const folder = listing?.parentInfo ?? null;
  const [preview, setPreview] = useState<MediaSource | null>(null);

  const library = useLibraryVideos(course?.language);

  const open = useCallback(
    (doc: CourseDocument) => {
      if (doc.type === 'folder') navigate(directoryPath(doc.courseId, [...doc.ancestors.map((a) => a._id), doc._id]));
    },
    [navigate],
  );

  const columns = useDirectoryColumns(open, setPreview);

  const courseId = course?._id ?? '';
  const parent = folder?._id ?? '';
  const { folders, videos, addFilesForm } = useDirectoryRecords(courseId, parent, course?.language, library);

  // Folders go three levels deep; a videos-only course keeps videos directly in its modules.
  const folderBlocked = !listing
    ? 'Loading…'
    : folder?.level === 'concept'
      ? 'Folders go three levels deep: module, topic and concept.'
      : folder?.level === 'module' && course?.hasOnlyVideos
        ? 'This course has only videos: its modules hold videos, not topics.'
        : false;
  // Spec 2 offers Add Folder and Add File at a course's top level too (a document's parent is empty there).
  const addForms: AddForm[] = [
    { label: 'Add Folder', form: () => folders.editor!(null)!, disabled: folderBlocked, primary: true },
    { label: 'Add File', form: () => addFilesForm, disabled: listing ? false : 'Loading…', description: ADD_FILE_DESCRIPTION },
    { label: 'Upload Video', form: () => videos.editor!(null)!, disabled: listing ? false : 'Loading…', description: UPLOAD_VIDEO_DESCRIPTION },
  ];

  const title = folder?.title ?? course?.name ?? 'Directory';
  const subtitle = !listing ? undefined : folder ? `${LEVEL_TEXT[folder.level]} of ${course?.name}` : `${course?.language} course: its modules and videos.`;

  return (
    // A folder dropped on the directory imports into the folder shown, as the Import folder… button does.
    <ImportDropZone target={{ kind: 'folder', courseId, parent }} disabled={folderBlocked}>
      <ListScreen<CourseDocument, DocumentListing>
        viewKey="Course directory"
        title={title}
        subtitle={subtitle}
        breadcrumb={crumbsOf(listing)}
        headerActions={
          <>
            <DirectoryTools courseId={courseId} courseName={course?.name ?? ''} />
            <ImportFolderButton target={{ kind: 'folder', courseId, parent }} disabled={folderBlocked} />
          </>
        }
        list={listQuery}
        rows={selectRows}
        rowId={documentId}
        columns={columns}
        search={{ placeholder: 'Search this folder' }}
        pageSize={COURSE_PAGE_SIZE}
        pageSizes={COURSE_PAGE_SIZES}
        emptyText={folder ? 'This folder is empty.' : 'This course has no modules yet. Add a folder to start.'}
        addForms={addForms}
        editor={(record) => (record ? (record.type === 'folder' ? folders : videos).editor!(record) : null)}
        remove={folders.remove}
        reorder={folders.reorder}
      >
        <MediaPreviewDialog source={preview} width={PREVIEW_DIALOG_WIDTH} onClose={() => setPreview(null)} />
      </ListScreen>
    </ImportDropZone>
  );
}

const selectRows = (listing: DocumentListing) => listing.descendants;
const documentId = (d: CourseDocument) => d._id;
