import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { PreferencesSchema, type Preferences } from '../../shared/schemas/settings';
import { callKey } from './calls';
import { changePreferences } from './preferences';

// The page's copy of the preferences while writes are on their way. The stand-in for main keeps them
// as main does (each write applied when it arrives, its answer main's state after it) and answers
// when the test says: the page cannot import main, whose own writes are tested beside it.

function setUp() {
  let kept = v.parse(PreferencesSchema, {});
  const answers: (() => void)[] = [];
  const write = (patch: Partial<Preferences>) => {
    kept = { ...kept, ...patch };
    const answer = kept;
    return new Promise<{ ok: true; data: Preferences }>((resolve) => answers.push(() => resolve({ ok: true, data: answer })));
  };
  const client = new QueryClient();
  client.setQueryData(callKey('settings.preferences'), kept);
  const shown: Preferences[] = [];
  client.getQueryCache().subscribe(() => shown.push(client.getQueryData<Preferences>(callKey('settings.preferences'))!));
  const change = (patch: Partial<Preferences>) => changePreferences(client, (old) => ({ ...old, ...patch }), () => write(patch));
  /** Main's next answer reaches the page. */
  const answerNext = async () => {
    answers.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { client, change, answerNext, shown, kept: () => kept };
}

describe('preferences written while others are on their way', () => {
  it('an older answer does not take a newer change back off the screen', async () => {
    const { client, change, answerNext, shown, kept } = setUp();
    change({ theme: 'dark' });
    change({ sidebarCollapsed: true });
    const since = shown.length;
    await answerNext();
    // The first answer (main's state before the second write) is not shown.
    await answerNext();
    const after = shown.slice(since - 1);
    expect(after.length).toBeGreaterThan(1);
    expect(after.every((prefs) => prefs.sidebarCollapsed && prefs.theme === 'dark')).toBe(true);
    expect(client.getQueryData(callKey('settings.preferences'))).toEqual(kept());
    expect(kept()).toMatchObject({ theme: 'dark', sidebarCollapsed: true });
  });

  it('the answer to the newest write is shown, whatever came before', async () => {
    const { client, change, answerNext } = setUp();
    change({ theme: 'dark' });
    await answerNext();
    expect(client.getQueryData<Preferences>(callKey('settings.preferences'))?.theme).toBe('dark');
    change({ theme: 'light' });
    change({ courseLanguage: 'Hindi' });
    await answerNext();
    await answerNext();
    expect(client.getQueryData<Preferences>(callKey('settings.preferences'))).toMatchObject({ theme: 'light', courseLanguage: 'Hindi' });
  });
});
