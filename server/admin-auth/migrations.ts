import type { Migration } from '../db';

/** Admins and their session / reset tokens (ids 1-9). */
export const ADMIN_AUTH_MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'admins and tokens',
    statements: [
      `CREATE TABLE admins (
        id text PRIMARY KEY,
        name text NOT NULL,
        email text NOT NULL,
        phone_no text NOT NULL,
        role text NOT NULL CHECK (role IN ('Admin', 'Super Admin', 'User')),
        status text NOT NULL CHECK (status IN ('Active', 'Inactive')),
        password_hash text,
        added_by text REFERENCES admins (id) ON DELETE SET NULL,
        updated_by text REFERENCES admins (id) ON DELETE SET NULL,
        added_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`,
      // Emails are unique whatever their case.
      `CREATE UNIQUE INDEX admins_email_lower ON admins (lower(email))`,
      `CREATE TABLE tokens (
        hash text PRIMARY KEY,
        admin_id text NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('session', 'reset')),
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`,
      `CREATE INDEX tokens_admin ON tokens (admin_id, kind)`,
    ],
  },
];
