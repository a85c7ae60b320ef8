import { expect, test, type Page } from './walk';
import type { Api } from '../../src/shared/api';
import { toast, unique, expectAccessible, signedIn, expectAccessibleStates } from './helpers';
import { createFile, makeTextFile, makeVideo, queuePick } from './library-fixtures';

type WithApi = { api: Api };

async function openTranscripts(page: Page, videoId: string): Promise<void> {
  await page.goto(`/#/transcripts?videoId=${encodeURIComponent(videoId)}`);
  await expect(page.getByRole('heading', { name: 'Transcripts', level: 1 })).toBeVisible();
}

const stored = (page: Page, videoId: string) =>
  page.evaluate(async (id) => {
    const r = await (globalThis as unknown as WithApi).api.videoRepository.transcripts({ videoId: id });
    return r.ok ? r.data.transcripts : [];
  }, videoId);

test.beforeEach(async ({ page }) => {
  await signedIn(page);
});

test('add, edit and delete transcripts; language chips; the language cannot change', async ({ page, request }) => {
  const file = await createFile(request, { video: makeVideo(5) });
  await openTranscripts(page, file._id);
  await expectAccessibleStates(page, 'Transcripts');
  await expect(page.getByText('No transcripts yet. Add one or import a caption file.')).toBeVisible();

  await expectAccessible(page, 'Transcripts');
  await page.getByRole('button', { name: 'Add Transcript' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Transcript' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'Add Transcript');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Select Language', { exact: true }).last()).toBeVisible();
  await expect(dialog.getByText('Enter a timestamp (HH:mm:ss)!')).toBeVisible();
  await expect(dialog.getByText('Enter a caption!')).toBeVisible();
  const caption = `Hello ${unique()}`;
  await dialog.getByLabel('Timestamp').fill('00:00:02');
  await dialog.getByLabel('Caption').fill(caption);
  await dialog.getByRole('combobox', { name: 'Language' }).selectOption('English');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Transcript has been Added')).toBeVisible();

  await page.getByRole('button', { name: 'Add Transcript' }).click();
  await dialog.getByLabel('Timestamp').fill('00:00:04');
  await dialog.getByLabel('Caption').fill('Namaste');
  await dialog.getByRole('combobox', { name: 'Language' }).selectOption('Hindi');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Transcript has been Added')).toBeVisible();

  // Chips filter by language.
  const chips = page.getByRole('group', { name: 'Languages' });
  await chips.getByRole('button', { name: 'Hindi' }).click();
  await expect(page.getByRole('button', { name: /00:00:04\s*Namaste/ })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`00:00:02\\s*${caption}`) })).toBeHidden();
  await chips.getByRole('button', { name: 'All' }).click();

  // Clicking an entry plays the preview from its time.
  await page.getByRole('button', { name: new RegExp(`00:00:02\\s*${caption}`) }).click();
  await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThanOrEqual(1.9);

  await page.getByRole('button', { name: 'Edit English transcript at 00:00:02' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Transcript' });
  await expect(edit.getByRole('combobox', { name: 'Language' })).toBeDisabled();
  await expect(edit.getByText('Cannot edit transcript language')).toBeVisible();
  await edit.getByLabel('Caption').fill(`${caption} edited`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Transcript has been Updated')).toBeVisible();
  await expect(page.getByText(`${caption} edited`).first()).toBeVisible();

  await page.getByRole('button', { name: 'Delete English transcript at 00:00:02' }).click();
  await page.getByRole('alertdialog', { name: 'Delete transcript' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Transcript has been Deleted')).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`00:00:02\\s*${caption}`) })).toBeHidden();
  // The deleted entry's place takes the focus (the entry now there), never the page's body.
  await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
  await expectAccessible(page, 'Transcripts with a toast showing');
  expect((await stored(page, file._id)).map((t) => t.language)).toEqual(['Hindi']);
});

test('import a .vtt file into a language', async ({ page, request }) => {
  const file = await createFile(request);
  const vtt = makeTextFile(
    `captions-${unique()}.vtt`,
    'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nFirst <i>line</i>\n\n00:00:03.000 --> 00:00:04.000\nSecond line\n',
  );
  await openTranscripts(page, file._id);
  await queuePick(request, vtt);
  await page.getByRole('button', { name: 'Import .vtt/.srt' }).click();
  const dialog = page.getByRole('dialog', { name: /^Import captions-.*\.vtt$/ });
  const cues = dialog.getByRole('table', { name: 'Cues' }).locator('tbody tr');
  await expect(cues).toHaveCount(2);
  await expect(cues.first()).toContainText('00:00:01');
  await expect(cues.first()).toContainText('First line');
  await dialog.getByRole('button', { name: 'Import 2 cues' }).click();
  await expect(dialog.getByText('Select Language', { exact: true }).last()).toBeVisible();
  expect(await stored(page, file._id)).toHaveLength(0);
  await dialog.getByRole('combobox', { name: 'Language' }).selectOption('Tamil');
  await dialog.getByRole('button', { name: 'Import 2 cues' }).click();
  await expect(toast(page, '2 transcript lines have been imported')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Languages' }).getByRole('button', { name: 'Tamil' })).toBeVisible();
  await expect(page.getByRole('button', { name: /00:00:03\s*Second line/ })).toBeVisible();
  const lines = await stored(page, file._id);
  expect(lines.map((l) => [l.timeStamp, l.captionText, l.language])).toEqual([
    ['00:00:01', 'First line', 'Tamil'],
    ['00:00:03', 'Second line', 'Tamil'],
  ]);
});

test('import an .srt with a bad cue: the error per cue, nothing saved until it is fixed', async ({ page, request }) => {
  const file = await createFile(request);
  const srt = makeTextFile(
    `captions-${unique()}.srt`,
    '1\r\n00:00:01,000 --> 00:00:02,000\r\nGood one\r\n\r\n2\r\n00:00:0x,000 --> 00:00:04,000\r\nBad time\r\n\r\n3\r\n00:00:05,000 --> 00:00:06,000\r\nGood three\r\n',
  );
  await openTranscripts(page, file._id);
  await queuePick(request, srt);
  await page.getByRole('button', { name: 'Import .vtt/.srt' }).click();
  const dialog = page.getByRole('dialog', { name: /^Import captions-.*\.srt$/ });
  await expect(dialog.getByText('3 cues, 1 with errors')).toBeVisible();
  const bad = dialog.locator('tr[data-cue="2"]');
  await expect(bad).toContainText('Bad timing on line 6: "00:00:0x,000 --> 00:00:04,000".');
  await dialog.getByRole('combobox', { name: 'Language' }).selectOption('Marathi');
  await dialog.getByRole('button', { name: 'Import 3 cues' }).click();
  await expect(dialog.getByText('Fix or remove the cue with errors first. Nothing has been saved.')).toBeVisible();
  expect(await stored(page, file._id)).toHaveLength(0);

  await bad.getByRole('textbox', { name: 'Timestamp of cue 2' }).fill('00:00:03');
  await expect(bad).not.toContainText('Bad timing');
  await dialog.getByRole('button', { name: 'Import 3 cues' }).click();
  await expect(toast(page, '3 transcript lines have been imported')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect((await stored(page, file._id)).map((l) => l.captionText)).toEqual(['Good one', 'Bad time', 'Good three']);
});

test('a removed bad cue is not imported', async ({ page, request }) => {
  const file = await createFile(request);
  const srt = makeTextFile(`captions-${unique()}.srt`, '1\n00:00:01,000 --> 00:00:02,000\nKeep\n\n2\n00:00:09,000 --> 00:00:08,000\nBackwards\n');
  await openTranscripts(page, file._id);
  await queuePick(request, srt);
  await page.getByRole('button', { name: 'Import .vtt/.srt' }).click();
  const dialog = page.getByRole('dialog', { name: /^Import captions-.*\.srt$/ });
  await expect(dialog.locator('tr[data-cue="2"]')).toContainText('The cue ends before it starts (line 6).');
  await dialog.getByRole('button', { name: 'Remove cue 2' }).click();
  await dialog.getByRole('combobox', { name: 'Language' }).selectOption('English');
  await dialog.getByRole('button', { name: 'Import 1 cue' }).click();
  await expect(toast(page, '1 transcript lines have been imported')).toBeVisible();
  expect((await stored(page, file._id)).map((l) => l.captionText)).toEqual(['Keep']);
});

test('a picture renamed .vtt is said to be no caption file, and no dialog opens', async ({ page, request }) => {
  const file = await createFile(request);
  const name = `picture-${unique()}.vtt`;
  // The first bytes of a PNG: its signature and the start of its header chunk.
  const png = makeTextFile(name, Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0]));
  await openTranscripts(page, file._id);
  await queuePick(request, png);
  await page.getByRole('button', { name: 'Import .vtt/.srt' }).click();
  await expect(toast(page, `Not a caption file: ${name} is not WebVTT (.vtt) or SubRip (.srt) text.`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
