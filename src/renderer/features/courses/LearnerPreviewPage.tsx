import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Badge,
  Label,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { LANGUAGES, type Language } from '../../../shared/constants';
import { FOLDER_LEVELS } from '../../../shared/schemas/courses';
import type { PreviewFolder, PreviewVideo } from '../../../shared/schemas/course-health';
import { callQuery } from '../../lib/calls';
import { Crumbs } from '../../components/Crumbs';
import { PageHeader } from '../../components/PageHeader';
import { directoryPath } from '../../lib/open-record';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, overflowY: 'auto', minHeight: 0, paddingBottom: tokens.spacingVerticalXXL },
  language: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  folder: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, paddingLeft: tokens.spacingHorizontalL, borderLeft: `2px solid ${tokens.colorNeutralStroke2}` },
  heading: { margin: 0 },
  videoHead: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  lines: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
});

/** 1:35, 1:02:03: a video's length as a player shows it. */
export function clockOf(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

const LEVEL_NAME: Record<(typeof FOLDER_LEVELS)[number], string> = { module: 'Module', topic: 'Topic', concept: 'Concept' };

/** The transcript lines of a video in the learner's language, read when its panel opens. */
function Transcript({ fileId, language }: { fileId: string; language: Language }) {
  const styles = useStyles();
  const lines = useQuery({ ...callQuery('videoRepository.transcripts', { videoId: fileId }), enabled: !!fileId });
  if (!fileId) return <Text className={styles.muted}>No video to play: its library file is missing.</Text>;
  if (lines.isPending) return <Spinner size="tiny" label="Reading the transcript…" />;
  if (lines.isError) return <Text>{`The transcript could not be read: ${lines.error.message}`}</Text>;
  const shown = lines.data.transcripts.filter((t) => t.language === language);
  if (shown.length === 0) return <Text className={styles.muted}>{`No transcript in ${language}.`}</Text>;
  return (
    <ol className={styles.lines} aria-label={`Transcript in ${language}`}>
      {shown.map((t) => (
        <li key={t._id}>
          <Text className={styles.muted}>{t.timeStamp}</Text> {t.captionText}
        </li>
      ))}
    </ol>
  );
}

function VideoItem({ video, language }: { video: PreviewVideo; language: Language }) {
  const styles = useStyles();
  const otherLanguage = video.language ? video.questions.filter((q) => q.language && q.language !== video.language).length : 0;
  return (
    <AccordionItem value={video._id}>
      <AccordionHeader>
        <span className={styles.videoHead}>
          <Text weight="semibold">{video.title}</Text>
          <Text className={styles.muted}>{clockOf(video.duration)}</Text>
          {video.freeToWatch ? (
            <Badge appearance="tint" color="success">
              Free to watch
            </Badge>
          ) : null}
          {/* Learners see only live files: a draft or hidden one is marked, not shown as if they saw it. */}
          {video.status && video.status !== 'live' ? (
            <Badge appearance="tint" color="warning">
              {`${video.status === 'draft' ? 'Draft' : video.status === 'hidden' ? 'Hidden' : video.status}: learners do not see it`}
            </Badge>
          ) : null}
          {otherLanguage > 0 ? (
            <Badge appearance="tint" color="informative">
              {`${otherLanguage} ${otherLanguage === 1 ? 'question' : 'questions'} not in ${video.language}`}
            </Badge>
          ) : null}
          <Text className={styles.muted}>{video.questions.length ? `${video.questions.length} ${video.questions.length === 1 ? 'question' : 'questions'} after it` : 'No questions'}</Text>
        </span>
      </AccordionHeader>
      <AccordionPanel>
        {video.questions.length ? (
          <>
            <Text weight="semibold">Questions after the video</Text>
            <ol className={styles.lines}>
              {video.questions.map((q) => (
                <li key={q._id}>
                  <Text>{q.question}</Text>
                  {video.language && q.language && q.language !== video.language ? <Text className={styles.muted}>{` (in ${q.language}, the video is in ${video.language})`}</Text> : null}
                  <ul>
                    {q.options.map((o, i) => (
                      <li key={i}>{o}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </>
        ) : null}
        <Text weight="semibold">{`Transcript (${language})`}</Text>
        <Transcript fileId={video.fileId} language={language} />
      </AccordionPanel>
    </AccordionItem>
  );
}

function FolderView({ folder, depth, language }: { folder: PreviewFolder; depth: number; language: Language }) {
  const styles = useStyles();
  return (
    <section className={styles.folder} aria-label={`${LEVEL_NAME[folder.level]} ${folder.title}`}>
      <Text as={depth === 0 ? 'h2' : depth === 1 ? 'h3' : 'h4'} size={depth === 0 ? 500 : depth === 1 ? 400 : 300} weight="semibold" className={styles.heading}>
        {`${LEVEL_NAME[folder.level]}: ${folder.title}`}
      </Text>
      {folder.description ? <Text className={styles.muted}>{folder.description}</Text> : null}
      {folder.videos.length ? (
        <Accordion collapsible multiple aria-label={`Videos of ${folder.title}`}>
          {folder.videos.map((v) => (
            <VideoItem key={v._id} video={v} language={language} />
          ))}
        </Accordion>
      ) : folder.folders.length === 0 ? (
        <Text className={styles.muted}>Nothing here yet.</Text>
      ) : null}
      {folder.folders.map((f) => (
        <FolderView key={f._id} folder={f} depth={depth + 1} language={language} />
      ))}
    </section>
  );
}

/** /course-preview/{courseId}: what a learner sees of a course, in order; read-only. */
export default function LearnerPreviewPage() {
  const styles = useStyles();
  const courseId = useParams().courseId ?? '';
  const selectId = useId();
  const preview = useQuery(callQuery('courseTools.preview', { courseId }));
  const [chosen, setChosen] = useState<Language | null>(null);
  const course = preview.data;
  const language = chosen ?? course?.language ?? 'English';
  return (
    <div className={styles.page}>
      <Crumbs
        items={[
          { label: 'Courses', to: '/course' },
          course ? { label: course.name, to: directoryPath(course.courseId, []) } : { label: '…' },
          { label: 'Preview as learner' },
        ]}
      />
      <PageHeader
        title={course ? `${course.name}: as a learner sees it` : 'Preview as learner'}
        subtitle={course ? `Read-only. The course is in ${course.language}${course.modulesSkippable ? '; its videos can be skipped' : ''}.` : undefined}
        actions={
          <div className={styles.language}>
            <Label htmlFor={selectId}>Learner&apos;s language</Label>
            <Select id={selectId} value={language} onChange={(_e, d) => setChosen(d.value as Language)}>
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </Select>
          </div>
        }
      />
      {preview.isPending ? <Spinner label="Reading the course…" /> : null}
      {preview.isError ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{`The course could not be read: ${preview.error.message}`}</MessageBarBody>
        </MessageBar>
      ) : null}
      {course && course.modules.length === 0 ? <Text>This course has no modules yet.</Text> : null}
      {course?.modules.map((m) => (
        <FolderView key={m._id} folder={m} depth={0} language={language} />
      ))}
    </div>
  );
}
