import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { channelOf } from '../../src/shared/api';
import type { Core } from '../../src/main/core';
import { memoryTokenStore } from '../../src/main/services/token-stores';
import { DEFAULT_MEETING_PREVIEW_BASE } from '../../src/shared/schemas/sessions';
import { createTestCore } from './harness';

// The remembered screen choices (the course screens' language) live in main's settings.json: the same
// on every screen and after a restart, checked by the local calls' schemas.

const cores: Core[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((c) => c.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function coreIn(stateDir: string): Promise<(name: string, input?: unknown) => Promise<unknown>> {
  const core = await createTestCore({
    stateDir,
    tokenStore: memoryTokenStore(),
    startSandbox: async () => {
      throw new Error('no sandbox in this test');
    },
    emit: () => undefined,
  });
  cores.push(core);
  return (name, input) => core.handlers.get(channelOf('settings', name))!(input ?? {});
}

describe('preferences', () => {
  it('starts with all languages, remembers a choice across a restart, and refuses a language the platform lacks', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cc-prefs-'));
    dirs.push(dir);
    const first = await coreIn(dir);
    expect(await first('preferences')).toEqual({ ok: true, data: { courseLanguage: null, meetingPreviewBase: DEFAULT_MEETING_PREVIEW_BASE, theme: 'system', sidebarCollapsed: false, tables: {}, namedViews: {} } });
    expect(await first('setPreferences', { courseLanguage: 'Hindi' })).toEqual({ ok: true, data: { courseLanguage: 'Hindi', meetingPreviewBase: DEFAULT_MEETING_PREVIEW_BASE, theme: 'system', sidebarCollapsed: false, tables: {}, namedViews: {} } });
    const refused = (await first('setPreferences', { courseLanguage: 'Klingon' })) as { ok: boolean; error?: { kind: string } };
    expect(refused.ok).toBe(false);
    expect(refused.error?.kind).toBe('validation');

    const stored = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')) as { connection: unknown; preferences: unknown };
    expect(stored.preferences).toEqual({ courseLanguage: 'Hindi', meetingPreviewBase: DEFAULT_MEETING_PREVIEW_BASE, theme: 'system', sidebarCollapsed: false, tables: {}, namedViews: {} });
    expect(stored.connection).toEqual({ kind: 'sandbox' });

    await Promise.all(cores.splice(0).map((c) => c.close()));
    const restarted = await coreIn(dir);
    expect(await restarted('preferences')).toEqual({ ok: true, data: { courseLanguage: 'Hindi', meetingPreviewBase: DEFAULT_MEETING_PREVIEW_BASE, theme: 'system', sidebarCollapsed: false, tables: {}, namedViews: {} } });
    expect(await restarted('setPreferences', { courseLanguage: null })).toMatchObject({ ok: true, data: { courseLanguage: null } });

    // The join links' meeting address is a preference too: kept by main, refused when not an address.
    expect(await restarted('setPreferences', { meetingPreviewBase: 'https://meet.example.org/room' })).toMatchObject({ ok: true, data: { meetingPreviewBase: 'https://meet.example.org/room' } });
    expect(await restarted('setPreferences', { meetingPreviewBase: 'not an address' })).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(await restarted('preferences')).toMatchObject({ ok: true, data: { meetingPreviewBase: 'https://meet.example.org/room' } });

    // The theme and the sidebar: kept the same way; an unknown theme is refused.
    expect(await restarted('setPreferences', { theme: 'dark', sidebarCollapsed: true })).toMatchObject({ ok: true, data: { theme: 'dark', sidebarCollapsed: true } });
    expect(await restarted('setPreferences', { theme: 'purple' })).toMatchObject({ ok: false, error: { kind: 'validation' } });
    await Promise.all(cores.splice(0).map((c) => c.close()));
    expect(await (await coreIn(dir))('preferences')).toMatchObject({ ok: true, data: { theme: 'dark', sidebarCollapsed: true } });
  });

  it("keeps each screen's named views and its default across a restart; refuses a bad one and changes nothing", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cc-prefs-'));
    dirs.push(dir);
    const first = await coreIn(dir);
    const live = { name: 'Live Hindi', table: { search: 'yoga', pageSize: 50 }, serverFilters: { status: 'live', language: 'Hindi' } };
    const namedViews = { 'Video Library': { views: [live], defaultView: 'Live Hindi' } };
    expect(await first('setPreferences', { namedViews })).toMatchObject({ ok: true, data: { namedViews: { 'Video Library': { views: [{ ...live, table: { search: 'yoga', pageSize: 50, sort: null } }], defaultView: 'Live Hindi' } } } });
    for (const bad of [{ ...live, name: ' ' }, { ...live, table: { density: 'tiny' } }, { ...live, serverFilters: { status: 5 } }]) {
      expect(await first('setPreferences', { namedViews: { 'Video Library': { views: [bad] } } }), JSON.stringify(bad)).toMatchObject({ ok: false, error: { kind: 'validation' } });
    }
    expect(await first('setPreferences', { namedViews: { 'Video Library': { views: Array.from({ length: 51 }, (_, i) => ({ ...live, name: `v${i}` })) } } })).toMatchObject({ ok: false, error: { message: 'At most 50 views a screen.' } });
    await Promise.all(cores.splice(0).map((c) => c.close()));
    expect(await (await coreIn(dir))('preferences')).toMatchObject({ ok: true, data: { namedViews: { 'Video Library': { views: [{ name: 'Live Hindi', serverFilters: live.serverFilters }], defaultView: 'Live Hindi' } } } });
  });

  it("keeps each screen's table view apart, across a restart; refuses a bad view; null forgets one", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cc-prefs-'));
    dirs.push(dir);
    const first = await coreIn(dir);
    const admins = { sort: { id: 'email', desc: true }, search: 'ravi', pageSize: 50, hidden: ['role'], widths: { name: 240 }, density: 'compact' };
    expect(await first('setTableView', { table: '/admins', view: admins })).toMatchObject({ ok: true, data: { tables: { '/admins': { ...admins, filters: [] } } } });
    // Only what was given: the rest takes its default.
    expect(await first('setTableView', { table: '/quotes', view: { filters: [{ id: 'language', value: 'Hindi' }] } })).toMatchObject({
      ok: true,
      data: { tables: { '/admins': admins, '/quotes': { sort: null, filters: [{ id: 'language', value: 'Hindi' }], search: '', pageSize: null, hidden: [], widths: {}, density: 'comfortable' } } },
    });
    for (const bad of [{ widths: { name: 5 } }, { density: 'tiny' }, { pageSize: 0 }, { search: 'x'.repeat(501) }]) {
      expect(await first('setTableView', { table: '/admins', view: bad }), JSON.stringify(bad)).toMatchObject({ ok: false, error: { kind: 'validation' } });
    }
    expect(await first('setTableView', { table: '', view: admins })).toMatchObject({ ok: false, error: { kind: 'validation' } });

    await Promise.all(cores.splice(0).map((c) => c.close()));
    const restarted = await coreIn(dir);
    expect(await restarted('preferences')).toMatchObject({ ok: true, data: { tables: { '/admins': admins } } });
    const forgotten = (await restarted('setTableView', { table: '/admins', view: null })) as { ok: true; data: { tables: Record<string, unknown> } };
    expect(Object.keys(forgotten.data.tables)).toEqual(['/quotes']);
  });

  it('bounds what the page may store: the meeting address is https only, at most 100 table views', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cc-prefs-'));
    dirs.push(dir);
    const settings = await coreIn(dir);
    for (const address of ['javascript:alert(1)', 'http://meet.example.com/preview', 'file:///etc/passwd', 'data:text/html,x', `https://meet.example.com/${'x'.repeat(2100)}`]) {
      expect(await settings('setPreferences', { meetingPreviewBase: address }), address).toMatchObject({ ok: false, error: { kind: 'validation' } });
    }
    expect(await settings('setPreferences', { meetingPreviewBase: 'javascript:alert(1)' })).toMatchObject({
      error: { message: 'Use an https:// address, such as https://meet.example.com/preview' },
    });
    const views = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`/screen-${i}`, {}]));
    expect(await settings('setPreferences', { tables: views(2000) })).toMatchObject({ ok: false, error: { kind: 'validation', message: 'At most 100 table views are kept.' } });
    expect(await settings('setPreferences', { tables: views(101) })).toMatchObject({ ok: false });
    expect(await settings('setPreferences', { tables: views(100) })).toMatchObject({ ok: true });
    // One more through the table view call forgets the oldest, as before.
    const more = (await settings('setTableView', { table: '/one-more', view: {} })) as { ok: true; data: { tables: Record<string, unknown> } };
    expect(Object.keys(more.data.tables)).toHaveLength(100);
    expect(await settings('preferences')).toMatchObject({ ok: true, data: { meetingPreviewBase: DEFAULT_MEETING_PREVIEW_BASE } });
  });

  it('refuses one oversized setPreferences with a clear message, and settings.json stays small', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cc-prefs-'));
    dirs.push(dir);
    const settings = await coreIn(dir);
    const file = join(dir, 'settings.json');
    expect(await settings('setPreferences', { theme: 'dark' })).toMatchObject({ ok: true });
    const size = async () => (await stat(file)).size;
    const small = await size();
    expect(small).toBeLessThan(1024);

    const widths = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`column-${i}-${'w'.repeat(80)}`, 240]));
    // What one call wrote before: 100,000 widths in one table view (10.5 MB).
    expect(await settings('setPreferences', { tables: { '/admins': { widths: widths(100_000) } } })).toMatchObject({
      ok: false, error: { kind: 'validation', message: 'A table view keeps at most 100 column widths.' },
    });
    expect(await settings('setTableView', { table: '/admins', view: { widths: widths(101) } })).toMatchObject({ ok: false, error: { message: 'A table view keeps at most 100 column widths.' } });
    const view = { name: 'Mine', table: { widths: widths(101) } };
    expect(await settings('setPreferences', { namedViews: { '/admins': { views: [view] } } })).toMatchObject({ ok: false, error: { message: 'A table view keeps at most 100 column widths.' } });
    // A default view's name of 10 MB.
    expect(await settings('setPreferences', { namedViews: { '/admins': { views: [], defaultView: 'd'.repeat(10_000_000) } } })).toMatchObject({
      ok: false, error: { kind: 'validation', message: "A default view's name has at most 80 characters." },
    });
    // Every part within its bound, together 10 MB: 20 screens of 50 bookmarks, each hiding 100 long column ids.
    const hidden = Array.from({ length: 100 }, (_, i) => `${i}-${'h'.repeat(95)}`);
    const screens = Object.fromEntries(Array.from({ length: 20 }, (_, s) => [`/screen-${s}`, { views: Array.from({ length: 50 }, (_, i) => ({ name: `View ${i}`, table: { hidden } })) }]));
    expect(await settings('setPreferences', { namedViews: screens })).toMatchObject({
      ok: false, error: { kind: 'validation', message: 'The saved table views and bookmarks are too large to keep (more than 1 MB). Delete some bookmarks and try again.' },
    });
    expect(await size()).toBe(small);
    expect(await settings('preferences')).toMatchObject({ ok: true, data: { theme: 'dark', tables: {}, namedViews: {} } });

    // At the bounds: 100 widths, a default view's name of 80 characters.
    expect(await settings('setTableView', { table: '/admins', view: { widths: widths(100) } })).toMatchObject({ ok: true });
    const name = 'n'.repeat(80);
    expect(await settings('setPreferences', { namedViews: { '/admins': { views: [{ name, table: {} }], defaultView: name } } })).toMatchObject({ ok: true, data: { namedViews: { '/admins': { defaultView: name } } } });
    expect(await size()).toBeLessThan(20 * 1024);
  });

  it('a stored file with preferences past the bounds keeps its connection', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cc-prefs-'));
    dirs.push(dir);
    const connection = { kind: 'remote', url: 'https://api.example.in' };
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ connection, preferences: { meetingPreviewBase: 'javascript:alert(1)' } }));
    const settings = await coreIn(dir);
    expect(await settings('preferences')).toMatchObject({ ok: true, data: { meetingPreviewBase: DEFAULT_MEETING_PREVIEW_BASE } });
    expect(await settings('get')).toMatchObject({ ok: true, data: { connection } });
  });
});
