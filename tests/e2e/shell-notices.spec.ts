/**
 * What the shell's tools change on a screen is said, and can be taken back: Find anything sets a screen's
 * search to show the record it opens (the search it replaced is named, and put back on request), and
 * shows a course of another language in its language for the visit; a History link opens a folder's
 * change in its folder; a History filter kept from the last visit is shown with how many rows it leaves,
 * and Clear filters; Check this server's report is copied or saved as a file.
 */
import { expect, test } from './walk';
import { readFileSync } from 'node:fs';
import { createAccount, expectAccessible, exportedPath, hostSignedIn, signedIn, tableRows, toast } from './helpers';
import { createCourse, createFolder, rememberLanguage } from './course-fixtures';
import { shotsAtSizes } from './shots-sizes';

test('find anything says it replaced the search of the screen it opens, and puts it back', async ({ page }) => {
  await signedIn(page, '/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('nobody by this name');
  const noMatch = page.getByRole('table', { name: 'Users' }).getByText('No records match the search or filters.');
  await expect(noMatch).toBeVisible();

  // A seeded learner by mobile, opened from Find anything on the screen already shown.
  await page.keyboard.press('Control+p');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('combobox', { name: 'Command' })).toBeFocused();
  await page.keyboard.type('98200123');
  await expect(palette.getByRole('option', { name: /9820012345/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(search).toHaveValue('9820012345');
  const notice = page.getByRole('group', { name: 'Search set to show a record' });
  await expect(notice).toContainText('The search is set to "9820012345" to show the record you opened; it replaced your search "nobody by this name".');
  await expectAccessible(page, 'Users with the search Find anything set');
  await shotsAtSizes(page, 'find-anything-replaced-search');

  await notice.getByRole('button', { name: 'Put back the previous search' }).click();
  await expect(search).toHaveValue('nobody by this name');
  await expect(notice).toHaveCount(0);
  await expect(noMatch).toBeVisible();
});

test('find anything opens a course of another language than the remembered one in its language for this visit, and says so', async ({ page, request }) => {
  await hostSignedIn();
  const course = await createCourse(request, { language: 'Hindi' });
  await rememberLanguage('English');
  await signedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
  const language = page.getByRole('combobox', { name: 'Language' });
  await expect(language).toHaveValue('English');

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await page.keyboard.type(course.name);
  const found = palette.getByRole('option', { name: new RegExp(course.name) });
  await expect(found).toContainText('Courses');
  await found.click();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(course.name);
  const row = tableRows(page, 'Courses').filter({ hasText: course.name });
  await expect(row).toBeFocused();
  await expect(language).toHaveValue('Hindi');
  const notice = page.getByRole('group', { name: 'Search set to show a record' });
  await expect(notice).toContainText(`The search is set to "${course.name}" to show the record you opened. The course is in Hindi: courses in Hindi show for this visit; English stays your language for the Course list.`);
  await expectAccessible(page, 'Courses showing an opened course of another language');
  await shotsAtSizes(page, 'courses-opened-other-language');

  // Choosing a language ends the visit's: English again, and the course is not in it.
  await language.selectOption('English');
  await expect(row).toHaveCount(0);
  await expect(notice).toHaveText(/^The search is set to "[^"]+" to show the record you opened\.\s*Clear the search$/);
  await rememberLanguage(null);
});

test("a History link of a folder's change opens its folder in the directory, the folder selected", async ({ page, request }) => {
  await hostSignedIn();
  await rememberLanguage(null);
  const course = await createCourse(request);
  const module = await createFolder(course._id, '');
  const topic = await createFolder(course._id, module._id);
  await signedIn(page, `/directory/${course._id}/${module._id}`);
  await tableRows(page, module.title).getByRole('button', { name: `Edit ${topic.title}` }).click();
  const update = page.getByRole('dialog', { name: 'Update Folder' });
  const renamed = `${topic.title} renamed`;
  await update.getByLabel('Name').fill(renamed);
  await update.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Document has been Updated')).toBeVisible();

  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('table', { name: 'History' })).toHaveAttribute('aria-busy', 'false');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(renamed);
  const entry = tableRows(page, 'History').filter({ hasText: renamed });
  await expect(entry).toContainText('Directory');
  await entry.getByRole('button', { name: renamed, exact: true }).click();
  await expect(page.getByRole('heading', { name: module.title, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/directory/${course._id}/${module._id}$`));
  await expect(search).toHaveValue(renamed);
  await expect(tableRows(page, module.title).filter({ hasText: renamed })).toBeFocused();
  await shotsAtSizes(page, 'history-link-directory');
});

test('history shows a filter kept from the last visit, with how many rows it leaves, and clears it', async ({ page }) => {
  await createAccount(page);
  await signedIn(page, '/history');
  const table = page.getByRole('table', { name: 'History' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const screen = page.getByRole('combobox', { name: 'Screen' });
  await screen.selectOption('Admins');
  const notice = page.getByRole('group', { name: 'Filters applied' });
  await expect(notice).toContainText(/^Filtered by Screen: Admins\. [\d,]+ of [\d,]+ shown\./);

  // Away and back: the filter is kept, and said.
  await page.getByRole('link', { name: 'Admins' }).click();
  await expect(page.getByRole('heading', { name: 'Admins', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  await expect(screen).toHaveValue('Admins');
  await expect(notice).toContainText(/^Filtered by Screen: Admins\./);
  await expectAccessible(page, 'History with a kept filter');
  await shotsAtSizes(page, 'history-kept-filter');

  await notice.getByRole('button', { name: 'Clear filters' }).click();
  await expect(notice).toHaveCount(0);
  await expect(screen).toHaveValue('');
});

test('check this server: the report is copied and saved as a file, each said in the dialog', async ({ page }) => {
  await signedIn(page);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Check this server');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Check this server' });
  const report = dialog.getByLabel('Report');
  await expect(report).toBeVisible({ timeout: 60_000 });
  const text = await report.innerText();
  await dialog.getByRole('button', { name: 'Copy report' }).click();
  await expect(dialog.getByRole('status')).toHaveText('The report is copied.');
  await dialog.getByRole('button', { name: 'Save report…' }).click();
  const name = `server-check-${new Date().toISOString().slice(0, 10)}.txt`;
  await expect(dialog.getByRole('status')).toHaveText(`Saved as ${name}.`);
  expect(readFileSync(exportedPath(name), 'utf8').trim()).toBe(text.trim());
  await expect(dialog.getByRole('button', { name: 'Show in folder' })).toBeVisible();
  await expectAccessible(page, 'Check this server with its report saved');
  await shotsAtSizes(page, 'check-server-saved');
});
