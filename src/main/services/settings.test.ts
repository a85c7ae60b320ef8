import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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

  it('derives each service base from the platform URL unless overridden', () => {
    const settings = { connection: { kind: 'remote' as const, url: 'https://api.example.in/' }, serviceBases: { mentorship: 'https://m.example.in/v2' } };
    expect(serviceBase(settings, 'https://api.example.in/', 'questionBank')).toBe('https://api.example.in/question-bank');
    expect(serviceBase(settings, 'https://api.example.in/', 'businessIdeas')).toBe('https://api.example.in');
    expect(serviceBase(settings, 'https://api.example.in/', 'mentorship')).toBe('https://m.example.in/v2');
    expect(serviceBase({ connection: { kind: 'sandbox' }, serviceBases: {} }, null, 'adminAuth')).toBeNull();
  });
});
