import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Badge, Button, Link, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { CompletedVideo, ProgressSummary } from '../../../shared/schemas/users';
import { callQuery } from '../../lib/calls';
import { formatDateTime } from '../../lib/format';
import { ContentDialog } from '../../components/ContentDialog';
import { PageHeader } from '../../components/PageHeader';
import { TreeTable } from '../../components/DataTable/TreeTable';
import type { Column } from '../../components/DataTable';
import { MSG } from '../../../shared/messages';

type Kind = 'module' | 'topic' | 'concept' | 'video';

/** One line of the progress tree. Ids carry the level: a topic without concepts is its own concept. */
interface Node {
  id: string;
  kind: Kind;
  name: string;
  startTime: string;
  watchTime: number;
  children?: Node[];
  /** Videos: the concept they belong to, and whether the learner completed them. */
  conceptId?: string;
  videoId?: string;
  completed?: boolean;
}

const KIND_TEXT: Record<Kind, string> = { module: 'Module', topic: 'Topic', concept: 'Concept', video: 'Video' };

/** Seconds as '1 h 02 min 05 s' / '3 min 07 s' / '45 s'. */
export function watchTimeText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h} h ${two(m)} min ${two(rest)} s`;
  if (m > 0) return `${m} min ${two(rest)} s`;
  return `${rest} s`;
}

function treeOf(summary: ProgressSummary): Node[] {
  return summary.modules.map((m) => ({
    id: `module:${m._id}`, kind: 'module', name: m.name.english, startTime: m.startTime, watchTime: m.watchTime,
    children: m.topics.map((t) => ({
      id: `topic:${t._id}`, kind: 'topic', name: t.name.english, startTime: t.startTime, watchTime: t.watchTime,
      children: t.concepts.map((c) => ({
        id: `concept:${c._id}`, kind: 'concept', name: c.name.english, startTime: c.startTime, watchTime: c.watchTime,
        children: c.videos.map((v) => ({
          id: `video:${c._id}:${v.videoId}`, kind: 'video', name: v.title, startTime: v.startTime, watchTime: v.watchTime,
          conceptId: c._id, videoId: v.videoId, completed: v.completed,
        })),
      })),
    })),
  }));
}

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0, gap: tokens.spacingVerticalS },
  questions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  question: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  note: { color: tokens.colorNeutralForeground2 },
});

/** The quiz of a completed video: each question answered right or wrong. */
function QuizResultDialog({ video, onClose }: { video: CompletedVideo; onClose: () => void }) {
  const styles = useStyles();
  return (
    <ContentDialog title={`Quiz result: ${video.title}`} width={560} onClose={onClose}>
      <Text as="p">{`Score: ${video.score} of ${video.questionBank.length}`}</Text>
      {video.questionBank.length === 0 ? <Text className={styles.note}>This video has no quiz questions.</Text> : null}
      <ol className={styles.questions} aria-label="Quiz questions">
        {video.questionBank.map((q) => (
          <li key={q._id} className={styles.question}>
            <Text>{q.question}</Text>
            <Badge appearance="tint" color={q.isAnsweredRight ? 'success' : 'danger'}>
              {q.isAnsweredRight ? 'Right' : 'Wrong'}
            </Badge>
          </li>
        ))}
      </ol>
    </ContentDialog>
  );
}

/**
 * User progress (/user/progress/{mobile}): the learner's module, topic, concept and video tree with
 * start and watch times. The mobile comes from the route, so a reload shows the same learner; main
 * resolves the learner's token by mobile. An expanded concept loads its completed videos (quiz results).
 */
/** A video leads to its place in the course (/videos/{id}), its preview open. */
function VideoLink({ node }: { node: Node }) {
  const navigate = useNavigate();
  return <Link onClick={() => navigate(`/videos/${encodeURIComponent(node.videoId ?? '')}`)}>{node.name}</Link>;
}

/**
 * The name cell, one function for good: the page makes new columns whenever a concept's answers arrive,
 * and a cell function made anew is a new component to React, which mounts its cells again. A link
 * mounted again between a click's press and release lost the click (seen in CI right after expanding).
 */
const NameCell: NonNullable<Column<Node>['cell']> = ({ row }) => (row.original.kind === 'video' && row.original.videoId ? <VideoLink node={row.original} /> : row.original.name);

export default function UserProgressPage() {
  const styles = useStyles();
  const mobile = decodeURIComponent(useParams().mobile ?? '');
  const progress = useQuery({ ...callQuery('learners.progress', { mobile }), retry: false });
  const roots = useMemo(() => (progress.data ? treeOf(progress.data) : []), [progress.data]);
  const [openConcepts, setOpenConcepts] = useState<string[]>([]);
  const onExpandedChange = useCallback(
    (ids: ReadonlySet<string>) => setOpenConcepts([...ids].filter((id) => id.startsWith('concept:')).map((id) => id.slice('concept:'.length))),
    [],
  );
  const completed = useQueries({
    queries: openConcepts.map((conceptId) => ({ ...callQuery('learners.conceptProgress', { mobile, conceptId }), retry: false })),
  });
  const byConcept = new Map(openConcepts.map((id, i) => [id, completed[i]]));
  const [quiz, setQuiz] = useState<CompletedVideo | null>(null);
  const failed = progress.isError || completed.some((q) => q.isError);

  const quizCell = (node: Node) => {
    if (node.kind !== 'video') return null;
    if (!node.completed) return <Text className={styles.note}>Not completed</Text>;
    const concept = byConcept.get(node.conceptId ?? '');
    if (!concept || concept.isPending) return <Text className={styles.note}>Loading…</Text>;
    const video = concept.data?.find((v) => v.videoId === node.videoId);
    if (!video) return <Text className={styles.note}>—</Text>;
    return (
      <Button size="small" onClick={() => setQuiz(video)} aria-label={`Quiz result of ${node.name}`}>
        {`Quiz result (${video.score}/${video.questionBank.length})`}
      </Button>
    );
  };
  // The quiz cell reads the concepts' answers: new columns when they arrive.
  const columns: Column<Node>[] = [
    {
      id: 'name',
      accessorFn: (n) => n.name,
      header: 'Name',
      cell: NameCell,
      meta: { minWidth: 260 },
    },
    { id: 'kind', accessorFn: (n) => KIND_TEXT[n.kind], header: 'Level', meta: { width: 100 } },
    { id: 'startTime', accessorFn: (n) => n.startTime, header: 'Start Time', cell: ({ row }) => formatDateTime(row.original.startTime), meta: { width: 160 } },
    { id: 'watchTime', accessorFn: (n) => n.watchTime, header: 'Watch Time', cell: ({ row }) => watchTimeText(row.original.watchTime), meta: { width: 150, align: 'end' } },
    { id: 'quiz', header: 'Quiz', cell: ({ row }) => quizCell(row.original), meta: { width: 190 } },
  ];

  return (
    <div className={styles.page}>
      <PageHeader title="User progress" subtitle={progress.data ? `${mobile} · ${progress.data.courseName || 'No course'}` : mobile} />
      {failed ? (
        <MessageBar intent="error">
          <MessageBarBody>{MSG.unableToFetchProgress}</MessageBarBody>
        </MessageBar>
      ) : null}
      <TreeTable
        ariaLabel={`Progress of ${mobile}`}
        columns={columns}
        roots={roots}
        getRowId={getId}
        getChildren={getChildren}
        loading={progress.isPending}
        emptyText={progress.isError ? 'Progress could not be loaded.' : 'This learner has not started any video yet.'}
        onExpandedChange={onExpandedChange}
      />
      {quiz ? <QuizResultDialog video={quiz} onClose={() => setQuiz(null)} /> : null}
    </div>
  );
}

const getId = (n: Node) => n.id;
const getChildren = (n: Node) => n.children;
