import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core';
import { memoryTokenStore } from '../../src/main/services/token-stores';
import { channelOf } from '../../src/shared/api';
import { NET_TEXT } from '../../src/shared/network-messages';
import { createTestCore } from './harness';

/**
 * Faults the real server won't produce on its own: a platform answering with the wrong shape, and a
 * server that is down. A tiny HTTP server stands in for a misbehaving platform (a stand-in, said so).
 */
let core: Core;
let root: string;
let closeFake: () => Promise<void>;
let fakeUrl: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cc-fault-'));
  const fake = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/admin-auth/login')) {
      res.end(JSON.stringify({ error: false, message: 'ok', token: 'fake-token', userDetails: { id: 'u1', name: 'A', email: 'a@example.in', role: 'Super Admin' } }));
    } else if (req.url?.startsWith('/video-repository/languages')) {
      res.end(JSON.stringify({ error: false, languages: 'English' }));
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: true, errorMessage: 'Not here' }));
    }
  });
  await new Promise<void>((done) => fake.listen(0, '127.0.0.1', () => done()));
  const address = fake.address();
  fakeUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  closeFake = () => new Promise((done) => fake.close(() => done()));
  core = await createTestCore({
    stateDir: root,
    tokenStore: memoryTokenStore(),
    startSandbox: async () => ({ url: fakeUrl, close: async () => undefined }),
    emit: () => undefined,
  });
});
afterAll(async () => {
  await core.close();
  await closeFake();
  await rm(root, { recursive: true, force: true });
});

const call = (group: string, name: string, input: unknown = {}) => core.handlers.get(channelOf(group, name))!(input);

describe('faults', () => {
  it('a response that does not match its schema is a parse error naming the call and what it expected', async () => {
    expect((await call('session', 'login', { email: 'a@example.in', password: 'pw' })).ok).toBe(true);
    expect(await call('videoRepository', 'languages')).toEqual({
      ok: false,
      error: { kind: 'parse', message: NET_TEXT.notReadable(fakeUrl, 'GET /video-repository/languages', 'a JSON object from the platform with a list under "languages"') },
    });
  });

  it('a server that cannot be reached gives a clear message naming it', async () => {
    const dead = 'http://127.0.0.1:9';
    expect((await call('settings', 'setConnection', { kind: 'remote', url: dead })).ok).toBe(true);
    const result = await call('session', 'forgotPassword', { email: 'a@example.in' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(!result.ok && result.error.message).toContain('127.0.0.1:9');
  });

  it('refuses a bad platform URL with a clear message and keeps the old setting', async () => {
    const before = await call('settings', 'get');
    const result = await call('settings', 'setConnection', { kind: 'remote', url: 'ftp://example.com' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'validation', message: 'The server URL must start with http:// or https://' } });
    expect(await call('settings', 'get')).toEqual(before);
  });

  it('an unknown input is refused by the router before any call', async () => {
    expect(await call('adminAuth', 'getUser', { id: '' })).toMatchObject({ ok: false, error: { kind: 'validation' } });
  });
});
