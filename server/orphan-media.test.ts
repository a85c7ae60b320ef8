/** On start the server removes media files no record references (left by a crash before COMMIT). */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startServer } from './app';
import { MEDIA_REFERENCES } from './media';
import { ADMIN } from './testing';

const root = await mkdtemp(join(tmpdir(), 'cc-orphans-'));
afterAll(async () => rm(root, { recursive: true, force: true }));

it('keeps referenced files, removes the rest and leaves folders alone', async () => {
  const dataDir = join(root, 'data');
  // From a copy of the worker's first fresh cluster: no initdb of its own (server/db.ts).
  const first = await startServer({ dataDir, admin: ADMIN, seedDemo: true, reuseFreshCluster: true });
  const [row] = await first.db.query<{ id: string }>(`SELECT id FROM library_files ORDER BY id LIMIT 1`);
  await first.db.query(`UPDATE library_files SET stored_name = 'kept.mp4', thumbnail_stored = 'kept.png' WHERE id = $1`, [row!.id]);
  await first.close();

  const media = join(dataDir, 'media');
  for (const name of ['kept.mp4', 'kept.png', 'orphan.mp4', 'crash-before-commit.webm']) await writeFile(join(media, name), 'x');
  await mkdir(join(media, 'a-folder'));

  const second = await startServer({ dataDir, admin: ADMIN });
  try {
    expect((await readdir(media)).sort()).toEqual(['a-folder', 'kept.mp4', 'kept.png']);
  } finally {
    await second.close();
  }
});

it('names every column that stores a media file, so the sweep never removes a live upload', async () => {
  const server = await startServer({ dataDir: join(root, 'columns'), admin: ADMIN, reuseFreshCluster: true });
  try {
    // By convention a column naming a stored file is `stored_name` or ends in `_stored`.
    const columns = await server.db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND (column_name = 'stored_name' OR column_name LIKE '%\\_stored')`,
    );
    const named = new Set(MEDIA_REFERENCES.map(({ table, column }) => `${table}.${column}`));
    expect(columns.map((c) => `${c.table_name}.${c.column_name}`).filter((c) => !named.has(c))).toEqual([]);
    expect(columns.length).toBeGreaterThanOrEqual(MEDIA_REFERENCES.length);
  } finally {
    await server.close();
  }
});
