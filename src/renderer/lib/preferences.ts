import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '../../shared/constants';
import type { Preferences, ThemeChoice } from '../../shared/schemas/settings';
import { DEFAULT_MEETING_PREVIEW_BASE } from '../../shared/schemas/sessions';
import { callKey, callQuery } from './calls';

/**
 * Display choices of this computer (the course language, the meeting address of join links, the theme,
 * the sidebar), kept by
 * main in its settings so that they are the same on every screen and after a restart, never in the
 * page's web storage. A choice shows at once; main stores it behind.
 */
function usePreferences(): { preferences: Preferences | undefined; ready: boolean; update: (patch: Partial<Preferences>) => void } {
  const client = useQueryClient();
  const query = useQuery({ ...callQuery('settings.preferences'), staleTime: Infinity });
  const update = (patch: Partial<Preferences>) => {
    client.setQueryData<Preferences>(callKey('settings.preferences'), (old) => (old ? { ...old, ...patch } : old));
    void window.api.settings.setPreferences(patch).then((result) => {
      if (result.ok) client.setQueryData(callKey('settings.preferences'), result.data);
    });
  };
  return { preferences: query.data, ready: !query.isPending, update };
}

export function useCourseLanguage(): { language: Language | null; ready: boolean; setLanguage: (language: Language | null) => void } {
  const { preferences, ready, update } = usePreferences();
  return { language: preferences?.courseLanguage ?? null, ready, setLanguage: (courseLanguage) => update({ courseLanguage }) };
}

export function useMeetingPreviewBase(): { base: string; setBase: (url: string) => void } {
  const { preferences, update } = usePreferences();
  return { base: preferences?.meetingPreviewBase ?? DEFAULT_MEETING_PREVIEW_BASE, setBase: (meetingPreviewBase) => update({ meetingPreviewBase }) };
}

export function useThemeChoice(): { choice: ThemeChoice; ready: boolean; setChoice: (theme: ThemeChoice) => void } {
  const { preferences, ready, update } = usePreferences();
  return { choice: preferences?.theme ?? 'system', ready, setChoice: (theme) => update({ theme }) };
}

export function useSidebarCollapsed(): { collapsed: boolean; setCollapsed: (collapsed: boolean) => void } {
  const { preferences, update } = usePreferences();
  return { collapsed: preferences?.sidebarCollapsed ?? false, setCollapsed: (sidebarCollapsed) => update({ sidebarCollapsed }) };
}
