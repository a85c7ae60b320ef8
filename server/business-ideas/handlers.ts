import type { ServiceHandlers } from '../context';

export const businessIdeas: ServiceHandlers<'businessIdeas'> = {
  async all(_input, ctx) {
    const rows = await ctx.db.query<{ id: string; in_english: string }>(`SELECT id, in_english FROM business_ideas ORDER BY position, in_english`);
    return { bussinessIdeas: rows.map((r) => ({ _id: r.id, inEnglish: r.in_english, _inEnglish: r.in_english.toLowerCase(), combine: r.in_english })) };
  },
};
