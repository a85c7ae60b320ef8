import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import type { HandlerContext, ServiceHandlers } from '../context';
import type { Db } from '../db';
import { HttpError } from '../http-error';
import { NUL_MESSAGE } from '../../src/shared/schemas/common';
import { isImage, safeExt, type MediaStore, type ReceivedFile } from '../media';
import { applyOrder, COURSE_SERVER_TEXT as T, courseMediaKey, loadCourses, mustCourse } from './tree';

type CourseHandlers = Pick<ServiceHandlers<'videoRepository'>, 'courses' | 'createCourse' | 'updateCourse' | 'deleteCourse' | 'courseSequence'>;

const THUMBNAIL_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/** png, jpg or jpeg by name and by the type the client declared (spec 2 section 5), and by its content. */
const isCourseThumbnail = async (file: ReceivedFile): Promise<boolean> => {
  const ext = safeExt(file.name);
  return ext in THUMBNAIL_TYPES && (file.mimetype === THUMBNAIL_TYPES[ext] || file.mimetype === 'image/jpg') && (await isImage(file));
};

/** Moves a received thumbnail into the media folder; the caller removes it again if the transaction fails. */
async function placeThumbnail(ctx: HandlerContext, courseId: string): Promise<string | null> {
  const file = ctx.uploads.thumbnail;
  if (!file) return null;
  const stored = `course-${courseId}-${randomBytes(4).toString('hex')}${safeExt(file.name)}`;
  await ctx.media.commit(file.tmpPath, stored);
  return stored;
}

interface CourseFields {
  name: string;
  description: string;
  language: string;
  courseFee: number;
  modulesSkippable?: boolean;
  hasOnlyVideos?: boolean;
  status?: string;
}
/** Update: an absent switch or status is null here and keeps the stored value (coalesce). */
const fieldParams = (c: CourseFields) => [
  c.name, c.description, c.language, c.courseFee, c.modulesSkippable ?? null, c.hasOnlyVideos ?? null, c.status ?? null,
];

export const courseHandlers: CourseHandlers = {
  async courses(_input, ctx) {
    return { courses: await loadCourses(ctx.db, ctx) };
  },

  async createCourse(input, ctx) {
    const thumb = ctx.uploads.thumbnail;
    // The schema already requires the thumbnail field; the file itself must be there and an image.
    if (!thumb) throw new HttpError(400, 'Add a course thumbnail (png, jpg or jpeg).');
    if (!(await isCourseThumbnail(thumb))) throw new HttpError(400, T.thumbnailType);
    const id = randomUUID();
    const now = ctx.now().toISOString();
    let stored: string | null = null;
    try {
      await ctx.db.transaction(async (tx) => {
        stored = await placeThumbnail(ctx, id);
        await tx.query(
          `INSERT INTO courses (id, name, description, language, course_fee, modules_skippable, has_only_videos, status, thumbnail_stored,
             sequence, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, (SELECT coalesce(max(sequence), 0) + 1 FROM courses), $10, $10)`,
          [id, ...fieldParams(input), stored, now],
        );
      });
    } catch (error) {
      await ctx.media.remove(stored);
      throw error;
    }
    return { message: T.courseAdded };
  },

  async updateCourse(input, ctx) {
    const thumb = ctx.uploads.thumbnail;
    if (thumb && !(await isCourseThumbnail(thumb))) throw new HttpError(400, T.thumbnailType);
    let stored: string | null = null;
    let stale: string | null = null;
    try {
      await ctx.db.transaction(async (tx) => {
        const row = await mustCourse(tx, input.id);
        // A course keeps a thumbnail: without a new one, the stored one (or the demo link) stays.
        if (!thumb && !row.thumbnail_stored && !row.thumbnail_url) throw new HttpError(400, 'Add a course thumbnail (png, jpg or jpeg).');
        stored = await placeThumbnail(ctx, row.id);
        await tx.query(
          `UPDATE courses SET name = $2, description = $3, language = $4, course_fee = $5,
             modules_skippable = coalesce($6, modules_skippable), has_only_videos = coalesce($7, has_only_videos),
             status = coalesce($8, status), thumbnail_stored = coalesce($9, thumbnail_stored), updated_at = $10
           WHERE id = $1`,
          [row.id, ...fieldParams(input), stored, ctx.now().toISOString()],
        );
        stale = stored ? row.thumbnail_stored : null;
      });
    } catch (error) {
      await ctx.media.remove(stored);
      throw error;
    }
    // The replaced image goes only after the new row is committed.
    await ctx.media.remove(stale);
    return { message: T.courseUpdated };
  },

  async deleteCourse({ id }, ctx) {
    // Its documents go with it (ON DELETE CASCADE), and so does the learners' progress on its videos.
    const [row] = await ctx.db.query<{ thumbnail_stored: string | null }>(`DELETE FROM courses WHERE id = $1 RETURNING thumbnail_stored`, [id]);
    if (!row) throw new HttpError(404, T.courseNotFound);
    await ctx.media.remove(row.thumbnail_stored);
    return { message: T.courseDeleted };
  },

  async courseSequence({ courses }, ctx) {
    await ctx.db.transaction(async (tx) => {
      const rows = await tx.query<{ id: string; sequence: number }>(`SELECT id, sequence FROM courses WHERE id = ANY($1::text[]) FOR UPDATE`, [courses]);
      if (rows.length !== courses.length) throw new HttpError(400, T.reorderUnknown);
      await applyOrder(tx, 'courses', courses, rows);
    });
    return { message: T.orderSaved };
  },
};

/**
 * GET /video-repository/course/thumbnail/:id: a course's uploaded thumbnail, streamed. Authorised by
 * the signed URL the course list hands out (an <img> cannot send the token) or by the session token.
 */
export function registerCourseMediaRoutes(
  app: FastifyInstance,
  deps: { db: Db; media: MediaStore; now(): Date; tokenValid(request: FastifyRequest): Promise<boolean> },
): void {
  app.get<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>('/video-repository/course/thumbnail/:id', async (request, reply) => {
    const { id } = request.params;
    // PostgreSQL cannot hold a NUL in text (the query would fail): the same 400 as any input with one.
    if (id.includes('\u0000')) throw new HttpError(400, `An id ${NUL_MESSAGE}.`);
    const { exp, sig } = request.query;
    const signed = typeof exp === 'string' && typeof sig === 'string' && deps.media.verify('thumbnail', courseMediaKey(id), exp, sig, deps.now());
    if (!signed && !(await deps.tokenValid(request))) throw new HttpError(401, 'This image link has expired. Reload the list.');
    const [row] = await deps.db.query<{ stored: string | null }>(`SELECT thumbnail_stored AS stored FROM courses WHERE id = $1`, [id]);
    if (!row?.stored) throw new HttpError(404, 'This course has no stored thumbnail.');
    const path = deps.media.pathOf(row.stored);
    const size = await stat(path).then((s) => s.size, () => null);
    if (size === null) throw new HttpError(404, 'This course has no stored thumbnail.');
    reply.header('content-type', THUMBNAIL_TYPES[extname(row.stored).toLowerCase()] ?? 'application/octet-stream');
    reply.header('content-length', String(size));
    reply.header('cache-control', 'private, max-age=3600');
    return reply.status(200).send(createReadStream(path));
  });
}
