import { appendFile, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { readFileOrNull, writeFileAtomic } from '../atomic-file';
import { LANGUAGES } from '../../../shared/constants';
import { ImportDefaultsSchema, ImportTargetSchema } from '../../../shared/schemas/course-import';

/**
 * An import's plan and its journal, in `<userData>/course-imports/` beside the bulk queue's file. The
 * plan (`<id>.plan.json`, written atomically once) says what to build; the journal (`<id>.journal`,
 * one JSON line appended per step done) says what is built. Replaying the journal over the plan gives
 * where a restart carries on; a step whose line is missing is checked against the server first.
 */
export const IMPORTS_FOLDER = 'course-imports';

const PlanEntrySchema = v.object({
  id: v.string(),
  parent: v.nullable(v.string()),
  kind: v.picklist(['folder', 'video']),
  title: v.string(),
  path: v.string(),
  /** A library file a video duplicates: linked instead of uploaded. */
  libraryFileId: v.nullable(v.string()),
});
export type PlanEntry = v.InferOutput<typeof PlanEntrySchema>;

export const PlanSchema = v.object({
  importId: v.string(),
  createdAt: v.number(),
  target: ImportTargetSchema,
  /** A new course: its name, language and thumbnail file. */
  course: v.nullable(v.object({ name: v.string(), language: v.picklist(LANGUAGES), thumbnailPath: v.string() })),
  language: v.picklist(LANGUAGES),
  defaults: ImportDefaultsSchema,
  /** What was there before (course ids for a new course, the target folder's documents otherwise): never ours. */
  before: v.array(v.string()),
  /** The entries to build, a folder before what is in it; the first is the chosen folder (the course itself for a new one). */
  entries: v.array(PlanEntrySchema),
});
export type Plan = v.InferOutput<typeof PlanSchema>;

export type JournalLine =
  | { e: 'course'; id: string }
  | { e: 'folder'; node: string; id: string }
  | { e: 'queued'; node: string; item: string }
  | { e: 'linked'; node: string; recordId: string }
  | { e: 'failed'; node: string; message: string }
  | { e: 'sorted'; node: string }
  | { e: 'done' }
  /** Stopped for good (the person cancelled it, or the server refused the course): what was made stays. */
  | { e: 'cancelled'; message: string };

/** What the journal says is built. */
export interface Replayed {
  courseId: string | null;
  folders: Map<string, string>;
  items: Map<string, string>;
  linked: Map<string, string>;
  failed: Map<string, string>;
  sorted: Set<string>;
  done: boolean;
  /** Why the import was stopped for good (it is `done` then too), or null. */
  cancelled: string | null;
}

export function emptyReplay(): Replayed {
  return { courseId: null, folders: new Map(), items: new Map(), linked: new Map(), failed: new Map(), sorted: new Set(), done: false, cancelled: null };
}

/** Applies one journal line (pure apart from the state it is given). */
export function applyLine(state: Replayed, line: JournalLine): void {
  switch (line.e) {
    case 'course':
      state.courseId = line.id;
      break;
    case 'folder':
      state.folders.set(line.node, line.id);
      break;
    case 'queued':
      state.items.set(line.node, line.item);
      break;
    case 'linked':
      state.linked.set(line.node, line.recordId);
      state.failed.delete(line.node);
      break;
    case 'failed':
      state.failed.set(line.node, line.message);
      break;
    case 'sorted':
      state.sorted.add(line.node);
      break;
    case 'done':
      state.done = true;
      break;
    case 'cancelled':
      state.done = true;
      state.cancelled = line.message;
  }
}

/** The journal's text replayed: a line cut short by a crash (the last one) is ignored. */
export function replay(text: string): Replayed {
  const state = emptyReplay();
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    let line: JournalLine;
    try {
      line = JSON.parse(raw) as JournalLine;
    } catch {
      continue;
    }
    if (line && typeof line === 'object' && typeof line.e === 'string') applyLine(state, line);
  }
  return state;
}

/** One import's files. */
export class ImportFiles {
  constructor(
    private readonly folder: string,
    readonly importId: string,
  ) {}

  private get planPath(): string {
    return join(this.folder, `${this.importId}.plan.json`);
  }

  private get journalPath(): string {
    return join(this.folder, `${this.importId}.journal`);
  }

  async writePlan(plan: Plan): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    await writeFileAtomic(this.planPath, JSON.stringify(plan));
  }

  async readPlan(): Promise<Plan | null> {
    const bytes = await readFileOrNull(this.planPath);
    if (!bytes) return null;
    try {
      const parsed = v.safeParse(PlanSchema, JSON.parse(bytes.toString('utf8')));
      return parsed.success ? parsed.output : null;
    } catch {
      return null;
    }
  }

  async readJournal(): Promise<Replayed> {
    const bytes = await readFileOrNull(this.journalPath);
    return replay(bytes ? bytes.toString('utf8') : '');
  }

  /** Appends lines (each whole on its own line: a line cut by a crash is the last and is ignored). */
  async append(lines: readonly JournalLine[]): Promise<void> {
    if (lines.length === 0) return;
    await appendFile(this.journalPath, `\n${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  }
}

/** The imports kept in `folder`, newest first (by the plan's time), with their plans. */
export async function listImports(folder: string): Promise<{ files: ImportFiles; plan: Plan }[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const found: { files: ImportFiles; plan: Plan }[] = [];
  for (const name of names) {
    if (!name.endsWith('.plan.json')) continue;
    const files = new ImportFiles(folder, name.slice(0, -'.plan.json'.length));
    const plan = await files.readPlan();
    if (plan) found.push({ files, plan });
  }
  return found.sort((a, b) => b.plan.createdAt - a.plan.createdAt);
}
