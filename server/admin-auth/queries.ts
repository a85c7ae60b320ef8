import { randomUUID } from 'node:crypto';
import type { AdminUser } from '../../src/shared/schemas/admin-auth';
import type { AdminRole, AdminStatus } from '../../src/shared/constants';
import { toIso, type Queryable } from '../db';
import { hashPassword, verifyPassword } from '../passwords';

/** A row of `admins`, as the handlers use it. */
export interface AdminRow {
  id: string;
  name: string;
  email: string;
  phone_no: string;
  role: AdminRole;
  status: AdminStatus;
  password_hash: string | null;
  added_by: string | null;
  updated_by: string | null;
  added_at: Date | string;
  updated_at: Date | string;
}

interface AdminListRow extends AdminRow {
  added_by_name: string | null;
  updated_by_name: string | null;
}

const SELECT_WITH_NAMES = `SELECT a.*, ab.name AS added_by_name, ub.name AS updated_by_name
  FROM admins a
  LEFT JOIN admins ab ON ab.id = a.added_by
  LEFT JOIN admins ub ON ub.id = a.updated_by`;

/** The wire shape of AdminUserSchema. */
export const toAdminUser = (row: AdminListRow): AdminUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phoneNo: row.phone_no,
  role: row.role,
  status: row.status,
  addedBy: row.added_by_name === null ? null : { name: row.added_by_name },
  updatedBy: row.updated_by_name === null ? null : { name: row.updated_by_name },
  addedAt: toIso(row.added_at),
  updatedAt: toIso(row.updated_at),
});

/** Newest first, then by name: a new account shows at the top of the grid. */
export async function listAdmins(q: Queryable, onlyRole?: AdminRole): Promise<AdminUser[]> {
  const rows = onlyRole
    ? await q.query<AdminListRow>(`${SELECT_WITH_NAMES} WHERE a.role = $1 ORDER BY a.added_at DESC, a.name`, [onlyRole])
    : await q.query<AdminListRow>(`${SELECT_WITH_NAMES} ORDER BY a.added_at DESC, a.name`);
  return rows.map(toAdminUser);
}

export async function getAdminUser(q: Queryable, id: string): Promise<AdminUser | null> {
  const [row] = await q.query<AdminListRow>(`${SELECT_WITH_NAMES} WHERE a.id = $1`, [id]);
  return row ? toAdminUser(row) : null;
}

export async function findAdminById(q: Queryable, id: string): Promise<AdminRow | null> {
  const [row] = await q.query<AdminRow>(`SELECT * FROM admins WHERE id = $1`, [id]);
  return row ?? null;
}

export async function findAdminByEmail(q: Queryable, email: string): Promise<AdminRow | null> {
  const [row] = await q.query<AdminRow>(`SELECT * FROM admins WHERE lower(email) = lower($1)`, [email.trim()]);
  return row ?? null;
}

export async function countAdmins(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM admins`);
  return row?.n ?? 0;
}

export async function countActiveSuperAdmins(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM admins WHERE role = 'Super Admin' AND status = 'Active'`);
  return row?.n ?? 0;
}

export interface NewAdmin {
  name: string;
  email: string;
  phoneNo: string;
  role: AdminRole;
  status: AdminStatus;
  passwordHash?: string | null;
  addedBy?: string | null;
}

export async function insertAdmin(q: Queryable, admin: NewAdmin, now: Date): Promise<string> {
  const id = randomUUID();
  await q.query(
    `INSERT INTO admins (id, name, email, phone_no, role, status, password_hash, added_by, updated_by, added_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $9)`,
    [id, admin.name, admin.email, admin.phoneNo, admin.role, admin.status, admin.passwordHash ?? null, admin.addedBy ?? null, now.toISOString()],
  );
  return id;
}

/**
 * The configured first Super Admin: created when missing; otherwise made an Active Super Admin again
 * with the configured password, so the environment variables always give a way in.
 */
export async function ensureSuperAdmin(q: Queryable, email: string, password: string, now: Date): Promise<string> {
  const existing = await findAdminByEmail(q, email);
  if (!existing) {
    return insertAdmin(
      q,
      { name: 'Sandbox Admin', email, phoneNo: '9876543210', role: 'Super Admin', status: 'Active', passwordHash: await hashPassword(password) },
      now,
    );
  }
  const samePassword = await verifyPassword(password, existing.password_hash);
  if (!samePassword || existing.role !== 'Super Admin' || existing.status !== 'Active') {
    await q.query(`UPDATE admins SET role = 'Super Admin', status = 'Active', password_hash = $2, updated_at = $3 WHERE id = $1`, [
      existing.id,
      samePassword ? existing.password_hash : await hashPassword(password),
      now.toISOString(),
    ]);
  }
  return existing.id;
}
