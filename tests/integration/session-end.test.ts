/**
 * Signing out ends the session on the server too (an addition to the platform contract:
 * POST /admin-auth/logout), on logout and when switching servers; an unreachable server still gets the
 * local session cleared.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Core } from '../../src/main/core';
import { memoryTokenStore, type TokenStore } from '../../src/main/services/token-stores';
import { channelOf } from '../../src/shared/api';
import type { SessionView } from '../../src/shared/api/app';
import type { Result } from '../../src/shared/result';
import { ADMIN, expectOk, createTestCore, seededCopy } from './harness';
import type { SeededStorage } from './seed-template';

let root: string;
let server: RunningServer;
let core: Core;
let store: TokenStore & { size(): number };
const call = async <T>(group: string, name: string, input: unknown = {}) => (await core.handlers.get(channelOf(group, name))!(input)) as Result<T>;
/** The admin list, asked of the server directly with a token: its status says whether the token still counts. */
const usersWith = async (token: string) => (await fetch(`${server.url}/admin-auth/users`, { headers: { authorization: token } })).status;

function countingStore(): TokenStore & { size(): number } {
  const inner = memoryTokenStore();
  const accounts = new Set<string>();
  return {
    kind: inner.kind,
    get: inner.get,
    set: async (account, token) => {
      accounts.add(account);
      await inner.set(account, token);
    },
    delete: async (account) => {
      accounts.delete(account);
      await inner.delete(account);
    },
    size: () => accounts.size,
  };
}

let storage: SeededStorage;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cc-logout-'));
  storage = await seededCopy(join(root, 'server'));
  server = await startServer({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl, host: '127.0.0.1', port: 0, admin: ADMIN });
  store = countingStore();
  core = await createTestCore({ stateDir: join(root, 'state'), tokenStore: store, startSandbox: async () => ({ url: server.url, close: async () => undefined }), emit: () => undefined });
});
afterAll(async () => {
  await core.close();
  await server.close();
  await storage?.remove();
  await rm(root, { recursive: true, force: true });
});

describe('adminAuth.logout', () => {
  it('logout deletes the session on the server: the old token no longer answers', async () => {
    expectOk(await call('session', 'login', ADMIN));
    const token = core.session.currentToken()!;
    expect(await usersWith(token)).toBe(200);
    expect(expectOk(await call<SessionView>('session', 'logout')).user).toBeNull();
    expect(await usersWith(token)).toBe(401);
    expect(store.size()).toBe(0);
  });

  it('the route needs a token and ends only the caller\'s session', async () => {
    expect((await fetch(`${server.url}/admin-auth/logout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);
    expectOk(await call('session', 'login', ADMIN));
    const mine = core.session.currentToken()!;
    const login = await fetch(`${server.url}/admin-auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, encryptedPassword: `b64:${Buffer.from(ADMIN.password).toString('base64')}` }),
    });
    const other = ((await login.json()) as { token: string }).token;
    const answer = await fetch(`${server.url}/admin-auth/logout`, { method: 'POST', headers: { authorization: other, 'content-type': 'application/json' }, body: '{}' });
    expect(answer.status).toBe(200);
    expect(await usersWith(other)).toBe(401);
    expect(await usersWith(mine)).toBe(200);
  });

  it('signing in again ends the previous session on the server; a failed sign-in keeps it', async () => {
    if (!core.session.currentToken()) expectOk(await call('session', 'login', ADMIN));
    const previous = core.session.currentToken()!;
    expect(await call('session', 'login', { ...ADMIN, password: 'wrong-password' })).toMatchObject({ ok: false });
    expect(await usersWith(previous)).toBe(200);
    expectOk(await call('session', 'login', ADMIN));
    const current = core.session.currentToken()!;
    expect(current).not.toBe(previous);
    expect(await usersWith(previous)).toBe(401);
    expect(await usersWith(current)).toBe(200);
    expect(store.size()).toBe(1);
  });

  it('switching servers ends the session at the old server before clearing the keychain', async () => {
    if (!core.session.currentToken()) expectOk(await call('session', 'login', ADMIN));
    const token = core.session.currentToken()!;
    expectOk(await call('settings', 'setConnection', { kind: 'remote', url: 'http://127.0.0.1:9' }));
    expect(core.session.currentUser()).toBeNull();
    expect(store.size()).toBe(0);
    expect(await usersWith(token)).toBe(401);
    expectOk(await call('settings', 'setConnection', { kind: 'sandbox' }));
  });

  it('a server that cannot be reached still gets the local session cleared', async () => {
    expectOk(await call('session', 'login', ADMIN));
    await server.close();
    expect(expectOk(await call<SessionView>('session', 'logout')).user).toBeNull();
    expect(store.size()).toBe(0);
    server = await startServer({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl, host: '127.0.0.1', port: 0, admin: ADMIN });
  });
});

describe('bad input in main', () => {
  it('a NUL in any text or id is refused before any call, naming the field', async () => {
    expect(await call('session', 'login', { email: `a\u0000@example.in`, password: 'x' })).toEqual({
      ok: false,
      error: { kind: 'validation', message: 'The field "email" must not contain a NUL character (\\0).' },
    });
    expect(await call('adminAuth', 'getUser', { id: 'x\u0000' })).toMatchObject({ ok: false, error: { kind: 'validation', message: expect.stringContaining('"id"') } });
  });
});
