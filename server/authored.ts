/**
 * Helpers the engagement services share (quotes, tips, events, mentors): who added and who last changed
 * a row, as the spec's metaInfo{created{by{name},at}, updated{by,at}}, and the check that chosen ids exist.
 */
import type { AuthoredMeta } from '../src/shared/schemas/meta';
import { ENGAGEMENT_TEXT } from '../src/shared/engagement-messages';
import { toIso, type Queryable } from './db';
import { HttpError } from './http-error';

type Stamp = Date | string;

export interface AuthoredRow {
  created_at: Stamp;
  updated_at: Stamp;
  created_by_name: string | null;
  updated_by_name: string | null;
}

/** Select list addition and joins for the author names of the row aliased `t`. */
export const AUTHOR_COLUMNS = `cb.name AS created_by_name, ub.name AS updated_by_name`;
export const authorJoins = (t: string): string => `LEFT JOIN admins cb ON cb.id = ${t}.created_by LEFT JOIN admins ub ON ub.id = ${t}.updated_by`;

export const authoredMeta = (row: AuthoredRow): AuthoredMeta => ({
  created: { by: row.created_by_name === null ? null : { name: row.created_by_name }, at: toIso(row.created_at) },
  updated: { by: row.updated_by_name === null ? null : { name: row.updated_by_name }, at: toIso(row.updated_at) },
});

/** Every id must exist in its table; a 400 naming what was chosen otherwise. */
export async function checkIdsExist(
  q: Queryable,
  table: 'business_ideas' | 'synonym_groups' | 'session_users',
  ids: readonly string[],
  what: string,
): Promise<void> {
  const unique = [...new Set(ids)];
  const [row] = await q.query<{ n: number | string }>(`SELECT count(*) AS n FROM ${table} WHERE id = ANY($1::text[])`, [unique]);
  if (Number(row?.n ?? 0) !== unique.length) throw new HttpError(400, ENGAGEMENT_TEXT.unknownIds(what));
}
