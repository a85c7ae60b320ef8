/**
 * A 500 logs the route, the error's code and its message only: database errors carry the statement's
 * parameters (names, emails) and row values, which must never reach a log.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildServer, type BuiltServer } from './app';

let dir: string;
let built: BuiltServer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cc-errlog-'));
  built = await buildServer({ dataDir: dir, reuseFreshCluster: true });
  // A route whose query fails inside the database with personal data in its parameters.
  built.app.get('/test/fail', async () => {
    await built.db.query(`INSERT INTO admins (id, name, email) VALUES ($1, $2, $3)`, ['x', 'Priya Secret', 'priya.secret@example.in']);
    return {};
  });
});
afterAll(async () => {
  await built.app.close();
  await rm(dir, { recursive: true, force: true });
});

it('logs route, code and message, not the SQL parameters', async () => {
  const previous = process.env.CONTENT_CONSOLE_QUIET;
  delete process.env.CONTENT_CONSOLE_QUIET;
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const answer = await built.app.inject({ method: 'GET', url: '/test/fail' });
    expect(answer.statusCode).toBe(500);
    const text = logged.mock.calls.map((args) => args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a) ?? String(a))).join(' ')).join('\n');
    expect(text).toMatch(/^\[server\] GET \/test\/fail: 23502 /);
    expect(text).not.toContain('priya.secret@example.in');
    expect(text).not.toContain('Priya Secret');
  } finally {
    logged.mockRestore();
    if (previous !== undefined) process.env.CONTENT_CONSOLE_QUIET = previous;
  }
});
