import { describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { defineCall } from '../../shared/api/contract';
import { authHeaders, createHttpClient, fillPath, redirectTarget } from './http';

describe('authHeaders', () => {
  it('sends the token the way each auth mode names', () => {
    expect(authHeaders('none', 't')).toEqual({});
    expect(authHeaders('token', 't')).toEqual({ authorization: 't' });
    expect(authHeaders('bearer', 't')).toEqual({ authorization: 'Bearer t' });
    expect(authHeaders('token+access-token', 't')).toEqual({ authorization: 't', 'access-token': 't' });
    expect(authHeaders('token+x-access-token', 't')).toEqual({ authorization: 't', 'x-access-token': 't' });
    expect(authHeaders('token', null)).toEqual({});
  });
});

describe('fillPath', () => {
  it('fills path parameters, encodes them and leaves the rest for query or body', () => {
    expect(fillPath('/get-user/{id}', { id: 'a/b c', x: 1 })).toEqual({ path: '/get-user/a%2Fb%20c', rest: { x: 1 } });
    expect(fillPath('/quotes/{id}/{quoteId}', { id: '1', quoteId: '2' })).toEqual({ path: '/quotes/1/2', rest: {} });
  });
});

describe('redirects', () => {
  it('follows a redirect within the origin only', () => {
    expect(redirectTarget('https://api.example.in/library/media', '/library/media/')).toBe('https://api.example.in/library/media/');
    expect(redirectTarget('https://api.example.in/a', 'https://api.example.in:443/b')).toBe('https://api.example.in/b');
    expect(redirectTarget('https://api.example.in/a', 'https://evil.example/a')).toBeNull();
    expect(redirectTarget('https://api.example.in/a', 'http://api.example.in/a')).toBeNull();
    expect(redirectTarget('http://127.0.0.1:4000/a', 'http://127.0.0.1:4001/a')).toBeNull();
    expect(redirectTarget('https://api.example.in/a', null)).toBeNull();
  });

  it('never sends the token to another origin, for any auth mode', async () => {
    const seen: Record<string, string | undefined>[] = [];
    const elsewhere = createServer((req, res) => {
      seen.push({ authorization: req.headers.authorization, access: req.headers['access-token'] as string | undefined });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"error":false,"message":"OK","users":[]}');
    });
    const other = await listen(elsewhere);
    const platform = createServer((req, res) => {
      if (req.url?.startsWith('/admin-auth/moved')) res.writeHead(200, { 'content-type': 'application/json' }).end('{"error":false,"message":"OK","users":[]}');
      else if (req.url?.startsWith('/admin-auth/users')) res.writeHead(302, { location: `${other}/steal` }).end();
      else res.writeHead(307, { location: '/admin-auth/moved' }).end();
    });
    const base = await listen(platform);
    try {
      const http = createHttpClient({ baseFor: () => `${base}/admin-auth`, token: () => 'secret-token', onUnauthorized: async () => undefined, log: () => undefined });
      for (const auth of ['token', 'bearer', 'token+access-token', 'token+x-access-token'] as const) {
        const def = defineCall({ service: 'adminAuth', method: 'GET', path: '/users', auth, body: 'none', input: v.object({}), output: v.array(v.unknown()), data: 'users' });
        const result = await http(def, {}, 'test');
        expect(result).toMatchObject({ ok: false, error: { kind: 'http', status: 302 } });
      }
      expect(seen).toEqual([]);
      // Within the origin the redirect is followed.
      const same = defineCall({ service: 'adminAuth', method: 'GET', path: '/old', auth: 'token', body: 'none', input: v.object({}), output: v.array(v.unknown()), data: 'users' });
      expect(await http(same, {}, 'test')).toEqual({ ok: true, data: [] });
    } finally {
      elsewhere.close();
      platform.close();
    }
  });
});

describe('a 401', () => {
  it("ends the session with the server's errorMessage (the one toast said of it), and the call fails with it", async () => {
    const platform = createServer((req, res) => {
      const body = req.url?.startsWith('/admin-auth/quiet') ? '{}' : '{"error":true,"errorMessage":"Token revoked by an administrator."}';
      res.writeHead(401, { 'content-type': 'application/json' }).end(body);
    });
    const base = await listen(platform);
    try {
      const reasons: (string | undefined)[] = [];
      const http = createHttpClient({ baseFor: () => `${base}/admin-auth`, token: () => 'secret-token', onUnauthorized: async (message) => void reasons.push(message), log: () => undefined });
      const call = (path: string) => defineCall({ service: 'adminAuth', method: 'GET', path, auth: 'token', body: 'none', input: v.object({}), output: v.array(v.unknown()), data: 'users' });
      expect(await http(call('/users'), {}, 'test')).toMatchObject({ ok: false, error: { kind: 'auth', status: 401, message: 'Token revoked by an administrator.' } });
      // Without one, main says it in its own words.
      expect(await http(call('/quiet'), {}, 'test')).toMatchObject({ ok: false, error: { kind: 'auth', status: 401 } });
      expect(reasons).toEqual(['Token revoked by an administrator.', undefined]);
    } finally {
      platform.close();
    }
  });
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
