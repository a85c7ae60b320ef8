import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ConnectionSchema, HTTPS_REQUIRED, isTransportAllowed, type StoredSettings } from '../../shared/schemas/settings';
import { loadSettings, saveSettings, serviceBase } from './settings';

let dir = '';
afterEach(async () => rm(dir, { recursive: true, force: true }));

describe('settings', () => {
  it('defaults to the local sandbox and survives a broken file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cc-settings-'));
    expect((await loadSettings(dir, () => undefined)).connection).toEqual({ kind: 'sandbox' });
    await writeFile(join(dir, 'settings.json'), '{ not json');
    const logged: string[] = [];
    expect((await loadSettings(dir, (m) => logged.push(m))).connection).toEqual({ kind: 'sandbox' });
    expect(logged).toHaveLength(1);
  });

  it('round-trips a remote connection through an atomic write', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cc-settings-'));
    await saveSettings(dir, { connection: { kind: 'remote', url: 'https://api.example.in' }, serviceBases: {} });
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')).connection.url).toBe('https://api.example.in');
    expect((await loadSettings(dir, () => undefined)).connection).toEqual({ kind: 'remote', url: 'https://api.example.in' });
  });

  it('changes saved in quick succession are on disk in their order (a large older file never replaces a newer one)', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cc-settings-'));
    const views = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`screen-${i}`, { views: [{ name: 'v', table: { search: 'x'.repeat(100_000) } }], defaultView: null }]));
    const older = { connection: { kind: 'remote' as const, url: 'https://older.example.in' }, serviceBases: {}, preferences: { namedViews: views } } as unknown as StoredSettings;
    const newer: StoredSettings = { connection: { kind: 'remote', url: 'https://newer.example.in' }, serviceBases: {} };
    await Promise.all([saveSettings(dir, older), saveSettings(dir, newer)]);
    expect((await loadSettings(dir, () => undefined)).connection).toEqual({ kind: 'remote', url: 'https://newer.example.in' });
  });

  it('derives each service base from the platform URL unless overridden', () => {
    const settings = { connection: { kind: 'remote' as const, url: 'https://api.example.in/' }, serviceBases: { mentorship: 'https://m.example.in/v2' } };
    expect(serviceBase(settings, 'https://api.example.in/', 'questionBank')).toBe('https://api.example.in/question-bank');
    expect(serviceBase(settings, 'https://api.example.in/', 'businessIdeas')).toBe('https://api.example.in');
    expect(serviceBase(settings, 'https://api.example.in/', 'mentorship')).toBe('https://m.example.in/v2');
    expect(serviceBase({ connection: { kind: 'sandbox' }, serviceBases: {} }, null, 'adminAuth')).toBeNull();
  });
});

describe('the transport rule', () => {
  it('allows https anywhere and plain http on loopback only', () => {
    for (const url of ['https://api.example.in', 'https://10.0.0.5:8443', 'http://127.0.0.1:9', 'http://127.12.0.1', 'http://localhost:8080', 'http://[::1]:3000', 'http://api.localhost']) {
      expect(isTransportAllowed(url), url).toBe(true);
    }
    for (const url of ['http://api.example.in', 'http://10.0.0.5', 'http://128.0.0.1', 'http://127.0.0.1.evil.example', 'http://localhost.evil.example', 'http://[::2]', 'ftp://localhost']) {
      expect(isTransportAllowed(url), url).toBe(false);
    }
  });

  it('refuses a remote http connection with the reason, and a stored one falls back to the defaults', async () => {
    const refused = v.safeParse(ConnectionSchema, { kind: 'remote', url: 'http://api.example.in' });
    expect(refused.success).toBe(false);
    if (!refused.success) expect(refused.issues[0].message).toBe(HTTPS_REQUIRED);
    expect(v.safeParse(ConnectionSchema, { kind: 'remote', url: 'http://127.0.0.1:4000' }).success).toBe(true);
    dir = await mkdtemp(join(tmpdir(), 'cc-settings-'));
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ connection: { kind: 'remote', url: 'http://api.example.in' } }));
    expect((await loadSettings(dir, () => undefined)).connection).toEqual({ kind: 'sandbox' });
  });
});
