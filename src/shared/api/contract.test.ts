import { describe, expect, it } from 'vitest';
import { buildApi, exposedChannels } from './build-api';
import { pathParams, type CallDef, type Restore } from './contract';
import { contract } from './index';

describe('the contract tables', () => {
  it('expose every call but those main keeps to itself', () => {
    const channels = exposedChannels();
    expect(channels).toContain('api:adminAuth.users');
    expect(channels).toContain('api:session.login');
    expect(channels).not.toContain('api:adminAuth.login');
    expect(channels).not.toContain('api:adminAuth.changePassword');
  });

  it('build window.api with one function per exposed call, each invoking its channel', async () => {
    const seen: [string, unknown][] = [];
    const api = buildApi(async (channel, input) => {
      seen.push([channel, input]);
      return { ok: true, data: null };
    }, () => () => undefined);
    await api.adminAuth.getUser({ id: 'x' });
    await api.adminAuth.users();
    expect(seen).toEqual([['api:adminAuth.getUser', { id: 'x' }], ['api:adminAuth.users', {}]]);
    expect((api.adminAuth as Record<string, unknown>).login).toBeUndefined();
  });

  it('declares every path parameter in the input schema', () => {
    for (const calls of Object.values(contract)) {
      for (const def of Object.values(calls)) {
        // A piped object schema (object + cross-field checks) keeps its entries on the first item.
        const schema = ('pipe' in def.input ? (def.input as { pipe: unknown[] }).pipe[0] : def.input) as { entries?: Record<string, unknown> };
        const entries = schema.entries ?? {};
        for (const name of pathParams(def.path)) expect(entries, `${def.path}`).toHaveProperty(name);
      }
    }
  });

  it('reads durations only from a file field of a multipart call, into a field of its input', () => {
    const users = Object.values(contract).flatMap((calls) => Object.values(calls as Record<string, CallDef>)).filter((def) => def.durationFrom);
    expect(users.map((def) => `${def.method} ${def.path}`).sort()).toEqual(['POST /media', 'PUT /media/{id}']);
    for (const def of users) {
      expect(def.body).toBe('multipart');
      expect(def.files).toContain(def.durationFrom!.file);
      expect(def.durationFrom!.when?.({ fileType: 'video' })).toBe(true);
      expect(def.durationFrom!.when?.({ fileType: 'link' })).toBe(false);
    }
  });

  it('restores a delete only through a create call of the same service, from the record the delete read', () => {
    const defs = Object.values(contract).flatMap((calls) => Object.values(calls as Record<string, CallDef>));
    const restored = defs.filter((def) => def.restore && 'create' in def.restore);
    expect(restored.map((def) => def.path).sort()).toEqual(['/document/{id}', '/moment/{id}', '/quotes/{id}', '/resources/{id}', '/sessions/{id}', '/transcript/{id}']);
    for (const def of restored) {
      const create = (def.restore as Restore).create();
      expect(def.method).toBe('DELETE');
      expect(def.record).toBeDefined();
      expect(defs).toContain(create);
      expect([create.method, create.service]).toEqual(['POST', def.service]);
    }
    // A kind that cannot come back says why; only deletes declare either.
    for (const def of defs.filter((d) => d.restore)) expect(def.method).toBe('DELETE');
  });
});
