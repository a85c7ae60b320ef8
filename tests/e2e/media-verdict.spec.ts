/**
 * Damaged videos (made by ffmpeg at test time) where a person picks files: Bulk Upload, Add File and a
 * folder import. Each says, in the same words, that the file is not a playable video and why; it is held
 * (the good files upload, it does not) and goes only when the person says Send anyway. Every walk checks
 * the library: a damaged file uploaded without the person's say-so fails it.
 */
import { expect, test, type Page } from './walk';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Api } from '../../src/shared/api';
import { MEDIA_VERDICT_TEXT } from '../../src/shared/schemas/media';
import { writeVideos } from '../../src/main/services/bulk/testing';
import { BRIDGE_NEXT_PICK_PATH } from '../bridge/protocol';
import { makeHostile, ownCopy } from '../media-matrix';
import { SANDBOX_ADMIN, expectAccessible, loginAs, toast, unique } from './helpers';
import { chooseFirst } from './course-fixtures';
import { queuePick } from './library-fixtures';
import { bulkOverall, emptyBulkQueue } from './processes';

type WithApi = { api: Api };
const libraryTitles = (page: Page) =>
  page.evaluate(async () => {
    const answer = await (globalThis as unknown as WithApi).api.library.mediaList({});
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.data.map((f) => f.title);
  });

const importStatus = (page: Page) =>
  page.evaluate(async () => {
    const answer = await (globalThis as unknown as WithApi).api.courseImport.status({});
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.data;
  });

/** Light and dark screenshots of what the walk shows now (1024 x 700), kept with the test's output. */
async function screens(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1024, height: 700 });
  // The theme's colours settled, not caught mid-transition.
  const settled = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: test.info().outputPath(`${name}-${colorScheme}.png`) });
  }
  await settled.evaluate((style) => (style as HTMLElement).remove());
  await page.emulateMedia({ colorScheme: null });
  if (size) await page.setViewportSize(size);
}

test('bulk upload: a half-copied phone video is held as not playable and sent only when the person says so', async ({ page, request }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-e2e-verdict-'));
  const tag = unique();
  try {
    const [good] = await writeVideos(dir, [`Good_${tag}.mp4`]);
    const { made } = await makeHostile(join(dir, 'made'), ['truncated-phone.mov']);
    const damaged = join(dir, `Half_${tag}.mov`);
    copyFileSync(made.get('truncated-phone.mov')!, damaged);
    // A picture picked by mistake (a real 1 x 1 PNG): held too, not queued as a file of type "other".
    const picture = join(dir, `Cover_${tag}.png`);
    writeFileSync(picture, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
    await loginAs(page, SANDBOX_ADMIN.email, SANDBOX_ADMIN.password);
    await emptyBulkQueue(page);
    await page.getByRole('link', { name: 'Bulk Upload' }).click();
    await expect(page.getByRole('heading', { name: 'Bulk Upload' })).toBeVisible();
    await request.post(BRIDGE_NEXT_PICK_PATH, { data: { paths: [good, damaged, picture] } });
    await page.getByRole('button', { name: 'Add files' }).click();
    await expect(toast(page, '3 added.')).toBeVisible();
    const panel = page.getByRole('complementary', { name: 'Defaults' });
    await panel.getByLabel('Type').selectOption('Interview');
    await panel.getByLabel('Description').fill('Checked by the verdict walk.');
    await panel.getByRole('button', { name: 'Select All', exact: true }).click();
    await panel.getByRole('group', { name: 'Keyword groups' }).getByRole('checkbox').first().check();
    await panel.getByRole('button', { name: 'Apply to all' }).click();

    const grid = page.getByRole('table', { name: 'Bulk upload queue' });
    await expect(grid.getByText(/^Not a playable video or audio file: Its index is missing/)).toBeVisible({ timeout: 30_000 });
    await expect(grid.getByText(/^Not a playable video or audio file: It is a picture \(PNG\), not a video/)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect.poll(async () => (await bulkOverall(page)).filesDone, { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => (await bulkOverall(page)).needAttention).toBe(2);
    let titles = await libraryTitles(page);
    expect(titles).toContain(`Good ${tag}`);
    expect(titles).not.toContain(`Half ${tag}`);
    expect(titles).not.toContain(`Cover ${tag}`);
    await expectAccessible(page, 'Bulk Upload with a file held as not playable');

    // The person's say-so: it goes (the queue that had finished runs again by itself).
    await grid.getByRole('button', { name: `Send anyway: Half_${tag}.mov` }).click();
    await expect.poll(async () => (await bulkOverall(page)).filesDone, { timeout: 30_000 }).toBe(2);
    titles = await libraryTitles(page);
    expect(titles).toContain(`Half ${tag}`);
    expect(titles).not.toContain(`Cover ${tag}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('add file: a half-copied phone video is held with its verdict; nothing is uploaded until Send anyway', async ({ page, request }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-e2e-verdict-add-'));
  const tag = unique();
  try {
    const { made } = await makeHostile(join(dir, 'made'), ['truncated-phone.mov']);
    const damaged = join(dir, `Half_${tag}.mov`);
    copyFileSync(made.get('truncated-phone.mov')!, damaged);
    await loginAs(page, SANDBOX_ADMIN.email, SANDBOX_ADMIN.password);
    await page.getByRole('link', { name: 'Video Library' }).click();
    await page.getByRole('button', { name: 'Add File' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add File' });
    await dialog.getByRole('combobox', { name: 'File type', exact: true }).selectOption('video');
    await queuePick(request, damaged);
    await dialog.getByRole('button', { name: 'Choose file… (File)', exact: true }).click();
    // The verdict in Bulk Upload's words; the type stays video (not silently "other").
    await expect(dialog.getByText(`Half_${tag}.mov: ${MEDIA_VERDICT_TEXT.unplayable}`, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByText(MEDIA_VERDICT_TEXT.indexMissing, { exact: false })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'File type', exact: true })).toHaveValue('video');
    await expect(dialog.getByLabel('Title')).toHaveValue(`Half ${tag}`);
    // Nothing was read from it: its duration is not shown as read from the file, and can be entered.
    await expect(dialog.getByText('Read from the file.')).toBeHidden();
    await dialog.getByLabel('Description').fill('A damaged file, sent only on Send anyway.');
    await dialog.getByRole('combobox', { name: 'Type', exact: true }).selectOption('Interview');
    await dialog.getByRole('combobox', { name: 'Level', exact: true }).selectOption('3');
    await dialog.getByRole('button', { name: 'Select All', exact: true }).click();
    await chooseFirst(dialog, 'Keyword groups');
    await dialog.getByLabel('Seconds').fill('5');
    await expectAccessible(page, 'Add File with a file held as not playable');
    await screens(page, 'add-file-held');

    // Add without the person's say-so: the held file is not sent, the dialog stays.
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Enter a new file!')).toBeVisible();
    expect(await libraryTitles(page)).not.toContain(`Half ${tag}`);

    // Send anyway puts the file back; Add sends it.
    await dialog.getByRole('button', { name: 'Send anyway', exact: true }).click();
    await expect(dialog.getByText(`Half_${tag}.mov`, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page, 'File has been Added')).toBeVisible({ timeout: 30_000 });
    expect(await libraryTitles(page)).toContain(`Half ${tag}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('folder import: verdicts in the preview; identical clips upload once and link by themselves; the damaged one is held, never linked', async ({ page, request }) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'cc-e2e-verdict-import-'));
  const tag = unique();
  try {
    const { made } = await makeHostile(join(dir, 'made'), ['truncated-phone.mov', 'fine.mp4']);
    const root = join(dir, `Verdicts ${tag}`);
    const places = ['1 Milking', '2 Feeding', '3 Calving'];
    // The same intro clip, byte for byte, in three topics (bytes of this walk's own: the host keeps what
    // earlier walks uploaded); a half-copied phone video beside the first.
    const intro = await ownCopy(made.get('fine.mp4')!, join(dir, 'intro.mp4'));
    for (const place of places) {
      mkdirSync(join(root, '1 Basics', place), { recursive: true });
      copyFileSync(intro, join(root, '1 Basics', place, `Intro ${tag}.mp4`));
    }
    const damagedName = `Half copied ${tag}.mov`;
    copyFileSync(made.get('truncated-phone.mov')!, join(root, '1 Basics', '1 Milking', damagedName));
    execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=teal:s=96x96', '-frames:v', '1', '-y', join(root, 'cover.png')]);

    await loginAs(page, SANDBOX_ADMIN.email, SANDBOX_ADMIN.password);
    await emptyBulkQueue(page);
    const before = await libraryTitles(page);
    await page.getByRole('link', { name: 'Courses' }).click();
    await request.post(BRIDGE_NEXT_PICK_PATH, { data: { paths: [root] } });
    await page.getByRole('button', { name: 'Import folder…' }).click();
    const dialog = page.getByRole('dialog', { name: `Import Verdicts ${tag} as a course` });
    await expect(dialog.getByRole('status')).toContainText('4 videos to import');
    // The media check ends by itself, and names the damaged file in the words of Bulk Upload and Add File.
    await expect(dialog.getByRole('status')).toContainText('1 video not playable: held in Bulk Upload (not uploaded, not linked) until removed there or sent anyway.', { timeout: 60_000 });
    const tree = dialog.getByRole('list', { name: 'What the import builds' });
    const rowOf = (name: string) => tree.getByRole('listitem').filter({ has: page.getByRole('textbox', { name: `Title of ${name}`, exact: true }) });
    await expect(rowOf(damagedName)).toContainText(`${MEDIA_VERDICT_TEXT.unplayable}: ${MEDIA_VERDICT_TEXT.indexMissing} ${MEDIA_VERDICT_TEXT.held}`);
    await expect(rowOf(`Intro ${tag}.mp4`)).toHaveCount(3);
    for (const row of await rowOf(`Intro ${tag}.mp4`).all()) await expect(row).not.toContainText(MEDIA_VERDICT_TEXT.unplayable);

    await dialog.getByLabel('Type').selectOption('Interview');
    await dialog.getByLabel('Description').fill('Imported by the verdict walk.');
    await chooseFirst(dialog, 'Business ideas', 'menuitemcheckbox');
    await chooseFirst(dialog, 'Keyword groups', 'menuitemcheckbox');
    await expectAccessible(page, 'Import preview with a video held as not playable');
    await screens(page, 'import-preview-held');

    await dialog.getByRole('button', { name: 'Import 4 videos' }).click();
    const progress = page.getByRole('dialog', { name: /^Import(ing…| finished)$/ });
    await expect(progress).toBeVisible();
    // Nothing is pressed: the identical clips upload once and are linked into their three places.
    await expect.poll(async () => (await importStatus(page))?.videos.linked, { timeout: 120_000 }).toBe(3);
    await expect(progress.getByRole('region', { name: 'Not imported' })).toContainText(`Needs attention in Bulk Upload: ${MEDIA_VERDICT_TEXT.unplayable}: ${MEDIA_VERDICT_TEXT.indexMissing}`);
    const held = await importStatus(page);
    expect(held!.phase).not.toBe('done');
    expect(held!.entries.find((e) => e.path.endsWith(`Half copied ${tag}`))).toMatchObject({ state: 'held' });
    let titles = await libraryTitles(page);
    expect(titles.filter((t) => t === `Intro ${tag}`)).toHaveLength(1);
    expect(titles).not.toContain(`Half copied ${tag}`);
    expect(titles.length).toBe(before.length + 1);
    await expectAccessible(page, 'Import progress with a video held');
    await screens(page, 'import-progress-held');

    // Removed from Bulk Upload (the person's say): the import finishes by itself without it.
    await progress.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('link', { name: 'Bulk Upload' }).click();
    const grid = page.getByRole('table', { name: 'Bulk upload queue' });
    // Removed by its check box (its row's own words and buttons are the bulk walk's to check: after that
    // walk the same bytes were sent anyway from this host, and the row names that upload first).
    await grid.getByRole('checkbox', { name: `Select ${damagedName}` }).check();
    await page.getByRole('button', { name: 'Selected items' }).click();
    await page.getByRole('menuitem', { name: 'Remove selected' }).click();
    await expect.poll(async () => (await importStatus(page))?.phase, { timeout: 60_000 }).toBe('done');
    const done = await importStatus(page);
    expect(done!.videos).toMatchObject({ linked: 3, failed: 1, total: 4 });
    titles = await libraryTitles(page);
    expect(titles).not.toContain(`Half copied ${tag}`);
    expect(titles.length).toBe(before.length + 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
