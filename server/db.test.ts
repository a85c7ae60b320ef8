import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
});
