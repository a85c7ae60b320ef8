import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '../../shared/constants';
import type { Preferences } from '../../shared/schemas/settings';
import { callKey, callQuery } from './calls';

/**
 * The language the course screens show (null: all), kept by main in its settings so that it is the
 * same on every screen and after a restart. The choice shows at once; main stores it behind.
 */
export function useCourseLanguage(): { language: Language | null; ready: boolean; setLanguage: (language: Language | null) => void } {
  const client = useQueryClient();
  const query = useQuery({ ...callQuery('settings.preferences'), staleTime: Infinity });
  const setLanguage = (language: Language | null) => {
    client.setQueryData<Preferences>(callKey('settings.preferences'), (old) => ({ ...old, courseLanguage: language }));
    void window.api.settings.setPreferences({ courseLanguage: language }).then((result) => {
      if (result.ok) client.setQueryData(callKey('settings.preferences'), result.data);
    });
  };
  return { language: query.data?.courseLanguage ?? null, ready: !query.isPending, setLanguage };
}
