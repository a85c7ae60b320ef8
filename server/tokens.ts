import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from './db';

export type TokenKind = 'session' | 'reset';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
/** A new account's "set your password" link lives longer than a forgotten-password link. */
export const WELCOME_TTL_MS = 24 * 60 * 60 * 1000;

/** Tokens are stored only as their SHA-256: a copy of the database cannot be used to sign in. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Creates an opaque 32-byte random token for `adminId`; returns the token (the only time it exists in clear). */
export async function issueToken(q: Queryable, adminId: string, kind: TokenKind, now: Date, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await q.query(`INSERT INTO tokens (hash, admin_id, kind, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
    hashToken(token),
    adminId,
    kind,
    now.toISOString(),
    new Date(now.getTime() + ttlMs).toISOString(),
  ]);
  return token;
}

/** Ends sessions of an admin, optionally keeping one (the caller's own, after a password change). */
export async function endSessions(q: Queryable, adminId: string, keepHash?: string | null): Promise<void> {
  await q.query(`DELETE FROM tokens WHERE admin_id = $1 AND kind = 'session' AND hash <> $2`, [adminId, keepHash ?? '']);
}

/** Expired tokens are useless; drop them a day after so the table stays small. */
export async function purgeExpiredTokens(q: Queryable, now: Date): Promise<void> {
  await q.query(`DELETE FROM tokens WHERE expires_at < $1`, [new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString()]);
}
