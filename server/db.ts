import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What handlers and migrations need of a database: parameterised queries and transactions. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * One schema step: plain SQL kept in TypeScript (see server/migrations.ts for the runner and the rules).
 * Each statement runs alone (PGlite's parameterised query takes one statement at a time).
 */
export interface Migration {
  readonly id: number;
  readonly name: string;
  readonly statements: readonly string[];
}

export interface Db extends Queryable {
  readonly driver: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** Folder of the server's data; PGlite keeps its cluster in `<dataDir>/pg`. In memory when absent. */
  dataDir?: string;
  /** A PostgreSQL connection string: use a real server instead of PGlite. */
  databaseUrl?: string;
  /** PostgreSQL only: the schema to work in (created when missing). Tests use a fresh one per run. */
  schema?: string;
  /**
   * PGlite only, for processes that open many fresh databases (the tests): initdb runs once per process, and
   * every later fresh database starts from a copy of that first, untouched cluster (about 1.4 s of CPU against
   * 8.5 s). With PGLITE_FRESH_CLUSTER set to a file, once per run: the first process to run initdb writes its
   * copy there, and the processes after it read it (`npm test` makes it first; vitest.config.ts names one).
   * These databases also get a small buffer pool (TEST_START_PARAMS).
   */
  reuseFreshCluster?: boolean;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.schema) : openPglite(options.dataDir, options.reuseFreshCluster ?? false);
}

/**
 * The fresh cluster as initdb left it (reuseFreshCluster): a tar, about 40 MB, read from PGLITE_FRESH_CLUSTER's
 * file or taken from this process's first initdb. Undefined inside when there is none yet.
 */
let freshCluster: Promise<Blob | undefined> | undefined;

/** The run's shared fresh cluster, when PGLITE_FRESH_CLUSTER names a file that is there. */
async function readSharedCluster(): Promise<Blob | undefined> {
  const file = process.env.PGLITE_FRESH_CLUSTER;
  if (!file) return undefined;
  return readFile(file).then(
    (bytes) => new Blob([bytes]),
    () => undefined,
  );
}

/** Written whole under another name, then renamed: a process reading at the same moment never gets half of it. */
async function writeSharedCluster(cluster: Blob): Promise<void> {
  const file = process.env.PGLITE_FRESH_CLUSTER;
  if (!file) return;
  const partial = `${file}.${process.pid}.partial`;
  try {
    await writeFile(partial, Buffer.from(await cluster.arrayBuffer()));
    await rename(partial, file);
  } catch (error) {
    // No half-written copy left behind (a full disk, say) beside the run's other files.
    await rm(partial, { force: true });
    throw error;
  }
}

async function openPglite(dataDir: string | undefined, reuseFreshCluster: boolean): Promise<Db> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pg');
    await mkdir(dir, { recursive: true });
  }
  const fresh = reuseFreshCluster && (dir === undefined || (await readdir(dir)).length === 0);
  const pglite = await openPgliteCluster(dir, { fresh, forTests: reuseFreshCluster });
  return {
    driver: 'pglite',
    query: async <T,>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
    // PGlite is one connection behind a mutex: inside `fn` only `tx` may be used, never the outer db.
    transaction: (fn) =>
      pglite.transaction((tx) => fn({ query: async <T,>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows })),
    close: () => pglite.close(),
  };
}

async function openPostgres(databaseUrl: string, schema?: string): Promise<Db> {
  if (schema !== undefined && !IDENTIFIER.test(schema)) throw new Error(`Invalid database schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // Every connection of the pool works in the chosen schema.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error('[server] PostgreSQL pool error:', error.message));
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  return {
    driver: 'postgres',
    query: async <T,>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ query: async <T,>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[] });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The tests' buffer pool (PostgreSQL's shared_buffers): PGlite clears the whole pool at every start, about
 * 0.5 s of CPU for the default 128 MB, and the tests open hundreds of databases of a few MB each. The sandbox
 * and the reference server keep the default; the size changes no answer, only what is kept in memory.
 */
const TEST_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

async function openPgliteCluster(dir: string | undefined, { fresh, forTests }: { fresh: boolean; forTests: boolean }): Promise<PGlite> {
  const startParams = forTests ? { startParams: TEST_START_PARAMS } : {};
  if (!fresh) return PGlite.create(dir, startParams);
  freshCluster ??= readSharedCluster();
  const copy = await freshCluster;
  if (copy) return PGlite.create(dir, { loadDataDir: copy, ...startParams });
  const pglite = await PGlite.create(dir, startParams);
  // Taken before anything is written, so that every copy is the untouched cluster. A failed dump or write
  // is only a lost shortcut: the next fresh database (or process) runs initdb again.
  freshCluster = pglite.dumpDataDir('none').then(
    async (cluster) => {
      await writeSharedCluster(cluster).catch(() => undefined);
      return cluster;
    },
    () => undefined,
  );
  await freshCluster;
  return pglite;
}

/** PostgreSQL's unique_violation, from either driver. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** timestamptz comes back as a Date from both drivers; be lenient with strings. */
export const toIso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();
