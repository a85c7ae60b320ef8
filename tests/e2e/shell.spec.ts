import { expect, test, type Page } from '@playwright/test';
import type { Api } from '../../src/shared/api';
import { SANDBOX_ADMIN, expectAccessible, loginAs } from './helpers';

/**
 * The shell's choices (issue 8): the theme (System, Light or Dark) and the collapsed sidebar, both kept by
 * main in its settings and so the same after a reload. The walk puts both back as it found them.
 */
type WithApi = { api: Api };

/** The provider's page background: Fluent's light and dark themes differ there. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.querySelector('.fui-FluentProvider')!).getPropertyValue('--colorNeutralBackground1').trim());
const LIGHT = '#ffffff';
const DARK = '#292929';

async function chooseTheme(page: Page, name: 'System' | 'Light' | 'Dark'): Promise<void> {
  await page.getByRole('button', { name: /^Theme: / }).click();
  await page.getByRole('menuitemradio', { name }).click();
  await expect(page.getByRole('button', { name: `Theme: ${name}` })).toBeVisible();
}

test.afterEach(async ({ page }) => {
  await page.evaluate(() => (globalThis as unknown as WithApi).api.settings.setPreferences({ theme: 'system', sidebarCollapsed: false }));
});

test('theme: System follows the OS live, Light and Dark are kept across a reload', async ({ page }) => {
  await loginAs(page, SANDBOX_ADMIN.email, SANDBOX_ADMIN.password);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.getByRole('button', { name: 'Theme: System' })).toBeVisible();
  await expect.poll(() => background(page)).toBe(LIGHT);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => background(page)).toBe(DARK);

  // Light whatever the OS says; kept after a reload.
  await page.getByRole('button', { name: /^Theme: / }).click();
  await expect(page.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
  await expectAccessible(page, 'the theme menu');
  await page.screenshot({ path: test.info().outputPath('theme-menu-dark.png') });
  await page.keyboard.press('Escape');
  await chooseTheme(page, 'Light');
  await expect.poll(() => background(page)).toBe(LIGHT);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Theme: Light' })).toBeVisible();
  await expect.poll(() => background(page)).toBe(LIGHT);

  // Dark on a light OS.
  await page.emulateMedia({ colorScheme: 'light' });
  await chooseTheme(page, 'Dark');
  await expect.poll(() => background(page)).toBe(DARK);
  await page.reload();
  await expect.poll(() => background(page)).toBe(DARK);
  await chooseTheme(page, 'System');
  await expect.poll(() => background(page)).toBe(LIGHT);
});

test('the sidebar collapses to icons with names, by keyboard, and stays so after a reload', async ({ page }) => {
  await loginAs(page, SANDBOX_ADMIN.email, SANDBOX_ADMIN.password);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const toggle = nav.getByRole('button', { name: 'Collapse the sidebar' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const expand = nav.getByRole('button', { name: 'Expand the sidebar' });
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  // Icons only, each link still named; the main area is wider.
  await expect(nav.getByText('Question Bank', { exact: true })).toHaveCount(0);
  const width = async () => (await nav.boundingBox())!.width;
  expect(await width()).toBeLessThan(80);
  await nav.getByRole('link', { name: 'Admins' }).click();
  await expect(page.getByRole('heading', { name: 'Admins', level: 1 })).toBeVisible();
  await expectAccessible(page, 'the collapsed sidebar');
  await page.screenshot({ path: test.info().outputPath('collapsed-light.png') });

  await page.reload();
  await expect(nav.getByRole('button', { name: 'Expand the sidebar' })).toBeVisible();
  expect(await width()).toBeLessThan(80);
  await nav.getByRole('button', { name: 'Expand the sidebar' }).click();
  await expect(nav.getByText('Question Bank', { exact: true })).toBeVisible();
  expect(await width()).toBeGreaterThan(200);
});
