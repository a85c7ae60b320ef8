import { mkdtemp, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../shared/result';
import type { BulkItemView } from '../../../shared/schemas/bulk';
import { emptyReplay, ImportFiles, replay, type Plan } from './journal';
import { ImportRun, type ImportQueue, type ImportServer, type ListedDoc } from './runner';

interface Doc extends ListedDoc {
  parent: string;
  courseId: string;
}

/** The server's side of an import, in memory: courses and documents, and every write counted. */
class FakeServer implements ImportServer {
  courseList: { _id: string; name: string }[] = [{ _id: 'old', name: 'Dairy basics' }];
  docs: Doc[] = [];
  writes: string[] = [];
  /** The next write of this kind is stored but its answer is lost (a crash or a cut connection). */
  loseAnswer: string | null = null;
  private n = 0;

  private lost(kind: string) {
    if (this.loseAnswer !== kind) return null;
    this.loseAnswer = null;
    return fail('network', 'The connection was lost.');
  }
  async courses() {
    return ok(this.courseList);
  }
  async createCourse(course: { name: string }) {
    this.writes.push(`course ${course.name}`);
    this.courseList.push({ _id: `c${++this.n}`, name: course.name });
    return this.lost('course') ?? ok(null);
  }
  async listing(id: string) {
    return ok(this.docs.filter((d) => (d.parent || d.courseId) === id));
  }
  async createFolder(doc: { courseId: string; parent: string; title: string }) {
    this.writes.push(`folder ${doc.title}`);
    this.docs.push({ _id: `f${++this.n}`, title: doc.title, type: 'folder', fileId: null, parent: doc.parent, courseId: doc.courseId });
    return this.lost('folder') ?? ok(null);
  }
  async createFile(doc: { courseId: string; parent: string; title: string; fileId: string }) {
    this.writes.push(`file ${doc.title}`);
    this.docs.push({ _id: `d${++this.n}`, title: doc.title, type: 'file', fileId: { _id: doc.fileId }, parent: doc.parent, courseId: doc.courseId });
    return this.lost('file') ?? ok(null);
  }
  async reorder(ids: readonly string[]) {
    this.writes.push(`reorder ${ids.length}`);
    const docs = ids.map((id) => this.docs.find((d) => d._id === id)!);
    this.docs = [...this.docs.filter((d) => !ids.includes(d._id)), ...docs];
    return ok(null);
  }
  titlesUnder(id: string) {
    return this.docs.filter((d) => (d.parent || d.courseId) === id).map((d) => d.title);
  }
}

/** The bulk queue as an import sees it: the test finishes uploads when it likes. */
class FakeQueue implements ImportQueue {
  items = new Map<string, { id: string; path: string; state: BulkItemView['state']; recordId: string | null; title: string; held?: boolean; duplicate?: BulkItemView['duplicate'] }>();
  accepted: string[] = [];
  cancelled: string[] = [];
  enqueued = 0;
  async enqueue(files: readonly { path: string }[]) {
    for (const { path } of files) {
      if ([...this.items.values()].some((i) => i.path === path)) continue;
      this.enqueued += 1;
      const id = `i${this.items.size + 1}`;
      this.items.set(id, { id, path, state: 'waiting', recordId: null, title: '' });
    }
  }
  itemsOf(paths: readonly string[]) {
    return new Map([...this.items.values()].filter((i) => paths.includes(i.path)).map((i) => [i.path, i.id]));
  }
  configure(titles: ReadonlyMap<string, string>) {
    for (const [id, title] of titles) this.items.get(id)!.title = title;
  }
  get(ids: readonly string[]) {
    return ids.flatMap((id) => {
      const i = this.items.get(id);
      return i ? [{ id: i.id, state: i.state, recordId: i.recordId, duplicate: i.duplicate ?? null, held: !!i.held, verdict: i.held ? { kind: 'unplayable', reason: 'index-missing', text: 'Its index is missing.' } : null, lastError: null, issues: {} } as unknown as BulkItemView] : [];
    });
  }
  cancel(ids: readonly string[]) {
    this.cancelled.push(...ids);
  }
  accept(ids: readonly string[]) {
    this.accepted.push(...ids);
  }
  finish(title: string) {
    const item = [...this.items.values()].find((i) => i.title === title)!;
    item.state = 'done';
    item.recordId = `rec-${title}`;
  }
}

const plan = (importId: string): Plan => ({
  importId,
  createdAt: 1,
  target: { kind: 'course' },
  course: { name: 'Dairy basics', language: 'Hindi', thumbnailPath: '/t/cover.jpg' },
  language: 'Hindi',
  defaults: { description: '', type: 'Interview', businessIdeas: [], keywords: [], category: [], level: 0, visibility: 'Public', freeToWatch: false },
  before: ['old'],
  entries: [
    { id: '0', parent: null, kind: 'folder', title: 'Dairy basics', path: '/t', libraryFileId: null },
    { id: '1', parent: '0', kind: 'folder', title: 'Planning', path: '/t/1 Planning', libraryFileId: null },
    { id: '2', parent: '1', kind: 'video', title: 'Land', path: '/t/1 Planning/1 Land.mp4', libraryFileId: null },
    { id: '3', parent: '1', kind: 'video', title: 'Budget', path: '/t/1 Planning/2 Budget.mp4', libraryFileId: null },
    { id: '4', parent: '1', kind: 'video', title: 'Known', path: '/t/1 Planning/3 Known.mp4', libraryFileId: 'lib-known' },
    { id: '5', parent: '0', kind: 'folder', title: 'Feeding', path: '/t/2 Feeding', libraryFileId: null },
    { id: '6', parent: '5', kind: 'video', title: 'Grass', path: '/t/2 Feeding/1 Grass.mp4', libraryFileId: null },
  ],
});

async function until(done: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('ImportRun', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cc-import-run-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('builds the course and its folders, queues the videos, links each as it is uploaded, and puts a folder in order', async () => {
    const server = new FakeServer();
    const queue = new FakeQueue();
    const files = new ImportFiles(dir, 'a');
    const run = new ImportRun(plan('a'), emptyReplay(), files, server, queue);
    const finished = run.run();
    await until(() => queue.items.size === 3);
    expect([...queue.items.values()].map((i) => i.title)).toEqual(['Land', 'Budget', 'Grass']);
    // Uploads finish out of order; the library duplicate is linked without an upload.
    queue.finish('Budget');
    run.poke();
    await until(() => server.writes.includes('file Budget'));
    queue.finish('Grass');
    queue.finish('Land');
    run.poke();
    await finished;
    const course = server.courseList.find((c) => c._id !== 'old')!;
    expect(server.titlesUnder(course._id)).toEqual(['Planning', 'Feeding']);
    const planning = server.docs.find((d) => d.title === 'Planning')!;
    expect(server.titlesUnder(planning._id)).toEqual(['Land', 'Budget', 'Known']);
    expect(server.docs.find((d) => d.title === 'Known')!.fileId).toEqual({ _id: 'lib-known' });
    const status = run.status();
    expect(status.phase).toBe('done');
    expect(status.videos).toEqual({ uploaded: 3, linked: 4, failed: 0, total: 4 });
    expect(status.entries.map((e) => `${e.path}: ${e.state}`)).toContain('Dairy basics / Planning / Budget: linked');
  });

  it('a held file (not playable) is never linked, even when its content was uploaded before; sent anyway, it is', async () => {
    const server = new FakeServer();
    const queue = new FakeQueue();
    const run = new ImportRun(plan('h'), emptyReplay(), new ImportFiles(dir, 'h'), server, queue);
    const finished = run.run();
    await until(() => queue.items.size === 3);
    const land = [...queue.items.values()].find((i) => i.title === 'Land')!;
    // Its bytes are a record's the library has (a copy sent anyway elsewhere), and it is held here.
    land.held = true;
    land.duplicate = { kind: 'library', reason: 'content', id: 'rec-earlier', title: 'Land' } as BulkItemView['duplicate'];
    queue.finish('Budget');
    queue.finish('Grass');
    run.poke();
    await until(() => server.writes.includes('file Grass') && server.writes.includes('file Budget'));
    run.poke();
    await until(() => run.status().entries.some((e) => e.path.endsWith('Land') && e.state === 'held'));
    expect(server.docs.some((d) => d.fileId?._id === 'rec-earlier')).toBe(false);
    expect(queue.cancelled).toEqual([]);
    expect(queue.accepted).toEqual([]);
    expect(run.status().phase).not.toBe('done');
    // The person's say-so (Send anyway): no longer held, the record its content already has is linked.
    land.held = false;
    run.poke();
    await finished;
    expect(server.docs.find((d) => d.title === 'Land')!.fileId).toEqual({ _id: 'rec-earlier' });
  });

  it('resumes after a crash from its journal, and a write whose answer was lost is found on the server, not made twice', async () => {
    const server = new FakeServer();
    const queue = new FakeQueue();
    const files = new ImportFiles(dir, 'b');
    // The course's answer is lost: the run looks again and finds it.
    server.loseAnswer = 'course';
    const first = new ImportRun(plan('b'), emptyReplay(), files, server, queue);
    void first.run();
    await until(() => queue.items.size === 3);
    queue.finish('Land');
    server.loseAnswer = 'file';
    first.poke();
    await until(() => server.writes.includes('file Land'));
    // The crash: the run stops where it is; the journal is all that is left of it.
    await first.close();
    const state = await files.readJournal();
    expect(state.items.size).toBe(3);
    expect(state.courseId).not.toBeNull();
    const resumed = new ImportRun(plan('b'), state, files, server, queue);
    const finished = resumed.run();
    queue.finish('Budget');
    queue.finish('Grass');
    resumed.poke();
    await finished;
    expect(server.writes.filter((w) => w.startsWith('course'))).toEqual(['course Dairy basics']);
    expect(server.writes.filter((w) => w.startsWith('folder'))).toEqual(['folder Planning', 'folder Feeding']);
    expect(server.writes.filter((w) => w.startsWith('file')).sort()).toEqual(['file Budget', 'file Grass', 'file Known', 'file Land']);
    expect(queue.enqueued).toBe(3);
    expect(server.docs).toHaveLength(6);
    expect((await files.readJournal()).done).toBe(true);
  });

  it('a folder whose answer was lost under a folder it has just made is found, not made again', async () => {
    const server = new FakeServer();
    const queue = new FakeQueue();
    const files = new ImportFiles(dir, 'd');
    const withSubfolder = plan('d');
    withSubfolder.entries.splice(2, 0, { id: '9', parent: '1', kind: 'folder', title: 'Sheds', path: '/t/1 Planning/3 Sheds', libraryFileId: null });
    withSubfolder.entries.push({ id: '10', parent: '9', kind: 'video', title: 'Roof', path: '/t/1 Planning/3 Sheds/Roof.mp4', libraryFileId: null });
    const run = new ImportRun(withSubfolder, emptyReplay(), files, server, queue);
    const original = server.createFolder.bind(server);
    server.createFolder = async (doc) => {
      if (doc.title === 'Sheds') server.loseAnswer = 'folder';
      return original(doc);
    };
    void run.run();
    await until(() => queue.items.size === 4);
    await run.close();
    expect(server.writes.filter((w) => w.startsWith('folder'))).toEqual(['folder Planning', 'folder Feeding', 'folder Sheds']);
  });

  it('after a crash between queueing and its journal line, finds the queued items instead of queueing them again', async () => {
    const server = new FakeServer();
    const queue = new FakeQueue();
    await queue.enqueue(['/t/1 Planning/1 Land.mp4', '/t/1 Planning/2 Budget.mp4', '/t/2 Feeding/1 Grass.mp4'].map((path) => ({ path })));
    const files = new ImportFiles(dir, 'c');
    const run = new ImportRun(plan('c'), emptyReplay(), files, server, queue);
    void run.run();
    await until(async () => (await files.readJournal()).items.size === 3);
    await run.close();
    expect(queue.enqueued).toBe(3);
  });
});

describe('ImportRun that cannot or should not go on', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cc-import-stop-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('stops for good when the server refuses the course (no retry for ever), says why, and stays stopped after a restart', async () => {
    const server = new FakeServer();
    let tries = 0;
    server.createCourse = async () => {
      tries += 1;
      return fail('http', 'The thumbnail must be a png, jpg or jpeg image.', 400);
    };
    const files = new ImportFiles(dir, 'e');
    const run = new ImportRun(plan('e'), emptyReplay(), files, server, new FakeQueue());
    await run.run();
    expect(tries).toBe(1);
    const status = run.status();
    expect(status.phase).toBe('cancelled');
    expect(status.problem).toBe('The server refused the course: The thumbnail must be a png, jpg or jpeg image. Nothing more was imported.');
    const state = await files.readJournal();
    expect(state.done).toBe(true);
    expect(new ImportRun(plan('e'), state, files, server, new FakeQueue()).status().phase).toBe('cancelled');
  });

  it('a server that is busy is tried again, not taken as a refusal', async () => {
    const server = new FakeServer();
    const original = server.createCourse.bind(server);
    let tries = 0;
    server.createCourse = async (course) => (++tries === 1 ? fail('http', 'Too many requests', 429) : original(course));
    const queue = new FakeQueue();
    const run = new ImportRun(plan('f'), emptyReplay(), new ImportFiles(dir, 'f'), server, queue);
    void run.run();
    await until(() => queue.items.size === 3);
    await run.close();
    expect(tries).toBe(2);
  });

  it('cancel keeps what was made, takes the unsent uploads out of the queue, and is written down', async () => {
    const server = new FakeServer();
    const queue = new FakeQueue();
    const files = new ImportFiles(dir, 'g');
    const run = new ImportRun(plan('g'), emptyReplay(), files, server, queue);
    void run.run();
    await until(() => queue.items.size === 3);
    queue.finish('Land');
    run.poke();
    await until(() => server.writes.includes('file Land'));
    await run.cancel('Cancelled.');
    expect(run.status().phase).toBe('cancelled');
    expect(run.status().problem).toBe('Cancelled.');
    expect(queue.cancelled.sort()).toEqual(['i2', 'i3']);
    expect(server.docs.map((d) => d.title)).toEqual(expect.arrayContaining(['Planning', 'Feeding', 'Land']));
    expect((await files.readJournal()).cancelled).toBe('Cancelled.');
  });
});

describe('replay', () => {
  it('applies the lines in order and ignores a last line cut short by a crash', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cc-import-replay-'));
    try {
      await writeFile(join(dir, 'x.journal'), '');
      const files = new ImportFiles(dir, 'x');
      await files.append([{ e: 'course', id: 'c1' }, { e: 'folder', node: '1', id: 'f1' }, { e: 'failed', node: '2', message: 'no' }]);
      await files.append([{ e: 'linked', node: '2', recordId: 'r2' }]);
      await appendFile(join(dir, 'x.journal'), '{"e":"sorted","no');
      const state = await files.readJournal();
      expect(state.courseId).toBe('c1');
      expect([...state.folders]).toEqual([['1', 'f1']]);
      expect([...state.linked]).toEqual([['2', 'r2']]);
      expect(state.failed.size).toBe(0);
      expect(state.sorted.size).toBe(0);
      expect(replay('{"e":"done"}').done).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
