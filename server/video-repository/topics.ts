import { randomUUID } from 'node:crypto';
import type { Module, Topic } from '../../src/shared/schemas/topics';
import type { ServiceHandlers } from '../context';
import type { Queryable } from '../db';
import { HttpError } from '../http-error';
import { applyOrder, COURSE_SERVER_TEXT as T, insertDoc, mustCourse, mustFolder, nextSequence, type DocRow } from './tree';

type TopicHandlers = Pick<ServiceHandlers<'videoRepository'>, 'modules' | 'topics' | 'topic' | 'addTopic' | 'topicSequence'>;

/** Videos (files) anywhere below each folder. */
async function videoCounts(q: Queryable, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await q.query<{ id: string; n: string | number }>(
    `SELECT a.id, count(*) AS n
       FROM documents d CROSS JOIN LATERAL jsonb_array_elements_text(d.ancestors) AS a(id)
      WHERE d.type = 'file' AND a.id = ANY($1::text[])
      GROUP BY a.id`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

const toTopic = (row: DocRow, counts: Map<string, number>): Topic => ({
  _id: row.id,
  topicId: Number(row.doc_no),
  name: row.title,
  description: row.description,
  videoCount: counts.get(row.id) ?? 0,
  moduleId: row.parent_id ?? '',
  courseId: row.course_id,
});

export const topicHandlers: TopicHandlers = {
  async modules(_input, ctx) {
    const rows = await ctx.db.query<{
      id: string; title: string; description: string; course_id: string; course_name: string; language: Module['language']; topics: string | number;
    }>(
      `SELECT m.id, m.title, m.description, m.course_id, c.name AS course_name, c.language,
              (SELECT count(*) FROM documents t WHERE t.parent_id = m.id AND t.type = 'folder') AS topics
         FROM documents m JOIN courses c ON c.id = m.course_id
        WHERE m.depth = 1 AND m.type = 'folder'
        ORDER BY c.sequence, c.course_no, m.sequence, m.doc_no`,
    );
    return {
      modules: rows.map((r) => ({
        _id: r.id, name: r.title, description: r.description, courseId: r.course_id, courseName: r.course_name,
        language: r.language, topicCount: Number(r.topics),
      })),
    };
  },

  async topics({ moduleId }, ctx) {
    const module = await mustFolder(ctx.db, moduleId, 1, T.moduleNotFound);
    const course = await mustCourse(ctx.db, module.course_id);
    const rows = await ctx.db.query<DocRow>(
      `SELECT * FROM documents WHERE parent_id = $1 AND type = 'folder' ORDER BY sequence, doc_no`,
      [module.id],
    );
    const counts = await videoCounts(ctx.db, rows.map((r) => r.id));
    return {
      topics: rows.map((r) => toTopic(r, counts)),
      // A videos-only course keeps its videos in its modules: no topics (see docs/decisions/reference-server.md).
      disallowTopicAddition: course.has_only_videos,
      moduleInfo: { _id: module.id, name: module.title, courseId: course.id, courseName: course.name, language: course.language },
    };
  },

  async topic({ id }, ctx) {
    const topic = await mustFolder(ctx.db, id, 2, T.topicNotFound);
    const course = await mustCourse(ctx.db, topic.course_id);
    const module = await mustFolder(ctx.db, topic.parent_id ?? '', 1, T.moduleNotFound);
    const concepts = await ctx.db.query<DocRow>(
      `SELECT * FROM documents WHERE parent_id = $1 AND type = 'folder' ORDER BY sequence, doc_no`,
      [topic.id],
    );
    const counts = await videoCounts(ctx.db, [topic.id, ...concepts.map((c) => c.id)]);
    return {
      topic: {
        ...toTopic(topic, counts),
        moduleName: module.title,
        courseName: course.name,
        language: course.language,
        concepts: concepts.map((c) => ({ _id: c.id, name: c.title, videoCount: counts.get(c.id) ?? 0 })),
      },
    };
  },

  async addTopic({ name, description, moduleId }, ctx) {
    await ctx.db.transaction(async (tx) => {
      const module = await mustFolder(tx, moduleId, 1, T.moduleNotFound);
      const course = await mustCourse(tx, module.course_id);
      if (course.has_only_videos) throw new HttpError(409, T.onlyVideos);
      const sequence = await nextSequence(tx, course.id, module.id);
      await insertDoc(tx, { id: randomUUID(), courseId: course.id, parent: module, type: 'folder', title: name, description, sequence, at: ctx.now().toISOString() });
    });
    return { message: T.topicAdded };
  },

  async topicSequence({ topics }, ctx) {
    await ctx.db.transaction(async (tx) => {
      const rows = await tx.query<{ id: string; parent_id: string | null; type: string; depth: number; sequence: number }>(
        `SELECT id, parent_id, type, depth, sequence FROM documents WHERE id = ANY($1::text[]) FOR UPDATE`,
        [topics],
      );
      if (rows.length !== topics.length) throw new HttpError(400, T.reorderUnknown);
      const parent = rows[0]!.parent_id;
      if (rows.some((r) => r.type !== 'folder' || r.depth !== 2 || r.parent_id !== parent)) throw new HttpError(400, T.reorderNotTopics);
      await applyOrder(tx, 'documents', topics, rows);
    });
    return { message: T.orderSaved };
  },
};
