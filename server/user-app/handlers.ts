import { StreamedList } from '../streamed-list';
import type { CompletedVideo, ProgressModule, ProgressSummary } from '../../src/shared/schemas/users';
import type { HandlerContext, ServiceHandlers } from '../context';
import { toIso, type Queryable } from '../db';
import { HttpError } from '../http-error';

export const USER_APP_TEXT = {
  learnerTokenInvalid: 'This learner session is not valid. Reload the learner list.',
  moduleNotFound: 'Module not found. It may have been deleted; reload the list.',
  conceptNotFound: 'Concept not found. It may have been deleted; reload the progress.',
  questionRemoved: '(This question was removed from the question bank.)',
} as const;

interface LearnerRow {
  id: string;
  mobile_number: string;
  login_time: Date | string | null;
  preferred_language: string;
  token: string;
  course_id: string | null;
  module_id: string | null;
  progress: number;
}

/** The learner whose app token the call carries (Bearer); 401 when none. */
async function learnerOf(ctx: HandlerContext): Promise<LearnerRow> {
  const token = ctx.learnerToken;
  const [row] = token ? await ctx.db.query<LearnerRow>(`SELECT * FROM learners WHERE token = $1`, [token]) : [];
  if (!row) throw new HttpError(401, USER_APP_TEXT.learnerTokenInvalid);
  return row;
}

interface FolderRow {
  id: string;
  title: string;
  depth: number;
  sequence: number;
  doc_no: number;
}

interface ProgressRow {
  video_id: string;
  title: string;
  parent_id: string;
  ancestors: string[];
  sequence: number;
  doc_no: number;
  start_time: Date | string;
  watch_time: number;
  completed: boolean;
}

const earliest = (times: string[]): string => times.reduce((a, b) => (a < b ? a : b));

/**
 * The learner's tree of module, topic, concept and videos, in course order. A folder that holds videos
 * stands in for the levels below it that it lacks (a topic without concepts is its own concept; a
 * module of a videos-only course is its own topic and concept).
 */
async function progressTree(q: Queryable, learner: LearnerRow): Promise<ProgressSummary> {
  const rows = await q.query<ProgressRow>(
    `SELECT p.video_id, d.title, d.parent_id, d.ancestors, d.sequence, d.doc_no, p.start_time, p.watch_time, p.completed
       FROM learner_progress p JOIN documents d ON d.id = p.video_id
      WHERE p.learner_id = $1`,
    [learner.id],
  );
  const folderIds = [...new Set(rows.flatMap((r) => r.ancestors))];
  const folders = new Map(
    (folderIds.length
      ? await q.query<FolderRow>(`SELECT id, title, depth, sequence, doc_no FROM documents WHERE id = ANY($1::text[])`, [folderIds])
      : []
    ).map((f) => [f.id, f]),
  );
  const [course] = learner.course_id ? await q.query<{ id: string; name: string }>(`SELECT id, name FROM courses WHERE id = $1`, [learner.course_id]) : [];

  const key = (id: string) => {
    const f = folders.get(id);
    return f ? [Number(f.sequence), Number(f.doc_no)] : [0, 0];
  };
  const byOrder = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]!;
  const name = (id: string) => ({ english: folders.get(id)?.title ?? '' });

  const modules = new Map<string, Map<string, Map<string, ProgressRow[]>>>();
  for (const row of rows) {
    const [moduleId, topicId = moduleId, conceptId = topicId] = row.ancestors as [string, string?, string?];
    const topics = modules.get(moduleId) ?? new Map<string, Map<string, ProgressRow[]>>();
    modules.set(moduleId, topics);
    const concepts = topics.get(topicId!) ?? new Map<string, ProgressRow[]>();
    topics.set(topicId!, concepts);
    concepts.set(conceptId!, [...(concepts.get(conceptId!) ?? []), row]);
  }

  const sorted = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => byOrder(key(a), key(b)));
  const tree: ProgressModule[] = sorted(modules).map(([moduleId, topics]) => {
    const topicNodes = sorted(topics).map(([topicId, concepts]) => {
      const conceptNodes = sorted(concepts).map(([conceptId, videos]) => {
        const videoNodes = videos
          .sort((a, b) => byOrder([Number(a.sequence), Number(a.doc_no)], [Number(b.sequence), Number(b.doc_no)]))
          .map((v) => ({ videoId: v.video_id, title: v.title, startTime: toIso(v.start_time), watchTime: v.watch_time, completed: v.completed }));
        return {
          _id: conceptId, name: name(conceptId), videos: videoNodes,
          startTime: earliest(videoNodes.map((v) => v.startTime)), watchTime: videoNodes.reduce((s, v) => s + v.watchTime, 0),
        };
      });
      return {
        _id: topicId, name: name(topicId), concepts: conceptNodes,
        startTime: earliest(conceptNodes.map((c) => c.startTime)), watchTime: conceptNodes.reduce((s, c) => s + c.watchTime, 0),
      };
    });
    return {
      _id: moduleId, name: name(moduleId), topics: topicNodes,
      startTime: earliest(topicNodes.map((t) => t.startTime)), watchTime: topicNodes.reduce((s, t) => s + t.watchTime, 0),
    };
  });
  return {
    courseId: course?.id ?? '',
    courseName: course?.name ?? '',
    modules: tree,
    videos: tree.flatMap((m) => m.topics.flatMap((t) => t.concepts.flatMap((c) => c.videos.map((v) => ({ videoId: v.videoId, watchTime: v.watchTime }))))),
  };
}

export const userApp: ServiceHandlers<'userApp'> = {
  async users() {
    // Every learner (the platform's list call returns the whole list; main keeps it and serves windows),
    // streamed from a cursor in the order of an index: a million learners in constant memory. Each row
    // is its JSON text made in SQL, compact (json_build_object's text puts spaces around every ':'),
    // each text value through to_json for its escapes.
    return {
      users: new StreamedList(
        `SELECT '{"_id":' || to_json(id)::text
                || ',"userInfo":{"mobileNumber":' || to_json(mobile_number)::text
                || ',"loginTime":"' || coalesce(to_char(login_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '')
                || '","preferredLanguage":' || to_json(preferred_language)::text
                || ',"token":' || to_json(token)::text
                || '},"currentProgress":{"progress":' || progress
                || ',"moduleId":' || to_json(coalesce(module_id, ''))::text || '}}' AS row
           FROM learners
          ORDER BY login_time DESC NULLS LAST, mobile_number`,
      ),
    };
  },

  async moduleProgress({ moduleId }, ctx) {
    const [module] = await ctx.db.query<{ id: string; title: string }>(
      `SELECT id, title FROM documents WHERE id = $1 AND type = 'folder' AND depth = 1`,
      [moduleId],
    );
    if (!module) throw new HttpError(404, USER_APP_TEXT.moduleNotFound);
    const topics = await ctx.db.query<{ id: string; title: string; videos: string | number }>(
      `SELECT t.id, t.title,
              (SELECT count(*) FROM documents v WHERE v.type = 'file' AND v.ancestors @> jsonb_build_array(t.id)) AS videos
         FROM documents t WHERE t.parent_id = $1 AND t.type = 'folder'
        ORDER BY t.sequence, t.doc_no`,
      [module.id],
    );
    return {
      module: { _id: module.id, name: { english: module.title } },
      topics: topics.map((t) => ({ _id: t.id, name: { english: t.title }, videoCount: Number(t.videos) })),
    };
  },

  async progress(_input, ctx) {
    const learner = await learnerOf(ctx);
    return { progressSummary: await progressTree(ctx.db, learner) };
  },

  async conceptProgress({ conceptId }, ctx) {
    const learner = await learnerOf(ctx);
    const [concept] = await ctx.db.query(`SELECT id FROM documents WHERE id = $1 AND type = 'folder'`, [conceptId]);
    if (!concept) throw new HttpError(404, USER_APP_TEXT.conceptNotFound);
    const rows = await ctx.db.query<{ video_id: string; title: string; start_time: Date | string; answers: { questionId: string; right: boolean }[] }>(
      `SELECT p.video_id, d.title, p.start_time, p.answers
         FROM learner_progress p JOIN documents d ON d.id = p.video_id
        WHERE p.learner_id = $1 AND p.completed AND d.parent_id = $2
        ORDER BY d.sequence, d.doc_no`,
      [learner.id, conceptId],
    );
    const questionIds = [...new Set(rows.flatMap((r) => r.answers.map((a) => a.questionId)))];
    const texts = new Map(
      (questionIds.length
        ? await ctx.db.query<{ id: string; question: string }>(`SELECT id, question FROM qb_questions WHERE id = ANY($1::text[])`, [questionIds])
        : []
      ).map((q) => [q.id, q.question]),
    );
    const completedVideos: CompletedVideo[] = rows.map((r) => ({
      conceptId,
      videoId: r.video_id,
      title: r.title,
      startTime: toIso(r.start_time),
      score: r.answers.filter((a) => a.right).length,
      questionBank: r.answers.map((a) => ({ _id: a.questionId, question: texts.get(a.questionId) ?? USER_APP_TEXT.questionRemoved, isAnsweredRight: a.right })),
    }));
    return { completedVideos };
  },
};
