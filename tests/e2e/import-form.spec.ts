/**
 * The Import folder form as a person fills it: a thumbnail that is not a png, jpg or jpeg is refused when
 * it is chosen, beside its field, the one chosen before kept; a file named .png that is not an image
 * is refused at Import by main (the import never starts to wait on a course the server would refuse);
 * each field's message shows once, beside it, and the focus goes to the first; closing a filled form
 * asks first, and what was typed stays when the person keeps editing.
 */
import { expect, test, type Locator, type Page } from './walk';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COURSE_TEXT } from '../../src/shared/course-messages';
import { BRIDGE_NEXT_PICK_PATH } from '../bridge/protocol';
import { IMPORT_TEXT } from '../../src/shared/schemas/course-import';
import { expectAccessible, openSignedIn, signedIn, toast, unique } from './helpers';
import { makeVideo } from './library-fixtures';
import { useStubPlatform } from './platform-stub';
import { shotsAtSizes } from './shots-sizes';

/** A 1 x 1 png. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * Picks `root` for Import folder and fills the form's required fields but the thumbnail (Type, the
 * description, a business idea and a keyword group); returns the dialog, its Import button not pressed.
 */
async function openFilledImport(page: Page, root: string, title: string, description: string): Promise<Locator> {
  expect((await page.request.post(BRIDGE_NEXT_PICK_PATH, { data: { paths: [root] } })).status()).toBe(204);
  await page.getByRole('button', { name: 'Import folder…' }).click();
  const dialog = page.getByRole('dialog', { name: `Import ${title} as a course` });
  await dialog.getByLabel('Type').selectOption('Interview');
  await dialog.getByLabel('Description').fill(description);
  for (const name of ['Business ideas', 'Keyword groups']) {
    await dialog.getByRole('combobox', { name }).click();
    await dialog.getByRole('menuitemcheckbox').first().click();
    await page.keyboard.press('Escape');
  }
  return dialog;
}

test('import folder: a thumbnail that is not an image is refused at once, beside its field; the form keeps what was typed', async ({ page }) => {
  const tag = unique();
  const root = join(mkdtempSync(join(tmpdir(), 'cc-e2e-import-form-')), `Goats ${tag}`);
  mkdirSync(join(root, '1 Basics'), { recursive: true });
  const clip = makeVideo(1, `1 Feeding ${tag}.mp4`, { folder: join(root, '1 Basics') });
  // A video renamed cover.png: by its name the folder's thumbnail, by its content not an image.
  copyFileSync(clip, join(root, 'cover.png'));

  await signedIn(page, '/course');
  await expect(page.getByRole('heading', { name: 'Courses' })).toBeVisible();
  expect((await page.request.post(BRIDGE_NEXT_PICK_PATH, { data: { paths: [root] } })).status()).toBe(204);
  await page.getByRole('button', { name: 'Import folder…' }).click();
  const dialog = page.getByRole('dialog', { name: `Import Goats ${tag} as a course` });
  await expect(dialog.getByRole('status')).toContainText('1 folder and 1 video to import');
  const thumbnail = dialog.locator('.fui-Field').filter({ hasText: 'Thumbnail' });
  await expect(thumbnail).toContainText('cover.png');

  // An .mp4 chosen as the thumbnail: refused at once with the course form's words; cover.png stays.
  expect((await page.request.post(BRIDGE_NEXT_PICK_PATH, { data: { paths: [clip] } })).status()).toBe(204);
  await dialog.getByRole('button', { name: 'Choose…' }).click();
  await expect(thumbnail).toContainText(COURSE_TEXT.thumbnailType);
  await expect(thumbnail).toContainText('cover.png');
  await expect(dialog.getByText(COURSE_TEXT.thumbnailType)).toHaveCount(1);

  // Import with fields left empty: each message once, beside its field; the focus on the first.
  await dialog.getByLabel('Description').fill('Typed before the mistake.');
  await dialog.getByRole('button', { name: 'Import 1 video' }).click();
  await expect(dialog.getByText('Please select video type')).toHaveCount(1);
  await expect(dialog.getByText(COURSE_TEXT.thumbnailType)).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Choose…' })).toBeFocused();
  await expectAccessible(page, 'Import folder form with its errors');
  await shotsAtSizes(page, 'import-form-errors');

  // The thumbnail error goes with a good choice (a real png) ...
  const png = join(root, '..', `real ${tag}.png`);
  writeFileSync(png, Buffer.from(PNG_1X1, 'base64'));
  expect((await page.request.post(BRIDGE_NEXT_PICK_PATH, { data: { paths: [png] } })).status()).toBe(204);
  await dialog.getByRole('button', { name: 'Choose…' }).click();
  await expect(thumbnail).toContainText(`real ${tag}.png`);
  await expect(dialog.getByText(COURSE_TEXT.thumbnailType)).toHaveCount(0);

  // Escape and Cancel on a filled form ask first; keeping on editing keeps what was typed.
  await page.keyboard.press('Escape');
  const guard = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(guard).toBeVisible();
  await guard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Description')).toHaveValue('Typed before the mistake.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(guard).toBeVisible();
  await guard.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
});

test('import folder: a thumbnail named .png that is not an image is refused at Import, and no import starts', async ({ page }) => {
  const tag = unique();
  const root = join(mkdtempSync(join(tmpdir(), 'cc-e2e-import-form-')), `Sheep ${tag}`);
  mkdirSync(join(root, '1 Basics'), { recursive: true });
  const clip = makeVideo(1, `1 Shearing ${tag}.mp4`, { folder: join(root, '1 Basics') });
  copyFileSync(clip, join(root, 'cover.png'));

  await signedIn(page, '/course');
  const dialog = await openFilledImport(page, root, `Sheep ${tag}`, 'Shearing season.');
  await dialog.getByRole('button', { name: 'Import 1 video' }).click();
  const thumbnail = dialog.locator('.fui-Field').filter({ hasText: 'Thumbnail' });
  await expect(thumbnail).toContainText(COURSE_TEXT.thumbnailType);
  await expect(dialog.getByRole('button', { name: 'Choose…' })).toBeFocused();
  // Still the form, with what was typed; nothing runs.
  await expect(dialog.getByLabel('Description')).toHaveValue('Shearing season.');
  await expect(page.getByRole('button', { name: /Import (running|waiting): show/ })).toHaveCount(0);
});

test.describe('a refusal of the server', () => {
  let restoreStub: (() => Promise<void>) | undefined;
  test.afterEach(async () => {
    await restoreStub?.();
    restoreStub = undefined;
  });

  test("import folder: the server refuses the course; its message shows as an error toast when the import ends, and in the summary", async ({ page }) => {
    const tag = unique();
    const root = join(mkdtempSync(join(tmpdir(), 'cc-e2e-import-form-')), `Bees ${tag}`);
    mkdirSync(join(root, '1 Basics'), { recursive: true });
    makeVideo(1, `1 Hives ${tag}.mp4`, { folder: join(root, '1 Basics') });
    writeFileSync(join(root, 'cover.png'), Buffer.from(PNG_1X1, 'base64'));
    const refusal = `A course named Bees ${tag} cannot be made now.`;

    // A platform with the demo's business ideas and keyword groups, that refuses every new course.
    restoreStub = await useStubPlatform((method, path) =>
      method === 'POST' && path === '/video-repository/course' ? { status: 400, body: JSON.stringify({ error: true, errorMessage: refusal }) } : undefined,
    );
    await openSignedIn(page, '/course');
    await expect(page.getByRole('heading', { name: 'Courses' })).toBeVisible();
    const dialog = await openFilledImport(page, root, `Bees ${tag}`, 'Keeping bees.');
    await dialog.getByRole('button', { name: 'Import 1 video' }).click();
    // Main stops the import at once (the same course would be refused again); the shell says why in a toast.
    const said = IMPORT_TEXT.courseRefused(refusal);
    await expect(toast(page, said)).toBeVisible();
    const summary = page.getByRole('dialog', { name: 'Import stopped' });
    await expect(summary).toContainText(said);
    await expectAccessible(page, 'Import stopped by a refused course');
  });
});
