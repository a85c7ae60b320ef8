import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/app';
import { memoryTokenStore } from '../../src/main/services/token-stores';
import { channelOf } from '../../src/shared/api';
import { ADMIN, createTestCore, seededCopy } from './harness';
import type { SeededStorage } from './seed-template';

/** A restart of the app: a second core on the same state folder and token store finds the session. */
let root: string;
let server: Awaited<ReturnType<typeof startServer>>;
let storage: SeededStorage | undefined;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cc-restore-'));
  storage = await seededCopy(join(root, 'server'));
  server = await startServer({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl, host: '127.0.0.1', port: 0, admin: ADMIN });
});
afterAll(async () => {
  await server.close();
  await storage?.remove();
  await rm(root, { recursive: true, force: true });
});

describe('session restore', () => {
  it('restores the session after a restart, and logout clears the stored token and details', async () => {
    const store = memoryTokenStore();
    const options = { stateDir: join(root, 'state'), tokenStore: store, startSandbox: async () => ({ url: server.url, close: async () => undefined }), emit: () => undefined };
    const first = await createTestCore(options);
    expect((await first.handlers.get(channelOf('session', 'login'))!(ADMIN)).ok).toBe(true);
    const token = first.session.currentToken()!;
    // What is on disk holds the user details but never the token.
    expect(await readFile(join(root, 'state', 'session.json'), 'utf8')).not.toContain(token);

    const second = await createTestCore(options);
    expect(await second.handlers.get(channelOf('session', 'current'))!({})).toMatchObject({ ok: true, data: { user: { email: ADMIN.email } } });
    expect((await second.handlers.get(channelOf('adminAuth', 'users'))!({})).ok).toBe(true);

    await second.handlers.get(channelOf('session', 'logout'))!({});
    const account = `${new URL(server.url).origin} ${ADMIN.email}`;
    expect(await store.get(account)).toBeNull();
    const third = await createTestCore(options);
    expect(await third.handlers.get(channelOf('session', 'current'))!({})).toMatchObject({ ok: true, data: { user: null } });
  });
});
