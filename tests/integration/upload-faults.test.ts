/**
 * An upload whose server dies mid-stream: the call ends with a clear network error, nothing is left on
 * the server, and the user's retry (same grant) succeeds once the server is back.
 */
import { mkdtemp, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Core } from '../../src/main/core';
import { memoryTokenStore } from '../../src/main/services/token-stores';
import { channelOf, type ApiEvents } from '../../src/shared/api';
import type { Result } from '../../src/shared/result';
import type { Keyword, LibraryFile } from '../../src/shared/schemas/library';
import { ADMIN, expectOk, grantFileOf, createTestCore, seededCopy } from './harness';
import type { SeededStorage } from './seed-template';

let root: string;
let server: RunningServer;
let core: Core;
let port: number;
const events: { event: keyof ApiEvents; payload: unknown }[] = [];
const call = async <T>(group: string, name: string, input: unknown = {}) => (await core.handlers.get(channelOf(group, name))!(input)) as Result<T>;
let storage: SeededStorage;
const start = () => startServer({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl, port, admin: ADMIN });

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cc-faults-'));
  port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  storage = await seededCopy(join(root, 'server'));
  server = await start();
  core = await createTestCore({
    stateDir: join(root, 'state'),
    tokenStore: memoryTokenStore(),
    startSandbox: async () => ({ url: server.url, close: async () => undefined }),
    emit: (event, payload) => events.push({ event, payload }),
  });
  expectOk(await call('session', 'login', ADMIN));
});
afterAll(async () => {
  await core.close();
  await server.close();
  await storage?.remove();
  await rm(root, { recursive: true, force: true });
});

it('a server killed during an upload: a clear network error, nothing left; the retry succeeds', async () => {
  const big = join(root, 'big.bin');
  await writeFile(big, '');
  await truncate(big, 300 * 1024 * 1024);
  const grant = expectOk(await grantFileOf(core, big));
  const keywords = expectOk(await call<Keyword[]>('library', 'keywords'));
  const input = {
    title: 'Survives a crash', description: 'Retried after the server came back', language: 'English', visibility: 'Restricted',
    status: '', level: 0, type: '', businessIdeas: [], category: [], keywords: [keywords[0]!._id], source: '', fileType: 'other',
    fileUrl: '', duration: 0, file: { grantId: grant.grantId }, uploadId: 'crash-1',
  };
  const pending = call('library', 'createMedia', input);
  const deadline = Date.now() + 20_000;
  while (!events.some((e) => e.event === 'upload:progress' && (e.payload as { sent: number }).sent > 30 * 1024 * 1024)) {
    if (Date.now() > deadline) throw new Error('no progress');
    await new Promise((r) => setTimeout(r, 10));
  }
  // Kill: drop every connection, then close.
  server.app.server.closeAllConnections();
  await server.close();
  const failed = await pending;
  expect(failed).toMatchObject({ ok: false, error: { kind: 'network' } });
  if (!failed.ok) expect(failed.error.message).toMatch(/upload to http:\/\/127\.0\.0\.1:\d+ failed/);

  server = await start();
  expect((await readdir(join(root, 'server', 'media'))).filter((n) => !n.startsWith('.'))).toEqual([]);
  const files = expectOk(await call<LibraryFile[]>('library', 'mediaList'));
  expect(files.some((f) => f.title === 'Survives a crash')).toBe(false);

  // The session survives the restart (tokens are stored); the user retries with the same grant.
  expectOk(await call('library', 'createMedia', input));
  const after = expectOk(await call<LibraryFile[]>('library', 'mediaList'));
  expect(after.find((f) => f.title === 'Survives a crash')).toMatchObject({ fileSize: 300 * 1024 * 1024 });
  expect((await readdir(join(root, 'server', 'media'))).filter((n) => n.startsWith('.tmp-'))).toEqual([]);
});
