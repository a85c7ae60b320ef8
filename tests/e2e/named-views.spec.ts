import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from './walk';
import { BRIDGE_NEXT_PICK_PATH } from '../bridge/protocol';
import { expectAccessible, exportedPath, hostDir, lastShownInFolder, shots, signedIn, tableRows, toast } from './helpers';

/**
 * Named views on the Video Library (its server filters included): save, apply, rename, set as the
 * default and reopen the screen, export as a file (Show in folder) and import it, share as a link and
 * open it (the browser preview's "Open view link" box, and the route a content-console:// link opens),
 * and a bad file or link that changes nothing.
 */

const TABLE = 'Video Library';
const filters = (page: Page) => page.getByRole('form', { name: 'Filters' });
const statusFilter = (page: Page) => filters(page).getByRole('combobox', { name: 'Status', exact: true });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search' });
const questionsHeader = (page: Page) => page.getByRole('table', { name: TABLE }).getByRole('columnheader', { name: 'Questions', exact: true });

async function openLibrary(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: TABLE }).click();
  await expect(tableRows(page, TABLE).first()).toBeVisible();
}

async function viewsMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'Bookmarks' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The view the walk saves: live files only (the server's filter), "a" searched, Questions hidden. */
async function expectTheView(page: Page): Promise<void> {
  await expect(statusFilter(page)).toHaveValue('live');
  await expect(search(page)).toHaveValue('a');
  await expect(questionsHeader(page)).toHaveCount(0);
  for (const row of await tableRows(page, TABLE).filter({ has: page.locator('td + td') }).all()) await expect(row).toContainText('live');
}

async function backToDefaults(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'View', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Reset view' }).click();
  await filters(page).getByRole('button', { name: 'Reset' }).click();
  await expect(statusFilter(page)).toHaveValue('');
  await expect(search(page)).toHaveValue('');
  await expect(questionsHeader(page)).toBeVisible();
}

test('save, apply, rename, set as default, export and import a named view (file and link); bad ones change nothing', async ({ page, request }) => {
  await signedIn(page);
  await openLibrary(page);

  // The view: a server filter, a search, a hidden column (Questions).
  await statusFilter(page).selectOption('live');
  await filters(page).getByRole('button', { name: 'Submit' }).click();
  await search(page).fill('a');
  await page.getByRole('button', { name: 'View', exact: true }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Questions' }).click();
  await page.keyboard.press('Escape');
  await expect(questionsHeader(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Bookmarks' }).click();
  await expect(page.getByRole('menuitem', { name: 'No saved views yet' })).toBeVisible();
  await expectAccessible(page, 'the Bookmarks menu');
  await shots(page, 'bookmarks-menu-empty');
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  const saveDialog = page.getByRole('dialog', { name: 'Save current view' });
  await saveDialog.getByRole('button', { name: 'Save' }).click();
  await expect(saveDialog.getByText('Enter a name for the view.')).toBeVisible();
  await saveDialog.getByRole('textbox', { name: 'Name' }).fill('Live files');
  await expectAccessible(page, 'the Save current view dialog');
  await shots(page, 'bookmarks-save');
  await saveDialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved the view “Live files”.')).toBeVisible();

  // Applied from the menu after the screen went back to its defaults.
  await backToDefaults(page);
  await viewsMenu(page, 'Live files');
  await expectTheView(page);

  // Rename; a taken name is refused.
  await backToDefaults(page);
  await viewsMenu(page, 'Save current view…');
  await saveDialog.getByRole('textbox', { name: 'Name' }).fill('Everything');
  await saveDialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved the view “Everything”.')).toBeVisible();
  await viewsMenu(page, 'Manage views…');
  const manage = page.getByRole('dialog', { name: 'Manage views' });
  await manage.getByRole('button', { name: 'Rename Live files' }).click();
  const newName = manage.getByRole('textbox', { name: 'New name of Live files' });
  await newName.fill('everything');
  await manage.getByRole('button', { name: 'Save name' }).click();
  await expect(manage.getByText('There is already a view named “everything”.')).toBeVisible();
  await newName.fill('Live only');
  await newName.press('Enter');
  await expect(manage.getByRole('listitem').filter({ hasText: 'Live only' })).toBeVisible();

  // Export as a file, through the save dialog's stand-in; Show in folder on its toast.
  await manage.getByRole('button', { name: 'Export file of Live only' }).click();
  const fileName = 'Video Library - Live only.json';
  await expect(manage.getByText(`Saved ${fileName}.`)).toBeVisible();
  const exported = exportedPath(fileName);
  const file = JSON.parse(readFileSync(exported, 'utf8')) as { format: string; screen: string; path: string; view: { name: string; table: { search: string; hidden: string[] }; serverFilters: unknown } };
  expect(file).toMatchObject({ format: 'content-console-view', screen: TABLE, path: '/library', view: { name: 'Live only', table: { search: 'a', hidden: ['questions'] }, serverFilters: { status: 'live' } } });
  await manage.getByRole('button', { name: 'Show in folder' }).click();
  await expect.poll(lastShownInFolder).toBe(exported);

  // The link of the view.
  await manage.getByRole('button', { name: 'Copy link of Live only' }).click();
  const link = await manage.getByRole('textbox', { name: 'Link of Live only' }).inputValue();
  expect(link).toMatch(/^content-console:\/\/view\?d=[A-Za-z0-9_-]+$/);

  // The screen opens with Live only: reopened from another screen, and after a restart.
  await manage.getByRole('radio', { name: 'Live only' }).check();
  await expectAccessible(page, 'the Manage views dialog');
  await shots(page, 'bookmarks-manage');
  // Deleted, said in the dialog with Undo (a toast under the modal could not be reached); undone, deleted again.
  await manage.getByRole('button', { name: 'Delete Everything' }).click();
  const deleted = manage.getByText('Deleted the view “Everything”.');
  await expect(deleted).toBeVisible();
  await expectAccessible(page, 'the Manage views dialog after a delete');
  await shots(page, 'bookmarks-manage-deleted');
  await manage.getByRole('button', { name: 'Undo' }).click();
  await expect(deleted).toHaveCount(0);
  await expect(manage.getByRole('listitem')).toHaveText([/^Live only/, /^Everything/]);
  await manage.getByRole('button', { name: 'Delete Everything' }).click();
  await expect(deleted).toBeVisible();
  await expect(manage.getByRole('listitem')).toHaveText([/^Live only/]);
  await manage.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }).click();
  await expect(page.getByRole('table', { name: 'Resources' })).toBeVisible();
  await openLibrary(page);
  await expectTheView(page);
  await page.reload();
  await expect(tableRows(page, TABLE).first()).toBeVisible();
  await expectTheView(page);

  // Imported from the file: the view it holds is saved already, so it is applied (not copied as "Live only (2)").
  await backToDefaults(page);
  await request.post(BRIDGE_NEXT_PICK_PATH, { data: { path: exported } });
  await viewsMenu(page, 'Import view file…');
  await expect(toast(page, 'Opened the view “Live only”.')).toBeVisible();
  await expectTheView(page);

  // A file that is not a view: a clear message, and the views stay as they were.
  const bad = join(hostDir(), 'not-a-view.json');
  writeFileSync(bad, JSON.stringify({ ...file, view: { ...file.view, table: { ...file.view.table, pageSize: -5 } } }));
  await request.post(BRIDGE_NEXT_PICK_PATH, { data: { path: bad } });
  await viewsMenu(page, 'Import view file…');
  await expect(toast(page, 'The view could not be read: Page size: too small: at least 1.')).toBeVisible();
  // A long name (the most a name takes) is saved too; the menu marks the views the table shows now.
  const longName = `Live files ${'x'.repeat(69)}`;
  expect(longName).toHaveLength(80);
  await viewsMenu(page, 'Save current view…');
  await saveDialog.getByRole('textbox', { name: 'Name' }).fill(longName);
  await saveDialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `Saved the view “${longName}”.`)).toBeVisible();
  await page.getByRole('button', { name: 'Bookmarks' }).click();
  await shots(page, 'bookmarks-menu');
  const items = page.getByRole('menu').getByRole('menuitem');
  await expect(items).toHaveText(['Live onlyApplied, Default', `${longName}Applied`, 'Save current view…', 'Manage views…', 'Import view file…', 'Open view link…']);
  // The long name wraps inside the menu: no item runs past its right edge.
  const menuBox = (await page.getByRole('menu').boundingBox())!;
  for (const item of await items.all()) {
    const box = (await item.boundingBox())!;
    expect(box.x + box.width, await item.innerText()).toBeLessThanOrEqual(menuBox.x + menuBox.width + 1);
  }
  await page.keyboard.press('Escape');
  await backToDefaults(page);
  await page.getByRole('button', { name: 'Bookmarks' }).click();
  await expect(items).toHaveText(['Live onlyDefault', longName, 'Save current view…', 'Manage views…', 'Import view file…', 'Open view link…']);
  await page.keyboard.press('Escape');

  // The link, pasted into the Open view link box (the browser preview's way in); a bad one is refused.
  await backToDefaults(page);
  await viewsMenu(page, 'Open view link…');
  const open = page.getByRole('dialog', { name: 'Open view link' });
  await open.getByRole('textbox', { name: 'View link' }).fill('https://example.com/not-a-view');
  await open.getByRole('button', { name: 'Open' }).click();
  await expect(open.getByText('This is not a view link: a view link starts with content-console://view?d=')).toBeVisible();
  await expectAccessible(page, 'the Open view link dialog');
  await shots(page, 'bookmarks-open-link');
  await open.getByRole('textbox', { name: 'View link' }).fill(link);
  await open.getByRole('button', { name: 'Open' }).click();
  await expect(toast(page, 'Opened the view “Live only”.')).toBeVisible();
  await expectTheView(page);

  // The route main opens a content-console://view link at, from another screen.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }).click();
  await page.evaluate((d) => (location.hash = `#/library?view=${d}`), link.split('?d=')[1]!);
  await expect(toast(page, 'Opened the view “Live only”.')).toBeVisible();
  await expectTheView(page);
  await expect(page).toHaveURL(/#\/library$/);
  // Opened three times, saved once.
  await page.getByRole('button', { name: 'Bookmarks' }).click();
  await expect(items).toHaveText(['Live onlyApplied, Default', `${longName}Applied`, 'Save current view…', 'Manage views…', 'Import view file…', 'Open view link…']);
  await page.keyboard.press('Escape');
});
