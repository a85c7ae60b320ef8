import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Language } from '../../shared/constants';
import type { Result } from '../../shared/result';
import type { Preferences, ThemeChoice } from '../../shared/schemas/settings';
import { DEFAULT_MEETING_PREVIEW_BASE } from '../../shared/schemas/sessions';
import { callKey, callQuery } from './calls';

/** The newest write of the preferences asked of main, of any kind (a choice, a table's view). */
let newestWrite = 0;

/**
 * Shows `change` at once and has main store it with `write`. Main takes the writes in the order they
 * are sent, so the answer to the newest is its state after all of them. An older answer, arriving while
 * a newer change is on its way, would take that change back off the screen: it is not used.
 */
export function changePreferences(client: QueryClient, change: (old: Preferences) => Preferences, write: () => Promise<Result<Preferences>>): void {
  client.setQueryData<Preferences>(callKey('settings.preferences'), (old) => (old ? change(old) : old));
  const thisWrite = ++newestWrite;
  void write().then((result) => {
    if (result.ok && thisWrite === newestWrite) client.setQueryData(callKey('settings.preferences'), result.data);
  });
}

/**
 * Display choices of this computer (the course language, the meeting address of join links, the theme,
 * the sidebar), kept by
 * main in its settings so that they are the same on every screen and after a restart, never in the
 * page's web storage. A choice shows at once; main stores it behind.
 */
export function usePreferences<K extends keyof Preferences>(key: K): { value: Preferences[K] | undefined; ready: boolean; update: (patch: Partial<Preferences>) => void } {
  const client = useQueryClient();
  // Each hook watches its own preference: a table's kept view changing the preferences re-renders no
  // theme or sidebar (the app's root reads the theme).
  const query = useQuery({ ...callQuery('settings.preferences'), staleTime: Infinity, select: (p: Preferences) => p[key] });
  const update = (patch: Partial<Preferences>) =>
    changePreferences(client, (old) => ({ ...old, ...patch }), () => window.api.settings.setPreferences(patch));
  return { value: query.data, ready: !query.isPending, update };
}

export function useCourseLanguage(): { language: Language | null; ready: boolean; setLanguage: (language: Language | null) => void } {
  const { value, ready, update } = usePreferences('courseLanguage');
  return { language: value ?? null, ready, setLanguage: (courseLanguage) => update({ courseLanguage }) };
}

export function useMeetingPreviewBase(): { base: string; setBase: (url: string) => void } {
  const { value, update } = usePreferences('meetingPreviewBase');
  return { base: value ?? DEFAULT_MEETING_PREVIEW_BASE, setBase: (meetingPreviewBase) => update({ meetingPreviewBase }) };
}

export function useThemeChoice(): { choice: ThemeChoice; ready: boolean; setChoice: (theme: ThemeChoice) => void } {
  const { value, ready, update } = usePreferences('theme');
  return { choice: value ?? 'system', ready, setChoice: (theme) => update({ theme }) };
}

export function useSidebarCollapsed(): { collapsed: boolean; setCollapsed: (collapsed: boolean) => void } {
  const { value, update } = usePreferences('sidebarCollapsed');
  return { collapsed: value ?? false, setCollapsed: (sidebarCollapsed) => update({ sidebarCollapsed }) };
}
