import type { Db, Migration } from './db';
import { ADMIN_AUTH_MIGRATIONS } from './admin-auth/migrations';
import { QUESTION_BANK_MIGRATIONS } from './question-bank/migrations';
import { LIBRARY_MIGRATIONS } from './library/migrations';
import { COURSE_MIGRATIONS } from './video-repository/migrations';
import { USER_APP_MIGRATIONS } from './user-app/migrations';
import { MENTORSHIP_MIGRATIONS } from './mentorship/migrations';

export type { Migration } from './db';

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
 *
 * Each service keeps its migrations in `server/<service>/migrations.ts`; this runner collects them.
 * Id ranges per service (ids order the whole schema, so a service's table may reference another's):
 * admin-auth 1 and 10-19, question-bank 2 and 30-39, library 20-29, video-repository 40-49,
 * business-ideas 50-59 (its table is still created by the library's migration 20), mentorship 60-69,
 * user-app 70-79.
 */
export const MIGRATIONS: readonly Migration[] = [
  ...ADMIN_AUTH_MIGRATIONS,
  ...QUESTION_BANK_MIGRATIONS,
  ...LIBRARY_MIGRATIONS,
  ...COURSE_MIGRATIONS,
  ...USER_APP_MIGRATIONS,
  ...MENTORSHIP_MIGRATIONS,
];

/** Applies the migrations not yet recorded in schema_migrations, all in one transaction. */
export async function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  const ids = migrations.map((m) => m.id);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  // Two services taking the same id would silently skip one of them on every database.
  if (duplicate !== undefined) throw new Error(`Two migrations share the id ${duplicate}`);
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
