import { expect, test, type Page } from './walk';
import { fixturesFor } from '../components/serve';

/** The shared TreeTable on its own in Chromium with 10,000 nodes: expand, collapse, keyboard, virtualisation. */
const base = fixturesFor(test);

const grid = (page: Page) => page.getByRole('treegrid', { name: 'Course tree' });
const row = (page: Page, name: string) => grid(page).getByRole('row', { name: new RegExp(`^(Expand |Collapse )?${name.replaceAll('.', '\\.')} ` ) });
const shown = (page: Page) => page.getByText(/^\d+ rows? shown$/);

test('the chevron expands and collapses a branch; levels and expanded state are exposed', async ({ page }) => {
  await page.goto(`${base()}/index.html?fixture=tree`);
  await expect(shown(page)).toHaveText('100 rows shown');
  await expect(row(page, 'Course 1')).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: 'Expand Course 1', exact: true }).click();
  await expect(shown(page)).toHaveText('109 rows shown');
  await expect(row(page, 'Course 1')).toHaveAttribute('aria-expanded', 'true');
  await expect(row(page, 'Module 1.9')).toHaveAttribute('aria-level', '2');
  await expect(row(page, 'Module 1.9')).toHaveAttribute('aria-posinset', '9');
  await page.getByRole('button', { name: 'Expand Module 1.2', exact: true }).click();
  await expect(row(page, 'Topic 1.2.10')).toHaveAttribute('aria-level', '3');
  await expect(shown(page)).toHaveText('119 rows shown');
  await page.getByRole('button', { name: 'Collapse Course 1', exact: true }).click();
  await expect(shown(page)).toHaveText('100 rows shown');
  await expect(grid(page).getByText('Module 1.1', { exact: true })).toHaveCount(0);
});

test('keyboard: Right opens then enters, Down moves, Left goes to the parent then closes', async ({ page }) => {
  await page.goto(`${base()}/index.html?fixture=tree`);
  await row(page, 'Course 2').focus();
  await page.keyboard.press('ArrowRight');
  await expect(row(page, 'Course 2')).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(row(page, 'Module 2.1')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(row(page, 'Module 2.2')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(row(page, 'Topic 2.2.1')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(row(page, 'Module 2.2')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(row(page, 'Module 2.2')).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowLeft');
  await expect(row(page, 'Course 2')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(row(page, 'Course 2')).toHaveAttribute('aria-expanded', 'false');
  await expect(shown(page)).toHaveText('100 rows shown');
  // End goes to the last line, scrolled into view.
  await page.keyboard.press('End');
  await expect(row(page, 'Course 100')).toBeFocused();
});

test('10,000 nodes expanded: only the lines in view are in the DOM, and the last one is reachable', async ({ page }) => {
  await page.goto(`${base()}/index.html?fixture=tree`);
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect(shown(page)).toHaveText('10000 rows shown');
  expect(await grid(page).locator('tbody tr').count()).toBeLessThan(100);
  await row(page, 'Course 1').focus();
  await page.keyboard.press('End');
  await expect(row(page, 'Topic 100.9.10')).toBeFocused();
  await expect(row(page, 'Topic 100.9.10')).toHaveAttribute('aria-level', '3');
  await page.keyboard.press('Home');
  await expect(row(page, 'Course 1')).toBeFocused();
  await page.getByRole('button', { name: 'Collapse all' }).click();
  await expect(shown(page)).toHaveText('100 rows shown');
});
