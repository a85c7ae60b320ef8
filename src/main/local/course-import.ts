import * as v from 'valibot';
import { contract, type LocalImpl, type Local } from '../../shared/api';
import { ImportDroppedSchema } from '../../shared/api/course-import';
import { APP_TEXT } from '../../shared/messages';
import { fail, ok, type Result } from '../../shared/result';
import type { BulkItemView, BulkMetaPatch } from '../../shared/schemas/bulk';
import type { MediaFacts } from '../../shared/schemas/media';
import { LIBRARY_TITLE_MAX, type LibraryFile } from '../../shared/schemas/library';
import { FOLDER_LEVELS, type Course, type DocumentListing } from '../../shared/schemas/courses';
import type { BulkQueue } from '../services/bulk';
import { CourseImports, type ImportQueue, type ImportServer } from '../services/course-import';
import { GrantError, type GrantStore } from '../services/grants';
import type { Send } from '../services/door';
import type { HistoryAction } from '../services/history';

export interface CourseImportGroupDeps {
  stateDir: string;
  /** The door to the platform: every call of an import goes through it. */
  send: Send;
  /** A new History action for an import (named by its course): its writes are its records. */
  action: (title: string) => HistoryAction;
  grants: GrantStore;
  queue: BulkQueue;
  /** The bulk group's add of titled files: it also claims the queue for the signed-in account. */
  enqueue: (files: readonly { path: string; title: string }[]) => Promise<unknown>;
  pickFolder?: () => Promise<string | null>;
  /** The media library's facts of a file by path (the preview's verdicts). */
  readFacts?: (path: string) => Promise<MediaFacts>;
  log: (message: string, details?: Record<string, unknown>) => void;
}

/** The library title of a course title (the library's are shorter): cut by code points. */
const libraryTitle = (title: string) => Array.from(title).slice(0, LIBRARY_TITLE_MAX).join('').trimEnd();

/**
 * Folder imports (src/main/services/course-import) over main's real calls and the bulk queue: the
 * course and its folders through the contract's video-repository entries, videos through the queue.
 */
export async function createCourseImportGroup(deps: CourseImportGroupDeps) {
  const repo = contract.videoRepository;
  // One History action per import: the running import's, opened by its first write.
  const actions = new Map<string, HistoryAction>();
  const inAction = (): { action?: HistoryAction } => {
    const running = imports.running();
    if (!running) return {};
    let action = actions.get(running.importId);
    if (!action) {
      for (const [id, other] of actions) {
        other.close();
        actions.delete(id);
      }
      action = deps.action(running.title);
      actions.set(running.importId, action);
    }
    return { action };
  };
  const write = <O>(def: (typeof repo)[keyof typeof repo], input: Record<string, unknown>, label: string) => deps.send<O>(def, input, label, inAction());
  const server: ImportServer = {
    courses: () => deps.send<Course[]>(repo.courses, {}, 'course import'),
    createCourse: async (course) => {
      const grant = await deps.grants.grant(course.thumbnailPath).catch((error: unknown) => (error instanceof GrantError ? error : Promise.reject(error)));
      if (grant instanceof GrantError) return fail('validation', grant.message);
      const input = { name: course.name, description: '', language: course.language, courseFee: 0, modulesSkippable: false, hasOnlyVideos: false, status: 'draft', thumbnail: { grantId: grant.id } };
      return write(repo.createCourse, input, 'videoRepository.createCourse');
    },
    listing: async (id) => {
      const answer = await deps.send<DocumentListing>(repo.document, { id }, 'course import');
      return answer.ok ? ok(answer.data.descendants.map((d) => ({ _id: d._id, title: d.title, type: d.type, fileId: d.fileId ? { _id: d.fileId._id } : null }))) : answer;
    },
    createFolder: (doc) => write(repo.createDocument, { type: 'folder', description: '', ...doc }, 'videoRepository.createDocument'),
    createFile: (doc) => write(repo.createDocument, { type: 'file', description: '', ...doc }, 'videoRepository.createDocument'),
    reorder: (ids) => write(repo.reorderDocuments, { descendants: [...ids] }, 'videoRepository.reorderDocuments'),
  };

  const queue: ImportQueue = {
    enqueue: async (files) => void (await deps.enqueue(files.map((f) => ({ path: f.path, title: libraryTitle(f.title) })))),
    itemsOf: (paths) => {
      const wanted = new Set(paths);
      const found = new Map<string, string>();
      for (const item of deps.queue.storedItems()) if (wanted.has(item.file.path) && item.state !== 'cancelled') found.set(item.file.path, item.id);
      return found;
    },
    configure: (titles, plan) => {
      const ids = [...titles.keys()];
      if (ids.length === 0) return;
      const { freeToWatch: _free, ...fields } = plan.defaults;
      const patch: BulkMetaPatch = { ...fields, language: plan.language };
      deps.queue.edit(ids, patch);
      // Queued with their titles; only an item queued before (found after a crash, or the same file) is retitled.
      const views = new Map(deps.queue.get(ids).map((view) => [view.id, view.meta.title]));
      for (const [id, title] of titles) if (views.get(id) !== libraryTitle(title)) deps.queue.edit([id], { title: libraryTitle(title) });
      deps.queue.start();
    },
    get: (ids): BulkItemView[] => deps.queue.get(ids),
    cancel: (ids) => deps.queue.cancelItems(ids),
    accept: (ids) => deps.queue.acceptDuplicates(ids),
  };

  const imports = new CourseImports({
    stateDir: deps.stateDir,
    server,
    queue,
    pickFolder: deps.pickFolder,
    libraryFiles: () => deps.send<LibraryFile[]>(contract.library.mediaList, {}, 'course import'),
    targetFacts: async (courseId, parent) => {
      const answer = await deps.send<DocumentListing>(repo.document, { id: parent || courseId }, 'course import');
      if (!answer.ok) return answer;
      const folder = answer.data.parentInfo;
      return ok({
        language: answer.data.courseDoc.language,
        depth: folder ? FOLDER_LEVELS.indexOf(folder.level as (typeof FOLDER_LEVELS)[number]) + 1 : 0,
        hasOnlyVideos: answer.data.courseDoc.hasOnlyVideos,
        existing: answer.data.descendants.map((d) => d._id),
      });
    },
    grant: async (path) => {
      const grant = await deps.grants.grant(path);
      return { grantId: grant.id, name: grant.name };
    },
    grantedPath: async (grantId) => {
      try {
        return ok((await deps.grants.use(grantId)).path);
      } catch (error) {
        if (error instanceof GrantError) return fail('validation', error.message);
        throw error;
      }
    },
    readFacts: deps.readFacts,
    log: deps.log,
  });
  await imports.resume();

  const calls: LocalImpl<Local>['courseImport'] = {
    pick: ({ target }) => imports.pick(target),
    verdicts: async ({ importId }) => imports.verdicts(importId),
    start: (input) => imports.start(input),
    cancel: ({ importId }) => imports.cancel(importId),
    status: async () => ok(imports.status()),
  };
  /** The preload's drop channel: the paths it resolved from the dropped items, and the import's target. */
  async function dropped(input: unknown): Promise<Result<unknown>> {
    const parsed = v.safeParse(ImportDroppedSchema, input);
    if (!parsed.success) return fail('validation', APP_TEXT.dropNotOnDisk);
    return imports.dropped(parsed.output.paths, parsed.output.target);
  }
  /** Writes the open action's entry as it stands (the app closes). */
  const closeActions = () => {
    for (const action of actions.values()) action.close();
    actions.clear();
  };
  return { calls, imports, dropped, closeActions };
}
