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
/**
 * Links in the dark theme one step lighter on Fluent's brand ramp (120, 130 on hover): the default (100,
 * #479ef5) reaches only 3.87:1 on a hovered table row and its hover colour 4.48:1, under WCAG's 4.5:1.
 */
const DARK = withIndicFonts({
  ...webDarkTheme,
  colorBrandForegroundLink: '#77b7f7',
  colorBrandForegroundLinkHover: '#8ac2f8',
  colorBrandForegroundLinkPressed: '#77b7f7',
  colorBrandForegroundLinkSelected: '#77b7f7',
});

/** The theme for a choice: 'system' follows the OS colour scheme live (no reload). */
export function useAppTheme(choice: ThemeChoice): { theme: Theme; dark: boolean } {
  const osDark = useSyncExternalStore(subscribe, prefersDark, () => false);
  const dark = choice === 'dark' || (choice === 'system' && osDark);
  return { theme: dark ? DARK : LIGHT, dark };
}
