import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { channelOf } from '../../src/shared/api';
import { createCore, type Core } from '../../src/main/core';
import { memoryTokenStore } from '../../src/main/services/token-store';
import { DEFAULT_MEETING_PREVIEW_BASE } from '../../src/shared/schemas/sessions';

// The remembered screen choices (the course screens' language) live in main's settings.json: the same
// on every screen and after a restart, checked by the local calls' schemas.

const cores: Core[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((c) => c.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function coreIn(stateDir: string): Promise<(name: string, input?: unknown) => Promise<unknown>> {
  const core = await createCore({
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
    expect(await first('preferences')).toEqual({ ok: true, data: { courseLanguage: null, meetingPreviewBase: DEFAULT_MEETING_PREVIEW_BASE, theme: 'system', sidebarCollapsed: false } });
    expect(await first('setPreferences', { courseLanguage: 'Hindi' })).toEqual({ ok: true, data: { courseLanguage: 'Hindi', meetingPreviewBase: DEFAULT_MEETING_PREVIEW_BASE, theme: 'system', sidebarCollapsed: false } });
    const refused = (await first('setPreferences', { courseLanguage: 'Klingon' })) as { ok: boolean; error?: { kind: string } };
    expect(refused.ok).toBe(false);
    expect(refused.error?.kind).toBe('validation');

    const stored = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')) as { connection: unknown; preferences: unknown };
    expect(stored.preferences).toEqual({ courseLanguage: 'Hindi', meetingPreviewBase: DEFAULT_MEETING_PREVIEW_BASE, theme: 'system', sidebarCollapsed: false });
    expect(stored.connection).toEqual({ kind: 'sandbox' });

    await Promise.all(cores.splice(0).map((c) => c.close()));
    const restarted = await coreIn(dir);
    expect(await restarted('preferences')).toEqual({ ok: true, data: { courseLanguage: 'Hindi', meetingPreviewBase: DEFAULT_MEETING_PREVIEW_BASE, theme: 'system', sidebarCollapsed: false } });
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
});
