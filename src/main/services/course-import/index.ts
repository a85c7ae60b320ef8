import { randomUUID } from 'node:crypto';
import { opendir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import * as v from 'valibot';
import { fail, ok, type Result } from '../../../shared/result';
import { titleKey } from '../../../shared/schemas/bulk';
import { FOLDER_LEVELS, MAX_FOLDER_DEPTH } from '../../../shared/schemas/courses';
import {
  IMPORT_TEXT,
  ImportStartSchema,
  importTitleProblem,
  linkedLibraryFile,
  type ImportPreview,
  type ImportStart,
  type ImportStatus,
  type ImportTarget,
  type ImportVerdicts,
} from '../../../shared/schemas/course-import';
import type { MediaVerdict } from '../../../shared/schemas/media';
import type { Language } from '../../../shared/constants';
import { COURSE_TEXT } from '../../../shared/course-messages';
import { IMAGE_SIGNATURE_BYTES, isImageContent } from '../../../shared/image-signature';
import { isCourseThumbnailName } from '../../../shared/file-kinds';
import { emptyReplay, ImportFiles, IMPORTS_FOLDER, listImports, type Plan } from './journal';
import { ImportRun, type ImportQueue, type ImportServer } from './runner';
import { planTree, readFolderTree, type PlannedNode } from './tree';
import { verdictOfPath, type ReadFacts } from './verdicts';
import { openFoundFile } from '../grants';

export { planTree, readFolderTree, numberAndTitle } from './tree';
export { ImportRun, type ImportQueue, type ImportServer, type ListedDoc } from './runner';

/** Where an import into an existing course lands: the course's language and what the folder allows. */
export interface TargetFacts {
  language: Language;
  /** The level of the target folder: 0 for the course's top, 1 a module, 2 a topic, 3 a concept. */
  depth: number;
  hasOnlyVideos: boolean;
  /** The documents already in the target folder. */
  existing: string[];
}

export interface CourseImportDeps {
  /** userData: the imports' plans and journals go to `<stateDir>/course-imports/`. */
  stateDir: string;
  server: ImportServer;
  queue: ImportQueue;
  /** The native folder dialog: the chosen folder, or null. */
  pickFolder?: () => Promise<string | null>;
  /** The library's files (for duplicates by title); a failure skips the check. */
  libraryFiles: () => Promise<Result<readonly { _id: string; title: string }[]>>;
  targetFacts: (courseId: string, parent: string) => Promise<Result<TargetFacts>>;
  /** Grants a file for the page (the thumbnail found in the folder). */
  grant: (path: string) => Promise<{ grantId: string; name: string }>;
  /** The path of a file the page names by grant (a thumbnail it chose). */
  grantedPath: (grantId: string) => Promise<Result<string>>;
  log?: (message: string, details?: Record<string, unknown>) => void;
  /** The media library's facts of a file (main's media worker): the preview's verdicts. Absent: none are read. */
  readFacts?: ReadFacts;
}

interface Preview {
  importId: string;
  target: ImportTarget;
  nodes: PlannedNode[];
  language: Language | null;
  existing: string[];
  thumbnail: { path: string; grantId: string } | null;
  /** The videos' verdicts as they are read (by node id), and how many of them are read. */
  verdicts: Map<string, MediaVerdict>;
  read: number;
}

/** Files read at once for the preview's verdicts (the media service has a worker per core, at most two). */
const VERDICTS_AT_ONCE = 2;

/** The first bytes of a file (what it really is), empty when it cannot be read (opened as grants are). */
async function headOf(path: string): Promise<Uint8Array> {
  const found = await openFoundFile(path).catch(() => null);
  if (!found) return new Uint8Array();
  const { handle } = found;
  try {
    const buffer = new Uint8Array(IMAGE_SIGNATURE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, IMAGE_SIGNATURE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Previews kept for their Confirm (the latest few: a preview not confirmed is simply forgotten). */
const PREVIEWS_KEPT = 4;

/**
 * Folder imports: the preview (main reads the folder), the start, and the run that builds the course
 * (resumed from its journal when the app starts again). One import runs at a time.
 */
export class CourseImports {
  private readonly previews = new Map<string, Preview>();
  private run: ImportRun | null = null;
  private readonly folder: string;
  private readonly log: NonNullable<CourseImportDeps['log']>;

  constructor(private readonly deps: CourseImportDeps) {
    this.folder = join(deps.stateDir, IMPORTS_FOLDER);
    this.log = deps.log ?? (() => undefined);
  }

  /** Carries on with the newest import that had not finished (after a crash or a restart). */
  async resume(): Promise<void> {
    const [newest] = await listImports(this.folder);
    if (!newest) return;
    const state = await newest.files.readJournal();
    this.run = new ImportRun(newest.plan, state, newest.files, this.deps.server, this.deps.queue, this.log);
    if (!state.done) void this.run.run();
  }

  /** Looks again now (the queue finished an item, the user signed in again). */
  poke(): void {
    this.run?.poke();
  }

  /** The folder dialog, then the preview of `target`. */
  async pick(target: ImportTarget): Promise<Result<ImportPreview | null>> {
    if (!this.deps.pickFolder) return fail('validation', 'Choosing a folder is not available here.');
    const path = await this.deps.pickFolder();
    if (!path) return ok(null);
    return this.preview(path, target);
  }

  /**
   * A drop (the paths the preload resolved): exactly one folder this app can read, else a message that
   * says what a drop here takes; then its preview as after the dialog.
   */
  async dropped(paths: readonly string[], target: ImportTarget): Promise<Result<ImportPreview>> {
    const [path] = paths;
    if (paths.length !== 1 || !path) return fail('validation', IMPORT_TEXT.dropOneFolder);
    const info = await stat(path).catch(() => null);
    if (!info) return fail('validation', IMPORT_TEXT.folderUnreadable);
    if (!info.isDirectory()) return fail('validation', IMPORT_TEXT.dropOneFolder);
    try {
      await (await opendir(path)).close();
    } catch {
      return fail('validation', IMPORT_TEXT.folderUnreadable);
    }
    return this.preview(path, target);
  }

  /** Reads `path` as an import into `target`: the tree it would build with every problem marked. */
  async preview(path: string, target: ImportTarget): Promise<Result<ImportPreview>> {
    const started = performance.now();
    let facts: TargetFacts = { language: 'English', depth: -1, hasOnlyVideos: false, existing: [] };
    if (target.kind === 'folder') {
      const answer = await this.deps.targetFacts(target.courseId, target.parent);
      if (!answer.ok) return answer;
      facts = answer.data;
      if (facts.depth >= (facts.hasOnlyVideos ? 1 : MAX_FOLDER_DEPTH)) return fail('validation', IMPORT_TEXT.targetTooDeep);
    }
    const [raw, library] = await Promise.all([readFolderTree(path), this.deps.libraryFiles()]);
    const titles = new Map<string, { _id: string; title: string }>();
    if (library.ok) for (const file of library.data) titles.set(titleKey(file.title), file);
    else this.log('course import: library titles unavailable', { error: library.error.message });
    const plan = planTree(raw, { rootDepth: facts.depth + 1, maxDepth: facts.hasOnlyVideos ? 1 : FOLDER_LEVELS.length, library: titles });
    const importId = randomUUID();
    const thumbnail = plan.thumbnail ? await this.deps.grant(plan.thumbnail).catch(() => null) : null;
    const kept: Preview = {
      importId, target, nodes: plan.nodes, language: target.kind === 'folder' ? facts.language : null, existing: facts.existing,
      thumbnail: thumbnail && plan.thumbnail ? { path: plan.thumbnail, grantId: thumbnail.grantId } : null,
      verdicts: new Map(), read: 0,
    };
    this.previews.set(importId, kept);
    while (this.previews.size > PREVIEWS_KEPT) this.previews.delete(this.previews.keys().next().value!);
    void this.readVerdicts(kept);
    return ok({
      importId,
      folderName: basename(raw.path),
      nodes: plan.nodes.map(({ path: _path, ...node }) => node),
      thumbnail: thumbnail ? { grantId: thumbnail.grantId, name: thumbnail.name } : null,
      language: target.kind === 'folder' ? facts.language : null,
      readMs: Math.round(performance.now() - started),
    });
  }

  /** The videos a preview judges: every media file it lists, left out or not (a left-out one is still worth knowing about). */
  private static judged(preview: Preview): PlannedNode[] {
    return preview.nodes.filter((n) => n.kind === 'video' && !n.problems.some((p) => p.kind === 'notMedia'));
  }

  /** Reads the verdicts of a preview's videos, a few at once, while the preview is kept. */
  private async readVerdicts(preview: Preview): Promise<void> {
    const readFacts = this.deps.readFacts;
    const queue = CourseImports.judged(preview);
    if (!readFacts) {
      preview.read = queue.length;
      return;
    }
    const next = async (): Promise<void> => {
      for (let node = queue.shift(); node && this.previews.get(preview.importId) === preview; node = queue.shift()) {
        const verdict = await verdictOfPath(node.path, node.name, readFacts).catch(() => null);
        if (verdict) preview.verdicts.set(node.id, verdict);
        preview.read += 1;
      }
    };
    await Promise.all(Array.from({ length: VERDICTS_AT_ONCE }, next));
  }

  /** The verdicts of a preview's videos read so far. */
  verdicts(importId: string): Result<ImportVerdicts> {
    const preview = this.previews.get(importId);
    if (!preview) return fail('validation', IMPORT_TEXT.unknownImport);
    return ok({ importId, verdicts: Object.fromEntries(preview.verdicts), read: preview.read, total: CourseImports.judged(preview).length });
  }

  /** Builds a previewed tree: the plan is written first, then the run starts (and survives a restart). */
  async start(input: ImportStart): Promise<Result<ImportStatus>> {
    const parsed = v.safeParse(ImportStartSchema, input);
    if (!parsed.success) return fail('validation', parsed.issues[0].message);
    if (this.run && !this.run.done) return fail('validation', IMPORT_TEXT.busy);
    const preview = this.previews.get(input.importId);
    if (!preview) return fail('validation', IMPORT_TEXT.unknownImport);
    const { course, defaults, titles } = parsed.output;
    if (preview.target.kind === 'course' && !course) return fail('validation', 'Enter the course name, language and thumbnail.');
    let thumbnailPath = '';
    if (course) {
      const granted = preview.thumbnail?.grantId === course.thumbnailGrantId ? ok(preview.thumbnail.path) : await this.deps.grantedPath(course.thumbnailGrantId);
      if (!granted.ok) return granted;
      thumbnailPath = granted.data;
      // The server would refuse the course, and the import would wait on it: refused here, the form kept.
      if (!isCourseThumbnailName(basename(thumbnailPath)) || !isImageContent(basename(thumbnailPath), await headOf(thumbnailPath))) {
        return fail('validation', COURSE_TEXT.thumbnailType);
      }
    }
    const entries: Plan['entries'] = [];
    for (const node of preview.nodes) {
      if (node.skipped) continue;
      const title = (titles[node.id] ?? node.title).trim();
      const isCourse = node.level === 'course';
      const problem = isCourse ? null : importTitleProblem(title);
      if (problem) return fail('validation', `${node.name}: ${problem}`);
      entries.push({ id: node.id, parent: node.parent, kind: node.kind, title: isCourse ? (course?.name ?? title) : title, path: node.path, libraryFileId: linkedLibraryFile(node, title)?._id ?? null });
    }
    if (!entries.some((e) => e.kind === 'video')) return fail('validation', IMPORT_TEXT.nothingToImport);
    let before = preview.existing;
    if (course) {
      const courses = await this.deps.server.courses();
      if (!courses.ok) return courses;
      before = courses.data.map((c) => c._id);
    }
    const plan: Plan = {
      importId: preview.importId,
      createdAt: Date.now(),
      target: preview.target,
      course: course ? { name: course.name, language: course.language, thumbnailPath } : null,
      language: course?.language ?? preview.language ?? 'English',
      defaults,
      before,
      entries,
    };
    const files = new ImportFiles(this.folder, plan.importId);
    await files.writePlan(plan);
    this.previews.delete(input.importId);
    this.run = new ImportRun(plan, emptyReplay(), files, this.deps.server, this.deps.queue, this.log);
    void this.run.run();
    return ok(this.run.status());
  }

  /** Stops the running import for good (what was made stays); the status as it ends. */
  async cancel(importId: string): Promise<Result<ImportStatus | null>> {
    if (!this.run || this.run.plan.importId !== importId) return fail('validation', IMPORT_TEXT.unknownImport);
    await this.run.cancel(IMPORT_TEXT.cancelledByYou);
    return ok(this.run.status());
  }

  status(): ImportStatus | null {
    return this.run?.status() ?? null;
  }

  /** The import that runs now (its writes are one History action), named by its course or its top folder. */
  running(): { importId: string; title: string } | null {
    if (!this.run || this.run.done) return null;
    const plan = this.run.plan;
    const top = plan.entries.find((e) => e.parent === null);
    return { importId: plan.importId, title: plan.course?.name ?? top?.title ?? 'a folder' };
  }

  /** Waits for the running import to end (tests and benches). */
  async settled(): Promise<void> {
    await this.run?.run();
  }

  async close(): Promise<void> {
    await this.run?.close();
  }
}
