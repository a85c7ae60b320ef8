import { expect, test, type Page } from './walk';
import { toast, unique, expectAccessible, signedIn, expectAccessibleStates } from './helpers';
import { createFile, makeVideo } from './library-fixtures';

const currentTime = (page: Page) => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

test('add, edit and delete moments; a moment plays the preview from its time', async ({ page, request }) => {
  await signedIn(page);
  const file = await createFile(request, { video: makeVideo(6) });
  await page.goto(`/#/videomoments?fileId=${encodeURIComponent(file._id)}`);
  await expect(page.getByRole('heading', { name: 'Video Moments', level: 1 })).toBeVisible();
  await expect(page.getByText(`${file.title} (Video Id ${file.fileId})`)).toBeVisible();
  await expect(page.getByText('No moments yet. Add the first one.')).toBeVisible();

  await expectAccessibleStates(page, 'Video Moments');
  await page.getByRole('button', { name: 'Add Moment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Moment' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'Add Moment');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  for (const text of ['Enter a new timestamp!', 'Enter a new description!', 'Enter a new transcript!']) {
    await expect(dialog.getByText(text, { exact: true })).toBeVisible();
  }
  await dialog.getByLabel('Timestamp').fill('3 seconds');
  await expect(dialog.getByText('Use the format HH:mm:ss.')).toBeVisible();
  const description = `Moment ${unique()}`;
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByLabel('Transcript').fill('What is said at three seconds.');
  // The file's duration (6 s) bounds the timestamp.
  await dialog.getByLabel('Timestamp').fill('00:00:09');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('The moment must be within the video (00:00:06).')).toBeVisible();
  await dialog.getByLabel('Timestamp').fill('00:00:03');
  await expect(dialog.getByText('The moment must be within the video (00:00:06).')).toBeHidden();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Moment has been Added')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Clicking the moment plays the preview from its time.
  const header = page.getByRole('button', { name: new RegExp(`00:00:03\\s*${description}`) });
  await header.click();
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(2.9);
  await expect(page.getByText('What is said at three seconds.')).toBeVisible();

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Moment' });
  await expect(edit.getByLabel('Timestamp')).toHaveValue('00:00:03');
  await edit.getByLabel('Description').fill(`${description} edited, ${'with a long account of what happens at this moment '.repeat(4)}`);
  await edit.getByLabel('Timestamp').fill('00:00:01');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Moment has been Updated')).toBeVisible();
  const edited = page.getByRole('button', { name: new RegExp(`00:00:01\\s*${description} edited`) });
  await expect(edited).toBeVisible();
  // Beside a long description the time stays whole inside its pill; the description ends in an ellipsis.
  const time = edited.locator('.fui-Badge');
  expect(await time.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await time.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(50);

  // The moment stays open after the edit.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete moment' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Moment has been Deleted')).toBeVisible();
  await expect(edited).toBeHidden();
  await expect(page.getByText('No moments yet. Add the first one.')).toBeVisible();
});

test('moments without a file say where to open them from', async ({ page }) => {
  await signedIn(page);
  await page.goto('/#/videomoments');
  await expect(page.getByText('Open the moments of a file from the Video Library (Update Moments).')).toBeVisible();
});
