/**
 * Bulk upload through the browser preview: queue 50 generated videos, apply defaults, fix the
 * invalid ones, start, pause and resume; then the preview's host process is killed mid-queue (a crash:
 * its in-process sandbox server dies with it) and started again on the same data. The queue resumes and
 * the server ends with exactly 50 new records; the summary and its CSV.
 *
 * The test runs its own preview host (scripts/preview.ts on a port and a data folder of its own, reusing
 * the build the Playwright web server made), since it must SIGKILL it; the shared host is not touched.
 */
import { expect, test, type Page } from './walk';
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Api } from '../../src/shared/api';
import { writeVideos } from '../../src/main/services/bulk/testing';
import { BRIDGE_EXPORTS_FOLDER, BRIDGE_NEXT_DROP_PATH, BRIDGE_NEXT_PICK_PATH } from '../bridge/protocol';
import { SANDBOX_ADMIN, dropFiles, expectAccessible, loginAs, toast, unique } from './helpers';
import { freePort } from '../free-port';
import { makeVideo } from './library-fixtures';
import { bulkOverall, emptyBulkQueue, killProcess as kill, loginPreview, startPreviewHost } from './processes';

type WithApi = { api: Api };
const COUNT = 50;
/** Large enough that the queue (one upload at a time) runs for a few seconds, so the crash lands mid-queue. */
const FILE_BYTES = 3 * 1024 * 1024;


/** The preview host in one process, so SIGKILL stops it and its sandbox. */
const startHost = startPreviewHost;
const login = loginPreview;

const overall = bulkOverall;
const emptyQueue = emptyBulkQueue;

const libraryTitles = (page: Page) =>
  page.evaluate(async () => {
    const answer = await (globalThis as unknown as WithApi).api.library.mediaList({});
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.data.map((f) => f.title);
  });

test('bulk upload: 50 files, defaults, fixes, pause and resume, a crash mid-queue, exactly 50 records, the summary CSV', async ({ page, request }) => {
  test.setTimeout(300_000);
  const sandboxDir = mkdtempSync(join(tmpdir(), 'cc-e2e-bulk-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const tag = unique();
  // 48 files named normally; 2 whose names leave no title (the Add File rule 'Enter a new name!').
  const names = Array.from({ length: COUNT - 2 }, (_, i) => `Bulk_${tag}-${String(i + 1).padStart(2, '0')}.mp4`);
  const paths = [
    ...(await writeVideos(join(sandboxDir, 'videos'), names, FILE_BYTES)),
    ...(await writeVideos(join(sandboxDir, 'videos', 'a'), ['___.mp4'], FILE_BYTES)),
    ...(await writeVideos(join(sandboxDir, 'videos', 'b'), ['---.mp4'], FILE_BYTES)),
  ];
  let host: ChildProcess | null = await startHost(port, sandboxDir);
  try {
    await login(page, url);
    const before = (await libraryTitles(page)).length;
    await page.getByRole('link', { name: 'Bulk Upload' }).click();
    await expect(page.getByRole('heading', { name: 'Bulk Upload' })).toBeVisible();

    // Add files: the dialog's stand-in returns the 50 paths.
    const pick = await request.post(`${url}${BRIDGE_NEXT_PICK_PATH}`, { data: { paths } });
    expect(pick.status()).toBe(204);
    await page.getByRole('button', { name: 'Add files' }).click();
    await expect(toast(page, '50 added.')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Overall progress' })).toContainText(`0 of ${COUNT} files done`);
    await expect(page.getByRole('button', { name: `${COUNT} items need attention` })).toBeVisible();

    await expectAccessible(page, 'Bulk Upload');

    // Defaults for all: type, every business idea, a keyword group, a description.
    const panel = page.getByRole('complementary', { name: 'Defaults' });
    // A field set and put back to '(unchanged)', or a description typed and cleared, applies nothing.
    await panel.getByLabel('Language').selectOption('Hindi');
    await panel.getByLabel('Level').selectOption('2');
    await panel.getByLabel('Description').fill('x');
    await expect(panel.getByRole('button', { name: 'Apply to all' })).toBeEnabled();
    await panel.getByLabel('Language').selectOption('(unchanged)');
    await panel.getByLabel('Level').selectOption('(unchanged)');
    await panel.getByLabel('Description').fill('');
    await expect(panel.getByRole('button', { name: 'Apply to all' })).toBeDisabled();
    await panel.getByLabel('Type').selectOption('Interview');
    await panel.getByLabel('Level').selectOption('3');
    await panel.getByLabel('Description').fill('Queued in bulk by the e2e test.');
    await panel.getByRole('button', { name: 'Select All', exact: true }).click();
    await panel.getByRole('group', { name: 'Keyword groups' }).getByRole('checkbox').first().check();
    await page.screenshot({ path: test.info().outputPath('bulk-light-before.png') });
    // Selected across pages: a page of 20 rows ticked, then every row of the queue (the page holds 20).
    const queueTable = page.getByRole('table', { name: 'Bulk upload queue' });
    await page.getByRole('navigation', { name: 'Pagination' }).getByLabel('Rows per page').selectOption('20');
    await expect(page.getByText(`1–20 of ${COUNT} records`)).toBeVisible();
    await queueTable.getByRole('checkbox', { name: 'Select all rows' }).check();
    await expect(panel.getByRole('button', { name: 'Apply to 20 selected' })).toBeEnabled();
    await page.getByRole('button', { name: `Select all ${COUNT} items` }).click();
    await expect(page.getByRole('status', { name: 'Selection' })).toContainText(`All ${COUNT} items selected.`);
    await panel.getByRole('button', { name: `Apply to ${COUNT} selected` }).click();
    await expect(toast(page, `Applied to ${COUNT} items.`)).toBeVisible();
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await expect(panel.getByRole('button', { name: 'Apply to 0 selected' })).toBeDisabled();
    await page.getByRole('navigation', { name: 'Pagination' }).getByLabel('Rows per page').selectOption('100');

    // Two still need attention (no title); the filter shows them with why; fix them in place.
    const attention = page.getByRole('button', { name: '2 items need attention' });
    await expect(attention).toBeVisible();
    await attention.click();
    const grid = page.getByRole('grid', { name: 'Bulk upload queue' }).or(page.getByRole('table', { name: 'Bulk upload queue' }));
    await expect(grid.getByText('Enter a new name!')).toHaveCount(2);
    for (const file of ['___.mp4', '---.mp4']) {
      const title = page.getByRole('textbox', { name: `Title of ${file}` });
      await title.fill(`Bulk ${tag} fixed ${file.slice(0, 1) === '_' ? 'A' : 'B'}`);
      // Saved as typed; the fixed row then leaves the 'attention' filter.
      await expect(title).toHaveCount(0);
    }
    await expect.poll(async () => (await overall(page)).needAttention).toBe(0);
    await expect(grid.getByText('Enter a new name!')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show all items' }).click();

    // One upload at a time, so the crash below lands mid-queue.
    await page.getByLabel('Uploads at once').selectOption('1');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect.poll(async () => (await overall(page)).filesDone, { timeout: 60_000, intervals: [100] }).toBeGreaterThanOrEqual(1);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    const paused = await overall(page);
    // The upload in flight when Pause came may still end; then nothing uploads and the queue says paused.
    const settled = () =>
      page.evaluate(async () => {
        const api = (globalThis as unknown as WithApi).api;
        const [uploading, status] = await Promise.all([api.bulk.list({ filter: 'uploading', limit: 0 }), api.bulk.status({})]);
        return uploading.ok && status.ok ? { uploading: uploading.data.total, running: status.data.status.running } : null;
      });
    await expect.poll(settled).toEqual({ uploading: 0, running: false });
    expect((await overall(page)).filesDone).toBeLessThanOrEqual(paused.filesDone + 1);
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await expect.poll(async () => (await overall(page)).filesDone, { timeout: 60_000, intervals: [50] }).toBeGreaterThanOrEqual(paused.filesDone + 2);
    await page.screenshot({ path: test.info().outputPath('bulk-light-running.png') });

    // The crash: the host (and its in-process server) dies mid-queue.
    const atCrash = (await overall(page)).filesDone;
    expect(atCrash).toBeLessThan(COUNT);
    await kill(host);
    host = await startHost(port, sandboxDir);

    // Signed in again (the preview keeps the token in memory), the restored queue carries on by itself.
    await login(page, url);
    await page.goto(`${url}/#/bulk-upload`);
    await expect(page.getByRole('status', { name: 'Overall progress' }))
      .toContainText(`${COUNT} of ${COUNT} files done`, { timeout: 120_000 })
      .catch(async (error: unknown) => {
        // Say which item did not finish, and why.
        const stuck = await page.evaluate(() => (globalThis as unknown as WithApi).api.bulk.list({ filter: 'attention' }));
        throw new Error(`${String(error)}\n${JSON.stringify(stuck)}`);
      });

    const titles = await libraryTitles(page);
    expect(titles.length - before).toBe(COUNT);
    const ours = titles.filter((t) => t.startsWith(`Bulk ${tag}`));
    expect(ours).toHaveLength(COUNT);
    expect(new Set(ours).size).toBe(COUNT);

    // The summary and its CSV (the save dialog's stand-in writes into the host's state folder).
    await expect(page.getByText(`Summary: ${COUNT} uploaded, 0 failed, 0 skipped.`)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('bulk-light-summary.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: test.info().outputPath('bulk-dark-summary.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(toast(page, 'Saved bulk-upload-summary.csv.')).toBeVisible();
    const csv = readFileSync(join(sandboxDir, 'host', BRIDGE_EXPORTS_FOLDER, 'bulk-upload-summary.csv'), 'utf8').split('\r\n').filter(Boolean);
    expect(csv[0]).toBe('"Outcome","File","Folder","Size (bytes)","Title","Record id","Reason","Attempts"');
    expect(csv.slice(1).filter((line) => line.startsWith('"uploaded",'))).toHaveLength(COUNT);
  } finally {
    await kill(host);
    rmSync(sandboxDir, { recursive: true, force: true });
  }
});

test('a file gone since it was queued: changed or missing, chosen again, then uploaded', async ({ page, request }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-e2e-again-'));
  const tag = unique();
  try {
    // A size of its own: the host's library keeps what earlier walks uploaded, and a file of the same
    // size and duration would be held as "likely in the library already" (and never start).
    const bytes = 64 * 1024 + Math.floor(Math.random() * 60_000);
    const kept = (await writeVideos(dir, [`Again_${tag}-1.mp4`], bytes))[0]!;
    const gone = (await writeVideos(dir, [`Again_${tag}-2.mp4`], bytes + 1))[0]!;
    await loginAs(page, SANDBOX_ADMIN.email, SANDBOX_ADMIN.password);
    await emptyQueue(page);
    await page.getByRole('link', { name: 'Bulk Upload' }).click();
    await expect(page.getByRole('heading', { name: 'Bulk Upload' })).toBeVisible();
    await request.post(BRIDGE_NEXT_PICK_PATH, { data: { paths: [kept, gone] } });
    await page.getByRole('button', { name: 'Add files' }).click();
    await expect(toast(page, '2 added.')).toBeVisible();
    const panel = page.getByRole('complementary', { name: 'Defaults' });
    await panel.getByLabel('Type').selectOption('Interview');
    await panel.getByLabel('Description').fill('Chosen again by the e2e test.');
    await panel.getByRole('button', { name: 'Select All', exact: true }).click();
    await panel.getByRole('group', { name: 'Keyword groups' }).getByRole('checkbox').first().check();
    await panel.getByRole('button', { name: 'Apply to all' }).click();
    await expect.poll(async () => (await overall(page)).needAttention).toBe(0);

    // The second file goes before the queue reaches it.
    rmSync(gone);
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    const grid = page.getByRole('table', { name: 'Bulk upload queue' });
    await expect(grid.getByText('changed or missing: choose it again'))
      .toBeVisible({ timeout: 30_000 })
      .catch(async (error: unknown) => {
        // Say what the queue holds (states, probes, duplicates) and whether it runs.
        const held = await page.evaluate(async () => {
          const api = (globalThis as unknown as WithApi).api;
          return { status: await api.bulk.status({}), items: await api.bulk.list({ filter: 'all' }) };
        });
        throw new Error(`${String(error)}\n${JSON.stringify(held)}`);
      });
    await expect.poll(async () => (await overall(page)).filesDone, { timeout: 30_000 }).toBe(1);

    // Chosen again (the open dialog's stand-in returns the file, back in its place), then uploaded.
    const back = (await writeVideos(join(dir, 'back'), [`Again_${tag}-2.mp4`], bytes + 1))[0]!;
    await request.post(BRIDGE_NEXT_PICK_PATH, { data: { path: back } });
    await grid.getByRole('button', { name: `Choose Again_${tag}-2.mp4 again` }).click();
    await expect(grid.getByText('changed or missing: choose it again')).toBeHidden();
    // The run had finished by itself (nobody paused it): it starts again, it does not "resume".
    await expect(page.getByRole('button', { name: 'Resume', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect.poll(async () => (await overall(page)).filesDone, { timeout: 30_000 }).toBe(2);
    const titles = await libraryTitles(page);
    expect(titles.filter((t) => t.startsWith(`Again ${tag}`)).sort()).toEqual([`Again ${tag} 1`, `Again ${tag} 2`]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('files dropped on the Video Library go to the bulk-upload queue', async ({ page, request }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-e2e-drop-'));
  const tag = unique();
  try {
    const paths = await writeVideos(dir, [`Dropped_${tag}-1.mp4`, `Dropped_${tag}-2.mp4`], 16 * 1024);
    await loginAs(page, SANDBOX_ADMIN.email, SANDBOX_ADMIN.password);
    await emptyQueue(page);
    await page.getByRole('link', { name: 'Video Library' }).click();
    const table = page.getByRole('table', { name: 'Video Library' });
    await expect(table).toBeVisible();
    // The preload resolves the dropped Files in the desktop app; here the host's stand-in holds their paths.
    expect((await request.post(BRIDGE_NEXT_DROP_PATH, { data: { paths } })).status()).toBe(204);
    await dropFiles(page, table, paths.map((path) => path.split('/').pop()!));
    await expect(toast(page, '2 added. Describe them in Bulk Upload.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bulk Upload' })).toBeVisible();
    const queue = page.getByRole('table', { name: 'Bulk upload queue' });
    await expect(queue.getByRole('textbox', { name: `Title of Dropped_${tag}-1.mp4` })).toHaveValue(`Dropped ${tag} 1`);
    await expect(queue.getByRole('textbox', { name: `Title of Dropped_${tag}-2.mp4` })).toHaveValue(`Dropped ${tag} 2`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('real media: captions travel with their video, a defaults label ticks its own box, the finished queue links to the record, the same file again is flagged with its link and skipped', async ({ page, request }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-e2e-real-'));
  const tag = unique();
  try {
    const talk = makeVideo(2, `Talk_${tag}.mp4`, { folder: dir });
    writeFileSync(join(dir, `Talk_${tag}.hi.srt`), '1\n00:00:00,500 --> 00:00:01,500\nNamaste from the sidecar\n');
    mkdirSync(join(dir, 'again'));
    const again = join(dir, 'again', `Talk again_${tag}.mp4`);
    copyFileSync(talk, again);
    await loginAs(page, SANDBOX_ADMIN.email, SANDBOX_ADMIN.password);
    await emptyQueue(page);
    await page.getByRole('link', { name: 'Bulk Upload' }).click();
    await request.post(BRIDGE_NEXT_PICK_PATH, { data: { paths: [talk] } });
    await page.getByRole('button', { name: 'Add files' }).click();
    await expect(toast(page, '1 added.')).toBeVisible();
    const grid = page.getByRole('table', { name: 'Bulk upload queue' });

    const panel = page.getByRole('complementary', { name: 'Defaults' });
    await panel.getByLabel('Type').selectOption('Interview');
    await panel.getByLabel('Description').fill('A talk with its captions.');
    await panel.getByRole('button', { name: 'Select All', exact: true }).click();
    // The label's text ticks its own box, not the group's first.
    const groups = panel.getByRole('group', { name: 'Keyword groups' }).getByRole('checkbox');
    const second = groups.nth(1);
    const label = panel.locator(`label[for="${await second.getAttribute('id')}"]`);
    await expect(label).toHaveCount(1);
    await label.click();
    await expect(second).toBeChecked();
    await expect(groups.first()).not.toBeChecked();
    await panel.getByRole('button', { name: 'Apply to all' }).click();
    await expect.poll(async () => (await overall(page)).needAttention).toBe(0);
    await expect(grid.getByText(`Talk_${tag}.hi.srt: imported after the upload`)).toBeVisible();
    // A frame of each video as its thumbnail (the one video here), at the chosen moment.
    await panel.getByRole('spinbutton', { name: 'Frame at', exact: true }).fill('1.5');
    await panel.getByRole('button', { name: 'Use a frame of each video' }).click();
    await expect(toast(page, 'Thumbnail set from a frame for 1 of 1 video.')).toBeVisible();
    const queued = await page.evaluate(async () => {
      const answer = await (globalThis as unknown as WithApi).api.bulk.list({});
      return answer.ok ? answer.data.rows.map((row) => row.thumbnail?.name ?? null) : [];
    });
    expect(queued).toEqual([`Talk_${tag}-frame.jpg`]);

    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page.getByText('All 1 file uploaded')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Resume', exact: true })).toBeHidden();
    await expect(grid.getByText(`Talk_${tag}.hi.srt: 1 Hindi lines imported`)).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page, 'Bulk Upload, finished');
    const open = grid.getByRole('link', { name: `Open in the library: "Talk ${tag}"` });
    const href = await open.getAttribute('href');
    const recordId = decodeURIComponent(/videoId=([^&]+)/.exec(href ?? '')?.[1] ?? '');
    const lines = await page.evaluate(async (videoId) => {
      const answer = await (globalThis as unknown as WithApi).api.videoRepository.transcripts({ videoId });
      if (!answer.ok) throw new Error(answer.error.message);
      return answer.data.transcripts.map((t) => [t.language, t.timeStamp, t.captionText]);
    }, recordId);
    expect(lines).toEqual([['Hindi', '00:00:00', 'Namaste from the sidecar']]);
    // The frame went up as the record's thumbnail: an image.
    const thumbnail = await page.evaluate(async (id) => {
      const list = await (globalThis as unknown as WithApi).api.library.mediaList();
      const file = list.ok ? list.data.find((f) => f._id === id) : undefined;
      if (!file?.thumbnail) return null;
      const answer = await fetch((globalThis as unknown as { files: { previewUrl(src: string): string } }).files.previewUrl(file.thumbnail));
      return answer.headers.get('content-type');
    }, recordId);
    expect(thumbnail).toBe('image/jpeg');
    await open.click();
    await expect(page.getByText(`Talk ${tag}`).first()).toBeVisible();

    // The same content again, under another name: held, with the record it duplicates; skipped.
    await page.getByRole('link', { name: 'Bulk Upload' }).click();
    await request.post(BRIDGE_NEXT_PICK_PATH, { data: { paths: [again] } });
    await page.getByRole('button', { name: 'Add files' }).click();
    await expect(toast(page, '1 added.')).toBeVisible();
    await expect(grid.getByText(`Uploaded before from this computer as "Talk ${tag}"`)).toBeVisible({ timeout: 15_000 });
    await expect(grid.getByRole('link', { name: `Open it: the library file "Talk ${tag}"` })).toHaveAttribute('href', `#/transcripts?videoId=${encodeURIComponent(recordId)}`);
    await grid.getByRole('button', { name: `Skip Talk again_${tag}.mp4` }).click();
    await expect(grid.getByRole('row', { name: new RegExp(`Talk again_${tag}`) }).getByText('Cancelled')).toBeVisible();
    expect((await libraryTitles(page)).filter((t) => t.startsWith(`Talk ${tag}`) || t.startsWith(`Talk again ${tag}`))).toEqual([`Talk ${tag}`]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
