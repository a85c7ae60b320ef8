import { useSyncExternalStore } from 'react';
import { webDarkTheme, webLightTheme, type Theme } from '@fluentui/react-components';
import type { ThemeChoice } from '../../shared/schemas/settings';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const prefersDark = (): boolean => window.matchMedia(QUERY).matches;

/**
 * Fonts for the spec's Indian languages after Fluent's own: Windows and macOS find their system fonts for
 * these scripts anyway; elsewhere (Linux) the font matcher left some scripts as boxes until named.
 */
const INDIC_FONTS = ['Noto Sans', 'Noto Sans Devanagari', 'Noto Sans Bengali', 'Noto Sans Tamil', 'Noto Sans Telugu', 'Noto Sans Kannada', 'Noto Sans Malayalam', 'Noto Sans Gujarati', 'Noto Sans Gurmukhi', 'Noto Sans Oriya']
  .map((name) => `'${name}'`)
  .join(', ');
const withIndicFonts = (theme: Theme): Theme => ({ ...theme, fontFamilyBase: theme.fontFamilyBase.replace(/,\s*sans-serif\s*$/, `, ${INDIC_FONTS}, sans-serif`) });
const LIGHT = withIndicFonts(webLightTheme);
const DARK = withIndicFonts(webDarkTheme);

/** The theme for a choice: 'system' follows the OS colour scheme live (no reload). */
export function useAppTheme(choice: ThemeChoice): { theme: Theme; dark: boolean } {
  const osDark = useSyncExternalStore(subscribe, prefersDark, () => false);
  const dark = choice === 'dark' || (choice === 'system' && osDark);
  return { theme: dark ? DARK : LIGHT, dark };
}
