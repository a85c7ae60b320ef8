import { expect, test, type Locator, type Page } from './walk';
import { shotsAtSizes } from './shots-sizes';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Api } from '../../src/shared/api';
import * as v from 'valibot';
import { LibraryFileFormSchema, libraryFormOf, libraryPayloadOf } from '../../src/shared/schemas/library';
import { colleagueSaves, shots, tableRows, toast, unique, expectAccessible, signedIn, hostSignedIn, expectAccessibleStates, expectNoRows } from './helpers';
import { createFile, makeLargeFile, makeVideo, queuePick } from './library-fixtures';
import { hostApi } from './host-api';

type WithApi = { api: Api };
const TABLE = 'Video Library';
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search' });

async function openLibrary(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Video Library' }).click();
  await expect(page.getByRole('heading', { name: 'Video Library', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: TABLE })).toHaveAttribute('aria-busy', 'false');
}

/** Chooses options of a Fluent multiselect dropdown. */
async function choose(dialog: Locator, label: string, options: string[]): Promise<void> {
  await dialog.getByRole('combobox', { name: label }).click();
  for (const o of options) await dialog.page().getByRole('listbox').getByRole('option', { name: o, exact: true }).click();
  await dialog.page().keyboard.press('Escape');
}

/** Fills the fields every file needs (not the URL, type or duration). */
async function fillCommon(dialog: Locator, title: string): Promise<void> {
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('A file added by an end-to-end test.');
  await dialog.getByRole('combobox', { name: 'Type', exact: true }).selectOption('Interview');
  await dialog.getByRole('combobox', { name: 'Level', exact: true }).selectOption('3');
  await dialog.getByRole('button', { name: 'Select All', exact: true }).click();
  await choose(dialog, 'Keyword groups', ['dairy']);
}

// Wide enough for every column of the library (a narrower window hides some to fit: see below).
test.use({ viewport: { width: 1920, height: 1080 } });

// The host signed in; each walk loads the app on the Video Library once what it starts from is made.
test.beforeEach(async () => {
  await hostSignedIn();
});

async function startOnLibrary(page: Page): Promise<void> {
  await signedIn(page);
  await openLibrary(page);
}

test('filter by status and language on the server, then reset to the full list', async ({ page }) => {
  await startOnLibrary(page);
  const rows = tableRows(page, TABLE);
  await expect(rows.first()).toBeVisible();
  await expectAccessibleStates(page, 'Video Library', TABLE);
  const all = await page.evaluate(async () => {
    const r = await (globalThis as unknown as WithApi).api.library.mediaList();
    return r.ok ? r.data : [];
  });
  const expected = all.filter((f) => f.status === 'live' && f.language === 'Hindi');
  expect(expected.length).toBeGreaterThan(0);

  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByRole('combobox', { name: 'Status', exact: true }).selectOption('live');
  await filters.getByRole('combobox', { name: 'Language', exact: true }).selectOption('Hindi');
  await filters.getByRole('button', { name: 'Submit' }).click();
  await expect(rows).toHaveCount(expected.length);
  for (const row of await rows.all()) {
    await expect(row).toContainText('live');
    await expect(row).toContainText('Hindi');
  }

  await filters.getByRole('combobox', { name: 'Level', exact: true }).selectOption('7');
  await filters.getByRole('combobox', { name: 'Type', exact: true }).selectOption('Interview');
  await filters.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('No file matches these filters.')).toBeVisible();

  await filters.getByRole('button', { name: 'Reset' }).click();
  await expect(filters.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('');
  await expect(rows).toHaveCount(Math.min(all.length, 20));
  // 20 rows a page, with 5, 10, 20, 50 and 100 to choose from.
  const pageSize = page.getByRole('combobox', { name: 'Rows per page' });
  await expect(pageSize).toHaveValue('20');
  await expect(pageSize.locator('option')).toHaveText(['5', '10', '20', '50', '100']);
});

test('add a link: every rule in one round, a duplicate URL, then a valid link', async ({ page }) => {
  await startOnLibrary(page);
  await page.getByRole('button', { name: 'Add File' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add File' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'Add File');
  const add = dialog.getByRole('button', { name: 'Add', exact: true });
  const select = (name: string) => dialog.getByRole('combobox', { name, exact: true });
  const shown = async (texts: string[]) => {
    for (const text of texts) await expect(dialog.getByText(text, { exact: true })).toBeVisible();
  };

  // The form as it opens (English, Public, draft, level 1, a link): one press shows the field rules and
  // the rules between fields together.
  await add.click();
  await shown([
    'Enter a new name!', 'Description is mandatory', 'Add some Groups', 'Please select video type',
    'Select at least one business idea', 'Enter a new url!', 'Please enter video duration!',
  ]);
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();

  // A form with nothing chosen at all: every message in one round.
  await page.getByRole('button', { name: 'Add File' }).click();
  for (const name of ['Language', 'Visibility', 'Status', 'Level']) await select(name).selectOption('');
  await add.click();
  const everything = [
    'Enter a new name!', 'Description is mandatory', 'Select a language!', 'Please select video visibility',
    'Please select a status', 'Please select a level', 'Please select video type', 'Select at least one business idea',
    'Add some Groups', 'Enter a new url!', 'Please enter video duration!',
  ];
  await shown(everything);
  await expect(dialog.getByText('Enter a new file!', { exact: true })).toBeHidden();
  // An upload asks for the file instead of the URL and the duration: the messages follow the change
  // at once (after a first submit every change re-checks the whole form), the rest stay.
  await select('File type').selectOption('other');
  await shown([...everything.filter((t) => t !== 'Enter a new url!' && t !== 'Please enter video duration!'), 'Enter a new file!']);
  await expect(dialog.getByText('Enter a new url!', { exact: true })).toBeHidden();
  await expect(dialog.getByText('Please enter video duration!', { exact: true })).toBeHidden();
  await select('File type').selectOption('link');
  await shown(everything);
  await expect(dialog.getByText('Enter a new file!', { exact: true })).toBeHidden();
  await select('Language').selectOption('English');
  await select('Visibility').selectOption('Public');
  await select('Status').selectOption('draft');
  await expect(dialog.getByText('Select a language!', { exact: true })).toBeHidden();
  await expect(dialog.getByText('Please select video visibility', { exact: true })).toBeHidden();

  // Title and description limits.
  await dialog.getByLabel('Title').fill('x'.repeat(101));
  await dialog.getByLabel('Description').fill('y'.repeat(1001));
  await expect(dialog.getByText('The name is at most 100 characters.')).toBeVisible();
  await expect(dialog.getByText('The description is at most 1000 characters.')).toBeVisible();

  // The business ideas buttons.
  await dialog.getByRole('button', { name: 'Select All', exact: true }).click();
  await expect(dialog.getByText(/^(\d+) of \1 selected$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Deselect All', exact: true }).click();
  await expect(dialog.getByText(/^0 of \d+ selected$/)).toBeVisible();

  // Restricted: status, level, type and business ideas are not asked.
  await dialog.getByRole('combobox', { name: 'Visibility', exact: true }).selectOption('Restricted');
  await expect(dialog.getByRole('combobox', { name: 'Level', exact: true })).toBeHidden();
  await expect(dialog.getByRole('combobox', { name: 'Status', exact: true })).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Select All', exact: true })).toBeHidden();
  await dialog.getByRole('combobox', { name: 'Visibility', exact: true }).selectOption('Public');

  // The rules between fields once the others pass: a link needs a URL and a duration, a Public file a
  // business idea.
  const title = `Link ${unique()}`;
  await fillCommon(dialog, title);
  await dialog.getByRole('button', { name: 'Deselect All', exact: true }).click();
  await add.click();
  await shown(['Enter a new url!', 'Please enter video duration!', 'Select at least one business idea']);
  await dialog.getByRole('button', { name: 'Select All', exact: true }).click();
  await dialog.getByLabel('Minutes').fill('75');
  await add.click();
  await expect(dialog.getByText('Hours 0 to 12, minutes and seconds 0 to 59.')).toBeVisible();
  await dialog.getByLabel('Minutes').fill('2');
  await dialog.getByLabel('Seconds').fill('5');
  await expect(dialog.getByText('Hours 0 to 12, minutes and seconds 0 to 59.')).toBeHidden();
  await dialog.getByLabel('URL').fill('not a url');
  await add.click();
  await expect(dialog.getByText('Enter a new url!')).toBeVisible();

  // A URL another file has: the message when the field loses focus, and submit is refused.
  const seeded = 'https://media.example.com/videos/dairy-two-cows.mp4';
  await dialog.getByLabel('URL').fill(seeded);
  await dialog.getByLabel('Source').click();
  await expect(dialog.getByText('URL already exists with video name Starting a dairy with two cows', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('URL already exists with video name Starting a dairy with two cows')).toBeVisible();
  await expect(dialog).toBeVisible();

  const url = `https://media.example.com/e2e/${unique()}/watch`;
  await dialog.getByLabel('URL').fill(url);
  await expect(dialog.getByText(/URL already exists/)).toBeHidden();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'File has been Added')).toBeVisible();
  await expect(dialog).toBeHidden();

  await search(page).fill(title);
  const row = tableRows(page, TABLE);
  await expect(row).toHaveCount(1);
  await expect(row.first()).toContainText('English');
  await expect(row.first()).toContainText('draft');
  await expect(row.first()).toContainText('Interview');
  await expect(row.first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  const saved = await page.evaluate(async (t) => {
    const r = await (globalThis as unknown as WithApi).api.library.mediaList();
    return r.ok ? r.data.find((f) => f.title === t) : undefined;
  }, title);
  expect(saved).toMatchObject({ fileUrl: url, duration: 125, level: 3, fileType: 'link' });

  // The preview of a link to a page is the link (opened in the system browser).
  await row.first().getByRole('button', { name: title, exact: true }).click();
  const preview = page.getByRole('dialog', { name: `Preview: ${title}` });
  await expect(preview.getByRole('link', { name: url })).toBeVisible();
  await preview.getByRole('button', { name: 'Close' }).click();
});

test('upload a silent .mov: title, type and duration from the file, progress to 100%, playable preview', async ({ page, request }) => {
  await startOnLibrary(page);
  // A silent screen recording in a QuickTime .mov (an audio tag reader found no duration in it).
  const tag = unique();
  const video = makeVideo(3, `Screen_recording-${tag}.mov`, { audio: false });
  const title = `Screen recording ${tag}`;
  await page.evaluate(() => {
    const w = globalThis as unknown as WithApi & { progress: { sent: number; total: number }[] };
    w.progress = [];
    w.api.on('upload:progress', (e) => w.progress.push(e));
  });
  await page.getByRole('button', { name: 'Add File' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add File' });
  // A refused submit puts the focus on the first field in error.
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await fillCommon(dialog, '');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByLabel('Title')).toBeFocused();
  // A wrong type on purpose: the file's own tracks decide it.
  await dialog.getByRole('combobox', { name: 'File type', exact: true }).selectOption('other');

  // Nothing picked (the dialog cancelled), then the file.
  await queuePick(request, null);
  await dialog.getByRole('button', { name: 'Choose file… (File)', exact: true }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue('');
  // An old archive Chromium cannot decode (MPEG-4 Part 2 in .avi): no frame, and it says so plainly.
  await queuePick(request, makeVideo(1, `archive-${tag}.avi`, { audio: false }));
  await dialog.getByRole('button', { name: 'Choose file… (File)', exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: 'File type', exact: true })).toHaveValue('video');
  await dialog.getByRole('button', { name: 'Use a frame', exact: true }).click();
  await expect(dialog.getByText('This video cannot be decoded here (its format or codec is not one this app can play), so no frame can be taken from it. Choose a thumbnail image instead.', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Drop an image here or choose one (1280 x 720 suggested)')).toBeVisible();
  await dialog.getByLabel('Title').fill('');

  await queuePick(request, video);
  await dialog.getByRole('button', { name: 'Choose file… (File)', exact: true }).click();
  await expect(dialog.getByText(`Screen_recording-${tag}.mov`)).toBeVisible();
  await expect(dialog.getByText('Enter a new file!')).toBeHidden();
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await expect(dialog.getByRole('combobox', { name: 'File type', exact: true })).toHaveValue('video');
  await expect(dialog.getByLabel('Seconds')).toHaveValue('3');
  await expect(dialog.getByLabel('Minutes')).toHaveValue('0');
  await expect(dialog.getByText('Read from the file.')).toBeVisible();

  // A poster frame of the H.264 video at the chosen moment becomes the thumbnail.
  await dialog.getByRole('spinbutton', { name: 'Frame at', exact: true }).fill('2');
  await dialog.getByRole('button', { name: 'Use a frame', exact: true }).click();
  await expect(dialog.getByText(`Screen_recording-${tag}-frame.jpg`, { exact: true })).toBeVisible();
  await expectAccessible(page, 'Add File with a poster frame');

  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'File has been Added')).toBeVisible();
  await expect(dialog).toBeHidden();
  const last = await page.evaluate(() => (globalThis as unknown as { progress: { sent: number; total: number }[] }).progress.at(-1));
  expect(last && last.total > 0 && last.sent === last.total).toBe(true);

  // The uploaded thumbnail is a JPEG of the video's aspect (4:3) within 1280 x 720.
  const thumbnail = await page.evaluate(async (t) => {
    const list = await (globalThis as unknown as WithApi).api.library.mediaList();
    const file = list.ok ? list.data.find((f) => f.title === t) : undefined;
    if (!file?.thumbnail) return null;
    const answer = await fetch((globalThis as unknown as { files: { previewUrl(src: string): string } }).files.previewUrl(file.thumbnail));
    const blob = await answer.blob();
    const head = [...new Uint8Array(await blob.slice(0, 3).arrayBuffer())];
    const image = await createImageBitmap(blob);
    return { type: answer.headers.get('content-type'), head, width: image.width, height: image.height };
  }, title);
  expect(thumbnail).toEqual({ type: 'image/jpeg', head: [0xff, 0xd8, 0xff], width: 960, height: 720 });

  await search(page).fill(title);
  await expect(tableRows(page, TABLE)).toHaveCount(1);
  await tableRows(page, TABLE).first().getByRole('button', { name: title, exact: true }).click();
  const preview = page.getByRole('dialog', { name: `Preview: ${title}` });
  const player = preview.locator('video');
  await expect(player).toBeVisible();
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : 0)), { timeout: 15_000 })
    .toBeGreaterThan(2.5);
});

test('a link straight to a video file plays in the preview like an uploaded one; an expired address and an unreachable host are told apart', async ({ page, request }) => {
  await startOnLibrary(page);
  // A host of its own (another origin than the platform server), as a CDN holding linked files would be.
  const bytes = readFileSync(makeVideo(3));
  const cdn = createServer((req, res) => {
    if (req.url?.startsWith('/gone/')) return void res.writeHead(410, { 'content-type': 'application/json' }).end('{"error":true}');
    const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
    if (!range) return void res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': bytes.length, 'accept-ranges': 'bytes' }).end(bytes);
    const start = Number(range[1]);
    const end = range[2] ? Number(range[2]) : bytes.length - 1;
    res.writeHead(206, { 'content-type': 'video/mp4', 'content-range': `bytes ${start}-${end}/${bytes.length}`, 'content-length': end - start + 1 });
    res.end(bytes.subarray(start, end + 1));
  });
  await new Promise<void>((done) => cdn.listen(0, '127.0.0.1', done));
  try {
    const linkUrl = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/talks/${unique()}.mp4`;
    const file = await createFile(request, { linkUrl });
    await search(page).fill(file.title);
    await tableRows(page, TABLE).first().getByRole('button', { name: file.title, exact: true }).click();
    const player = page.getByRole('dialog', { name: `Preview: ${file.title}` }).locator('video');
    await expect(player).toBeVisible();
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : 0)), { timeout: 15_000 })
      .toBeGreaterThan(2.5);
    await page.getByRole('dialog', { name: `Preview: ${file.title}` }).getByRole('button', { name: 'Close' }).click();

    // The address answers 410 (expired or removed), then a host nothing answers on: each says which.
    const host = `127.0.0.1:${(cdn.address() as AddressInfo).port}`;
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const nowhere = `127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((done) => closed.close(done));
    const cases = [
      { linkUrl: `http://${host}/gone/${unique()}.mp4`, text: `The media cannot be played here: the address has expired or the file was removed (${host} answered 410). Reopen the preview to get a new address.` },
      { linkUrl: `http://${nowhere}/talks/${unique()}.mp4`, text: `The media cannot be played here: ${nowhere} cannot be reached (ECONNREFUSED). Check the network connection and the address, then reopen the preview.` },
    ];
    for (const { linkUrl, text } of cases) {
      const broken = await createFile(request, { linkUrl });
      await search(page).fill(broken.title);
      await tableRows(page, TABLE).first().getByRole('button', { name: broken.title, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Preview: ${broken.title}` });
      await expect(dialog.getByText(text, { exact: true })).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).click();
    }
  } finally {
    await new Promise((done) => cdn.close(done));
  }
});

test('cancel an upload: the form stays with its values, nothing is stored', async ({ page, request }) => {
  await startOnLibrary(page);
  const large = makeLargeFile(3 * 1024 * 1024 * 1024);
  await page.getByRole('button', { name: 'Add File' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add File' });
  const title = `Cancelled ${unique()}`;
  await fillCommon(dialog, title);
  await dialog.getByRole('combobox', { name: 'File type', exact: true }).selectOption('other');
  await queuePick(request, large);
  await dialog.getByRole('button', { name: 'Choose file… (File)', exact: true }).click();
  await expect(dialog.getByText(/^large-.*\.bin$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByTestId('upload-percent')).toHaveText(/^\d+%$/);
  await expect(dialog.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(dialog.getByText('The upload was cancelled.')).toBeVisible();
  // The person's own Cancel is no error toast (one would be made before the dialog says it).
  expect(await toast(page, 'The upload was cancelled.').count()).toBe(0);
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await expect(dialog.getByText(/^large-.*\.bin$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  // The form was changed: Cancel asks first.
  await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();

  await search(page).fill(title);
  await expect(page.getByText('No records match the search or filters.')).toBeVisible();
  const stored = await page.evaluate(async (t) => {
    const r = await (globalThis as unknown as WithApi).api.library.mediaList();
    return r.ok ? r.data.filter((f) => f.title === t).length : -1;
  }, title);
  expect(stored).toBe(0);
});

test('edit and delete a file', async ({ page, request }) => {
  const file = await createFile(request);
  await startOnLibrary(page);
  await search(page).fill(file.title);
  const row = tableRows(page, TABLE);
  await expect(row).toHaveCount(1);
  await row.first().getByRole('button', { name: `Edit ${file.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit File' });
  await expect(dialog.getByLabel('Title')).toHaveValue(file.title);
  await expectAccessible(page, 'Edit File');
  await expect(dialog.getByLabel('Minutes')).toHaveValue('1');
  await expect(dialog.getByLabel('Seconds')).toHaveValue('30');
  // Its own URL is not a duplicate.
  await dialog.getByLabel('URL').click();
  await dialog.getByLabel('Source').click();
  const renamed = `${file.title} renamed`;
  await dialog.getByLabel('Title').fill(renamed);
  await dialog.getByRole('combobox', { name: 'Visibility', exact: true }).selectOption('Restricted');
  // A colleague changes its description meanwhile: the save stops and shows the difference.
  const theirs = 'Described again by a colleague.';
  await colleagueSaves(page, 'library.updateMedia', { id: file._id, ...libraryPayloadOf(v.parse(LibraryFileFormSchema, { ...libraryFormOf(file), description: theirs })) });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText('Someone else changed this record since you opened it');
  // The long form was scrolled down to its last fields: the notice comes into view.
  await expect(dialog.getByRole('region', { name: 'Not saved' })).toBeInViewport();
  const differences = dialog.getByRole('table', { name: 'What changed' });
  await expect(differences.getByRole('row', { name: /^Description/ })).toContainText(theirs);
  await expect(differences.getByRole('row', { name: /^Title/ })).toHaveCount(0);
  await shots(page, 'edit-file-conflict');
  // Reload: their description, my title and visibility.
  await dialog.getByRole('button', { name: 'Reload' }).click();
  await expect(dialog.getByLabel('Description')).toHaveValue(theirs);
  await expect(dialog.getByLabel('Title')).toHaveValue(renamed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'File has been Updated')).toBeVisible();
  await search(page).fill(renamed);
  await expect(row).toHaveCount(1);
  await expect(row.first()).toContainText('Restricted');
  expect(await page.evaluate(async (id) => {
    const r = await (globalThis as unknown as WithApi).api.library.mediaList();
    return r.ok ? r.data.find((f) => f._id === id)?.description : undefined;
  }, file._id)).toBe(theirs);

  await row.first().getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete file' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'Delete file');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(1);
  await row.first().getByRole('button', { name: `Delete ${renamed}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'File has been Deleted')).toBeVisible();
  await expectNoRows(page, TABLE);
});

test('tag questions on a file and list them', async ({ page, request }) => {
  const file = await createFile(request);
  // A question no other one's text contains (walks before this one on the host add questions): its
  // search in the picker finds it alone.
  const questions = await hostApi.questionBank.questions();
  const texts = questions.ok ? questions.data.map((q) => q.question.toLowerCase()) : [];
  const question = questions.ok ? (questions.data.find((q) => texts.filter((text) => text.includes(q.question.toLowerCase())).length === 1) ?? null) : null;
  expect(question).not.toBeNull();
  await startOnLibrary(page);
  await search(page).fill(file.title);
  const row = tableRows(page, TABLE).first();
  // The screen is checked before the picker opens: axe over the picker of every question takes minutes.
  await expect(row).toBeVisible();
  await expectAccessible(page, 'Video Library');
  await row.getByRole('button', { name: `Add questions to ${file.title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Add Questions to ${file.title}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please select a Question!', { exact: true })).toBeVisible();
  // The picker lists the video's language first; the question found above may be in another one.
  await dialog.getByRole('combobox', { name: 'Language of the questions' }).selectOption({ label: 'All languages' });
  await dialog.getByRole('textbox', { name: 'Search questions' }).fill(question!.question);
  // Checked once the search has narrowed it: over the first 200 questions of the bank axe takes minutes here.
  await expect(dialog.getByRole('checkbox')).toHaveCount(1);
  await expectAccessible(page, 'Add Questions');
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Questions have been Updated')).toBeVisible();
  await expect(dialog).toBeHidden();

  // As a person would: the count shows the tagged question (the list is read again after the save) before it is opened.
  await expect(row.getByRole('button', { name: `Questions of ${file.title}` })).toHaveText('1');
  await row.getByRole('button', { name: `Questions of ${file.title}` }).click();
  const list = page.getByRole('dialog', { name: `Questions of ${file.title}` });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText(question!.question);
  // Its number ('1.') sits in the list's padding, which is wide enough to show it whole.
  const room = await list.getByRole('listitem').first().evaluate((li) => li.getBoundingClientRect().left - li.parentElement!.getBoundingClientRect().left);
  expect(room).toBeGreaterThanOrEqual(32);
  await list.getByRole('button', { name: 'Close' }).click();

  // The file removed elsewhere while its picker is open: the failure is the server's error toast, and the
  // picker stays open with its choice and keeps it as 'Not saved' (apart from 'Please select a Question!').
  await row.getByRole('button', { name: `Add questions to ${file.title}` }).click();
  await expect(dialog).toBeVisible();
  await page.evaluate((id) => (globalThis as unknown as WithApi).api.library.deleteMedia({ id }), file._id);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const gone = 'File not found. It may have been removed; reload the list.';
  await expect(toast(page, gone)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  await expect(dialog.getByRole('alert')).toHaveText(`Not saved${gone}`);
  await shotsAtSizes(page, 'add-questions-not-saved');
});

test('Add Transcripts and Update Moments open those screens with the file', async ({ page, request }) => {
  const file = await createFile(request);
  await startOnLibrary(page);
  await search(page).fill(file.title);
  await tableRows(page, TABLE).first().getByRole('button', { name: `Moments of ${file.title}` }).click();
  await expect(page.getByRole('heading', { name: 'Video Moments', level: 1 })).toBeVisible();
  await expect(page.getByText(`${file.title} (Video Id ${file.fileId})`)).toBeVisible();
  await page.getByRole('button', { name: 'Video Library' }).click();
  await search(page).fill(file.title);
  await tableRows(page, TABLE).first().getByRole('button', { name: `Transcripts of ${file.title}` }).click();
  await expect(page.getByRole('heading', { name: 'Transcripts', level: 1 })).toBeVisible();
  await expect(page.getByText(`${file.title} (Video Id ${file.fileId})`)).toBeVisible();

  // At 1056 x 700 (1024 before the selection's 32 px column) the library keeps the file's name (at least
  // 220 px), language, status, questions and every row action in view; the rest give way, and nothing
  // runs under the pinned actions.
  await page.setViewportSize({ width: 1056, height: 700 });
  await page.getByRole('button', { name: 'Video Library' }).click();
  const table = page.getByRole('table', { name: TABLE });
  const column = (name: string) => table.getByRole('columnheader', { name, exact: true });
  for (const name of ['File Name', 'Language', 'Status', 'Questions']) await expect(column(name)).toBeVisible();
  for (const name of ['Video Id', 'Visibility', 'Level', 'Type', 'Created At', 'Last Updated']) await expect(column(name)).toHaveCount(0);
  expect(await column('File Name').evaluate((th) => th.getBoundingClientRect().width)).toBeGreaterThanOrEqual(220);
  expect(await page.getByRole('region', { name: `${TABLE}, scrollable` }).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});
