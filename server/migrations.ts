import type { Db } from './db';

/**
 * The schema, as an ordered list of plain SQL migrations kept in TypeScript so that the bundler ships
 * them inside the Electron main process (no .sql files to find at runtime).
 *
 * Why plain SQL and no ORM: the same statements must run on PGlite and on PostgreSQL, the schema is a
 * handful of tables, and the queries are short enough to read. An ORM would add a dependency, a
 * second migration format and a layer to debug without removing any real complexity.
 *
 * Rules: never edit a migration that has shipped; add a new one. Each migration is a list of single
 * statements (PGlite's parameterised query runs one statement at a time).
 */
export interface Migration {
  readonly id: number;
  readonly name: string;
  readonly statements: readonly string[];
}

export const MIGRATIONS: readonly Migration[] = [
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

/** Applies the migrations not yet recorded in schema_migrations, all in one transaction. */
export async function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  return db.transaction(async (tx) => {
    // Two servers starting on one PostgreSQL database must not both migrate.
    await tx.query(`SELECT pg_advisory_xact_lock(7405112331)`);
    const done = new Set((await tx.query<{ id: number }>(`SELECT id FROM schema_migrations`)).map((row) => row.id));
    const applied: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
      if (done.has(migration.id)) continue;
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query(`INSERT INTO schema_migrations (id, name) VALUES ($1, $2)`, [migration.id, migration.name]);
      applied.push(migration.id);
    }
    return applied;
  });
}
