import type { Page } from '@playwright/test';
import { expectTheme } from './helpers';

/**
 * With E2E_SHOTS set: the page at 1440 x 900 and 1024 x 700, light and dark, for a person to look at
 * (.tmp/screenshots/<name>-<width>-<theme>.png). The viewport is put back afterwards. Each shot waits for
 * the theme to be drawn, with transitions off: a button caught fading from the other theme's colours is
 * not what a person sees.
 */
export async function shotsAtSizes(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  const before = page.viewportSize();
  const settled = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  for (const [width, height] of [[1440, 900], [1024, 700]] as const) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectTheme(page, colorScheme);
      await page.screenshot({ path: `.tmp/screenshots/${name}-${width}-${colorScheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: null });
  await settled.evaluate((style) => style.parentNode?.removeChild(style));
  if (before) await page.setViewportSize(before);
}
