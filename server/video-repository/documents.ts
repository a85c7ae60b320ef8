import { randomUUID } from 'node:crypto';
import { COURSE_MSG } from '../../src/shared/course-messages';
import { MAX_FOLDER_DEPTH } from '../../src/shared/schemas/courses';
import type { ServiceHandlers } from '../context';
import type { Queryable } from '../db';
import { HttpError } from '../http-error';
import {
  applyOrder,
  COURSE_SERVER_TEXT as T,
  findCourse,
  findDoc,
  insertDoc,
  loadCourses,
  mustCourse,
  mustLibraryFile,
  nextSequence,
  toDocuments,
  type CourseRow,
  type DocRow,
} from './tree';

type DocumentHandlers = Pick<
  ServiceHandlers<'videoRepository'>,
  'document' | 'createDocument' | 'updateDocument' | 'deleteDocument' | 'reorderDocuments' | 'addDescendants'
>;

/**
 * The folder new content goes into: a folder of the same course ('' = the top of the course, where spec 2
 * offers Add Folder and Add File: a document's parent is empty there). Folders go three levels deep; a
 * videos-only course has no topics (its modules hold the videos).
 */
async function parentFor(q: Queryable, course: CourseRow, parentId: string, type: 'folder' | 'file'): Promise<DocRow | null> {
  if (!parentId) return null;
  const parent = await findDoc(q, parentId);
  if (!parent) throw new HttpError(404, T.folderNotFound);
  if (parent.type !== 'folder') throw new HttpError(400, T.parentNotFolder);
  if (parent.course_id !== course.id) throw new HttpError(400, T.parentOtherCourse);
  if (type === 'folder') {
    if (parent.depth >= MAX_FOLDER_DEPTH) throw new HttpError(400, T.tooDeep);
    if (parent.depth === 1 && course.has_only_videos) throw new HttpError(409, T.onlyVideos);
  }
  return parent;
}

export const documentHandlers: DocumentHandlers = {
  async document({ id }, ctx) {
    // The id is a folder's, or a course's for the top level (spec 2: the directory path's last segment).
    const course = await findCourse(ctx.db, id);
    let folder: DocRow | null = null;
    if (!course) {
      folder = await findDoc(ctx.db, id);
      if (!folder) throw new HttpError(404, T.documentNotFound);
      if (folder.type !== 'folder') throw new HttpError(400, T.fileHasNoContents);
    }
    const courseId = course?.id ?? folder!.course_id;
    const children = folder
      ? await ctx.db.query<DocRow>(`SELECT * FROM documents WHERE parent_id = $1 ORDER BY sequence, doc_no`, [folder.id])
      : await ctx.db.query<DocRow>(`SELECT * FROM documents WHERE course_id = $1 AND parent_id IS NULL ORDER BY sequence, doc_no`, [courseId]);
    const [courseDoc] = await loadCourses(ctx.db, ctx, [courseId]);
    const [parentInfo] = folder ? await toDocuments(ctx.db, [folder], ctx) : [null];
    return { descendants: await toDocuments(ctx.db, children, ctx), parentInfo: parentInfo ?? null, courseDoc: courseDoc! };
  },

  async createDocument(input, ctx) {
    const at = ctx.now().toISOString();
    await ctx.db.transaction(async (tx) => {
      const course = await mustCourse(tx, input.courseId);
      const parent = await parentFor(tx, course, input.parent, input.type);
      const sequence = await nextSequence(tx, course.id, parent?.id ?? null);
      if (input.type === 'folder') {
        await insertDoc(tx, { id: randomUUID(), courseId: course.id, parent, type: 'folder', title: input.title, description: input.description, sequence, at });
      } else {
        const file = await mustLibraryFile(tx, input.fileId);
        const [questions] = await tx.query<{ question_bank: string[] }>(`SELECT question_bank FROM library_files WHERE id = $1`, [file.id]);
        await insertDoc(tx, {
          id: randomUUID(), courseId: course.id, parent, type: 'file', title: input.title, description: input.description,
          freeToWatch: input.freeToWatch, fileId: file.id, questionBank: questions?.question_bank ?? [], sequence, at,
        });
      }
    });
    return { message: input.type === 'folder' ? T.folderAdded : T.fileAdded };
  },

  async updateDocument({ id, title, description, freeToWatch, fileId }, ctx) {
    await ctx.db.transaction(async (tx) => {
      const row = await findDoc(tx, id);
      if (!row) throw new HttpError(404, T.documentNotFound);
      if (row.type === 'folder' && (fileId !== undefined || freeToWatch !== undefined)) throw new HttpError(400, T.folderHasNoVideo);
      if (fileId !== undefined) await mustLibraryFile(tx, fileId);
      await tx.query(
        `UPDATE documents SET title = $2, description = coalesce($3, description), free_to_watch = coalesce($4, free_to_watch), file_id = coalesce($5, file_id),
           updated_at = $6
         WHERE id = $1`,
        [id, title, description ?? null, freeToWatch ?? null, fileId ?? null, ctx.now().toISOString()],
      );
    });
    return { message: T.documentUpdated };
  },

  async deleteDocument({ id }, ctx) {
    // Everything below goes with it (ON DELETE CASCADE); the answer says what went.
    return ctx.db.transaction(async (tx) => {
      const row = await findDoc(tx, id);
      if (!row) throw new HttpError(404, T.documentNotFound);
      const [below] = await tx.query<{ folders: string | number; files: string | number }>(
        `SELECT count(*) FILTER (WHERE type = 'folder') AS folders, count(*) FILTER (WHERE type = 'file') AS files
           FROM documents WHERE ancestors @> $1::jsonb`,
        [JSON.stringify([id])],
      );
      await tx.query(`DELETE FROM documents WHERE id = $1`, [id]);
      const self = row.type === 'folder' ? { folders: 1, files: 0 } : { folders: 0, files: 1 };
      return {
        message: COURSE_MSG.documentDeleted,
        deleted: { folders: self.folders + Number(below?.folders ?? 0), files: self.files + Number(below?.files ?? 0) },
      };
    });
  },

  async reorderDocuments({ descendants }, ctx) {
    await ctx.db.transaction(async (tx) => {
      const rows = await tx.query<{ id: string; parent_id: string | null; course_id: string; sequence: number }>(
        `SELECT id, parent_id, course_id, sequence FROM documents WHERE id = ANY($1::text[]) FOR UPDATE`,
        [descendants],
      );
      if (rows.length !== descendants.length) throw new HttpError(400, T.reorderUnknown);
      const first = rows[0]!;
      if (rows.some((r) => r.parent_id !== first.parent_id || r.course_id !== first.course_id)) throw new HttpError(400, T.reorderMixed);
      await applyOrder(tx, 'documents', descendants, rows);
    });
    return { message: T.orderSaved };
  },

  async addDescendants({ courseId, parent: parentId, fileIds, freeToWatch }, ctx) {
    const at = ctx.now().toISOString();
    await ctx.db.transaction(async (tx) => {
      const course = await mustCourse(tx, courseId);
      const parent = await parentFor(tx, course, parentId, 'file');
      const files = await tx.query<{ id: string; title: string; description: string; question_bank: string[] }>(
        `SELECT id, title, description, question_bank FROM library_files WHERE id = ANY($1::text[])`,
        [fileIds],
      );
      if (files.length !== fileIds.length) throw new HttpError(400, T.libraryFileMissing);
      const byId = new Map(files.map((f) => [f.id, f]));
      let sequence = await nextSequence(tx, course.id, parent?.id ?? null);
      for (const fileId of fileIds) {
        const file = byId.get(fileId)!;
        await insertDoc(tx, {
          id: randomUUID(), courseId: course.id, parent, type: 'file', title: file.title.slice(0, 200), description: file.description.slice(0, 2000),
          freeToWatch, fileId: file.id, questionBank: file.question_bank, sequence, at,
        });
        sequence += 1;
      }
    });
    return { message: T.filesAdded(fileIds.length) };
  },
};
