/**
 * The seeded data every integration harness starts from. Seeding the demo data costs seconds per server;
 * it is done once per run (vitest's globalSetup) and each harness starts from a copy: the PGlite data
 * folder copied, or a PostgreSQL database cloned with CREATE DATABASE ... TEMPLATE. Every harness still
 * gets its own server and its own data, so files never see each other's changes.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SANDBOX_DEFAULTS, startServer } from '../../server/app';

export const ADMIN = { email: SANDBOX_DEFAULTS.email, password: SANDBOX_DEFAULTS.password };

export interface SeedTemplate {
  /** A closed server's data folder (PGlite cluster, media, outbox). */
  dataDir: string;
  /** PostgreSQL: the seeded database new ones are cloned from; its server's URL. */
  postgres?: { url: string; database: string };
}

/** Where the harness stores: PostgreSQL when TEST_DATABASE_URL is set (as `npm test` does), else PGlite. */
export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

const withDatabase = (url: string, database: string): string => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const freshName = (prefix: string): string => `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

/** Seeds a template once: a server started on fresh storage with the demo data, then closed. */
export async function createSeedTemplate(): Promise<SeedTemplate> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cc-int-template-'));
  const url = testDatabaseUrl();
  let postgres: SeedTemplate['postgres'];
  if (url) {
    const database = freshName('cc_int_template');
    await admin(url, (c) => c.query(`CREATE DATABASE ${database}`));
    postgres = { url, database };
  }
  const server = await startServer({ dataDir, seedDemo: true, admin: ADMIN, ...(postgres ? { databaseUrl: withDatabase(postgres.url, postgres.database) } : {}) });
  await server.close();
  return { dataDir, postgres };
}

export async function removeSeedTemplate(template: SeedTemplate): Promise<void> {
  await rm(template.dataDir, { recursive: true, force: true });
  if (template.postgres) {
    const { url, database } = template.postgres;
    await admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  }
}

export interface SeededStorage {
  dataDir: string;
  /** Set when the copy is a PostgreSQL database. */
  databaseUrl?: string;
  driver: 'pglite' | 'postgres';
  remove(): Promise<void>;
}

/** A private copy of the template's data for one server, in `dataDir`. */
export async function copySeedTemplate(template: SeedTemplate, dataDir: string): Promise<SeededStorage> {
  await cp(template.dataDir, dataDir, { recursive: true });
  if (!template.postgres) return { dataDir, driver: 'pglite', remove: () => rm(dataDir, { recursive: true, force: true }) };
  const { url, database: source } = template.postgres;
  const database = freshName('cc_int');
  await admin(url, (c) => c.query(`CREATE DATABASE ${database} TEMPLATE ${source}`));
  return {
    dataDir,
    databaseUrl: withDatabase(url, database),
    driver: 'postgres',
    async remove() {
      await rm(dataDir, { recursive: true, force: true });
      await admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    },
  };
}
