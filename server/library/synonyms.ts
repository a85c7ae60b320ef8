import { randomUUID } from 'node:crypto';
import { ENGAGEMENT_TEXT as T } from '../../src/shared/engagement-messages';
import type { ServiceHandlers } from '../context';
import { isUniqueViolation, toIso, type Queryable } from '../db';
import { HttpError } from '../http-error';

interface GroupRow {
  id: string;
  keyword: string;
  synonyms: string[];
  updated_at: Date | string;
}

/** Group names are unique without regard to case (the unique index catches races; this gives the friendly 409 first). */
async function checkFree(q: Queryable, keyword: string, selfId: string | null): Promise<void> {
  const [clash] = await q.query(`SELECT 1 FROM synonym_groups WHERE lower(keyword) = lower($1) AND id <> $2`, [keyword, selfId ?? '']);
  if (clash) throw new HttpError(409, T.groupExists);
}

const conflictAsMessage = (error: unknown): never => {
  throw isUniqueViolation(error) ? new HttpError(409, T.groupExists) : error;
};

/** Synonym groups (spec 2 section 7, library service). The library's keywords are these groups' names. */
export const synonymHandlers: Pick<ServiceHandlers<'library'>, 'synonyms' | 'addSynonyms' | 'updateSynonyms'> = {
  async synonyms(_input, ctx) {
    const rows = await ctx.db.query<GroupRow>(`SELECT * FROM synonym_groups ORDER BY updated_at DESC, lower(keyword)`);
    return { synonyms: rows.map((r) => ({ _id: r.id, keyword: r.keyword, synonyms: r.synonyms, updatedAt: toIso(r.updated_at) })) };
  },

  async addSynonyms({ keyword, synonyms }, ctx) {
    await ctx.db
      .transaction(async (tx) => {
        await checkFree(tx, keyword, null);
        await tx.query(`INSERT INTO synonym_groups (id, keyword, synonyms, updated_at) VALUES ($1, $2, $3::jsonb, $4)`, [
          randomUUID(), keyword, JSON.stringify(synonyms), ctx.now().toISOString(),
        ]);
      })
      .catch(conflictAsMessage);
    return { message: T.groupAdded };
  },

  async updateSynonyms({ id, keyword, synonyms }, ctx) {
    await ctx.db
      .transaction(async (tx) => {
        await checkFree(tx, keyword, id);
        const rows = await tx.query(`UPDATE synonym_groups SET keyword = $2, synonyms = $3::jsonb, updated_at = $4 WHERE id = $1 RETURNING id`, [
          id, keyword, JSON.stringify(synonyms), ctx.now().toISOString(),
        ]);
        if (rows.length === 0) throw new HttpError(404, T.groupNotFound);
      })
      .catch(conflictAsMessage);
    return { message: T.groupUpdated };
  },
};
