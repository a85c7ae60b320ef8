import { expect, test, type APIRequestContext, type Page } from './walk';
import type { Api } from '../../src/shared/api';
import { SANDBOX_ADMIN, THEME_BACKGROUND, expectAccessible, expectTheme, tableRows, themesShown, toast, unique, signedIn, shots } from './helpers';

/**
 * The shell's choices: the theme (System, Light or Dark) and the collapsed sidebar, both kept by
 * main in its settings and so the same after a reload. The walk puts both back as it found them.
 */
type WithApi = { api: Api };

/** The app root's page background: Fluent's light and dark themes differ there. */
const background = async (page: Page) => (await themesShown(page))[0] ?? null;
const LIGHT = THEME_BACKGROUND.light;
const DARK = THEME_BACKGROUND.dark;

async function chooseTheme(page: Page, name: 'System' | 'Light' | 'Dark'): Promise<void> {
  await page.getByRole('button', { name: /^Theme: / }).click();
  await page.getByRole('menuitemradio', { name }).click();
  await expect(page.getByRole('button', { name: `Theme: ${name}` })).toBeVisible();
}

/** Adds a question as the sandbox admin through the server's own HTTP API, not through the app. */
async function addQuestionOnTheServer(page: Page, request: APIRequestContext, question: string): Promise<void> {
  const settings = await page.evaluate(() => (globalThis as unknown as WithApi).api.settings.get({}));
  if (!settings.ok || !settings.data.activeUrl) throw new Error(`no server address: ${JSON.stringify(settings)}`);
  const url = settings.data.activeUrl.replace(/\/$/, '');
  const login = await request.post(`${url}/admin-auth/login`, {
    data: { email: SANDBOX_ADMIN.email, encryptedPassword: `b64:${Buffer.from(SANDBOX_ADMIN.password).toString('base64')}` },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const categories = (await (await request.get(`${url}/question-bank/categories`, { headers })).json()) as { categories: { _id: string }[] };
  const added = await request.post(`${url}/question-bank/questions`, {
    headers,
    data: { question, language: 'English', categoryId: categories.categories[0]!._id, helpText: '', optionFormat: 'radio', difficulty: 'Easy', options: [{ option: 'Yes', isTrue: true }, { option: 'No', isTrue: false }] },
  });
  expect(added.status(), await added.text()).toBe(200);
}

test.afterEach(async ({ page }) => {
  await page.evaluate(() => (globalThis as unknown as WithApi).api.settings.setPreferences({ theme: 'system', sidebarCollapsed: false }));
});

test('theme: System follows the OS live, Light and Dark are kept across a reload', async ({ page }) => {
  await signedIn(page);
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
  // The accessibility check's dark pass waits for the dark theme: on a page forced light it fails.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(expectTheme(page, 'dark', 1_000)).rejects.toThrow('the app draws in the dark theme');
  await expect(expectAccessible(page, 'a page forced light', { themeTimeout: 1_000 })).rejects.toThrow('the app draws in the dark theme');
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
  await signedIn(page);
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

  // A narrow window (1024 x 700) shows icons only, whatever was kept; Expand opens it for the moment.
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(nav.getByRole('button', { name: 'Expand the sidebar' })).toBeVisible();
  expect(await width()).toBeLessThan(80);
  await nav.getByRole('button', { name: 'Expand the sidebar' }).click();
  expect(await width()).toBeGreaterThan(200);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(nav.getByText('Question Bank', { exact: true })).toBeVisible();
});

test('keys: Ctrl+F searches, Ctrl+N adds, F5 reloads the list in place, Ctrl+K jumps and acts, Ctrl+/ lists the keys', async ({ page, request }) => {
  // Change password has no Add and no search: the keys say so.
  await signedIn(page, '/change-password');
  await page.keyboard.press('Control+n');
  await expect(toast(page, 'There is nothing to add on this screen.')).toBeVisible();
  await page.keyboard.press('Control+f');
  await expect(toast(page, 'This screen has no search.')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Question Bank' }).click();
  // The chosen screen takes the focus at its heading (not left on the sidebar entry).
  await expect(page.getByRole('heading', { name: 'Question Bank', level: 1 })).toBeFocused();
  await expect(page).toHaveTitle('Question Bank — Content Console');

  await page.keyboard.press('Control+f');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await expect(search).toBeFocused();

  // A question added behind the app's back (straight to the server, as another admin would) shows after
  // F5, without reloading the page. A change made through the app would refresh the list by itself.
  const word = unique();
  const text = `Added elsewhere ${word}?`;
  await expect(tableRows(page, 'Question Bank').first()).toBeVisible();
  await page.evaluate(() => { (globalThis as unknown as { marker: string }).marker = 'still here'; });
  await addQuestionOnTheServer(page, request, text);
  await search.fill(text);
  await expect(page.getByText('No records match the search or filters.')).toBeVisible();
  await page.getByRole('heading', { name: 'Question Bank', level: 1 }).click();
  await page.keyboard.press('F5');
  await expect(tableRows(page, 'Question Bank').filter({ hasText: text })).toHaveCount(1);
  expect(await page.evaluate(() => (globalThis as unknown as { marker?: string }).marker)).toBe('still here');
  // Ctrl+F into a filled search selects its text, so that typing replaces it.
  await page.keyboard.press('Control+f');
  await expect(search).toBeFocused();
  expect(await search.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0))).toBe(text);
  await page.getByRole('heading', { name: 'Question Bank', level: 1 }).click();

  await page.keyboard.press('Control+n');
  const dialog = page.getByRole('dialog', { name: 'Add Question' });
  await expect(dialog).toBeVisible();
  // A dialog keeps the keys: Ctrl+N again opens nothing more.
  await page.keyboard.press('Control+n');
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The focus is back where Ctrl+N was pressed: the screen, not a sidebar link.
  await expect(page.getByRole('heading', { name: 'Question Bank', level: 1 })).toBeFocused();

  // The palette: a screen by typing, then an action of that screen.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('combobox', { name: 'Command' })).toBeFocused();
  await expectAccessible(page, 'the command palette');
  await page.keyboard.type('quotes');
  await expect(palette.getByRole('option', { name: /Go to Quotes/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Quotes', level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('add quote');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Add Quote' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Add Quote' })).toBeHidden();

  // Find anything (Ctrl+P as well): a learner by mobile opens on Users, searched and its row focused.
  await page.keyboard.press('Control+p');
  await expect(palette.getByRole('combobox', { name: 'Command' })).toBeFocused();
  await page.keyboard.type('98200123');
  const learner = palette.getByRole('option', { name: /9820012345/ });
  await expect(learner).toContainText('Users');
  await expect(learner).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(search).toHaveValue('9820012345');
  await expect(tableRows(page, 'Users').filter({ hasText: '9820012345' })).toBeFocused();
  // A question by a word of it: opened on the Question Bank, its row focused.
  await page.keyboard.press('Control+k');
  await page.keyboard.type(word);
  const question = palette.getByRole('option', { name: new RegExp(word) });
  await expect(question).toContainText('Question Bank');
  await expectAccessible(page, 'the command palette with records');
  await shots(page, 'palette-records');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Question Bank', level: 1 })).toBeVisible();
  await expect(search).toHaveValue(text);
  await expect(tableRows(page, 'Question Bank').filter({ hasText: text })).toBeFocused();
  // With nothing typed, the records chosen lately come first, newest first.
  await page.keyboard.press('Control+k');
  await expect(palette.getByRole('option').nth(0)).toContainText(text);
  await expect(palette.getByRole('option').nth(1)).toContainText('9820012345');
  await shots(page, 'palette-recent');
  await page.keyboard.press('Escape');

  // The list of keys.
  await page.keyboard.press('Control+/');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByRole('row', { name: /Command palette.*Ctrl\+K/ })).toBeVisible();
  await expect(help.getByRole('row', { name: /Reload this list.*F5/ })).toBeVisible();
  // The keys a table's rows answer.
  await expect(help.getByRole('row', { name: "The focused row's actions Shift+F10, Menu key" })).toBeVisible();
  await expect(help.getByRole('row', { name: 'Tick or untick the focused row Space' })).toBeVisible();
  await expect(help.getByRole('row', { name: 'Tick the rows from the last ticked one to the focused one Shift+Space' })).toBeVisible();
  await expect(help.getByRole('row', { name: 'Tick rows while moving up or down Shift+Up, Shift+Down' })).toBeVisible();
  await expect(help.getByRole('row', { name: 'Tick every row of the table Ctrl+A' })).toBeVisible();
  await expect(help.getByRole('row', { name: 'Untick every row (when rows are ticked) Escape' })).toBeVisible();
  await expectAccessible(page, 'the keyboard shortcuts');
  await help.getByRole('button', { name: 'Close' }).click();
  await expect(help).toBeHidden();
});
