import type { Page } from '@playwright/test';

/**
 * With E2E_SHOTS set: the page at 1440 x 900 and 1024 x 700, light and dark, for a person to look at
 * (.tmp/screenshots/<name>-<width>-<theme>.png). The viewport is put back afterwards.
 */
export async function shotsAtSizes(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  const before = page.viewportSize();
  for (const [width, height] of [[1440, 900], [1024, 700]] as const) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `.tmp/screenshots/${name}-${width}-${colorScheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: null });
  if (before) await page.setViewportSize(before);
}
