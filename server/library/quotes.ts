import { randomUUID } from 'node:crypto';
import { ENGAGEMENT_TEXT as T } from '../../src/shared/engagement-messages';
import type { DailyTip, Quote, QuoteListItem } from '../../src/shared/schemas/quotes';
import type { HandlerContext, ServiceHandlers } from '../context';
import { AUTHOR_COLUMNS, authorJoins, authoredMeta, checkIdsExist, type AuthoredRow } from '../authored';
import { isUniqueViolation, toIso } from '../db';
import { HttpError } from '../http-error';
import { commitUpload, isImage, STORED_MEDIA, storedUrl } from '../media';

interface QuoteRow extends AuthoredRow {
  id: string;
  quote_no: number;
  title: string;
  language: Quote['language'];
  keywords: string[];
  thumbnail_url: string;
  thumbnail_stored: string | null;
}

interface TipRow extends AuthoredRow {
  id: string;
  tip_no: number;
  keywords: string[];
  business_ideas: string[];
  background_image: string;
  texts: { _id: string; language: DailyTip['quotes'][number]['language']; text: string; updated_at: string; updated_by_name: string | null }[];
}

async function listQuotes(ctx: HandlerContext): Promise<QuoteListItem[]> {
  const quotes = await ctx.db.query<QuoteRow>(`SELECT q.*, ${AUTHOR_COLUMNS} FROM quotes q ${authorJoins('q')}`);
  const tips = await ctx.db.query<TipRow>(
    `SELECT t.*, ${AUTHOR_COLUMNS},
       (SELECT coalesce(jsonb_agg(jsonb_build_object('_id', x.id, 'language', x.language, 'text', x.text, 'updated_at', x.updated_at, 'updated_by_name', xb.name) ORDER BY x.position), '[]'::jsonb)
          FROM daily_tip_texts x LEFT JOIN admins xb ON xb.id = x.updated_by WHERE x.tip_id = t.id) AS texts
     FROM daily_tips t ${authorJoins('t')}`,
  );
  const now = ctx.now();
  const items: (QuoteListItem & { sortAt: string })[] = [
    ...quotes.map((r) => ({
      _id: r.id,
      id: Number(r.quote_no),
      title: r.title,
      language: r.language,
      keywords: r.keywords,
      // An uploaded image gets a signed address on the origin the client used; a seeded one is a link.
      thumbnail: r.thumbnail_stored ? storedUrl(ctx.origin, STORED_MEDIA.library, ctx.media, r.thumbnail_stored, now) : r.thumbnail_url,
      metaInfo: authoredMeta(r),
      sortAt: toIso(r.created_at),
    })),
    ...tips.map((r) => ({
      _id: r.id,
      id: Number(r.tip_no),
      keywords: r.keywords,
      businessIdeas: r.business_ideas,
      backgroundImage: r.background_image,
      // Each language row with its own last change (added with the tip, then edited on its own).
      quotes: r.texts.map(({ updated_at, updated_by_name, ...text }) => ({ ...text, metaInfo: authoredMeta({ ...r, updated_at, updated_by_name }) })),
      metaInfo: authoredMeta(r),
      sortAt: toIso(r.created_at),
    })),
  ];
  // Newest first, as one collection.
  items.sort((a, b) => (a.sortAt === b.sortAt ? b.id - a.id : a.sortAt < b.sortAt ? 1 : -1));
  return items.map(({ sortAt: _at, ...item }) => item);
}

const languageTaken = (error: unknown): never => {
  throw isUniqueViolation(error) ? new HttpError(400, T.languageOnce) : error;
};

/** Quotes and daily tips (spec 2 section 7, library service). */
export const quoteHandlers: Pick<ServiceHandlers<'library'>, 'quotes' | 'addQuote' | 'addTip' | 'updateTip' | 'deleteQuote' | 'deleteTip'> = {
  async quotes(_input, ctx) {
    return { quotes: await listQuotes(ctx) };
  },

  async addQuote({ title, language, keywords }, ctx) {
    const image = ctx.uploads.thumbnail;
    if (image && !(await isImage(image))) throw new HttpError(400, T.imageNotImage);
    const id = randomUUID();
    const now = ctx.now().toISOString();
    const placed: string[] = [];
    try {
      await ctx.db.transaction(async (tx) => {
        await checkIdsExist(tx, 'synonym_groups', keywords, 'groups');
        const stored = image ? await commitUpload(ctx.media, image, id, placed) : null;
        await tx.query(
          `INSERT INTO quotes (id, title, language, keywords, thumbnail_stored, created_at, created_by, updated_at, updated_by)
           VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $6, $7)`,
          [id, title, language, JSON.stringify([...new Set(keywords)]), stored, now, ctx.admin?.id ?? null],
        );
      });
    } catch (error) {
      // Nothing half-done: a file moved into place goes again when the row is not written.
      await Promise.all(placed.map((name) => ctx.media.remove(name)));
      throw error;
    }
    return { message: T.quoteAdded };
  },

  async addTip({ keywords, quotes, businessIdeas, backgroundImage }, ctx) {
    const id = randomUUID();
    const now = ctx.now().toISOString();
    const by = ctx.admin?.id ?? null;
    await ctx.db
      .transaction(async (tx) => {
        await checkIdsExist(tx, 'synonym_groups', keywords, 'groups');
        await checkIdsExist(tx, 'business_ideas', businessIdeas, 'business ideas');
        await tx.query(
          `INSERT INTO daily_tips (id, keywords, business_ideas, background_image, created_at, created_by, updated_at, updated_by)
           VALUES ($1, $2::jsonb, $3::jsonb, $4, $5, $6, $5, $6)`,
          [id, JSON.stringify([...new Set(keywords)]), JSON.stringify([...new Set(businessIdeas)]), backgroundImage, now, by],
        );
        for (const [position, row] of quotes.entries()) {
          await tx.query(`INSERT INTO daily_tip_texts (id, tip_id, language, text, position, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
            randomUUID(), id, row.language, row.text, position, now, by,
          ]);
        }
      })
      .catch(languageTaken);
    return { message: T.tipAdded };
  },

  async updateTip({ id, quoteId, keywords, language, text, businessIdeas, backgroundImage }, ctx) {
    await ctx.db
      .transaction(async (tx) => {
        const [row] = await tx.query(`SELECT 1 FROM daily_tip_texts WHERE id = $1 AND tip_id = $2`, [quoteId, id]);
        if (!row) throw new HttpError(404, T.tipNotFound);
        await checkIdsExist(tx, 'synonym_groups', keywords, 'groups');
        await checkIdsExist(tx, 'business_ideas', businessIdeas, 'business ideas');
        const [other] = await tx.query(`SELECT 1 FROM daily_tip_texts WHERE tip_id = $1 AND language = $2 AND id <> $3`, [id, language, quoteId]);
        if (other) throw new HttpError(400, T.languageOnce);
        await tx.query(`UPDATE daily_tip_texts SET language = $2, text = $3, updated_at = $4, updated_by = $5 WHERE id = $1`, [
          quoteId, language, text, ctx.now().toISOString(), ctx.admin?.id ?? null,
        ]);
        await tx.query(
          `UPDATE daily_tips SET keywords = $2::jsonb, business_ideas = $3::jsonb, background_image = $4, updated_at = $5, updated_by = $6 WHERE id = $1`,
          [id, JSON.stringify([...new Set(keywords)]), JSON.stringify([...new Set(businessIdeas)]), backgroundImage, ctx.now().toISOString(), ctx.admin?.id ?? null],
        );
      })
      .catch(languageTaken);
    return { message: T.tipUpdated };
  },

  async deleteQuote({ id }, ctx) {
    const [quote] = await ctx.db.query<{ thumbnail_stored: string | null }>(`DELETE FROM quotes WHERE id = $1 RETURNING thumbnail_stored`, [id]);
    if (quote) {
      await ctx.media.remove(quote.thumbnail_stored);
      return { message: T.quoteDeleted };
    }
    const tips = await ctx.db.query(`DELETE FROM daily_tips WHERE id = $1 RETURNING id`, [id]);
    if (tips.length === 0) throw new HttpError(404, T.quoteNotFound);
    return { message: T.tipDeleted };
  },

  async deleteTip({ id, quoteId }, ctx) {
    await ctx.db.transaction(async (tx) => {
      const gone = await tx.query(`DELETE FROM daily_tip_texts WHERE id = $1 AND tip_id = $2 RETURNING id`, [quoteId, id]);
      if (gone.length === 0) throw new HttpError(404, T.tipNotFound);
      // A tip without any text is nothing to show: it goes with its last row.
      const [left] = await tx.query(`SELECT 1 FROM daily_tip_texts WHERE tip_id = $1 LIMIT 1`, [id]);
      if (left) await tx.query(`UPDATE daily_tips SET updated_at = $2, updated_by = $3 WHERE id = $1`, [id, ctx.now().toISOString(), ctx.admin?.id ?? null]);
      else await tx.query(`DELETE FROM daily_tips WHERE id = $1`, [id]);
    });
    return { message: T.tipDeleted };
  },
};
