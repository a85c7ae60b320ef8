import { randomBytes, randomUUID } from 'node:crypto';
import type { LibraryFile } from '../../src/shared/schemas/library';
import { MSG, urlExistsMessage } from '../../src/shared/messages';
import type { HandlerContext, ServiceHandlers } from '../context';
import { toIso, type Queryable } from '../db';
import { HttpError } from '../http-error';
import { isImage, safeExt, type ReceivedFile } from '../media';
import { StreamedList } from '../streamed-list';
import { quoteHandlers } from './quotes';
import { synonymHandlers } from './synonyms';

/** The server's texts for the library. */
export const LIBRARY_MESSAGES = {
  fileAdded: 'File has been Added',
  fileUpdated: 'File has been Updated',
  fileDeleted: 'File has been Deleted',
  questionsUpdated: 'Questions have been Updated',
  momentAdded: 'Moment has been Added',
  momentUpdated: 'Moment has been Updated',
  momentDeleted: 'Moment has been Deleted',
  fileNotFound: 'File not found. It may have been removed; reload the list.',
  momentNotFound: 'Moment not found. It may have been removed; reload the list.',
  thumbnailNotImage: 'The thumbnail must be an image (png, jpg, webp or gif).',
  unknownIds: (what: string) => `Some of the chosen ${what} do not exist. Reload the form and choose again.`,
} as const;

interface FileRow {
  id: string;
  file_id: number;
  title: string;
  description: string;
  language: LibraryFile['language'];
  visibility: LibraryFile['visibility'];
  status: LibraryFile['status'];
  level: number;
  type: LibraryFile['type'];
  business_ideas: string[];
  category: string[];
  keywords: string[];
  source: string;
  file_type: LibraryFile['fileType'];
  file_url: string;
  duration: number;
  stored_name: string | null;
  file_name: string | null;
  file_size: string | number | null;
  thumbnail_stored: string | null;
  question_bank: string[];
  client_key: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A row as the API sends it: uploaded media get absolute URLs on the origin the client used, previews signed. */
function toFile(row: FileRow, ctx: HandlerContext): LibraryFile {
  const now = ctx.now();
  const mediaUrl = (kind: 'file' | 'thumbnail') => `${ctx.origin}/library/media/${kind}/${encodeURIComponent(row.id)}`;
  const uploaded = row.file_type !== 'link' && !!row.stored_name;
  return {
    _id: row.id,
    fileId: Number(row.file_id),
    title: row.title,
    description: row.description,
    language: row.language,
    visibility: row.visibility,
    status: row.status,
    level: row.level,
    type: row.type,
    businessIdeas: row.business_ideas,
    category: row.category,
    keywords: row.keywords,
    source: row.source,
    fileType: row.file_type,
    fileUrl: uploaded ? mediaUrl('file') : row.file_url,
    duration: row.duration,
    thumbnail: row.thumbnail_stored ? `${mediaUrl('thumbnail')}?${ctx.media.sign('thumbnail', row.id, now)}` : '',
    questionBank: row.question_bank,
    ...(uploaded ? { fileName: row.file_name ?? '', fileSize: Number(row.file_size ?? 0) } : {}),
    previewUrl: uploaded ? `${mediaUrl('file')}?${ctx.media.sign('file', row.id, now)}` : row.file_url,
    ...(row.client_key ? { clientKey: row.client_key } : {}),
    metaInfo: { created: { at: toIso(row.created_at) }, updated: { at: toIso(row.updated_at) } },
  };
}

const FILTERS = { status: 'status', language: 'language', type: 'type', visibility: 'visibility', level: 'level' } as const;

/** The library (or the part a filter keeps), newest first, streamed from a cursor: it grows with the platform. */
function listFiles(ctx: HandlerContext, filter: Partial<Record<keyof typeof FILTERS, string | number>> = {}): StreamedList {
  const where: string[] = [];
  const params: unknown[] = [];
  for (const [key, column] of Object.entries(FILTERS)) {
    const value = filter[key as keyof typeof FILTERS];
    if (value === undefined || value === '') continue;
    params.push(value);
    where.push(`${column} = $${params.length}`);
  }
  return StreamedList.mapped(
    `SELECT * FROM library_files ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, file_id DESC`,
    params,
    (row: FileRow) => toFile(row, ctx),
  );
}

async function findFile(q: Queryable, id: string): Promise<FileRow | null> {
  const [row] = await q.query<FileRow>(`SELECT * FROM library_files WHERE id = $1`, [id]);
  return row ?? null;
}

/** The answer to a create whose client key is already stored (the same answer as the first time). */
async function findByKey(q: Queryable, clientKey: string): Promise<{ message: string; _id: string; fileId: number } | null> {
  const [row] = await q.query<{ id: string; file_id: number }>(`SELECT id, file_id FROM library_files WHERE client_key = $1`, [clientKey]);
  return row ? { message: LIBRARY_MESSAGES.fileAdded, _id: row.id, fileId: Number(row.file_id) } : null;
}

/** Every id must exist in its table (business ideas, categories, keyword groups). */
async function checkIds(q: Queryable, table: 'business_ideas' | 'library_categories' | 'synonym_groups', ids: string[], what: string): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const [row] = await q.query<{ n: number | string }>(`SELECT count(*) AS n FROM ${table} WHERE id = ANY($1::text[])`, [unique]);
  if (Number(row?.n ?? 0) !== unique.length) throw new HttpError(400, LIBRARY_MESSAGES.unknownIds(what));
}

interface Payload {
  title: string;
  description: string;
  language: string;
  visibility: string;
  status: string;
  level: number;
  type: string;
  businessIdeas: string[];
  category: string[];
  keywords: string[];
  source: string;
  fileType: string;
  fileUrl: string;
  duration: number;
}

async function checkPayload(q: Queryable, input: Payload, selfId: string | null): Promise<void> {
  await checkIds(q, 'business_ideas', input.businessIdeas, 'business ideas');
  await checkIds(q, 'library_categories', input.category, 'categories');
  await checkIds(q, 'synonym_groups', input.keywords, 'groups');
  if (input.fileType === 'link') {
    const [clash] = await q.query<{ title: string }>(
      `SELECT title FROM library_files WHERE file_type = 'link' AND file_url = $1 AND id <> $2 LIMIT 1`,
      [input.fileUrl, selfId ?? ''],
    );
    if (clash) throw new HttpError(409, urlExistsMessage(clash.title));
  }
}

const payloadParams = (input: Payload) => [
  input.title, input.description, input.language, input.visibility, input.status, input.level, input.type,
  JSON.stringify(input.businessIdeas), JSON.stringify(input.category), JSON.stringify(input.keywords), input.source,
  input.fileType, input.fileUrl, input.duration,
];

/** Moves received files into place inside the transaction; undone (files removed) if the transaction fails. */
async function placeFiles(ctx: HandlerContext, id: string, placed: string[]): Promise<{ media?: { stored: string; file: ReceivedFile }; thumbnail?: string }> {
  const out: { media?: { stored: string; file: ReceivedFile }; thumbnail?: string } = {};
  const tag = randomBytes(4).toString('hex');
  const media = ctx.uploads.file;
  if (media) {
    const stored = `${id}-${tag}${safeExt(media.name)}`;
    await ctx.media.commit(media.tmpPath, stored);
    placed.push(stored);
    out.media = { stored, file: media };
  }
  const thumb = ctx.uploads.thumbnail;
  if (thumb) {
    const stored = `${id}-${tag}.thumb${safeExt(thumb.name)}`;
    await ctx.media.commit(thumb.tmpPath, stored);
    placed.push(stored);
    out.thumbnail = stored;
  }
  return out;
}

async function undo(ctx: HandlerContext, placed: string[]): Promise<void> {
  await Promise.all(placed.map((name) => ctx.media.remove(name)));
}

export const library: ServiceHandlers<'library'> = {
  async mediaList({ language }, ctx) {
    return { files: listFiles(ctx, { language }) };
  },

  async media(input, ctx) {
    return { files: listFiles(ctx, input) };
  },

  async checkUrl({ url }, ctx) {
    const [row] = await ctx.db.query<{ id: string; file_id: number; title: string }>(
      `SELECT id, file_id, title FROM library_files WHERE file_url = $1 ORDER BY created_at LIMIT 1`,
      [url],
    );
    return { existingFile: row ? { _id: row.id, fileId: Number(row.file_id), title: row.title } : null };
  },

  async createMedia(input, ctx) {
    if (ctx.uploads.thumbnail && !(await isImage(ctx.uploads.thumbnail))) throw new HttpError(400, LIBRARY_MESSAGES.thumbnailNotImage);
    if (input.fileType !== 'link' && !ctx.uploads.file) throw new HttpError(400, MSG.enterFile);
    const clientKey = input.clientKey ?? null;
    // A repeated key (a client that did not see the first answer): nothing is created, the received
    // files are left to the route's cleanup, and the answer is the first one.
    const earlier = clientKey ? await findByKey(ctx.db, clientKey) : null;
    if (earlier) return earlier;
    const id = randomUUID();
    const now = ctx.now().toISOString();
    const placed: string[] = [];
    let created: { id: string; file_id: number } | undefined;
    try {
      created = await ctx.db.transaction(async (tx) => {
        await checkPayload(tx, input, null);
        const files = await placeFiles(ctx, id, placed);
        const [row] = await tx.query<{ id: string; file_id: number }>(
          `INSERT INTO library_files (id, title, description, language, visibility, status, level, type, business_ideas,
             category, keywords, source, file_type, file_url, duration, stored_name, file_name, file_size, thumbnail_stored,
             client_key, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11::jsonb, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $21)
           ON CONFLICT (client_key) DO NOTHING
           RETURNING id, file_id`,
          [
            id, ...payloadParams(input), files.media?.stored ?? null, files.media?.file.name ?? null,
            files.media?.file.size ?? null, files.thumbnail ?? null, clientKey, now,
          ],
        );
        return row;
      });
    } catch (error) {
      await undo(ctx, placed);
      throw error;
    }
    if (!created) {
      // The same key arrived twice at once and the other request stored first: answer its record.
      await undo(ctx, placed);
      const other = clientKey ? await findByKey(ctx.db, clientKey) : null;
      if (!other) throw new HttpError(409, LIBRARY_MESSAGES.fileNotFound);
      return other;
    }
    return { message: LIBRARY_MESSAGES.fileAdded, _id: created.id, fileId: Number(created.file_id) };
  },

  async updateMedia(input, ctx) {
    if (ctx.uploads.thumbnail && !(await isImage(ctx.uploads.thumbnail))) throw new HttpError(400, LIBRARY_MESSAGES.thumbnailNotImage);
    const placed: string[] = [];
    let stale: (string | null)[] = [];
    try {
      await ctx.db.transaction(async (tx) => {
        const row = await findFile(tx, input.id);
        if (!row) throw new HttpError(404, LIBRARY_MESSAGES.fileNotFound);
        if (input.fileType !== 'link' && !ctx.uploads.file && !row.stored_name) throw new HttpError(400, MSG.enterFile);
        await checkPayload(tx, input, row.id);
        const files = await placeFiles(ctx, row.id, placed);
        const keepMedia = input.fileType !== 'link' && !files.media;
        const storedName = files.media?.stored ?? (keepMedia ? row.stored_name : null);
        const fileName = files.media?.file.name ?? (keepMedia ? row.file_name : null);
        const fileSize = files.media?.file.size ?? (keepMedia ? row.file_size : null);
        const thumbnail = files.thumbnail ?? row.thumbnail_stored;
        await tx.query(
          `UPDATE library_files SET title = $2, description = $3, language = $4, visibility = $5, status = $6, level = $7,
             type = $8, business_ideas = $9::jsonb, category = $10::jsonb, keywords = $11::jsonb, source = $12, file_type = $13,
             file_url = $14, duration = $15, stored_name = $16, file_name = $17, file_size = $18, thumbnail_stored = $19,
             updated_at = $20
           WHERE id = $1`,
          [row.id, ...payloadParams(input), storedName, fileName, fileSize, thumbnail, ctx.now().toISOString()],
        );
        stale = [row.stored_name !== storedName ? row.stored_name : null, row.thumbnail_stored !== thumbnail ? row.thumbnail_stored : null];
      });
    } catch (error) {
      await undo(ctx, placed);
      throw error;
    }
    // Replaced files go only after the new row is committed.
    await Promise.all(stale.map((name) => ctx.media.remove(name)));
    return { message: LIBRARY_MESSAGES.fileUpdated };
  },

  async deleteMedia({ id }, ctx) {
    const [row] = await ctx.db.query<{ stored_name: string | null; thumbnail_stored: string | null }>(
      `DELETE FROM library_files WHERE id = $1 RETURNING stored_name, thumbnail_stored`,
      [id],
    );
    if (!row) throw new HttpError(404, LIBRARY_MESSAGES.fileNotFound);
    await ctx.media.remove(row.stored_name);
    await ctx.media.remove(row.thumbnail_stored);
    return { message: LIBRARY_MESSAGES.fileDeleted };
  },

  async setQuestions({ id, questionBank }, ctx) {
    // Question ids are the question bank's; they are stored as given (the bank may live elsewhere).
    const rows = await ctx.db.query(`UPDATE library_files SET question_bank = $2::jsonb, updated_at = $3 WHERE id = $1 RETURNING id`, [
      id, JSON.stringify([...new Set(questionBank)]), ctx.now().toISOString(),
    ]);
    if (rows.length === 0) throw new HttpError(404, LIBRARY_MESSAGES.fileNotFound);
    return { message: LIBRARY_MESSAGES.questionsUpdated };
  },

  async moments({ fileId }, ctx) {
    if (!(await findFile(ctx.db, fileId))) throw new HttpError(404, LIBRARY_MESSAGES.fileNotFound);
    const rows = await ctx.db.query<{ id: string; file_id: string; timestamp: string; description: string; transcript: string }>(
      `SELECT * FROM video_moments WHERE file_id = $1 ORDER BY timestamp, created_at`,
      [fileId],
    );
    return { videoMoments: rows.map((r) => ({ _id: r.id, fileId: r.file_id, timestamp: r.timestamp, description: r.description, transcript: r.transcript })) };
  },

  async addMoment({ fileId, timestamp, description, transcript }, ctx) {
    if (!(await findFile(ctx.db, fileId))) throw new HttpError(404, LIBRARY_MESSAGES.fileNotFound);
    await ctx.db.query(
      `INSERT INTO video_moments (id, file_id, timestamp, description, transcript, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [randomUUID(), fileId, timestamp, description, transcript, ctx.now().toISOString()],
    );
    return { message: LIBRARY_MESSAGES.momentAdded };
  },

  async updateMoment({ id, timestamp, description, transcript }, ctx) {
    const rows = await ctx.db.query(`UPDATE video_moments SET timestamp = $2, description = $3, transcript = $4 WHERE id = $1 RETURNING id`, [
      id, timestamp, description, transcript,
    ]);
    if (rows.length === 0) throw new HttpError(404, LIBRARY_MESSAGES.momentNotFound);
    return { message: LIBRARY_MESSAGES.momentUpdated };
  },

  async deleteMoment({ id }, ctx) {
    const rows = await ctx.db.query(`DELETE FROM video_moments WHERE id = $1 RETURNING id`, [id]);
    if (rows.length === 0) throw new HttpError(404, LIBRARY_MESSAGES.momentNotFound);
    return { message: LIBRARY_MESSAGES.momentDeleted };
  },

  async keywords(_input, ctx) {
    const rows = await ctx.db.query<{ id: string; keyword: string }>(`SELECT id, keyword FROM synonym_groups ORDER BY lower(keyword)`);
    return { keywords: rows.map((r) => ({ _id: r.id, keyword: r.keyword })) };
  },

  async categories(_input, ctx) {
    const rows = await ctx.db.query<{ id: string; english: string }>(`SELECT id, english FROM library_categories ORDER BY lower(english)`);
    return { categories: rows.map((r) => ({ _id: r.id, english: r.english })) };
  },

  ...synonymHandlers,
  ...quoteHandlers,
};
