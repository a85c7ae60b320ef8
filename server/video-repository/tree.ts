/**
 * Courses and their document tree: rows, their API shapes, and the checks every course call shares.
 * See migrations.ts for the model (module, topic, concept folders; files show library files).
 */
import type { Course, CourseDocument } from '../../src/shared/schemas/courses';
import { FOLDER_LEVELS } from '../../src/shared/schemas/courses';
import type { Video } from '../../src/shared/schemas/topics';
import type { HandlerContext } from '../context';
import { toIso, type Queryable } from '../db';
import { HttpError } from '../http-error';

export const COURSE_SERVER_TEXT = {
  courseAdded: 'Course has been Added',
  courseUpdated: 'Course has been Updated',
  courseDeleted: 'Course has been Deleted',
  orderSaved: 'The new order has been saved',
  folderAdded: 'Folder has been Added',
  fileAdded: 'File has been Added',
  filesAdded: (n: number) => (n === 1 ? 'File has been Added' : `${n} files have been Added`),
  documentUpdated: 'Document has been Updated',
  topicAdded: 'Topic has been Added',
  videoAdded: 'Video has been Added',
  questionsUpdated: 'Questions have been Updated',
  courseNotFound: 'Course not found. It may have been deleted; reload the list.',
  documentNotFound: 'Folder or file not found. It may have been deleted; reload the list.',
  moduleNotFound: 'Module not found. It may have been deleted; reload the list.',
  topicNotFound: 'Topic not found. It may have been deleted; reload the list.',
  videoNotFound: 'Video not found. It may have been deleted; reload the list.',
  folderNotFound: 'Folder not found. It may have been deleted; reload the list.',
  fileHasNoContents: 'A file has no contents; only folders open.',
  parentNotFolder: 'Files and folders can only be added inside a folder.',
  parentOtherCourse: 'The parent folder belongs to another course.',
  tooDeep: 'Folders go three levels deep: module, topic and concept. Add videos to a concept.',
  libraryFileMissing: 'The chosen video is not in the library. Reload the list and choose again.',
  folderHasNoVideo: 'A folder has no video; only files do.',
  onlyVideos: 'This course has only videos: its modules hold videos, not topics.',
  topicOutside: 'The topic is not in that module and course.',
  reorderUnknown: 'Some records of the new order do not exist. Reload the list and try again.',
  reorderMixed: 'The new order names documents of different folders. Reorder one folder at a time.',
  reorderNotTopics: 'The new order names records that are not topics of one module.',
  reorderNotVideos: 'The new order names records that are not videos of this concept.',
  thumbnailType: 'The thumbnail must be a png, jpg or jpeg image.',
} as const;

export interface CourseRow {
  id: string;
  course_no: number;
  name: string;
  description: string;
  language: Course['language'];
  course_fee: number;
  modules_skippable: boolean;
  has_only_videos: boolean;
  status: Course['status'];
  thumbnail_stored: string | null;
  thumbnail_url: string;
  sequence: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface DocRow {
  id: string;
  doc_no: number;
  course_id: string;
  parent_id: string | null;
  type: 'folder' | 'file';
  title: string;
  description: string;
  free_to_watch: boolean;
  file_id: string | null;
  question_bank: string[];
  depth: number;
  ancestors: string[];
  sequence: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The library file a video shows (the columns this area needs). */
export interface LibraryRef {
  id: string;
  title: string;
  description: string;
  language: Course['language'];
  file_type: string;
  file_url: string;
  stored_name: string | null;
}

export async function findCourse(q: Queryable, id: string): Promise<CourseRow | null> {
  const [row] = await q.query<CourseRow>(`SELECT * FROM courses WHERE id = $1`, [id]);
  return row ?? null;
}

export async function mustCourse(q: Queryable, id: string): Promise<CourseRow> {
  const row = await findCourse(q, id);
  if (!row) throw new HttpError(404, COURSE_SERVER_TEXT.courseNotFound);
  return row;
}

export async function findDoc(q: Queryable, id: string): Promise<DocRow | null> {
  const [row] = await q.query<DocRow>(`SELECT * FROM documents WHERE id = $1`, [id]);
  return row ?? null;
}

/** A folder at a given depth (1 module, 2 topic, 3 concept), or the 404 named by `notFound`. */
export async function mustFolder(q: Queryable, id: string, depth: number | null, notFound: string): Promise<DocRow> {
  const row = await findDoc(q, id);
  if (!row || row.type !== 'folder' || (depth !== null && row.depth !== depth)) throw new HttpError(404, notFound);
  return row;
}

/** Signed address of a course's uploaded thumbnail (an <img> cannot send the token), or its demo link. */
export function thumbnailUrl(row: CourseRow, ctx: HandlerContext): string {
  if (!row.thumbnail_stored) return row.thumbnail_url;
  const id = encodeURIComponent(row.id);
  return `${ctx.origin}/video-repository/course/thumbnail/${id}?${ctx.media.sign('thumbnail', courseMediaKey(row.id), ctx.now())}`;
}
/** Course and library ids are both UUIDs; the prefix keeps their signatures apart anyway. */
export const courseMediaKey = (id: string): string => `course:${id}`;

export function toCourse(row: CourseRow, modules: { _id: string; title: string }[], ctx: HandlerContext): Course {
  const fee = Number(row.course_fee);
  return {
    _id: row.id,
    referenceId: `CRS${String(row.course_no).padStart(4, '0')}`,
    name: row.name,
    description: row.description,
    language: row.language,
    pricingPlan: { planType: fee > 0 ? 'Paid' : 'Free', courseFee: fee },
    modulesSkippable: row.modules_skippable,
    hasOnlyVideos: row.has_only_videos,
    thumbnail: thumbnailUrl(row, ctx),
    status: row.status,
    modulesCount: modules.length,
    modules,
    created: { at: toIso(row.created_at) },
    updated: { at: toIso(row.updated_at) },
  };
}

/** Courses with their modules (top-level folders, in order). `ids`: only these. */
export async function loadCourses(q: Queryable, ctx: HandlerContext, ids?: string[]): Promise<Course[]> {
  const rows = ids
    ? await q.query<CourseRow>(`SELECT * FROM courses WHERE id = ANY($1::text[]) ORDER BY sequence, course_no`, [ids])
    : await q.query<CourseRow>(`SELECT * FROM courses ORDER BY sequence, course_no`);
  const modules = await q.query<{ id: string; title: string; course_id: string }>(
    `SELECT id, title, course_id FROM documents WHERE depth = 1 AND type = 'folder' ${ids ? 'AND course_id = ANY($1::text[])' : ''} ORDER BY sequence, doc_no`,
    ids ? [ids] : [],
  );
  const byCourse = new Map<string, { _id: string; title: string }[]>();
  for (const m of modules) {
    const list = byCourse.get(m.course_id) ?? [];
    list.push({ _id: m.id, title: m.title });
    byCourse.set(m.course_id, list);
  }
  return rows.map((row) => toCourse(row, byCourse.get(row.id) ?? [], ctx));
}

/** The addresses of a library file: the link itself, or the stored file (plain and signed for a <video>). */
export function libraryUrls(file: LibraryRef, ctx: HandlerContext): { fileUrl: string; previewUrl: string } {
  if (file.file_type === 'link' || !file.stored_name) return { fileUrl: file.file_url, previewUrl: file.file_url };
  const base = `${ctx.origin}/library/media/file/${encodeURIComponent(file.id)}`;
  return { fileUrl: base, previewUrl: `${base}?${ctx.media.sign('file', file.id, ctx.now())}` };
}

export async function loadLibraryRefs(q: Queryable, ids: (string | null)[]): Promise<Map<string, LibraryRef>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await q.query<LibraryRef>(
    `SELECT id, title, description, language, file_type, file_url, stored_name FROM library_files WHERE id = ANY($1::text[])`,
    [wanted],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export async function mustLibraryFile(q: Queryable, id: string): Promise<LibraryRef> {
  const [row] = await loadLibraryRefs(q, [id]).then((m) => [...m.values()]);
  if (!row) throw new HttpError(400, COURSE_SERVER_TEXT.libraryFileMissing);
  return row;
}

/** Titles of documents by id (breadcrumbs). */
export async function titlesOf(q: Queryable, ids: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await q.query<{ id: string; title: string }>(`SELECT id, title FROM documents WHERE id = ANY($1::text[])`, [wanted]);
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Folders and files below each of the given folders. */
export async function contentsOf(q: Queryable, folderIds: string[]): Promise<Map<string, { folders: number; files: number }>> {
  const out = new Map<string, { folders: number; files: number }>();
  if (folderIds.length === 0) return out;
  const rows = await q.query<{ id: string; folders: string | number; files: string | number }>(
    `SELECT a.id,
            count(*) FILTER (WHERE d.type = 'folder') AS folders,
            count(*) FILTER (WHERE d.type = 'file') AS files
       FROM documents d CROSS JOIN LATERAL jsonb_array_elements_text(d.ancestors) AS a(id)
      WHERE a.id = ANY($1::text[])
      GROUP BY a.id`,
    [folderIds],
  );
  for (const r of rows) out.set(r.id, { folders: Number(r.folders), files: Number(r.files) });
  return out;
}

/** Documents as the API sends them, with their breadcrumb, library file and subtree counts. */
export async function toDocuments(q: Queryable, rows: DocRow[], ctx: HandlerContext): Promise<CourseDocument[]> {
  const titles = await titlesOf(q, rows.flatMap((r) => r.ancestors));
  const files = await loadLibraryRefs(q, rows.map((r) => r.file_id));
  const contents = await contentsOf(q, rows.filter((r) => r.type === 'folder').map((r) => r.id));
  return rows.map((row) => {
    const file = row.file_id ? files.get(row.file_id) : undefined;
    return {
      _id: row.id,
      title: row.title,
      description: row.description,
      type: row.type,
      courseId: row.course_id,
      parent: row.parent_id ?? '',
      freeToWatch: row.free_to_watch,
      fileId: file
        ? { _id: file.id, title: file.title, description: file.description, language: file.language, ...libraryUrls(file, ctx) }
        : null,
      createdAt: toIso(row.created_at),
      lastUpdatedAt: toIso(row.updated_at),
      ancestors: row.ancestors.map((id) => ({ _id: id, title: titles.get(id) ?? '' })),
      contents: contents.get(row.id) ?? { folders: 0, files: 0 },
      level: row.type === 'file' ? 'file' : (FOLDER_LEVELS[row.depth - 1] ?? 'concept'),
    };
  });
}

/** Videos (file documents) as the topic and video screens see them. */
export async function toVideos(q: Queryable, rows: DocRow[], ctx: HandlerContext): Promise<Video[]> {
  const files = await loadLibraryRefs(q, rows.map((r) => r.file_id));
  const languages = await q.query<{ id: string; language: Video['language'] }>(
    `SELECT id, language FROM courses WHERE id = ANY($1::text[])`,
    [[...new Set(rows.map((r) => r.course_id))]],
  );
  const courseLanguage = new Map(languages.map((r) => [r.id, r.language]));
  return rows.map((row) => {
    const file = row.file_id ? files.get(row.file_id) : undefined;
    const urls = file ? libraryUrls(file, ctx) : { fileUrl: '', previewUrl: '' };
    return {
      _id: row.id,
      title: row.title,
      description: row.description,
      language: file?.language ?? courseLanguage.get(row.course_id) ?? 'English',
      questionBank: row.question_bank,
      videoUrl: urls.fileUrl,
      previewUrl: urls.previewUrl,
      videoId: file?.id ?? '',
      freeToWatch: row.free_to_watch,
      metaInfo: { created: { at: toIso(row.created_at) }, updated: { at: toIso(row.updated_at) } },
      moduleId: row.ancestors[0] ?? row.parent_id ?? '',
      topicId: row.ancestors[1] ?? '',
      conceptId: row.parent_id ?? '',
      courseId: row.course_id,
    };
  });
}

/** The next sequence number among a folder's children (or a course's top level). */
export async function nextSequence(q: Queryable, courseId: string, parentId: string | null): Promise<number> {
  const [row] = await q.query<{ next: number | string }>(
    `SELECT coalesce(max(sequence), 0) + 1 AS next FROM documents WHERE course_id = $1 AND parent_id IS NOT DISTINCT FROM $2`,
    [courseId, parentId],
  );
  return Number(row?.next ?? 1);
}

/**
 * Saves a new order: the named records take the places they held among themselves, in the order
 * given (so a partial list, such as one language's courses, leaves the others where they are).
 */
export async function applyOrder(q: Queryable, table: 'courses' | 'documents', ids: string[], current: { sequence: number }[]): Promise<void> {
  // Sequences may repeat (rows added concurrently); distinct slots keep the new order strict.
  const sorted = current.map((r) => Number(r.sequence)).sort((a, b) => a - b);
  const slots = sorted.map((s, i) => (i > 0 && s <= sorted[i - 1]! ? (sorted[i] = sorted[i - 1]! + 1) : s));
  await q.query(
    `UPDATE ${table} AS t SET sequence = o.sequence
       FROM unnest($1::text[], $2::int[]) AS o(id, sequence)
      WHERE t.id = o.id`,
    [ids, slots],
  );
}

/** Inserts a document; returns its id. */
export async function insertDoc(
  q: Queryable,
  doc: {
    id: string; courseId: string; parent: DocRow | null; type: 'folder' | 'file'; title: string; description: string;
    freeToWatch?: boolean; fileId?: string | null; questionBank?: string[]; sequence: number; at: string;
  },
): Promise<void> {
  const ancestors = doc.parent ? [...doc.parent.ancestors, doc.parent.id] : [];
  await q.query(
    `INSERT INTO documents (id, course_id, parent_id, type, title, description, free_to_watch, file_id, question_bank, depth, ancestors,
       sequence, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11::jsonb, $12, $13, $13)`,
    [
      doc.id, doc.courseId, doc.parent?.id ?? null, doc.type, doc.title, doc.description, doc.freeToWatch ?? false, doc.fileId ?? null,
      JSON.stringify(doc.questionBank ?? []), ancestors.length + 1, JSON.stringify(ancestors), doc.sequence, doc.at,
    ],
  );
}
