import { randomUUID } from 'node:crypto';
import type { ServiceHandlers } from '../context';
import { HttpError } from '../http-error';
import { applyOrder, COURSE_SERVER_TEXT as T, findDoc, insertDoc, mustFolder, mustLibraryFile, nextSequence, toVideos, type DocRow } from './tree';

type VideoHandlers = Pick<
  ServiceHandlers<'videoRepository'>,
  'videosByTopic' | 'videosByConcept' | 'video' | 'addVideo' | 'videoSequence' | 'videoQuestions'
>;

export const videoHandlers: VideoHandlers = {
  async videosByTopic({ topicId }, ctx) {
    const topic = await mustFolder(ctx.db, topicId, 2, T.topicNotFound);
    // Course order: the topic's own videos first, then each concept's in the concepts' order.
    const rows = await ctx.db.query<DocRow>(
      `SELECT d.* FROM documents d JOIN documents p ON p.id = d.parent_id
        WHERE d.type = 'file' AND d.ancestors @> $1::jsonb
        ORDER BY (p.id = $2) DESC, p.sequence, p.doc_no, d.sequence, d.doc_no`,
      [JSON.stringify([topic.id]), topic.id],
    );
    return { videos: await toVideos(ctx.db, rows, ctx) };
  },

  async videosByConcept({ conceptId }, ctx) {
    // A concept is the folder that holds the videos (a topic or module stands in where there is no concept).
    const folder = await mustFolder(ctx.db, conceptId, null, T.folderNotFound);
    const rows = await ctx.db.query<DocRow>(`SELECT * FROM documents WHERE parent_id = $1 AND type = 'file' ORDER BY sequence, doc_no`, [folder.id]);
    return { videos: await toVideos(ctx.db, rows, ctx) };
  },

  async video({ id }, ctx) {
    const row = await findDoc(ctx.db, id);
    if (!row || row.type !== 'file') throw new HttpError(404, T.videoNotFound);
    const [video] = await toVideos(ctx.db, [row], ctx);
    return { video: video! };
  },

  async addVideo({ title, videoId, moduleId, topicId, courseId }, ctx) {
    await ctx.db.transaction(async (tx) => {
      const topic = await mustFolder(tx, topicId, 2, T.topicNotFound);
      if (topic.parent_id !== moduleId || topic.course_id !== courseId) throw new HttpError(400, T.topicOutside);
      const file = await mustLibraryFile(tx, videoId);
      const [questions] = await tx.query<{ question_bank: string[] }>(`SELECT question_bank FROM library_files WHERE id = $1`, [file.id]);
      // Into the topic's last concept, where the topic's videos live; into the topic when it has none.
      const [lastConcept] = await tx.query<DocRow>(
        `SELECT * FROM documents WHERE parent_id = $1 AND type = 'folder' ORDER BY sequence DESC, doc_no DESC LIMIT 1`,
        [topic.id],
      );
      const parent = lastConcept ?? topic;
      await insertDoc(tx, {
        id: randomUUID(), courseId, parent, type: 'file', title, description: file.description.slice(0, 2000), fileId: file.id,
        questionBank: questions?.question_bank ?? [], sequence: await nextSequence(tx, courseId, parent.id), at: ctx.now().toISOString(),
      });
    });
    return { message: T.videoAdded };
  },

  async videoSequence({ conceptId, videos }, ctx) {
    await ctx.db.transaction(async (tx) => {
      const rows = await tx.query<{ id: string; parent_id: string | null; type: string; sequence: number }>(
        `SELECT id, parent_id, type, sequence FROM documents WHERE id = ANY($1::text[]) FOR UPDATE`,
        [videos],
      );
      if (rows.length !== videos.length) throw new HttpError(400, T.reorderUnknown);
      if (rows.some((r) => r.type !== 'file' || r.parent_id !== conceptId)) throw new HttpError(400, T.reorderNotVideos);
      await applyOrder(tx, 'documents', videos, rows);
    });
    return { message: T.orderSaved };
  },

  async videoQuestions({ videoId, questionBank }, ctx) {
    // Question ids are the question bank's; stored as given (the bank may be another service), no repeats.
    const rows = await ctx.db.query(
      `UPDATE documents SET question_bank = $2::jsonb, updated_at = $3 WHERE id = $1 AND type = 'file' RETURNING id`,
      [videoId, JSON.stringify([...new Set(questionBank)]), ctx.now().toISOString()],
    );
    if (rows.length === 0) throw new HttpError(404, T.videoNotFound);
    return { message: T.questionsUpdated };
  },
};
