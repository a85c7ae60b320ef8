import { library } from '../../shared/api/library';
import { questionBank } from '../../shared/api/question-bank';
import { videoRepository } from '../../shared/api/video-repository';
import type { CallDef } from '../../shared/api/contract';
import { ok, type Result } from '../../shared/result';
import type { Course, CourseDocument, DocumentListing } from '../../shared/schemas/courses';
import type { LibraryFile } from '../../shared/schemas/library';
import type { Video } from '../../shared/schemas/topics';
import type { Question } from '../../shared/schemas/question-bank';
import { probeLink, type LinkAnswer } from './link-probe';
import { eachLimited } from './limiter';
import {
  HEALTH_TEXT,
  LINK_CHECK,
  type CourseHealth,
  type HealthProblem,
  type LearnerPreview,
  type PreviewFolder,
} from '../../shared/schemas/course-health';

type Call = <O>(def: CallDef, input: Record<string, unknown>, label: string) => Promise<Result<O>>;

/** A folder of the course with what it holds, in the directory's order. */
interface FolderNode {
  doc: CourseDocument;
  path: { _id: string; title: string }[];
  folders: FolderNode[];
  /** Its videos (GET /video/byconcept): title, library file ('' when deleted), free to watch, questions. */
  files: Video[];
}

interface CourseTree {
  course: Course;
  modules: FolderNode[];
}

/** Thrown inside a check to end it with a call's failure. */
class CallFailed extends Error {
  constructor(readonly result: Result<never>) {
    super('call failed');
  }
}

/** Asks one link (probeLink, or a stand-in in tests). */
export type LinkProbe = (url: string) => Promise<LinkAnswer>;

/** Link answers kept for a while (a second check does not ask every address again), at most a few asked at once. */
export class LinkChecker {
  private readonly cache = new Map<string, { at: number; answer: Promise<LinkAnswer>; failed?: boolean }>();

  constructor(
    private readonly probe: LinkProbe = (url) => probeLink(url),
    private readonly now: () => number = Date.now,
  ) {}

  /** Each distinct address's answer (null: it answers). */
  async check(urls: readonly string[]): Promise<Map<string, LinkAnswer>> {
    const answers = new Map<string, LinkAnswer>();
    await eachLimited([...new Set(urls)], LINK_CHECK.concurrency, async (url) => {
      const kept = this.cache.get(url);
      const fresh = kept && this.now() - kept.at < (kept.failed ? LINK_CHECK.failedCacheMs : LINK_CHECK.cacheMs);
      const entry = fresh ? kept : { at: this.now(), answer: this.probe(url) };
      this.cache.set(url, entry);
      const answer = await entry.answer;
      if (answer !== null) entry.failed = true;
      answers.set(url, answer);
    });
    return answers;
  }
}

/** Calls made once per check of one or more courses: the library, and each file's transcripts and moments. */
class CheckContext {
  private libraryList: Promise<Map<string, LibraryFile>> | null = null;
  private readonly transcripts = new Map<string, Promise<readonly string[]>>();
  private readonly moments = new Map<string, Promise<number>>();
  private questionList: Promise<Map<string, Question>> | null = null;

  constructor(private readonly call: Call) {}

  async must<O>(def: CallDef, input: Record<string, unknown>, label: string): Promise<O> {
    const result = await this.call<O>(def, input, label);
    if (!result.ok) throw new CallFailed(result);
    return result.data;
  }

  library(): Promise<Map<string, LibraryFile>> {
    this.libraryList ??= this.must<LibraryFile[]>(library.mediaList, {}, 'library.mediaList').then((files) => new Map(files.map((f) => [f._id, f])));
    return this.libraryList;
  }

  /** The question bank by id (asked once, and only when a video has questions). */
  questions(): Promise<Map<string, Question>> {
    this.questionList ??= this.must<Question[]>(questionBank.questions, {}, 'questionBank.questions').then((all) => new Map(all.map((q) => [q._id, q])));
    return this.questionList;
  }

  /** The languages a library file has transcript lines in. */
  transcriptLanguages(fileId: string): Promise<readonly string[]> {
    let kept = this.transcripts.get(fileId);
    if (!kept) {
      kept = this.must<{ languages: string[] }>(videoRepository.transcripts, { videoId: fileId }, 'videoRepository.transcripts').then((t) => t.languages);
      this.transcripts.set(fileId, kept);
    }
    return kept;
  }

  momentCount(fileId: string): Promise<number> {
    let kept = this.moments.get(fileId);
    if (!kept) {
      kept = this.must<unknown[]>(library.moments, { fileId }, 'library.moments').then((m) => m.length);
      this.moments.set(fileId, kept);
    }
    return kept;
  }

  /**
   * The course's whole directory. A folder's subfolders come from its listing (GET /document/{id}), asked
   * only when it has some; its videos, with their questions, from GET /video/byconcept, asked only when it
   * has some: a folder of 5,000 videos is read once.
   */
  async tree(courseId: string): Promise<CourseTree> {
    const top = await this.must<DocumentListing>(videoRepository.document, { id: courseId }, 'videoRepository.document');
    const node = (doc: CourseDocument, path: FolderNode['path']): FolderNode => ({ doc, path: [...path, { _id: doc._id, title: doc.title }], folders: [], files: [] });
    const modules = top.descendants.filter((d) => d.type === 'folder').map((d) => node(d, []));
    let pending = modules;
    while (pending.length > 0) {
      const next: FolderNode[] = [];
      const reads = pending.flatMap((folder) => [
        ...(folder.doc.contents.folders > 0 ? [{ folder, read: 'folders' as const }] : []),
        ...(folder.doc.contents.files > 0 ? [{ folder, read: 'videos' as const }] : []),
      ]);
      await eachLimited(reads, 6, async ({ folder, read }) => {
        if (read === 'videos') {
          folder.files = await this.must<Video[]>(videoRepository.videosByConcept, { conceptId: folder.doc._id }, 'videoRepository.videosByConcept');
          return;
        }
        const listing = await this.must<DocumentListing>(videoRepository.document, { id: folder.doc._id }, 'videoRepository.document');
        for (const doc of listing.descendants) {
          if (doc.type !== 'folder') continue;
          const child = node(doc, folder.path);
          folder.folders.push(child);
          next.push(child);
        }
      });
      pending = next;
    }
    return { course: top.courseDoc, modules };
  }
}

/** The course's own problems: a Paid course without a fee, no thumbnail. */
export function courseProblems(course: Course): HealthProblem[] {
  const problem = (kind: 'paidWithoutFee' | 'noThumbnail', message: string): HealthProblem =>
    ({ kind, courseId: course._id, recordId: course._id, title: course.name, folderPath: [], fileId: '', message });
  return [
    ...(course.pricingPlan.planType === 'Paid' && !(course.pricingPlan.courseFee > 0) ? [problem('paidWithoutFee', HEALTH_TEXT.paidWithoutFee)] : []),
    ...(course.thumbnail ? [] : [problem('noThumbnail', HEALTH_TEXT.noThumbnail)]),
  ];
}

const allFolders = (modules: readonly FolderNode[]): FolderNode[] => modules.flatMap((m) => [m, ...allFolders(m.folders)]);
/** A folder holds videos when it or a folder inside it has one. */
const holdsVideos = (folder: FolderNode): boolean => folder.files.length > 0 || folder.folders.some(holdsVideos);

async function checkTree(ctx: CheckContext, tree: CourseTree, links: LinkChecker | null): Promise<CourseHealth> {
  const { course } = tree;
  const problems = courseProblems(course);

  const folders = allFolders(tree.modules);
  const files = await ctx.library();
  const questions = folders.some((f) => f.files.some((doc) => doc.questionBank.length > 0)) ? await ctx.questions() : new Map<string, Question>();
  const videoProblems: (() => Promise<void>)[] = [];
  const linkUrls = new Map<string, { folder: FolderNode; doc: Video; file: LibraryFile }[]>();
  let videoCount = 0;
  for (const folder of folders) {
    const problem = (kind: HealthProblem['kind'], doc: { _id: string; title: string }, message: string, fileId = '') =>
      problems.push({ kind, courseId: course._id, recordId: doc._id, title: doc.title, folderPath: folder.path, fileId, message });
    if (!holdsVideos(folder)) problem('emptyFolder', folder.doc, HEALTH_TEXT.emptyFolder);
    const byTitle = new Map<string, Video[]>();
    for (const doc of folder.files) {
      videoCount++;
      const key = doc.title.trim().toLocaleLowerCase();
      byTitle.set(key, [...(byTitle.get(key) ?? []), doc]);
      const file = files.get(doc.videoId);
      if (!file) {
        problem('missingFile', doc, HEALTH_TEXT.missingFile, doc.videoId);
        continue;
      }
      if (doc.questionBank.length === 0) problem('noQuestions', doc, HEALTH_TEXT.noQuestions, file._id);
      // A learner of the video's language is asked these in another language.
      const asked = doc.questionBank.flatMap((id) => questions.get(id) ?? []);
      const foreign = file.language ? asked.filter((q) => q.language && q.language !== file.language).length : 0;
      if (foreign > 0) problem('questionsOtherLanguage', doc, HEALTH_TEXT.questionsOtherLanguage(foreign, asked.length, file.language), file._id);
      if (course.status === 'live' && (file.status === 'draft' || file.status === 'hidden')) problem('notLive', doc, HEALTH_TEXT.notLive(file.status), file._id);
      if (file.fileType === 'link' && links) linkUrls.set(file.fileUrl, [...(linkUrls.get(file.fileUrl) ?? []), { folder, doc, file }]);
      videoProblems.push(async () => {
        const [languages, moments] = await Promise.all([ctx.transcriptLanguages(file._id), ctx.momentCount(file._id)]);
        if (!languages.includes(course.language)) problem('noTranscript', doc, HEALTH_TEXT.noTranscript(course.language), file._id);
        if (moments === 0) problem('noMoments', doc, HEALTH_TEXT.noMoments, file._id);
      });
    }
    for (const same of byTitle.values()) {
      if (same.length > 1) for (const doc of same) problem('repeatedTitle', doc, HEALTH_TEXT.repeatedTitle(same.length), doc.videoId);
    }
  }
  await eachLimited(videoProblems, 8, (check) => check());
  if (links) {
    const answers = await links.check([...linkUrls.keys()]);
    for (const [url, uses] of linkUrls) {
      const answer = answers.get(url);
      if (!answer) continue;
      // A link to an address that is not public was not requested: the report says so, and why.
      const kind = answer.kind === 'refused' ? 'linkNotChecked' : 'brokenLink';
      const message = HEALTH_TEXT[kind](answer.reason);
      for (const { folder, doc, file } of uses) {
        problems.push({ kind, courseId: course._id, recordId: doc._id, title: doc.title, folderPath: folder.path, fileId: file._id, message });
      }
    }
  }
  return {
    courseId: course._id, name: course.name, language: course.language, status: course.status,
    folders: folders.length, videos: videoCount, linksChecked: !!links, problems: orderProblems(problems, folders),
  };
}

/** Course problems first, then the directory's order (a record's problems together, in the kinds' order). */
function orderProblems(problems: HealthProblem[], folders: readonly FolderNode[]): HealthProblem[] {
  const place = new Map<string, number>();
  for (const folder of folders) {
    place.set(folder.doc._id, place.size);
    for (const file of folder.files) place.set(file._id, place.size);
  }
  const kinds = ['paidWithoutFee', 'noThumbnail', 'emptyFolder', 'missingFile', 'brokenLink', 'linkNotChecked', 'notLive', 'repeatedTitle', 'noQuestions', 'questionsOtherLanguage', 'noTranscript', 'noMoments'];
  return problems.sort((a, b) => (place.get(a.recordId) ?? -1) - (place.get(b.recordId) ?? -1) || kinds.indexOf(a.kind) - kinds.indexOf(b.kind));
}

async function guarded<T>(work: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await work());
  } catch (error) {
    if (error instanceof CallFailed) return error.result;
    throw error;
  }
}

/** The course tools main answers: health of a course or of all, and the learner's preview. */
export function createCourseTools(call: Call, links: LinkChecker = new LinkChecker()) {
  return {
    health: ({ courseId, links: withLinks }: { courseId: string; links?: boolean }): Promise<Result<CourseHealth>> =>
      guarded(async () => {
        const ctx = new CheckContext(call);
        return checkTree(ctx, await ctx.tree(courseId), withLinks ? links : null);
      }),

    healthAll: ({ links: withLinks }: { links?: boolean }): Promise<Result<CourseHealth[]>> =>
      guarded(async () => {
        const ctx = new CheckContext(call);
        const courses = await ctx.must<Course[]>(videoRepository.courses, {}, 'videoRepository.courses');
        const answers: CourseHealth[] = [];
        // One course after another: the library and each file's reads are shared between them.
        for (const course of courses) answers.push(await checkTree(ctx, await ctx.tree(course._id), withLinks ? links : null));
        return answers;
      }),

    preview: ({ courseId }: { courseId: string }): Promise<Result<LearnerPreview>> =>
      guarded(async () => {
        const ctx = new CheckContext(call);
        const tree = await ctx.tree(courseId);
        const folders = allFolders(tree.modules);
        const files = await ctx.library();
        const questions = folders.some((f) => f.files.some((doc) => doc.questionBank.length > 0)) ? await ctx.questions() : new Map<string, Question>();
        const folderOf = (node: FolderNode): PreviewFolder => ({
          _id: node.doc._id,
          title: node.doc.title,
          description: node.doc.description,
          level: node.doc.level === 'file' ? 'concept' : node.doc.level,
          videos: node.files.map((doc) => {
            const file = files.get(doc.videoId);
            const ids = doc.questionBank;
            return {
              _id: doc._id, title: doc.title, fileId: file?._id ?? '', duration: file?.duration ?? 0, freeToWatch: doc.freeToWatch,
              status: file?.status ?? '', language: file?.language ?? '',
              questions: ids.flatMap((id) => {
                const q = questions.get(id);
                return q ? [{ _id: q._id, question: q.question, options: q.options.map((o) => o.option), language: q.language }] : [];
              }),
            };
          }),
          folders: node.folders.map(folderOf),
        });
        const { course } = tree;
        return { courseId: course._id, name: course.name, description: course.description, language: course.language, modulesSkippable: course.modulesSkippable, modules: tree.modules.map(folderOf) };
      }),
  };
}
