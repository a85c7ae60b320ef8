import { plural } from '../../lib/format';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, Label, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowSwapRegular, DeleteRegular, PlayRegular, QuestionCircleRegular } from '@fluentui/react-icons';
import * as v from 'valibot';
import { COURSE_MSG, COURSE_TEXT } from '../../../shared/course-messages';
import { DOCUMENT_TITLE_MAX, PREVIEW_DIALOG_WIDTH } from '../../../shared/schemas/courses';
import { AddQuestionFormSchema, VideoDraftSchema, type TopicDetail, type Video } from '../../../shared/schemas/topics';
import { callQuery } from '../../lib/calls';
import { action, count, date, text } from '../../kit/columns';
import type { ScreenActions } from '../../kit/ListScreen';
import { FormDialog, RecordDialogs, useRecordDialogs } from '../../kit/RecordDialogs';
import { ResourceScreen, call, recordForm, resource, useCallForm, useResource } from '../../kit/Resource';
import { ContentDialog } from '../../components/ContentDialog';
import { useLibraryVideos, videoSourceOf } from './library-videos';
import { CourseVideoFormSchema, courseVideoFields, libraryVideoChoice, titleGiven } from './VideoChooser';
import { MediaPreviewDialog, type MediaSource } from '../../components/MediaPreview';
import { TOPIC_PAGE_SIZE, TOPIC_PAGE_SIZES } from '../../lib/page-sizes';
import { directoryPath } from '../../lib/open-record';

const useStyles = makeStyles({
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  concept: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
  reorder: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** Next to the greyed reorder of a topic with concepts: videos are ordered within one concept. */
export const REORDER_NEEDS_CONCEPT = 'Choose a concept above to reorder its videos.';

/** Add File on a topic (POST /video): a title and a library video (spec 1: a video and a title are required). */
const AddVideoFormSchema = v.pick(VideoDraftSchema, ['title', 'videoId']);
/** A topic with concepts: the video goes into the concept the user names (never one picked for them). */
const AddVideoToConceptFormSchema = v.object({
  ...AddVideoFormSchema.entries,
  conceptId: v.pipe(v.optional(v.string(), ''), v.nonEmpty(COURSE_TEXT.chooseConcept)),
});
/** The edit dialog (PUT /document/{id}: the spec lists no video update call). */
type AddVideoValues = v.InferOutput<typeof AddVideoFormSchema>;
type AddToConceptValues = v.InferOutput<typeof AddVideoToConceptFormSchema>;

/**
 * The questions of a video (the Related Questions count): each can be deleted, after a question. The
 * video is read from the list, so a deletion shows once the list is read again.
 */
function RelatedQuestionsDialog({ video, onClose }: { video: Video | null; onClose: () => void }) {
  const styles = useStyles();
  const questions = useQuery(callQuery('questionBank.questions'));
  const byId = new Map((questions.data ?? []).map((q) => [q._id, q.question]));
  const ids = video?.questionBank ?? [];
  // A video's questions as records: deleting one saves the video's list without it.
  const { remove } = useResource(
    resource<string>({
      name: 'Question',
      form: () => null,
      remove: {
        ...call('videoRepository.videoQuestions', { fallback: COURSE_MSG.videoNotEdited, successFallback: 'Question removed' }, (id: string) => ({
          videoId: video?._id ?? '',
          questionBank: ids.filter((q) => q !== id),
        })),
        title: 'Delete question',
        question: (id) => `Remove "${byId.get(id) ?? id}" from this video?`,
      },
    }),
    (id) => id,
  );
  const dialogs = useRecordDialogs(remove);
  return (
    <ContentDialog open={video !== null} title={video ? `Related questions of ${video.title}` : 'Related questions'} width={640} onClose={onClose}>
      {ids.length === 0 ? (
        <Text className={styles.muted}>No questions on this video yet.</Text>
      ) : (
        <ol className={styles.list} aria-label="Related questions">
          {ids.map((id) => (
            <li key={id}>
              <span className={styles.item}>
                <Text>{byId.get(id) ?? `A question that no longer exists (${id})`}</Text>
                <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={`Delete question ${byId.get(id) ?? id}`} onClick={() => dialogs.deletion.ask(id)} />
              </span>
            </li>
          ))}
        </ol>
      )}
      <RecordDialogs state={dialogs} rowId={(id) => id} remove={remove} />
    </ContentDialog>
  );
}

/**
 * A topic's videos as records: edited as course videos; added into a concept the user names where the
 * topic has concepts (the directory's call), else onto the topic; reordered within one concept.
 */
function topicVideos({ topic, topicId, conceptId, reorderConcept, library }: {
  topic: TopicDetail | undefined;
  topicId: string;
  /** The concept shown (the new video's default concept). */
  conceptId: string;
  /** The concept whose videos can be reordered; '' when none can. */
  reorderConcept: string;
  library: ReturnType<typeof useLibraryVideos>;
}) {
  const concepts = topic?.concepts ?? [];
  const addVideoFields = [
    libraryVideoChoice('videoId', 'Library video', library, 'title', `Select a video${topic ? ` in ${topic.language}` : ''}`),
    { kind: 'text', name: 'title', label: 'Title', required: true, maxLength: DOCUMENT_TITLE_MAX },
  ] as const;

  const courseId = topic?.courseId ?? '';
  return resource<Video>({
    name: 'Video',
    bulk: { names: ['video', 'videos'], label: (r) => r.title },
    form: (record) =>
      record
        ? recordForm({
            schema: CourseVideoFormSchema,
            fields: courseVideoFields(library, { titleLabel: 'Title', placeholder: 'Select a video' }),
            defaults: { title: record.title, description: record.description, freeToWatch: record.freeToWatch, fileId: record.videoId },
            canSubmit: titleGiven,
            failureFallback: COURSE_MSG.videoNotEdited,
            width: 640,
          })
        : concepts.length > 0
          ? recordForm({
              title: 'Add File',
              schema: AddVideoToConceptFormSchema,
              fields: [
                {
                  kind: 'select',
                  name: 'conceptId',
                  label: 'Concept',
                  required: true,
                  options: concepts.map((c) => ({ value: c._id, label: c.name })),
                  placeholder: 'Select the concept it goes into',
                  hint: 'The videos of this topic sit in its concepts.',
                },
                ...addVideoFields,
              ],
              defaults: { title: '', videoId: '', conceptId },
              canSubmit: titleGiven,
              failureFallback: COURSE_MSG.fileNotAdded,
              width: 640,
            })
          : recordForm({
              title: 'Add File',
              schema: AddVideoFormSchema,
              fields: addVideoFields,
              defaults: { title: '', videoId: '' },
              canSubmit: titleGiven,
              failureFallback: COURSE_MSG.fileNotAdded,
              width: 640,
            }),
    create:
      concepts.length > 0
        ? // Into a chosen concept: the directory's call for a video file, with the concept as its folder (POST /video names none).
          call('videoRepository.createDocument', { fallback: COURSE_MSG.fileNotAdded, successFallback: 'Video has been Added' }, ({ conceptId: parent, videoId, title }: AddToConceptValues) => ({
            type: 'file',
            courseId,
            parent,
            title,
            fileId: videoId,
            freeToWatch: false,
          }))
        : call('videoRepository.addVideo', { fallback: COURSE_MSG.fileNotAdded }, (values: AddVideoValues) => ({ ...values, topicId, moduleId: topic?.moduleId ?? '', courseId })),
    // The server's answer names a document; the user saved a video.
    update: call('videoRepository.updateDocument', { fallback: COURSE_MSG.videoNotEdited, success: COURSE_TEXT.videoUpdated }),
    reorder: reorderConcept
      ? call('videoRepository.videoSequence', { fallback: COURSE_MSG.somethingWentWrong }, (rows: Video[]) => ({ conceptId: reorderConcept, videos: rows.map((r) => r._id) }))
      : undefined,
  });
}

/** Add Question on a video: a question in the video's language that it does not have yet. */
function useAddQuestionForm(asking: Video | null) {
  const questions = useQuery({ ...callQuery('questionBank.questions'), enabled: asking !== null });
  const questionOptions = useMemo(
    () => (questions.data ?? []).filter((q) => !asking || (q.language === asking.language && !asking.questionBank.includes(q._id))).map((q) => ({ value: q._id, label: q.question })),
    [questions.data, asking],
  );

  return useCallForm(
    call('videoRepository.videoQuestions', { fallback: COURSE_MSG.videoNotEdited, successFallback: 'Question added' }, ({ questionId }: { questionId: string }) => ({
      videoId: asking?._id ?? '',
      questionBank: [...(asking?.questionBank ?? []), questionId],
    })),
    recordForm({
      title: asking ? `Add a question to ${asking.title}` : '',
      schema: AddQuestionFormSchema,
      fields: [
        {
          kind: 'select',
          name: 'questionId',
          label: 'Question',
          required: true,
          options: questionOptions,
          placeholder: questions.isPending ? 'Loading…' : `Select a question in ${asking?.language ?? ''}`,
        },
      ],
      defaults: { questionId: '' },
      failureFallback: COURSE_MSG.videoNotEdited,
      width: 640,
    }),
  );
}

/** /topics/{topicId}: the videos of one topic (spec 1 section 2, Videos). */
export default function VideosPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const conceptSelectId = useId();
  const topicId = useParams().topicId ?? '';
  // The concept shown is part of the address, so that it survives a reload (with topicId in the path).
  const [params, setParams] = useSearchParams();
  const conceptId = params.get('concept') ?? '';
  const topic = useQuery(callQuery('videoRepository.topic', { id: topicId })).data;
  const [preview, setPreview] = useState<MediaSource | null>(null);
  const [related, setRelated] = useState<string | null>(null);
  const [asking, setAsking] = useState<Video | null>(null);
  const library = useLibraryVideos(topic?.language);
  const askingForm = useAddQuestionForm(asking);

  const reorderHintId = useId();

  // One concept: its videos (GET /video/byconcept), which can be reordered; else the whole topic's.
  const concepts = topic?.concepts ?? [];
  const reorderConcept = conceptId || (concepts.length === 0 ? topicId : '');
  const list = conceptId ? callQuery('videoRepository.videosByConcept', { conceptId }) : callQuery('videoRepository.videosByTopic', { topicId });

  // ?video=<id> (from /videos/{id}): that video's preview opens once its row is here, then the address forgets it.
  const shownVideo = params.get('video');
  // The list's rows: fetched here only for a video named in the address; else what the list screen read.
  const videos = useQuery({ ...list, enabled: !!shownVideo }).data;
  useEffect(() => {
    const found = shownVideo ? videos?.find((r) => r._id === shownVideo) : undefined;
    if (!found) return;
    setPreview(videoSourceOf({ title: found.title, fileUrl: found.videoUrl, previewUrl: found.previewUrl }));
    setParams(conceptId ? { concept: conceptId } : {}, { replace: true });
  }, [shownVideo, videos, conceptId, setParams]);

  const columns = useCallback(
    ({ editColumn }: ScreenActions<Video>) => [
      action<Video>('preview', 'Preview', {
        label: (r) => `Preview ${r.title}`,
        icon: <PlayRegular />,
        onClick: (r) => setPreview(videoSourceOf({ title: r.title, fileUrl: r.videoUrl, previewUrl: r.previewUrl })),
        width: 76,
      }),
      text<Video>('title', 'Title', { width: 280 }),
      text<Video>('language', 'Language', { width: 120, filter: 'select' }),
      count<Video>('questions', 'Related Questions', (r) => r.questionBank.length, (r) => setRelated(r._id), (r) => `Related questions of ${r.title}`, { width: 140 }),
      action<Video>('addQuestion', 'Add Question', { label: (r) => `Add a question to ${r.title}`, icon: <QuestionCircleRegular />, onClick: setAsking, width: 84, wrapHeader: true }),
      date<Video>('createdAt', 'Created At', (r) => r.metaInfo.created.at),
      date<Video>('updatedAt', 'Last Updated', (r) => r.metaInfo.updated.at),
      editColumn((r) => `Edit ${r.title}`),
    ],
    [],
  );

  const videoResource = topicVideos({ topic, topicId, conceptId, reorderConcept, library });

  return (
    <ResourceScreen<Video, Video[]>
      resource={videoResource}
      viewKey="Videos of a topic"
      title={topic ? `Videos of ${topic.name}` : 'Videos'}
      subtitle={topic ? `${topic.courseName} · ${topic.moduleName} · ${topic.language}` : undefined}
      breadcrumb={[
        { label: 'Courses', to: '/course' },
        ...(topic
          ? [
              { label: topic.courseName, to: directoryPath(topic.courseId, []) },
              { label: topic.moduleName, to: `/modules/${encodeURIComponent(topic.moduleId)}` },
            ]
          : []),
        { label: topic?.name ?? '…' },
      ]}
      headerActions={
        <div className={styles.actions}>
          {concepts.length > 0 ? (
            <div className={styles.concept}>
              <Label htmlFor={conceptSelectId}>Concept</Label>
              <Select id={conceptSelectId} value={conceptId} onChange={(_e, d) => setParams(d.value ? { concept: d.value } : {}, { replace: true })}>
                <option value="">All concepts</option>
                {concepts.map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.name} ({plural(c.videoCount, 'video')})
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
          <Button icon={<ArrowLeftRegular />} onClick={() => navigate(topic ? `/modules/${encodeURIComponent(topic.moduleId)}` : '/course')}>
            Back
          </Button>
        </div>
      }
      list={list}
      rowId={(r) => r._id}
      columns={columns}
      search={{ placeholder: 'Search videos' }}
      pageSize={TOPIC_PAGE_SIZE}
      pageSizes={TOPIC_PAGE_SIZES}
      emptyText="No videos in this topic yet."
      addLabel="Add File"
      addDisabled={topic ? false : 'Loading…'}
      toolbar={
        topic && !reorderConcept ? (
          // Shown greyed, and reachable by Tab, so that the reason stands next to it.
          <span className={styles.reorder}>
            <Button icon={<ArrowSwapRegular />} disabledFocusable aria-describedby={reorderHintId}>
              Enable reorder
            </Button>
            <Text id={reorderHintId} size={200} className={styles.muted}>
              {REORDER_NEEDS_CONCEPT}
            </Text>
          </span>
        ) : undefined
      }
    >
      <MediaPreviewDialog source={preview} width={PREVIEW_DIALOG_WIDTH} onClose={() => setPreview(null)} />
      <RelatedQuestionsDialog video={(related && videos?.find((r) => r._id === related)) || null} onClose={() => setRelated(null)} />
      {asking ? <FormDialog key={asking._id} spec={askingForm} open submitLabel="Add" onClose={() => setAsking(null)} /> : null}
    </ResourceScreen>
  );
}
