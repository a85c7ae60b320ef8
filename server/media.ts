/**
 * Media files on disk: uploads stream into `<dir>/.tmp-<random>` and are renamed into place only when
 * the request was received whole and the database row is written (see library/handlers.ts); the
 * preview route serves them with HTTP Range, authorised by a short-lived signed URL (a <video> element
 * cannot send the token) or by the session token.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { decodeMultipartFields } from '../src/shared/api/multipart';
import { IMAGE_SIGNATURE_BYTES, isImageContent } from '../src/shared/image-signature';
import { readHead } from './file-head';
import type { CallDef } from '../src/shared/api/contract';
import type { Db } from './db';
import { HttpError } from './http-error';

/** A file part the route stored in a temp file; the handler moves it into place with `MediaStore.commit`. */
export interface ReceivedFile {
  tmpPath: string;
  /** The client's file name (a plain name: paths are refused). */
  name: string;
  size: number;
  mimetype: string;
}

/** How long a signed media URL stays valid. */
export const SIGNED_URL_SECONDS = 2 * 60 * 60;
/** Default upload limit: 8 GiB. */
export const DEFAULT_UPLOAD_LIMIT = 8 * 1024 ** 3;

/** What a signature covers: a library file's media or thumbnail (by row id), or a stored file by its name. */
export type MediaKind = 'file' | 'thumbnail' | 'stored';

export interface MediaStore {
  readonly dir: string;
  tmpPath(): string;
  /** Moves a received temp file to its final name (same folder: an atomic rename). */
  commit(tmpPath: string, storedName: string): Promise<string>;
  remove(storedName: string | null | undefined): Promise<void>;
  pathOf(storedName: string): string;
  sign(kind: MediaKind, id: string, now: Date): string;
  verify(kind: MediaKind, id: string, exp: string, sig: string, now: Date): boolean;
}

/** `<dataDir>/media`, or a temp folder for an in-memory server. Leftover temp files of a crash are removed. */
export async function openMediaStore(dataDir: string | undefined): Promise<MediaStore & { close(): Promise<void> }> {
  const dir = dataDir ? join(dataDir, 'media') : await mkdtemp(join(tmpdir(), 'cc-media-'));
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(dir)) if (name.startsWith('.tmp-')) await rm(join(dir, name), { force: true });
  const secret = randomBytes(32);
  const mac = (kind: MediaKind, id: string, exp: string) => createHmac('sha256', secret).update(`${kind}:${id}:${exp}`).digest('base64url');
  return {
    dir,
    tmpPath: () => join(dir, `.tmp-${randomBytes(12).toString('hex')}`),
    async commit(tmpPath, storedName) {
      const target = join(dir, storedName);
      await rename(tmpPath, target);
      return target;
    },
    async remove(storedName) {
      if (storedName) await rm(join(dir, storedName), { force: true });
    },
    pathOf: (storedName) => join(dir, storedName),
    sign(kind, id, now) {
      // The expiry is rounded up to a 10-minute step, so a file's address stays the same between two
      // list calls (the page's media cache keeps it; a list read twice compares equal).
      const step = 600;
      const exp = String(Math.ceil((Math.floor(now.getTime() / 1000) + SIGNED_URL_SECONDS) / step) * step);
      return `exp=${exp}&sig=${mac(kind, id, exp)}`;
    },
    verify(kind, id, exp, sig, now) {
      if (!/^\d{1,12}$/.test(exp) || Number(exp) * 1000 < now.getTime()) return false;
      const expected = Buffer.from(mac(kind, id, exp));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    async close() {
      if (!dataDir) await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The columns that name stored media files. A table that stores media adds its columns here, so that
 * the start-up sweep keeps its files.
 */
export const MEDIA_REFERENCES: readonly { table: string; column: string }[] = [
  { table: 'library_files', column: 'stored_name' },
  { table: 'library_files', column: 'thumbnail_stored' },
  { table: 'quotes', column: 'thumbnail_stored' },
  { table: 'courses', column: 'thumbnail_stored' },
  { table: 'sessions', column: 'thumbnail_stored' },
  { table: 'session_users', column: 'profile_stored' },
  { table: 'session_users', column: 'video_stored' },
];

/**
 * Removes stored media files no record names: a crash between renaming an upload into place and its
 * COMMIT leaves such a file behind. Runs on start, before any request. Returns the names removed.
 */
export async function removeOrphanMedia(db: Db, media: MediaStore, references = MEDIA_REFERENCES): Promise<string[]> {
  const kept = new Set<string>();
  for (const { table, column } of references) {
    const rows = await db.query<{ name: string }>(`SELECT ${column} AS name FROM ${table} WHERE ${column} IS NOT NULL`);
    for (const row of rows) kept.add(row.name);
  }
  const removed: string[] = [];
  for (const entry of await readdir(media.dir, { withFileTypes: true })) {
    // Temp files are swept by openMediaStore; anything that is not a plain file is not ours to judge.
    if (!entry.isFile() || entry.name.startsWith('.tmp-') || kept.has(entry.name)) continue;
    await media.remove(entry.name);
    removed.push(entry.name);
  }
  return removed;
}

/** A plain file name: no folder part, no control characters, not `.`/`..`, at most 255 characters. */
export function isPlainFileName(name: string): boolean {
  const control = [...name].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
  return name.length > 0 && name.length <= 255 && !control && !/[/\\]/.test(name) && name !== '.' && name !== '..';
}

/** The stored name's extension: the client's, when it is short and plain. */
export const safeExt = (name: string): string => {
  const ext = extname(name).toLowerCase();
  return /^\.[a-z0-9]{1,8}$/.test(ext) ? ext : '';
};

const IMAGE_EXTS = new Set(['.png', '.jpg', '.jpeg', '.webp', '.gif']);

/** An image by name, by declared type, and by its content's signature (the name and type are only claims). */
export const isImage = async (file: ReceivedFile): Promise<boolean> =>
  IMAGE_EXTS.has(safeExt(file.name)) && /^image\//.test(file.mimetype) && isImageContent(file.name, await readHead(file.tmpPath, IMAGE_SIGNATURE_BYTES));

/**
 * Reads a multipart request: text parts into fields (decoded by the call's input schema), file parts
 * of the call's `files` streamed to temp files. Anything wrong is a 400 (413 over the size limit);
 * the caller removes the temp files in every case with `cleanup`.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  def: CallDef,
  media: MediaStore,
  limitBytes: number,
  received: ReceivedFile[],
): Promise<{ fields: Record<string, unknown>; files: Record<string, ReceivedFile> }> {
  const allowed = new Set(def.files ?? []);
  const text: Record<string, string> = {};
  const files: Record<string, ReceivedFile> = {};
  const parts = request.parts({ limits: { fileSize: limitBytes, files: allowed.size, fields: 100, fieldSize: 1024 * 1024, parts: 120 } });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        await receiveFile(part, allowed, files, media, received, limitBytes);
      } else {
        if (part.valueTruncated) throw new HttpError(400, `The field "${part.fieldname}" is too long.`);
        if (part.fieldname in text) throw new HttpError(400, `The field "${part.fieldname}" was sent twice.`);
        text[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLarge(limitBytes));
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, `Only these files can be sent: ${[...allowed].join(', ') || 'none'}.`);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new HttpError(400, 'The request has too many fields.');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError(415, 'Send this request as multipart/form-data.');
    throw new HttpError(400, 'The upload was interrupted or is not valid multipart/form-data.');
  }
  const fields = decodeMultipartFields(def.input, text);
  for (const key of Object.keys(files)) fields[key] = { grantId: `upload:${key}` };
  return { fields, files };
}

const tooLarge = (limit: number) => `The file is too large. The limit is ${Math.round((limit / 1024 ** 3) * 100) / 100} GiB.`;

async function receiveFile(
  part: MultipartFile,
  allowed: Set<string>,
  files: Record<string, ReceivedFile>,
  media: MediaStore,
  received: ReceivedFile[],
  limitBytes: number,
): Promise<void> {
  if (!allowed.has(part.fieldname)) {
    part.file.resume();
    throw new HttpError(400, `Unexpected file field "${part.fieldname}".`);
  }
  if (files[part.fieldname]) throw new HttpError(400, `The file field "${part.fieldname}" was sent twice.`);
  if (!isPlainFileName(part.filename)) {
    part.file.resume();
    throw new HttpError(400, 'The file name must be a plain name, without a folder or control characters.');
  }
  const file: ReceivedFile = { tmpPath: media.tmpPath(), name: part.filename, size: 0, mimetype: part.mimetype };
  received.push(file);
  await pipeline(part.file, createWriteStream(file.tmpPath, { flags: 'wx' }));
  if (part.file.truncated) throw new HttpError(413, tooLarge(limitBytes));
  file.size = (await stat(file.tmpPath)).size;
  files[part.fieldname] = file;
}

/** Removes the temp files a request left (those the handler committed are gone already). */
export async function cleanup(received: ReceivedFile[]): Promise<void> {
  await Promise.all(received.map((file) => rm(file.tmpPath, { force: true })));
}

const TYPES: Record<string, string> = {
  '.mp4': 'video/mp4', '.m4v': 'video/mp4', '.webm': 'video/webm', '.mov': 'video/quicktime', '.mkv': 'video/x-matroska',
  '.mp3': 'audio/mpeg', '.m4a': 'audio/mp4', '.wav': 'audio/wav', '.ogg': 'audio/ogg', '.flac': 'audio/flac',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.gif': 'image/gif', '.pdf': 'application/pdf',
};

/** One `bytes=` range of a file of `size` bytes, or null when unsatisfiable; undefined when absent or not a single range. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return null;
  return { start, end };
}

export interface MediaRouteDeps {
  db: Db;
  media: MediaStore;
  now(): Date;
  /** Whether a session token is valid (the route also accepts the token instead of a signature). */
  tokenValid(request: FastifyRequest): Promise<boolean>;
}

/**
 * GET /library/media/file/:id and /library/media/thumbnail/:id: the stored media, streamed, with HTTP
 * Range (206 and Content-Range) for the preview player. Authorised by `?exp=&sig=` (signed URLs the
 * media list hands out, valid 2 hours) or by the session token.
 */
export function registerMediaRoutes(app: FastifyInstance, deps: MediaRouteDeps): void {
  for (const kind of ['file', 'thumbnail'] as const) {
    app.get<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>(`/library/media/${kind}/:id`, async (request, reply) => {
      const { id } = request.params;
      // Ids are plain text; one PostgreSQL cannot hold (NUL) names no file.
      if (id.includes('\u0000')) throw new HttpError(404, 'This file has no stored media.');
      const { exp, sig } = request.query;
      const signed = typeof exp === 'string' && typeof sig === 'string' && deps.media.verify(kind, id, exp, sig, deps.now());
      if (!signed && !(await deps.tokenValid(request))) throw new HttpError(401, 'This media link has expired. Reload the list.');
      const column = kind === 'file' ? 'stored_name' : 'thumbnail_stored';
      const [row] = await deps.db.query<{ stored: string | null }>(`SELECT ${column} AS stored FROM library_files WHERE id = $1`, [id]);
      if (!row?.stored) throw new HttpError(404, 'This file has no stored media.');
      return sendFile(request, reply, deps.media.pathOf(row.stored), row.stored, 'This file has no stored media.');
    });
  }
}

/** Streams a stored file, with HTTP Range (206 and Content-Range) for players; 404 when it is gone. */
async function sendFile(request: FastifyRequest, reply: FastifyReply, path: string, storedName: string, missing: string) {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    throw new HttpError(404, missing);
  }
  reply.header('accept-ranges', 'bytes');
  const range = parseRange(request.headers.range, size);
  if (range === null) {
    reply.header('content-range', `bytes */${size}`);
    return reply.status(416).send({ error: true, errorMessage: 'The requested range is outside the file.' });
  }
  const type = TYPES[extname(storedName).toLowerCase()] ?? 'application/octet-stream';
  reply.header('content-type', type);
  reply.header('cache-control', 'private, max-age=3600');
  // What a player or an <img> shows is served inline; anything else is a download, never a page.
  if (!/^(audio|video|image)\//.test(type)) reply.header('content-disposition', 'attachment');
  if (range === undefined) {
    reply.header('content-length', String(size));
    return reply.status(200).send(createReadStream(path));
  }
  reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  reply.header('content-length', String(range.end - range.start + 1));
  return reply.status(206).send(createReadStream(path, { start: range.start, end: range.end }));
}

/** A stored name as `commitUpload` makes them: no folder part, never a temp file. */
const STORED_NAME = /^[A-Za-z0-9][\w-]*(\.[A-Za-z0-9]{1,8})?$/;

/** Where each service serves its stored files (`<prefix>/<stored name>`). */
export const STORED_MEDIA = { library: '/library/stored', mentorship: '/mentorship/stored' } as const;

/**
 * The address of a stored file (quote images, event thumbnails, mentor pictures and videos) under a
 * service's media prefix, signed like the library's previews so an <img> or <video> can load it.
 */
export function storedUrl(origin: string, prefix: string, media: MediaStore, storedName: string, now: Date): string {
  return `${origin}${prefix}/${encodeURIComponent(storedName)}?${media.sign('stored', storedName, now)}`;
}

/**
 * GET `<prefix>/:name`: a stored file of the engagement areas, authorised by a signed URL or the
 * session token, streamed with Range like the library's media.
 */
export function registerStoredMediaRoute(app: FastifyInstance, prefix: string, deps: MediaRouteDeps): void {
  app.get<{ Params: { name: string }; Querystring: { exp?: string; sig?: string } }>(`${prefix}/:name`, async (request, reply) => {
    const { name } = request.params;
    const { exp, sig } = request.query;
    const signed = typeof exp === 'string' && typeof sig === 'string' && deps.media.verify('stored', name, exp, sig, deps.now());
    if (!signed && !(await deps.tokenValid(request))) throw new HttpError(401, 'This media link has expired. Reload the list.');
    if (!STORED_NAME.test(name)) throw new HttpError(404, 'This media file does not exist.');
    return sendFile(request, reply, deps.media.pathOf(name), name, 'This media file does not exist.');
  });
}

/**
 * Moves an uploaded part into place as `<id>-<random><ext>` (an atomic rename in the media folder) and
 * records it in `placed`, so the caller can remove it again if its transaction fails.
 */
export async function commitUpload(media: MediaStore, file: ReceivedFile, id: string, placed: string[]): Promise<string> {
  const stored = `${id}-${randomBytes(4).toString('hex')}${safeExt(file.name)}`;
  await media.commit(file.tmpPath, stored);
  placed.push(stored);
  return stored;
}

const VIDEO_EXTS = new Set(['.mp4', '.webm', '.mov', '.m4v', '.mkv']);
export const isVideo = (file: ReceivedFile): boolean => VIDEO_EXTS.has(safeExt(file.name)) && /^video\//.test(file.mimetype);
