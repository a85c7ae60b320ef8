import { expect, test, type Locator, type Page } from './walk';
import { signedIn } from './helpers';
import { makeVideo, queueDrop } from './library-fixtures';

/**
 * Dropping a file on a file field. The page hands the dropped File to window.files.grantDropped and
 * never sees a path: in the desktop app the preload resolves it, in the preview the host's stand-in
 * supplies the file the test queued (its name must match the dropped one).
 */
async function dropOn(page: Page, target: Locator, name: string): Promise<void> {
  const transfer = await page.evaluateHandle((fileName) => {
    const data = new DataTransfer();
    data.items.add(new File(['not the real bytes'], fileName, { type: 'video/mp4' }));
    return data;
  }, name);
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}

test.beforeEach(async ({ page }) => {
  await signedIn(page);
  await page.getByRole('link', { name: 'Video Library' }).click();
  await page.getByRole('button', { name: 'Add File' }).click();
});

test('a dropped video is granted in main and its duration read from the file', async ({ page, request }) => {
  const dialog = page.getByRole('dialog', { name: 'Add File' });
  await dialog.getByRole('combobox', { name: 'File type', exact: true }).selectOption('video');
  const video = makeVideo(3);
  const name = video.split('/').at(-1)!;
  await queueDrop(request, video);
  await dropOn(page, dialog.getByText('Drop an audio, video or other file here, or choose one'), name);
  await expect(dialog.getByText(name, { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Seconds')).toHaveValue('3');
});

test('a dropped item that is not a file on disk is refused with a clear message', async ({ page }) => {
  const dialog = page.getByRole('dialog', { name: 'Add File' });
  await dialog.getByRole('combobox', { name: 'File type', exact: true }).selectOption('video');
  // Nothing queued: like a File the page made itself, it has no path.
  await dropOn(page, dialog.getByText('Drop an audio, video or other file here, or choose one'), 'made-up.mp4');
  await expect(dialog.getByRole('alert').filter({ hasText: 'This item is not a file on this computer.' })).toBeVisible();
});

test('a video dropped on the thumbnail is refused at once, with what to choose, and the field stays empty', async ({ page, request }) => {
  const dialog = page.getByRole('dialog', { name: 'Add File' });
  await dialog.getByRole('combobox', { name: 'File type', exact: true }).selectOption('video');
  const video = makeVideo(1);
  const name = video.split('/').at(-1)!;
  await queueDrop(request, video);
  await dropOn(page, dialog.getByText(/^Drop an image here or choose one/), name);
  await expect(dialog.getByRole('alert').filter({ hasText: /^Choose an image/ })).toHaveText('Choose an image: a png, jpg, jpeg, webp or gif file.');
  await expect(dialog.getByText(name, { exact: true })).toHaveCount(0);
});
