/**
 * Fixtures of the engagement specs (quotes, daily tips, events, mentors): the Fluent multiselect, the
 * screens' openings, and small images made for the test.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { unique } from './helpers';
import { tempDir } from './library-fixtures';

/** Chooses options of a Fluent multiselect dropdown by their names. */
export async function choose(dialog: Locator, label: string, options: string[]): Promise<void> {
  await dialog.getByRole('combobox', { name: label }).click();
  for (const o of options) await dialog.page().getByRole('listbox').getByRole('option', { name: o, exact: true }).click();
  await dialog.page().keyboard.press('Escape');
}

/** Each engagement screen's route, by its sidebar link (spec 2 section 2). */
const ROUTES = { Quotes: '/quotes', 'Daily Tips': '/daily-tips', Events: '/session', Mentors: '/mentors' } as const;

/** Opens a screen from the sidebar, at the spec's route, and waits for its table to load. */
export async function openScreen(page: Page, link: keyof typeof ROUTES, heading: string, table = heading): Promise<void> {
  await page.getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#${ROUTES[link]}$`));
  await expect(page.getByRole('table', { name: table })).toHaveAttribute('aria-busy', 'false');
}

/** A small real png (a test pattern) made with ffmpeg. */
export function makeImage(name = `image-${unique()}.png`): string {
  const path = join(tempDir(), name);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x160:rate=1', '-frames:v', '1', '-y', path], { stdio: 'pipe' });
  return path;
}

export const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search' });
