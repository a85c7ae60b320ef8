import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from './db';

describe('PGlite fresh databases from a copy of the first (reuseFreshCluster)', () => {
  const root = mkdtempSync(join(tmpdir(), 'cc-db-'));
  const opened: Db[] = [];
  const open = async (dataDir?: string): Promise<Db> => {
    const db = await openDb({ dataDir, reuseFreshCluster: true });
    opened.push(db);
    return db;
  };
  afterAll(async () => {
    for (const db of opened) await db.close().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  });

  it('starts each fresh database empty, whatever the first one wrote after it opened', async () => {
    const first = await open();
    // The tests' small buffer pool (PGlite clears it at every start).
    expect(await first.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    await first.query('CREATE TABLE written_first (id int)');
    await first.query('INSERT INTO written_first VALUES (1)');
    for (const db of [await open(), await open(join(root, 'on-disk'))]) {
      const tables = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'written_first'");
      expect(tables[0]!.n).toBe(0);
    }
  });

  it('keeps what a database started from the copy wrote on disk, and opens an existing folder as it is', async () => {
    const dataDir = join(root, 'kept');
    const db = await open(dataDir);
    await db.query('CREATE TABLE kept (v text)');
    await db.query("INSERT INTO kept VALUES ('written')");
    await db.close();
    const again = await open(dataDir);
    expect(await again.query('SELECT v FROM kept')).toEqual([{ v: 'written' }]);
  });

  it("takes a new process's fresh cluster from PGLITE_FRESH_CLUSTER's file instead of running initdb", async () => {
    // The run's shared copy is there once a fresh database has opened (vitest.config.ts names the file).
    await open();
    const shared = process.env.PGLITE_FRESH_CLUSTER!;
    expect(existsSync(shared)).toBe(true);
    // A cluster initdb never makes (it has a marker table), put where the shared copy goes: a fresh database
    // in a new process that has the marker was copied from the file.
    const source = await PGlite.create({ loadDataDir: new Blob([readFileSync(shared)]) });
    await source.query('CREATE TABLE from_the_shared_file (id int)');
    const file = join(root, 'marked-cluster.tar');
    writeFileSync(file, Buffer.from(await (await source.dumpDataDir('none')).arrayBuffer()));
    await source.close();
    const script = [
      "import { openDb } from './server/db.ts';",
      'const db = await openDb({ reuseFreshCluster: true });',
      "const [row] = await db.query(\"SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'from_the_shared_file'\");",
      'console.log(JSON.stringify(row));',
      'await db.close();',
    ].join('\n');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, PGLITE_FRESH_CLUSTER: file },
    });
    expect(JSON.parse(stdout.trim())).toEqual({ n: 1 });
  });
});
