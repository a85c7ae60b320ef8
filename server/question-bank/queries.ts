import type { Category, Question, Resource } from '../../src/shared/schemas/question-bank';
import { toIso, type Queryable } from '../db';
import { StreamedList } from '../streamed-list';

/** Rows of the question bank tables and their wire shapes (spec 1 section 3). */
export interface QuestionRow {
  id: string;
  question_no: number;
  question: string;
  language: Question['language'];
  category_id: string;
  help_text: string;
  option_format: Question['optionFormat'];
  difficulty: Question['difficulty'];
  options: Question['options'];
  created_at: Date | string;
  updated_at: Date | string;
}

export interface ResourceRow {
  id: string;
  sl_no: number;
  title: string;
  language: Resource['language'];
  type: Resource['type'];
  created_at: Date | string;
  updated_at: Date | string;
}

const metaInfo = (created: Date | string, updated: Date | string) => ({ created: { at: toIso(created) }, updated: { at: toIso(updated) } });

export const toQuestion = (row: QuestionRow): Question => ({
  _id: row.id,
  id: row.question_no,
  question: row.question,
  language: row.language,
  categoryId: row.category_id,
  helpText: row.help_text,
  optionFormat: row.option_format,
  difficulty: row.difficulty,
  // Only the two documented fields, whatever else a row's jsonb might carry.
  options: row.options.map((o) => ({ option: o.option, isTrue: o.isTrue })),
  metaInfo: metaInfo(row.created_at, row.updated_at),
});

export const toResource = (row: ResourceRow): Resource => ({
  _id: row.id,
  slNo: row.sl_no,
  title: row.title,
  language: row.language,
  type: row.type,
  metaInfo: metaInfo(row.created_at, row.updated_at),
});

/**
 * Every question, newest first (the ID column descending), streamed from a cursor: the list grows with
 * the platform (100,000 questions answered whole kept the first row back 2.7 s).
 */
export const questionList = (): StreamedList =>
  StreamedList.mapped(
    `SELECT id, question_no, question, language, category_id, help_text, option_format, difficulty, options, created_at, updated_at
     FROM qb_questions ORDER BY question_no DESC`,
    [],
    toQuestion,
  );

/** Categories by name (case-insensitive), the order a picker shows them in. */
export async function listCategories(q: Queryable): Promise<Category[]> {
  return q.query<Category>(`SELECT id AS "_id", name FROM qb_categories ORDER BY lower(name), name`);
}

/** The category whose name matches `name` without regard to case and surrounding spaces. */
export async function findCategoryByName(q: Queryable, name: string): Promise<Category | null> {
  const [row] = await q.query<Category>(`SELECT id AS "_id", name FROM qb_categories WHERE lower(btrim(name)) = lower(btrim($1))`, [name]);
  return row ?? null;
}

export async function categoryExists(q: Queryable, id: string): Promise<boolean> {
  return (await q.query(`SELECT 1 FROM qb_categories WHERE id = $1`, [id])).length > 0;
}

/** Resources by serial number. */
export async function listResources(q: Queryable): Promise<Resource[]> {
  const rows = await q.query<ResourceRow>(`SELECT id, sl_no, title, language, type, created_at, updated_at FROM qb_resources ORDER BY sl_no`);
  return rows.map(toResource);
}

/** PostgreSQL's foreign_key_violation, from either driver. */
export const isForeignKeyViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';
