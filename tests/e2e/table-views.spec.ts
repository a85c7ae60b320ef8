import { readFileSync } from 'node:fs';
import { format } from 'date-fns';
import { expect, test, type Page } from './walk';
import type { Api } from '../../src/shared/api';
import { expectAccessible, exportedPath, lastShownInFolder, tableRows, toast, signedIn } from './helpers';

/**
 * A table's view: columns hidden and resized, compact rows, sort, search and page size are
 * kept by main and back after a reload; Reset view forgets them; Export CSV saves what the view
 * selects (all pages, in its order) through the save dialog's stand-in.
 */

const QB = 'Question Bank';
const header = (page: Page, name: string) => page.getByRole('table', { name: QB }).getByRole('columnheader', { name, exact: true });
/** Rows of questions (not the one-cell Loading or empty row). */
const questionRows = (page: Page) => tableRows(page, QB).filter({ has: page.locator('td + td') });
const rowHeight = (page: Page) => questionRows(page).first().evaluate((tr) => Math.round(tr.getBoundingClientRect().height));
const columnWidth = (page: Page, name: string) => header(page, name).evaluate((th) => Math.round(th.getBoundingClientRect().width));

/** The views main keeps (the screen saves a change after a short delay). */
const keptViews = (page: Page) =>
  page.evaluate(async () => {
    const answer = await (globalThis as unknown as { api: Api }).api.settings.preferences({});
    if (!answer.ok) throw new Error(answer.error.message);
    return Object.values(answer.data.tables);
  });

async function openQuestionBank(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: QB }).click();
  await expect(questionRows(page).first()).toBeVisible();
}

test('columns, widths, density, sort, search and page size are kept across a reload; Reset view; Export CSV', async ({ page }) => {
  // Wide enough for every column of the question bank beside the selection's check boxes.
  await page.setViewportSize({ width: 1600, height: 900 });
  await signedIn(page);
  await openQuestionBank(page);
  expect(await rowHeight(page)).toBe(44);

  // Hide a column and choose compact rows, in the View menu (by keyboard).
  await page.getByRole('button', { name: 'View' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Options count' })).toHaveAttribute('aria-checked', 'true');
  await expectAccessible(page, 'the View menu');
  await menu.getByRole('menuitemcheckbox', { name: 'Options count' }).click();
  await menu.getByRole('menuitemradio', { name: 'Compact' }).click();
  await page.keyboard.press('Escape');
  await expect(header(page, 'Options count')).toHaveCount(0);
  expect(await rowHeight(page)).toBe(32);

  // The header row is one tab stop on the way from the search to the rows; Down from the search jumps
  // straight to the current row.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.focus();
  const stops: string[] = [];
  for (let i = 0; i < 30 && stops.at(-1) !== 'TR'; i++) {
    await page.keyboard.press('Tab');
    stops.push(await page.evaluate(() => (document.activeElement?.closest('thead') ? (document.activeElement.getAttribute('type') === 'checkbox' ? 'BOX' : 'TH') : (document.activeElement?.tagName ?? ''))));
  }
  expect(stops.at(-1)).toBe('TR');
  expect(stops.filter((s) => s === 'TH')).toHaveLength(1);
  // The selection's "Select all rows on this page" box is a stop of its own, before the headers.
  expect(stops.filter((s) => s === 'BOX')).toHaveLength(1);
  await search.focus();
  await page.keyboard.press('ArrowDown');
  await expect(questionRows(page).first()).toBeFocused();

  // Widen the Question column from the keyboard: Right moves along the headers, Shift+Right widens.
  const before = await columnWidth(page, 'Question');
  await header(page, 'ID').getByRole('button').focus();
  await page.keyboard.press('ArrowRight');
  await expect(header(page, 'Language').getByRole('button')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(header(page, 'Question').getByRole('button')).toBeFocused();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => columnWidth(page, 'Question')).toBeGreaterThanOrEqual(before + 60);
  await expect(header(page, 'Question')).toHaveAttribute('aria-sort', 'none');
  const widened = await columnWidth(page, 'Question');

  // Sort by ID descending, search, 50 a page.
  await expect(async () => {
    await header(page, 'ID').getByRole('button').click();
    await expect(header(page, 'ID')).toHaveAttribute('aria-sort', 'descending', { timeout: 500 });
  }).toPass();
  await page.getByRole('searchbox', { name: 'Search' }).fill('English');
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('50');
  await expect(page.getByText(/^1–50 of \d+ \(filtered from \d+\) records$/)).toBeVisible();
  const firstIds = await questionRows(page).locator('td:nth-child(2)').allInnerTexts();

  // After a reload (the app starts again from main's settings) the view is as it was left, once main has it.
  await expect.poll(async () => (await keptViews(page)).some((view) => view.search === 'English' && view.pageSize === 50 && view.sort?.desc === true)).toBe(true);
  await page.reload();
  await expect(questionRows(page).first()).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('English');
  await expect(header(page, 'ID')).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('50');
  await expect(header(page, 'Options count')).toHaveCount(0);
  expect(await rowHeight(page)).toBe(32);
  expect(Math.abs((await columnWidth(page, 'Question')) - widened)).toBeLessThanOrEqual(2);
  expect(await questionRows(page).locator('td:nth-child(2)').allInnerTexts()).toEqual(firstIds);
  await expectAccessible(page, 'the Question Bank with a kept view');

  // Export CSV: every matching row (not only the page's 50), in the view's order, the shown columns only.
  const matching = Number((await page.getByText(/filtered from/).innerText()).match(/of (\d+)/)![1]);
  expect(matching).toBeGreaterThan(50);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = `${QB} ${format(new Date(), 'yyyy-MM-dd')}.csv`;
  await expect(toast(page, `Saved ${file} (${matching} rows).`)).toBeVisible();
  const saved = exportedPath(file);
  // Show in folder on the toast: main's shell in the app; the preview's stand-in records the path.
  await page.locator('.fui-Toast').filter({ hasText: `Saved ${file}` }).getByRole('button', { name: 'Show in folder' }).click();
  await expect.poll(lastShownInFolder).toBe(saved);
  const csv = readFileSync(saved, 'utf8');
  expect(csv.slice(0, csv.indexOf('\r\n'))).toBe('\uFEFF"ID","Language","Question","Category","Difficulty","Added On","Updated On"');
  const lines = csv.trimEnd().split('\r\n').slice(1);
  expect(lines).toHaveLength(matching);
  // Every text is quoted (no question text here holds a quote or a line break).
  const cells = (line: string) => line.split('","').map((cell) => cell.replace(/^"|"$/g, ''));
  // (The page's rows in the DOM are the ones in view: the body is virtualised.)
  expect(lines.slice(0, firstIds.length).map((line) => cells(line)[0])).toEqual(firstIds);
  expect(lines.every((line) => cells(line)[1] === 'English')).toBe(true);
  expect(lines[0]).toMatch(/,"\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}","\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}"$/);

  // Reset view: the screen's defaults again, and they stay after a reload.
  await page.getByRole('button', { name: 'View' }).click();
  await page.getByRole('menuitem', { name: 'Reset view' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  await expect(header(page, 'Options count')).toBeVisible();
  expect(await rowHeight(page)).toBe(44);
  await expect.poll(async () => (await keptViews(page)).some((view) => view.search === 'English')).toBe(false);
  await page.reload();
  await expect(questionRows(page).first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('20');
  await expect(header(page, 'ID')).toHaveAttribute('aria-sort', 'none');
});

test('a column is resized by dragging its grip; a double click gives it back its width; the last shown column cannot be hidden', async ({ page }) => {
  await signedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Synonyms' }).click();
  const table = page.getByRole('table', { name: 'Synonyms' });
  await expect(tableRows(page, 'Synonyms').first()).toBeVisible();
  const groups = table.getByRole('columnheader', { name: 'Groups', exact: true });
  const width = () => groups.evaluate((th) => Math.round(th.getBoundingClientRect().width));
  const start = await width();
  const grip = (await table.getByRole('separator', { name: 'Resize Groups' }).boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + 120, grip.y + grip.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(width).toBeGreaterThan(start + 80);
  // A click on the grip does not sort the column.
  await expect(groups).toHaveAttribute('aria-sort', 'none');
  await table.getByRole('separator', { name: 'Resize Groups' }).dblclick();
  await expect.poll(width).toBeLessThan(start + 10);

  await page.getByRole('button', { name: 'View' }).click();
  const menu = page.getByRole('menu');
  const boxes = menu.getByRole('menuitemcheckbox');
  const names = await boxes.allInnerTexts();
  for (const name of names.slice(1)) await menu.getByRole('menuitemcheckbox', { name, exact: true }).click();
  await expect(menu.getByRole('menuitemcheckbox', { name: names[0]!, exact: true })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: names[0]!, exact: true })).toBeVisible();
  // Row actions are never hidden.
  await expect(table.getByRole('columnheader', { name: 'Edit', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'View' }).click();
  await page.getByRole('menuitem', { name: 'Reset view' }).click();
});
