import { useSyncExternalStore } from 'react';
import { webDarkTheme, webLightTheme, type Theme } from '@fluentui/react-components';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const prefersDark = (): boolean => window.matchMedia(QUERY).matches;

/** The OS colour scheme, live: switching the OS theme repaints the app without a reload. */
export function useOsTheme(): { theme: Theme; dark: boolean } {
  const dark = useSyncExternalStore(subscribe, prefersDark, () => false);
  return { theme: dark ? webDarkTheme : webLightTheme, dark };
}
