import { expect, test, type Page } from './walk';
import type { PreviewServer } from 'vite';
import { serveFixtures } from '../components/serve';

/**
 * The kit's grid on its own in Chromium: pinned row actions, the row context menu, Enter and
 * double click, the keyboard's row, tooltips of cut-off cells, sorting by meaning, and the error state.
 */

let base = '';
let server: PreviewServer;
test.beforeAll(async () => {
  ({ url: base, server } = await serveFixtures());
});
test.afterAll(async () => server?.close());

const table = (page: Page) => page.getByRole('table', { name: 'Fixture rows' });
const did = (page: Page) => page.locator('#did');

for (const size of [{ width: 1024, height: 700 }, { width: 1440, height: 900 }]) {
  test(`${size.width} x ${size.height}: the action columns stay at the right edge, reachable without scrolling sideways`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto(`${base}/index.html?rows=30&actions=1&paged=1`);
    const region = page.getByRole('region', { name: 'Fixture rows, scrollable' });
    // The table is wider than the window (a 900px note column) ...
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // ... yet Edit, declared first, and Delete sit inside the visible part, at its right edge.
    const box = (await region.boundingBox())!;
    for (const name of ['Edit Row 1', 'Delete Row 1']) {
      const button = table(page).getByRole('button', { name, exact: true });
      const b = (await button.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
      expect(b.x).toBeGreaterThan(box.x + box.width - 140);
      await button.click();
    }
    await expect(did(page)).toHaveText('delete r1');
    // Scrolled to the far left and the far right, the actions stay where they are.
    const before = (await table(page).getByRole('button', { name: 'Edit Row 3', exact: true }).boundingBox())!;
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const after = (await table(page).getByRole('button', { name: 'Edit Row 3', exact: true }).boundingBox())!;
    expect(Math.abs(after.x - before.x)).toBeLessThan(2);
    const headers = await table(page).locator('thead th').allInnerTexts();
    expect(headers.slice(-2)).toEqual(['Edit', 'Delete']);
  });
}

test('rows: arrow keys, Home/End, PageDown move the focused row; Enter and double click activate; Shift+F10 and right click open the same actions', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(`${base}/index.html?rows=60&actions=1`);
  const row = (n: number) => table(page).locator(`tbody tr[aria-rowindex="${n + 1}"]`);
  // One row is in the tab order: Tab from the search reaches it (after the column filter and the region).
  await row(1).focus();
  await expect(row(1)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(row(2)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(row(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(row(60)).toBeFocused();
  await expect(row(60)).toBeInViewport();
  await page.keyboard.press('Home');
  await expect(row(1)).toBeFocused();
  await page.keyboard.press('PageDown');
  const focusedIndex = Number(await page.evaluate(() => document.activeElement?.getAttribute('aria-rowindex')));
  expect(focusedIndex).toBeGreaterThan(5);
  await expect(page.locator(`tbody tr[aria-rowindex="${focusedIndex}"]`)).toBeInViewport();
  // Only the focused row is tabbable.
  await expect(table(page).locator('tbody tr[tabindex="0"]')).toHaveCount(1);

  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(did(page)).toHaveText('activate r2');
  await row(3).getByRole('cell', { name: 'Row 3', exact: true }).dblclick();
  await expect(did(page)).toHaveText('activate r3');

  // Shift+F10 on row 2: Edit only (row 2 has no Delete).
  await row(2).focus();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: 'Row actions' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText(['Edit']);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  // Right click on row 4: Edit and Delete; choosing one runs it and the row keeps the focus.
  await row(4).getByRole('cell', { name: 'Row 4', exact: true }).click({ button: 'right' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Edit', 'Delete']);
  await menu.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(did(page)).toHaveText('delete r4');
  await expect(row(4)).toBeFocused();
});

test('a cut-off cell shows its full text as a tooltip; a cell that fits has none', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(`${base}/index.html?rows=5&actions=1`);
  await expect(table(page).getByRole('cell', { name: 'Row 1', exact: true })).toBeVisible();
  await page.evaluate(() => {
    // Narrow the note column so its text is cut off.
    const cols = document.querySelectorAll('table col');
    (cols[cols.length - 3] as HTMLElement).style.width = '200px';
  });
  const note = table(page).getByRole('cell', { name: /A long note of row 1 / });
  await note.hover();
  await expect(note).toHaveAttribute('title', 'A long note of row 1 that does not fit into its column and is cut off with an ellipsis at the end');
  const name = table(page).getByRole('cell', { name: 'Row 1', exact: true });
  await name.hover();
  await expect(name).not.toHaveAttribute('title');
});

test('an enum column sorts by meaning: Easy < Medium < Hard', async ({ page }) => {
  await page.goto(`${base}/index.html?rows=6&actions=1`);
  await table(page).getByRole('button', { name: 'Difficulty' }).click();
  const cells = table(page).locator('tbody tr td:nth-child(4)');
  await expect(cells).toHaveText(['Easy', 'Easy', 'Medium', 'Medium', 'Hard', 'Hard']);
  await table(page).getByRole('button', { name: 'Difficulty' }).click();
  await expect(cells).toHaveText(['Hard', 'Hard', 'Medium', 'Medium', 'Easy', 'Easy']);
});

test('a load failure shows its message and no "No ... yet" under it', async ({ page }) => {
  await page.goto(`${base}/index.html?error=1&actions=1`);
  await expect(page.getByText('Cannot reach the server')).toBeVisible();
  await expect(table(page).getByText('Not loaded.')).toBeVisible();
  await expect(page.getByText('No rows yet.')).toHaveCount(0);
});
