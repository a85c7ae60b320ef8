import { MSG } from '../../src/shared/messages';
import type { HandlerContext, ServiceHandlers } from '../context';
import { isUniqueViolation } from '../db';
import { HttpError, SESSION_EXPIRED } from '../http-error';
import { categoryExists, findCategoryByName, isForeignKeyViolation, listCategories, listResources, questionList } from './queries';

/** The server's texts for the question bank. Spec texts (duplicate category) come from MSG. */
export const QB_MESSAGES = {
  categoryAdded: 'Category has been Added',
  questionAdded: 'Question has been Added',
  questionUpdated: 'Question has been Updated',
  resourceAdded: 'Resource has been Added',
  resourceUpdated: 'Resource has been Updated',
  resourceDeleted: 'Resource has been Deleted',
  unknownCategory: 'The chosen category does not exist. Select a category!',
  questionNotFound: 'Question not found. It may have been removed; reload the list.',
  resourceNotFound: 'Resource not found. It may have been removed; reload the list.',
} as const;

function actorId(ctx: HandlerContext): string {
  if (!ctx.admin) throw new HttpError(401, SESSION_EXPIRED);
  return ctx.admin.id;
}

/** A category removed between the check and the write surfaces as a foreign key violation. */
const unknownCategoryOnFk = (error: unknown): never => {
  throw isForeignKeyViolation(error) ? new HttpError(400, QB_MESSAGES.unknownCategory) : error;
};

export const questionBank: ServiceHandlers<'questionBank'> = {
  async questions() {
    return { questions: questionList() };
  },

  async categories(_input, ctx) {
    return { categories: await listCategories(ctx.db) };
  },

  async addCategory(input, ctx) {
    const by = actorId(ctx);
    // The friendly check first; the unique index on lower(btrim(name)) settles a race.
    if (await findCategoryByName(ctx.db, input.name)) throw new HttpError(409, MSG.duplicateCategory);
    const [row] = await ctx.db
      .query<{ id: string }>(`INSERT INTO qb_categories (name, created_at, created_by) VALUES ($1, $2, $3) RETURNING id`, [
        input.name,
        ctx.now().toISOString(),
        by,
      ])
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new HttpError(409, MSG.duplicateCategory) : error;
      });
    return { message: QB_MESSAGES.categoryAdded, _id: row!.id };
  },

  async addQuestion(input, ctx) {
    const by = actorId(ctx);
    if (!(await categoryExists(ctx.db, input.categoryId))) throw new HttpError(400, QB_MESSAGES.unknownCategory);
    const now = ctx.now().toISOString();
    const [row] = await ctx.db
      .query<{ id: string; question_no: number }>(
        `INSERT INTO qb_questions (question, language, category_id, help_text, option_format, difficulty, options, created_at, updated_at, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $8, $9, $9) RETURNING id, question_no`,
        [input.question, input.language, input.categoryId, input.helpText, input.optionFormat, input.difficulty, JSON.stringify(input.options), now, by],
      )
      .catch(unknownCategoryOnFk);
    return { message: QB_MESSAGES.questionAdded, _id: row!.id, id: row!.question_no };
  },

  async updateQuestion(input, ctx) {
    const by = actorId(ctx);
    if (!(await categoryExists(ctx.db, input.categoryId))) throw new HttpError(400, QB_MESSAGES.unknownCategory);
    // The ID column and the creation time stay; everything the form edits is replaced.
    const rows = await ctx.db
      .query(
        `UPDATE qb_questions SET question = $2, language = $3, category_id = $4, help_text = $5, option_format = $6, difficulty = $7,
           options = $8::jsonb, updated_at = $9, updated_by = $10
         WHERE id = $1 RETURNING id`,
        [input.id, input.question, input.language, input.categoryId, input.helpText, input.optionFormat, input.difficulty, JSON.stringify(input.options), ctx.now().toISOString(), by],
      )
      .catch(unknownCategoryOnFk);
    if (rows.length === 0) throw new HttpError(404, QB_MESSAGES.questionNotFound);
    return { message: QB_MESSAGES.questionUpdated };
  },

  async resources(_input, ctx) {
    return { resources: await listResources(ctx.db) };
  },

  async addResource(input, ctx) {
    const by = actorId(ctx);
    const now = ctx.now().toISOString();
    const [row] = await ctx.db.query<{ id: string; sl_no: number }>(
      `INSERT INTO qb_resources (title, language, type, created_at, updated_at, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $4, $5, $5) RETURNING id, sl_no`,
      [input.title, input.language, input.type, now, by],
    );
    return { message: QB_MESSAGES.resourceAdded, _id: row!.id, slNo: row!.sl_no };
  },

  async updateResource(input, ctx) {
    const by = actorId(ctx);
    const rows = await ctx.db.query(
      `UPDATE qb_resources SET title = $2, language = $3, type = $4, updated_at = $5, updated_by = $6 WHERE id = $1 RETURNING id`,
      [input.id, input.title, input.language, input.type, ctx.now().toISOString(), by],
    );
    if (rows.length === 0) throw new HttpError(404, QB_MESSAGES.resourceNotFound);
    return { message: QB_MESSAGES.resourceUpdated };
  },

  async deleteResource(input, ctx) {
    actorId(ctx);
    const rows = await ctx.db.query(`DELETE FROM qb_resources WHERE id = $1 RETURNING id`, [input.id]);
    if (rows.length === 0) throw new HttpError(404, QB_MESSAGES.resourceNotFound);
    return { message: QB_MESSAGES.resourceDeleted };
  },
};
