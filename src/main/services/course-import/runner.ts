import type { Result } from '../../../shared/result';
import type { BulkItemView } from '../../../shared/schemas/bulk';
import type { ImportStatus } from '../../../shared/schemas/course-import';
import { IMPORT_TEXT } from '../../../shared/schemas/course-import';
import { MEDIA_VERDICT_TEXT } from '../../../shared/schemas/media';
import type { Language } from '../../../shared/constants';
import { applyLine, ImportFiles, type JournalLine, type Plan, type Replayed } from './journal';

/** A document of a folder listing, as the import needs it. */
export interface ListedDoc {
  _id: string;
  title: string;
  type: 'folder' | 'file';
  fileId: { _id: string } | null;
}

/** The server calls an import makes (main's generic HTTP call over the contract; a fake in tests). */
export interface ImportServer {
  courses(): Promise<Result<readonly { _id: string; name: string }[]>>;
  createCourse(course: { name: string; language: Language; thumbnailPath: string }): Promise<Result<unknown>>;
  /** GET /document/{id}: a folder's children in order (the course's top with the course id). */
  listing(id: string): Promise<Result<readonly ListedDoc[]>>;
  createFolder(doc: { courseId: string; parent: string; title: string }): Promise<Result<unknown>>;
  createFile(doc: { courseId: string; parent: string; title: string; fileId: string; freeToWatch: boolean }): Promise<Result<unknown>>;
  reorder(ids: readonly string[]): Promise<Result<unknown>>;
}

/** What an import does with the bulk queue. */
export interface ImportQueue {
  /** Queues the files with their library titles (a file queued before is not queued again). */
  enqueue(files: readonly { path: string; title: string }[]): Promise<void>;
  /** The queue's item of each path (real paths), where it has one. */
  itemsOf(paths: readonly string[]): Map<string, string>;
  /** Gives the items their titles (again, after a crash), the course's language and the defaults, and starts the queue. */
  configure(titles: ReadonlyMap<string, string>, plan: Plan): void;
  get(ids: readonly string[]): BulkItemView[];
  /** A content duplicate of a library record: not uploaded (the record is linked instead). */
  cancel(ids: readonly string[]): void;
  /**
   * Sends items held as duplicates all the same (a title another file has; a copy of content whose
   * first copy will not be sent).
   */
  accept(ids: readonly string[]): void;
}

const RETRY_MIN_MS = 500;

/** Thrown once the run has stopped itself for good (its line written). */
class Stopped extends Error {}

/** A refusal that repeating the same call cannot change: the input's own fault (not a server busy or gone). */
const refusedForGood = (error: { kind: string; status?: number }) =>
  error.kind === 'validation' || (error.kind === 'http' && error.status !== undefined && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status));
const RETRY_MAX_MS = 5000;

/**
 * Runs one import to its end (DESIGN: nothing twice): every step first looks for its result (the
 * journal, then the server), makes it only when it is not there, and writes its journal line before
 * the next step. A restart replays the journal and carries on with the same steps.
 */
export class ImportRun {
  private closed = false;
  private problem: string | null = null;
  private finished: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** Folder listings read since our last write into them. */
  private readonly listings = new Map<string, readonly ListedDoc[]>();
  private readonly children = new Map<string | null, string[]>();
  private readonly byId: Map<string, Plan['entries'][number]>;
  /** Folders this run made (not found after a restart): nothing was in them before. */
  private readonly fresh = new Set<string>();

  constructor(
    readonly plan: Plan,
    private readonly state: Replayed,
    private readonly files: ImportFiles,
    private readonly server: ImportServer,
    private readonly queue: ImportQueue,
    private readonly log: (message: string, details?: Record<string, unknown>) => void = () => undefined,
  ) {
    this.byId = new Map(plan.entries.map((e) => [e.id, e]));
    for (const entry of plan.entries) {
      const siblings = this.children.get(entry.parent);
      if (siblings) siblings.push(entry.id);
      else this.children.set(entry.parent, [entry.id]);
    }
  }

  get done(): boolean {
    return this.state.done;
  }

  /** Runs until built (or closed); retries what the server did not answer, with backoff. */
  run(): Promise<void> {
    this.finished ??= (async () => {
      let delay = RETRY_MIN_MS;
      while (!this.closed && !this.state.done) {
        let progressed = false;
        try {
          progressed = await this.step();
          if (this.problem && progressed) this.problem = null;
        } catch (error) {
          if (error instanceof Stopped) break;
          this.problem = error instanceof Error ? error.message : String(error);
          this.log('course import: a step failed', { importId: this.plan.importId, error: this.problem });
        }
        if (this.state.done || this.closed) break;
        delay = progressed ? RETRY_MIN_MS / 2 : Math.min(delay * 1.5, RETRY_MAX_MS);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
      }
    })();
    return this.finished;
  }

  /** Looks again now (an upload finished, the user signed in). */
  poke(): void {
    this.wake?.();
  }

  /**
   * Stops the import for good: what was made stays, its uploads not yet finished leave the queue, and the
   * journal says so (a restart does not carry on with it).
   */
  async cancel(message: string): Promise<void> {
    if (this.state.done) return;
    this.closed = true;
    this.wake?.();
    await this.finished;
    const unsent = this.plan.entries.flatMap((e) => {
      const item = e.kind === 'video' && !this.settled(e.id) ? this.state.items.get(e.id) : undefined;
      return item ? [item] : [];
    });
    const open = this.queue.get(unsent).filter((view) => view.state !== 'done').map((view) => view.id);
    if (open.length > 0) this.queue.cancel(open);
    await this.files.append([{ e: 'cancelled', message }]);
    applyLine(this.state, { e: 'cancelled', message });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    await this.finished;
  }

  private async write(lines: JournalLine[]): Promise<void> {
    if (this.closed) throw new Error('closed');
    await this.files.append(lines);
    for (const line of lines) applyLine(this.state, line);
  }

  private fail(answer: Result<unknown> & { ok: false }): never {
    throw new Error(answer.error.message);
  }

  private async listingOf(id: string): Promise<readonly ListedDoc[]> {
    const cached = this.listings.get(id);
    if (cached) return cached;
    const answer = await this.server.listing(id);
    if (!answer.ok) this.fail(answer);
    this.listings.set(id, answer.data);
    return answer.data;
  }

  /** One pass over what is left; whether anything moved on. */
  private async step(): Promise<boolean> {
    let progressed = false;
    const courseId = await this.ensureCourse();
    // Folders parent by parent, top down: a parent's missing folders are made in order, then found with one listing.
    for (const entry of this.plan.entries) {
      if (entry.kind === 'folder' && !this.folderIdOf(entry.id)) {
        await this.ensureFolders(courseId, entry.parent);
        progressed = true;
      }
    }
    progressed = (await this.ensureQueued()) || progressed;
    progressed = (await this.linkFinished(courseId)) || progressed;
    progressed = (await this.sortSettled()) || progressed;
    if (this.plan.entries.every((e) => e.kind !== 'video' || this.settled(e.id)) && this.folders().every((f) => this.state.sorted.has(f.id))) {
      await this.write([{ e: 'done' }]);
      return true;
    }
    return progressed;
  }

  private folders() {
    return this.plan.entries.filter((e) => e.kind === 'folder');
  }

  /** The id a folder entry has on the server: the course's own for the chosen folder of a new course. */
  private folderIdOf(node: string): string | null {
    if (this.plan.course && node === this.plan.entries[0]?.id) return this.state.courseId;
    return this.state.folders.get(node) ?? null;
  }

  private parentIdOf(entry: Plan['entries'][number]): string {
    if (entry.parent === null) return this.plan.target.kind === 'folder' ? this.plan.target.parent : '';
    // Folders at the top of a new course have no parent ('' is the course's top).
    if (this.plan.course && entry.parent === this.plan.entries[0]?.id) return '';
    const id = this.folderIdOf(entry.parent);
    if (!id) throw new Error(`the folder of ${entry.title} is not made yet`);
    return id;
  }

  private async ensureCourse(): Promise<string> {
    if (this.plan.target.kind === 'folder') return this.plan.target.courseId;
    if (this.state.courseId) return this.state.courseId;
    const course = this.plan.course!;
    const before = new Set(this.plan.before);
    const find = async () => {
      const answer = await this.server.courses();
      if (!answer.ok) this.fail(answer);
      return answer.data.find((c) => c.name === course.name && !before.has(c._id)) ?? null;
    };
    // Made before a crash, its line not written: found, not made again.
    let found = await find();
    if (!found) {
      const made = await this.server.createCourse(course);
      if (!made.ok && refusedForGood(made.error)) {
        // Trying again would be refused again (a thumbnail that is not an image): stop, say why.
        await this.write([{ e: 'cancelled', message: IMPORT_TEXT.courseRefused(made.error.message) }]);
        throw new Stopped();
      }
      if (!made.ok) this.fail(made);
      found = await find();
      if (!found) throw new Error(IMPORT_TEXT.courseNotFound);
    }
    await this.write([{ e: 'course', id: found._id }]);
    return found._id;
  }

  /** Ours under `parent`: documents that were not there before the import (the import's own folders are all ours). */
  private theirs(parent: string): Set<string> {
    const top = this.plan.target.kind === 'folder' ? this.plan.target.parent || this.plan.target.courseId : null;
    return parent === top ? new Set(this.plan.before) : new Set();
  }

  /**
   * Makes the missing folders of one parent (its folders of the plan, in order) and records their ids. A
   * folder made before a crash whose line is missing is found in the parent's listing (the first one of
   * its title that was not there before and is not another entry's), not made again.
   */
  private async ensureFolders(courseId: string, parentNode: string | null): Promise<void> {
    const wanted = (this.children.get(parentNode) ?? []).map((id) => this.byId.get(id)!).filter((e) => e.kind === 'folder' && !this.folderIdOf(e.id));
    if (wanted.length === 0) return;
    const parent = this.parentIdOf(wanted[0]!);
    const listed = parent || courseId;
    const match = (docs: readonly ListedDoc[]) => {
      const taken = new Set([...this.state.folders.values(), ...this.theirs(listed)]);
      const found = new Map<string, string>();
      for (const entry of wanted) {
        const doc = docs.find((d) => d.type === 'folder' && d.title === entry.title && !taken.has(d._id));
        if (!doc) continue;
        taken.add(doc._id);
        found.set(entry.id, doc._id);
      }
      return found;
    };
    // A parent this run has just made holds nothing yet: no listing to read first.
    const before = this.fresh.has(listed) ? new Map<string, string>() : match(await this.listingOf(listed));
    for (const entry of wanted) {
      if (before.has(entry.id)) continue;
      const made = await this.server.createFolder({ courseId, parent, title: entry.title });
      if (!made.ok) {
        // It may have been made all the same (an answer lost): look before making it again.
        this.listings.delete(listed);
        this.fresh.delete(listed);
        this.fail(made);
      }
    }
    this.listings.delete(listed);
    const found = match(await this.listingOf(listed));
    const lines: JournalLine[] = [];
    for (const entry of wanted) {
      const id = found.get(entry.id);
      if (!id) throw new Error(IMPORT_TEXT.folderNotFound(entry.title));
      lines.push({ e: 'folder', node: entry.id, id });
      this.fresh.add(id);
    }
    await this.write(lines);
  }

  private videosToUpload() {
    return this.plan.entries.filter((e) => e.kind === 'video' && !e.libraryFileId);
  }

  /** Queues every video not queued yet, in the tree's order, and records each one's item. */
  private async ensureQueued(): Promise<boolean> {
    const missing = this.videosToUpload().filter((e) => !this.state.items.has(e.id) && !this.settled(e.id));
    if (missing.length === 0) return false;
    // A crash after queueing but before the journal: the queue has them already and says which.
    let items = this.queue.itemsOf(missing.map((e) => e.path));
    const unqueued = missing.filter((e) => !items.has(e.path));
    if (unqueued.length > 0) {
      await this.queue.enqueue(unqueued.map((e) => ({ path: e.path, title: e.title })));
      items = this.queue.itemsOf(missing.map((e) => e.path));
    }
    const lines: JournalLine[] = [];
    const titles = new Map<string, string>();
    for (const entry of missing) {
      const item = items.get(entry.path);
      if (item) {
        lines.push({ e: 'queued', node: entry.id, item });
        titles.set(item, entry.title);
      } else lines.push({ e: 'failed', node: entry.id, message: `${entry.path.replace(/^.*[\\/]/, '')} could not be read.` });
    }
    this.queue.configure(titles, this.plan);
    await this.write(lines);
    return true;
  }

  private settled(node: string): boolean {
    return this.state.linked.has(node) || this.state.failed.has(node);
  }

  /** Links videos whose upload finished (or whose library file is known) into their folders. */
  private async linkFinished(courseId: string): Promise<boolean> {
    const pending = this.plan.entries.filter((e) => e.kind === 'video' && !this.settled(e.id));
    if (pending.length === 0) return false;
    const views = new Map(this.queue.get(pending.flatMap((e) => (this.state.items.has(e.id) ? [this.state.items.get(e.id)!] : []))).map((view) => [view.id, view]));
    // The items other items are copies of (the same content): their own state decides what a copy does.
    const originals = new Map(
      this.queue.get([...views.values()].flatMap((view) => (view.duplicate?.kind === 'queue' && view.duplicate.reason === 'content' ? [view.duplicate.id] : []))).map((view) => [view.id, view]),
    );
    let progressed = false;
    const toCancel: string[] = [];
    const toAccept: string[] = [];
    for (const entry of pending) {
      let recordId = entry.libraryFileId;
      const itemId = this.state.items.get(entry.id);
      const view = itemId ? views.get(itemId) : undefined;
      if (!recordId && view) {
        // Not playable and not sent anyway: held, so neither linked nor accepted, whatever its duplicate
        // state (a copy of content uploaded before, with Send anyway there, is not this file's say-so).
        if (view.held && view.state !== 'done') continue;
        if (view.state === 'done' && view.recordId) recordId = view.recordId;
        else if (view.duplicate?.kind === 'library' && view.duplicate.reason === 'content' && view.state !== 'done') {
          // Uploaded before (the same bytes): that record is linked, nothing is sent again.
          recordId = view.duplicate.id;
          toCancel.push(view.id);
        } else if (view.duplicate?.kind === 'queue' && view.duplicate.reason === 'content' && view.state !== 'done') {
          // The same file elsewhere in the queue: it is uploaded once, and the queue names its record
          // here when it is done. Only when that copy will not be sent (failed, cancelled, removed) does this one go.
          const original = originals.get(view.duplicate.id);
          if (!original || original.state === 'failed' || original.state === 'cancelled' || original.state === 'changed-or-missing') toAccept.push(view.id);
        } else if (view.duplicate && view.state !== 'done') toAccept.push(view.id);
        else if (view.state === 'failed' || view.state === 'cancelled') {
          await this.write([{ e: 'failed', node: entry.id, message: view.lastError ?? `The upload was ${view.state}.` }]);
          progressed = true;
        }
      } else if (!recordId && itemId && !view) {
        await this.write([{ e: 'failed', node: entry.id, message: 'Removed from the bulk upload queue.' }]);
        progressed = true;
      }
      if (!recordId) continue;
      await this.link(courseId, entry, recordId);
      progressed = true;
    }
    if (toCancel.length > 0) this.queue.cancel(toCancel);
    if (toAccept.length > 0) this.queue.accept(toAccept);
    return progressed;
  }

  private async link(courseId: string, entry: Plan['entries'][number], recordId: string): Promise<void> {
    const parent = this.parentIdOf(entry);
    // A course's top is listed by the course's id (its documents' parent is empty).
    const listed = parent || courseId;
    const has = async () => (await this.listingOf(listed)).some((d) => d.type === 'file' && d.fileId?._id === recordId);
    if (!(await has())) {
      const made = await this.server.createFile({ courseId, parent, title: entry.title, fileId: recordId, freeToWatch: this.plan.defaults.freeToWatch });
      // Our own write: the listing as read plus this link (no read per link); its id is read when the folder is sorted.
      const known = this.listings.get(listed);
      if (made.ok && known) this.listings.set(listed, [...known, { _id: '', title: entry.title, type: 'file', fileId: { _id: recordId } }]);
      else this.listings.delete(listed);
      if (!made.ok) {
        // The server refused it (a 4xx): this video is not linked; the rest carry on.
        if (made.error.kind === 'http' && made.error.status !== undefined && made.error.status < 500 && made.error.status !== 429) {
          await this.write([{ e: 'failed', node: entry.id, message: made.error.message }]);
          return;
        }
        this.fail(made);
      }
    }
    await this.write([{ e: 'linked', node: entry.id, recordId }]);
  }

  /** A folder whose videos are all settled gets its children in the tree's order (uploads finish in any order). */
  private async sortSettled(): Promise<boolean> {
    let progressed = false;
    for (const folder of this.folders()) {
      if (this.state.sorted.has(folder.id)) continue;
      const kids = this.children.get(folder.id) ?? [];
      const ready = kids.every((id) => {
        const kid = this.byId.get(id)!;
        return kid.kind === 'folder' ? !!this.folderIdOf(id) : this.settled(id);
      });
      if (!ready) continue;
      const folderId = this.folderIdOf(folder.id);
      if (!folderId) continue;
      this.listings.delete(folderId);
      const listed = await this.listingOf(folderId);
      const wanted: string[] = [];
      for (const id of kids) {
        const kid = this.byId.get(id)!;
        const docId = kid.kind === 'folder' ? this.folderIdOf(id) : listed.find((d) => d.type === 'file' && d.fileId?._id === this.state.linked.get(id))?._id;
        if (docId && !wanted.includes(docId)) wanted.push(docId);
      }
      const order = [...wanted, ...listed.map((d) => d._id).filter((id) => !wanted.includes(id))];
      if (order.some((id, i) => listed[i]?._id !== id)) {
        const answer = await this.server.reorder(order);
        this.listings.delete(folderId);
        if (!answer.ok) this.fail(answer);
      }
      await this.write([{ e: 'sorted', node: folder.id }]);
      progressed = true;
    }
    return progressed;
  }

  /** What is built so far, entry by entry (the summary once done). */
  status(): ImportStatus {
    const plan = this.plan;
    const paths = new Map<string, string>();
    const views = new Map(this.queue.get([...this.state.items.values()]).map((view) => [view.id, view]));
    let uploaded = 0;
    const entries = plan.entries.map((entry) => {
      const path = entry.parent === null ? entry.title : `${paths.get(entry.parent) ?? ''} / ${entry.title}`;
      paths.set(entry.id, path);
      if (entry.kind === 'folder') {
        return { path, kind: entry.kind, state: this.folderIdOf(entry.id) ? ('made' as const) : ('waiting' as const), message: null };
      }
      const view = this.state.items.has(entry.id) ? views.get(this.state.items.get(entry.id)!) : undefined;
      if (view?.state === 'done' || this.state.linked.has(entry.id)) uploaded += entry.libraryFileId ? 0 : 1;
      if (this.state.linked.has(entry.id)) return { path, kind: entry.kind, state: 'linked' as const, message: entry.libraryFileId ? 'Linked to the library file of the same title.' : null };
      if (this.state.failed.has(entry.id)) return { path, kind: entry.kind, state: 'failed' as const, message: this.state.failed.get(entry.id)! };
      if (view?.state === 'done') return { path, kind: entry.kind, state: 'uploaded' as const, message: null };
      // Not playable: held in the queue, never linked, in the words Bulk Upload and Add File use.
      const unplayable = view?.held && view.verdict?.kind === 'unplayable' ? `${MEDIA_VERDICT_TEXT.unplayable}: ${view.verdict.text} ${MEDIA_VERDICT_TEXT.held}` : null;
      const attention = view ? (unplayable ?? Object.values(view.issues)[0] ?? null) : null;
      const state = unplayable ? ('held' as const) : view ? ('queued' as const) : ('waiting' as const);
      return { path, kind: entry.kind, state, message: attention ? `Needs attention in Bulk Upload: ${attention}` : null };
    });
    const videos = entries.filter((e) => e.kind === 'video');
    const folders = plan.entries.filter((e) => e.kind === 'folder' && !(plan.course && e.parent === null));
    const courseId = plan.target.kind === 'folder' ? plan.target.courseId : this.state.courseId;
    const top = plan.target.kind === 'folder' ? plan.target.parent : '';
    return {
      importId: plan.importId,
      phase: this.state.cancelled !== null ? 'cancelled' : this.state.done ? 'done' : this.closed ? 'stopped' : this.state.items.size > 0 || this.state.linked.size > 0 ? 'uploading' : 'building',
      courseId,
      parent: top,
      courseName: plan.course?.name ?? '',
      folders: { made: folders.filter((f) => this.state.folders.has(f.id)).length, total: folders.length },
      videos: {
        uploaded,
        linked: videos.filter((e) => e.state === 'linked').length,
        failed: videos.filter((e) => e.state === 'failed').length,
        total: videos.length,
      },
      problem: this.state.cancelled ?? this.problem,
      entries,
    };
  }
}
