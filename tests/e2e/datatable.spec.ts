import { expect, test, type Page } from './walk';
import type { PreviewServer } from 'vite';
import { serveFixtures } from '../components/serve';

/** The shared DataTable on its own in Chromium: reorder mode, virtualised rows, search and filters. */
/**
 * Moves the picked-up row down until dnd-kit announces it is over `id`. A key press that lands before
 * the keyboard sensor is ready moves nothing, so the press is repeated only while the announcement
 * still names another row.
 */
async function moveDownOver(page: Page, id: string): Promise<void> {
  const announced = page.getByText(new RegExp(`moved over droppable area ${id}\\.`));
  await expect(async () => {
    if ((await announced.count()) === 0) await page.keyboard.press('ArrowDown');
    await expect(announced).toBeAttached({ timeout: 750 });
  }).toPass({ timeout: 10_000 });
}

let base = '';
let server: PreviewServer;
test.beforeAll(async () => {
  ({ url: base, server } = await serveFixtures());
});
test.afterAll(async () => server?.close());

test('reorder mode: drag a row with the keyboard, Save changes hands over the new order and leaves the mode', async ({ page }) => {
  await page.goto(`${base}/index.html?rows=4&reorder=1`);
  const table = page.getByRole('table', { name: 'Fixture rows' });
  await expect(table.getByRole('cell', { name: 'Row 1', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Enable reorder' }).click();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  // Search and filters are off while reordering: the order is the whole list's.
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeDisabled();

  const handle = page.getByRole('button', { name: 'Drag row 1' });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(/moved over droppable area r1\./)).toBeAttached();
  // Each move is announced by dnd-kit's live region; wait for it before the next key.
  await moveDownOver(page, 'r2');
  await moveDownOver(page, 'r3');
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#saved')).toHaveText('r2,r3,r1,r4');
  await expect(page.getByRole('button', { name: 'Enable reorder' })).toBeVisible();
});

test('disabling reorder without saving keeps the old order', async ({ page }) => {
  await page.goto(`${base}/index.html?rows=3&reorder=1`);
  await page.getByRole('button', { name: 'Enable reorder' }).click();
  await page.getByRole('button', { name: 'Drag row 1' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(/moved over droppable area r1\./)).toBeAttached();
  await moveDownOver(page, 'r2');
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Disable reorder' }).click();
  await expect(page.locator('#saved')).toHaveText('');
  const names = await page.getByRole('table', { name: 'Fixture rows' }).locator('tbody tr td:first-child').allInnerTexts();
  expect(names.slice(0, 3)).toEqual(['Row 1', 'Row 2', 'Row 3']);
});

test('100,000 rows: only the visible rows are in the DOM; search and the column filter still find rows', async ({ page }) => {
  await page.goto(`${base}/index.html?rows=100000`);
  const table = page.getByRole('table', { name: 'Fixture rows' });
  await expect(table.getByRole('cell', { name: 'Row 1', exact: true })).toBeVisible();
  expect(await table.locator('tbody tr').count()).toBeLessThan(100);
  // Typing on narrows the last result; a Backspace widens it again.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.pressSequentially('Row 9999');
  await expect(table.locator('tbody tr')).toHaveCount(11); // Row 9999 and Row 99990 to Row 99999
  await search.press('9');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.getByRole('cell', { name: 'Row 99999', exact: true })).toBeVisible();
  await search.press('Backspace');
  await expect(table.locator('tbody tr')).toHaveCount(11);
  await search.fill('Row 99999');
  await expect(table.getByRole('cell', { name: 'Row 99999', exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await page.getByRole('combobox', { name: /Language/ }).selectOption('Tamil');
  await expect(table.getByRole('cell', { name: 'Row 3', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Row 1', exact: true })).toHaveCount(0);
});

test('keyboard moves on a page of 300 rows: End, Home and PageDown bring the row into view below the header, at once', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(`${base}/index.html?rows=300`);
  const table = page.getByRole('table', { name: 'Fixture rows' });
  await expect(page.getByText('1–300 of 300 records')).toBeVisible();
  /** The focused row's name, and whether it lies whole inside the scroller, below the sticky header. */
  const focusedRow = () =>
    page.evaluate(() => {
      const row = document.activeElement?.closest('tbody tr');
      const scroller = row?.closest('[role="region"]');
      const head = scroller?.querySelector('thead');
      if (!row || !scroller || !head) return null;
      const [r, s, h] = [row.getBoundingClientRect(), scroller.getBoundingClientRect(), head.getBoundingClientRect()];
      return { name: row.querySelector('td')?.textContent, whole: r.top >= h.bottom - 1 && r.bottom <= s.bottom + 1 };
    });
  await table.getByRole('cell', { name: 'Row 1', exact: true }).click();
  await page.keyboard.press('End');
  await expect.poll(focusedRow).toEqual({ name: 'Row 300', whole: true });
  // Home straight after End: the view goes back to the first row (End's scroll does not outlive it).
  await page.keyboard.press('Home');
  await expect.poll(focusedRow).toEqual({ name: 'Row 1', whole: true });
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  const down = await focusedRow();
  expect(down?.whole).toBe(true);
  expect(Number(down?.name?.replace('Row ', ''))).toBeGreaterThan(10);
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => (await focusedRow())?.name).toBe(`Row ${Number(down!.name!.replace('Row ', '')) - 1}`);
  await page.keyboard.press('End');
  await expect.poll(focusedRow).toEqual({ name: 'Row 300', whole: true });
  if (process.env.E2E_SHOTS) await page.screenshot({ path: '.tmp/screenshots/datatable-keyboard-end.png' });
});
