/**
 * A folder imported as a new course through the browser preview: a generated tree (ffmpeg clips with a
 * sidecar .srt, larger stand-in videos, a text file, an empty folder, a folder too deep), the preview's
 * problems, edited titles and the library defaults; then the preview's host is killed mid-import and
 * started again on the same data. The import carries on and ends with exactly one folder and one video
 * per source, in order, each linked to its uploaded library file, the captions imported as its transcript.
 * Drops on the way: files refused and the folder previewed on the course list; a folder previewed into
 * the built course's directory, and refused in a concept.
 *
 * Like the bulk walk, it runs a preview host of its own (it must SIGKILL it), reusing the build.
 */
import { expect, test, type Page } from './walk';
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Api } from '../../src/shared/api';
import type { DocumentListing } from '../../src/shared/schemas/courses';
import { writeVideo } from '../../src/main/services/bulk/testing';
import { BRIDGE_NEXT_DROP_PATH, BRIDGE_NEXT_PICK_PATH } from '../bridge/protocol';
import { dropFiles, expectAccessible, toast, unique } from './helpers';
import { freePort } from '../free-port';
import { makeVideo } from './library-fixtures';
import { killProcess as kill, loginPreview, startPreviewHost } from './processes';

type WithApi = { api: Api };
/** Large enough that one upload at a time runs for a few seconds, so the crash lands mid-import. */
const FILE_BYTES = 3 * 1024 * 1024;

const startHost = startPreviewHost;
const login = loginPreview;

const importStatus = (page: Page) =>
  page.evaluate(async () => {
    const answer = await (globalThis as unknown as WithApi).api.courseImport.status({});
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.data;
  });

const listing = (page: Page, id: string) =>
  page.evaluate(async (docId) => {
    const answer = await (globalThis as unknown as WithApi).api.videoRepository.document({ id: docId });
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.data;
  }, id) as Promise<DocumentListing>;

test('import a folder as a course: the preview and its problems, a crash mid-import, exactly one folder and video per source, in order, linked, with the transcript', async ({ page }) => {
  test.setTimeout(300_000);
  const sandboxDir = mkdtempSync(join(tmpdir(), 'cc-e2e-import-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const tag = unique();
  const root = join(sandboxDir, `Dairy ${tag}`);
  const concept = join(root, '1 Planning the dairy', '1 Choosing your cattle', '1 Breeds');
  const land = join(root, '1 Planning the dairy', '2 Land');
  const feeding = join(root, '2 Feeding');
  for (const folder of [concept, land, feeding, join(root, '3 Empty'), join(concept, 'Deeper')]) mkdirSync(folder, { recursive: true });
  makeVideo(2, `01 Intro to breeds ${tag}.mp4`, { folder: concept });
  writeFileSync(join(concept, `01 Intro to breeds ${tag}.srt`), '1\n00:00:00,500 --> 00:00:01,500\nCows of the plains\n');
  await writeVideo(join(concept, `02 Breeds ${tag}.mp4`), FILE_BYTES);
  await writeVideo(join(concept, 'Deeper', `Too deep ${tag}.mp4`), 4096);
  await writeVideo(join(land, `10 Soil ${tag}.mp4`), FILE_BYTES);
  await writeVideo(join(land, `2 Water ${tag}.mp4`), FILE_BYTES);
  await writeVideo(join(feeding, `1 Grass ${tag}.mp4`), FILE_BYTES);
  await writeVideo(join(feeding, `2 Hay ${tag}.mp4`), FILE_BYTES);
  writeFileSync(join(feeding, 'shopping list.txt'), 'hay\n');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=teal:s=96x96', '-frames:v', '1', '-y', join(root, 'cover.png')]);

  let host: ChildProcess | null = await startHost(port, sandboxDir);
  try {
    await login(page, url);
    await page.goto(`${url}/#/course`);
    const heading = page.getByRole('heading', { name: 'Courses' });
    await expect(heading).toBeVisible();
    // Dropped on the course list: files are refused with what a drop there takes; one folder opens the
    // same preview as the button (the host's stand-in holds the dropped items' paths).
    const stray = [join(feeding, 'shopping list.txt'), join(feeding, `1 Grass ${tag}.mp4`)];
    expect((await page.request.post(`${url}${BRIDGE_NEXT_DROP_PATH}`, { data: { paths: stray } })).status()).toBe(204);
    await dropFiles(page, heading, ['shopping list.txt', `1 Grass ${tag}.mp4`]);
    await expect(toast(page, 'Drop one folder here: its folders and videos are imported together. To upload single files, use Bulk Upload.')).toBeVisible();
    expect((await page.request.post(`${url}${BRIDGE_NEXT_DROP_PATH}`, { data: { paths: [root] } })).status()).toBe(204);
    await dropFiles(page, heading, [`Dairy ${tag}`]);
    const dropped = page.getByRole('dialog', { name: `Import Dairy ${tag} as a course` });
    await expect(dropped.getByRole('status')).toContainText('5 folders and 6 videos to import');
    await dropped.getByRole('button', { name: 'Cancel' }).click();
    await expect(dropped).toHaveCount(0);

    // The button: main's folder dialog (its stand-in) and the same preview.
    const pick = await page.request.post(`${url}${BRIDGE_NEXT_PICK_PATH}`, { data: { paths: [root] } });
    expect(pick.status()).toBe(204);
    await page.getByRole('button', { name: 'Import folder…' }).click();
    const dialog = page.getByRole('dialog', { name: `Import Dairy ${tag} as a course` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('status')).toContainText('5 folders and 6 videos to import');

    // Every problem marked on its row.
    const tree = dialog.getByRole('list', { name: 'What the import builds' });
    const row = (text: string) => tree.getByRole('listitem').filter({ hasText: text });
    // A row whose title can be edited, by its name on disk.
    const titled = (name: string) => tree.getByRole('listitem').filter({ has: page.getByRole('textbox', { name: `Title of ${name}`, exact: true }) });
    await expect(row('shopping list.txt')).toContainText('Not a video or audio file. Left out.');
    await expect(row('3 Empty')).toContainText('Empty folder: no video in it. Left out.');
    await expect(row('Deeper').first()).toContainText('Too deep: folders go three levels deep (module, topic and concept). Left out with what is in it.');
    await expect(dialog.getByText('cover.png')).toBeVisible();
    // Leading numbers order the entries and leave the titles.
    const titles = await tree.getByRole('textbox').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(titles).toEqual([
      'Planning the dairy', 'Choosing your cattle', 'Breeds', `Intro to breeds ${tag}`, `Breeds ${tag}`,
      'Land', `Water ${tag}`, `Soil ${tag}`, 'Feeding', `Grass ${tag}`, `Hay ${tag}`,
    ]);
    await expect(titled(`01 Intro to breeds ${tag}.mp4`)).toContainText(`Captions: 01 Intro to breeds ${tag}.srt`);

    // A title too long is marked and blocks the import until shortened.
    const landTitle = dialog.getByRole('textbox', { name: 'Title of 2 Land' });
    await landTitle.fill('L'.repeat(201));
    await expect(titled('2 Land')).toContainText('Name too long: at most 200 characters. Shorten the title to import it.');
    await dialog.getByRole('button', { name: 'Import 6 videos' }).click();
    // The dialog's own message comes last, after the fields' messages (shown once Import was tried).
    const message = dialog.getByRole('alert').last();
    await expect(message).toHaveText('1 title to fix first.');
    await expect(dialog.getByRole('alert').filter({ hasText: 'Please select video type' })).toBeVisible();
    await landTitle.fill('Land and water');

    // The library fields every video gets.
    await dialog.getByRole('button', { name: 'Import 6 videos' }).click();
    // Each field's message beside it, once: none repeated below the form.
    await expect(dialog.getByText('Description is mandatory')).toHaveCount(1);
    await expect(dialog.getByText('1 title to fix first.')).toHaveCount(0);
    await dialog.getByLabel('Type').selectOption('Interview');
    await dialog.getByLabel('Description').fill('Imported from a folder by the e2e walk.');
    await dialog.getByRole('combobox', { name: 'Business ideas' }).click();
    await dialog.getByRole('menuitemcheckbox').first().click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('combobox', { name: 'Keyword groups' }).click();
    await dialog.getByRole('menuitemcheckbox').first().click();
    await page.keyboard.press('Escape');
    // Fixed, the messages go.
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page, 'Import folder preview');
    await page.screenshot({ path: test.info().outputPath('import-preview-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: test.info().outputPath('import-preview-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });

    // One upload at a time, so the crash lands mid-import.
    await page.evaluate(() => (globalThis as unknown as WithApi).api.bulk.setConcurrency({ concurrency: 1 }));
    await dialog.getByRole('button', { name: 'Import 6 videos' }).click();
    const progress = page.getByRole('dialog', { name: /Importing…|Import finished/ });
    await expect(progress.getByRole('status', { name: 'Import progress' })).toContainText('of 6 videos uploaded');
    await page.screenshot({ path: test.info().outputPath('import-progress-light.png') });
    await expect.poll(async () => (await importStatus(page))?.videos.linked ?? 0, { timeout: 60_000, intervals: [100] }).toBeGreaterThanOrEqual(1);

    // The crash: the host (and its in-process server) dies mid-import.
    const atCrash = await importStatus(page);
    expect(atCrash?.videos.linked).toBeLessThan(6);
    await kill(host);
    host = await startHost(port, sandboxDir);
    await login(page, url);
    await expect
      .poll(async () => (await importStatus(page))?.phase, { timeout: 120_000, intervals: [250] })
      .toBe('done')
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}\n${JSON.stringify(await importStatus(page))}`);
      });
    const done = (await importStatus(page))!;
    expect(done.videos).toEqual({ uploaded: 6, linked: 6, failed: 0, total: 6 });

    // Exactly one course, one folder and one video per source, in order, each linked to its library file.
    const courses = await page.evaluate(async () => {
      const answer = await (globalThis as unknown as WithApi).api.videoRepository.courses({});
      return answer.ok ? answer.data : [];
    });
    expect(courses.filter((c) => c.name === `Dairy ${tag}`)).toHaveLength(1);
    // Made as a draft with fee 0: the fee is set in Edit Course (docs/decisions/courses.md).
    expect(courses.find((c) => c.name === `Dairy ${tag}`)).toMatchObject({ status: 'draft', pricingPlan: { courseFee: 0 } });
    const top = await listing(page, done.courseId!);
    expect(top.courseDoc.thumbnail).not.toBe('');
    const tree2: string[] = [];
    const walk = async (id: string, depth: number): Promise<void> => {
      for (const doc of (await listing(page, id)).descendants) {
        tree2.push(`${'  '.repeat(depth)}${doc.title}${doc.type === 'file' ? (doc.fileId ? ' (linked)' : ' (no file)') : ''}`);
        if (doc.type === 'folder') await walk(doc._id, depth + 1);
      }
    };
    await walk(done.courseId!, 0);
    expect(tree2).toEqual([
      'Planning the dairy',
      '  Choosing your cattle',
      '    Breeds',
      `      Intro to breeds ${tag} (linked)`,
      `      Breeds ${tag} (linked)`,
      '  Land and water',
      `    Water ${tag} (linked)`,
      `    Soil ${tag} (linked)`,
      'Feeding',
      `  Grass ${tag} (linked)`,
      `  Hay ${tag} (linked)`,
    ]);
    const library = await page.evaluate(async () => {
      const answer = await (globalThis as unknown as WithApi).api.library.mediaList({});
      return answer.ok ? answer.data : [];
    });
    const ours = library.filter((f) => f.title.endsWith(tag));
    expect(ours.map((f) => f.title).sort()).toEqual([`Breeds ${tag}`, `Grass ${tag}`, `Hay ${tag}`, `Intro to breeds ${tag}`, `Soil ${tag}`, `Water ${tag}`]);
    expect(ours.every((f) => f.language === 'English')).toBe(true);
    const intro = ours.find((f) => f.title === `Intro to breeds ${tag}`)!;
    await expect
      .poll(
        () =>
          page.evaluate(async (videoId) => {
            const answer = await (globalThis as unknown as WithApi).api.videoRepository.transcripts({ videoId });
            return answer.ok ? answer.data.transcripts.map((t) => [t.language, t.captionText]) : [];
          }, intro._id),
        // The captions follow their video's upload (after the crash, at the queue's next upload or start).
        { timeout: 30_000 },
      )
      .toEqual([['English', 'Cows of the plains']]);

    // The summary, and the built directory on screen.
    await page.goto(`${url}/#/course`);
    // The list was fetched again when the import ended.
    await page.getByRole('button', { name: `Dairy ${tag}`, exact: true }).click();
    await expect(page.getByRole('heading', { name: `Dairy ${tag}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Planning the dairy', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Feeding', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Import folder…' }).click();
    // Nothing was picked this time (the stand-in's queue is empty): the dialog stays closed.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Dropped on the directory, a folder goes into the folder shown (here the course's top: a module).
    const dirHeading = page.getByRole('heading', { name: `Dairy ${tag}` });
    expect((await page.request.post(`${url}${BRIDGE_NEXT_DROP_PATH}`, { data: { paths: [feeding] } })).status()).toBe(204);
    await dropFiles(page, dirHeading, ['2 Feeding']);
    const intoCourse = page.getByRole('dialog', { name: 'Import 2 Feeding' });
    await expect(intoCourse.getByRole('status')).toContainText('1 folder and 2 videos to import');
    await intoCourse.getByRole('button', { name: 'Cancel' }).click();
    await expect(intoCourse).toHaveCount(0);
    // In a concept, where the button is disabled, a drop is refused with its reason.
    for (const name of ['Planning the dairy', 'Choosing your cattle', 'Breeds']) await page.getByRole('button', { name, exact: true }).click();
    await dropFiles(page, page.getByRole('heading', { name: 'Breeds' }), ['2 Feeding']);
    await expect(toast(page, 'A folder cannot be imported here. Folders go three levels deep: module, topic and concept.')).toBeVisible();
  } finally {
    await kill(host);
    rmSync(sandboxDir, { recursive: true, force: true });
  }
});
