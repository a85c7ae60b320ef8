/**
 * The Bulk Upload page's words and states, read as a person reads them: Pause while a file is in flight
 * (it finishes unless the person stops it, after being told what will be sent again), Start and Resume,
 * the summary's counts, the selection under a filter, and the layout at 1024 x 700.
 */
import { expect, test, type Page } from './walk';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Api } from '../../src/shared/api';
import { writeVideos } from '../../src/main/services/bulk/testing';
import { BRIDGE_NEXT_PICK_PATH } from '../bridge/protocol';
import { SANDBOX_ADMIN, expectAccessible, loginAs, toast, unique } from './helpers';
import { bulkOverall, emptyBulkQueue } from './processes';

type WithApi = { api: Api };

const queueRows = (page: Page) =>
  page.evaluate(async () => {
    const answer = await (globalThis as unknown as WithApi).api.bulk.list({ limit: 1000 });
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.data.rows.map((r) => ({ name: r.file.name, state: r.state, sent: r.sent }));
  });

/** Signs in, empties the host's queue, opens Bulk Upload and adds `paths` through the open dialog's stand-in. */
async function openWith(page: Page, request: import('@playwright/test').APIRequestContext, paths: string[]): Promise<void> {
  await loginAs(page, SANDBOX_ADMIN.email, SANDBOX_ADMIN.password);
  await emptyBulkQueue(page);
  await page.getByRole('link', { name: 'Bulk Upload' }).click();
  await expect(page.getByRole('heading', { name: 'Bulk Upload' })).toBeVisible();
  await request.post(BRIDGE_NEXT_PICK_PATH, { data: { paths } });
  await page.getByRole('button', { name: 'Add files' }).click();
  await expect(toast(page, `${paths.length} added.`)).toBeVisible();
}

/** Fills what every file needs (type, business ideas, a keyword group, a description) for all rows. */
async function fillDefaults(page: Page): Promise<void> {
  const panel = page.getByRole('complementary', { name: 'Defaults' });
  await panel.getByLabel('Type').selectOption('Interview');
  await panel.getByLabel('Description').fill('Queued by the Bulk Upload page walk.');
  await panel.getByRole('button', { name: 'Select All', exact: true }).click();
  await panel.getByRole('group', { name: 'Keyword groups' }).getByRole('checkbox').first().check();
  await panel.getByRole('button', { name: 'Apply to all' }).click();
}

test('Pause lets the file in flight finish; Stop now first says what will be sent again', async ({ page, request }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-e2e-bulkpage-'));
  const tag = unique();
  try {
    // Sparse, so instant to make; large enough that its upload to loopback runs for seconds.
    // One file: the queue's other files waiting after a Pause are the unit and integration tests' (a
    // second file here may be read sooner than this one and go first).
    const paths = await writeVideos(dir, [`Big_${tag}.mp4`], 1024 ** 3);
    await openWith(page, request, paths);
    await fillDefaults(page);
    await expect.poll(async () => (await bulkOverall(page)).needAttention).toBe(0);
    await page.getByLabel('Uploads at once').selectOption('1');
    // One upload at a time before Start (the calls may be answered in any order): only the first file is in flight.
    const concurrency = () => page.evaluate(async () => {
      const answer = await (globalThis as unknown as WithApi).api.bulk.status({});
      return answer.ok ? answer.data.status.concurrency : null;
    });
    await expect.poll(concurrency).toBe(1);
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect.poll(async () => (await queueRows(page))[0]?.sent ?? 0, { timeout: 60_000 }).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Queue', exact: true });
    await expect(toolbar.getByRole('status')).toHaveText('Pausing: the upload in flight finishes first');
    await expect(toolbar.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();
    await toolbar.getByRole('button', { name: 'Stop now…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Stop the upload in flight now?' }).or(page.getByRole('dialog', { name: 'Stop the upload in flight now?' }));
    await expect(dialog).toContainText(/^Stop the upload in flight now\?\d+(\.\d)? (MB|GB|KB) already sent will be sent again: the file starts again from the beginning when you resume\./);
    await dialog.getByRole('button', { name: 'Stop now' }).click();
    // Cut: the file waits again with nothing sent, and the queue says Resume.
    await expect.poll(() => queueRows(page)).toEqual([{ name: `Big_${tag}.mp4`, state: 'waiting', sent: 0 }]);
    await expect(toolbar.getByRole('status')).toHaveCount(0);
    await expect(toolbar.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();
    await expectAccessible(page, 'Bulk Upload, paused');
  } finally {
    await emptyBulkQueue(page).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Light and dark screenshots at 1440 x 900 and 1024 x 700, kept with the test's output. */
async function screens(page: Page, name: string): Promise<void> {
  const settled = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  for (const [width, height] of [[1440, 900], [1024, 700]] as const) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${colorScheme}.png`) });
    }
  }
  await settled.evaluate((style) => (style as HTMLElement).remove());
  await page.emulateMedia({ colorScheme: null });
}

test('words and states: Start stays Start when nothing can start, no idle pace, fixed rows say where they went, the summary counts what needs attention, the page fits 1024 x 700', async ({ page, request }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-e2e-bulkwords-'));
  const tag = unique();
  try {
    await page.setViewportSize({ width: 1024, height: 700 });
    // Sizes of their own: the host's library keeps what this walk uploads, and another walk's file of the
    // same size and duration would be held as "likely in the library already".
    const sized = async (folder: string, name: string, bytes: number) => (await writeVideos(join(dir, folder), [name], bytes))[0]!;
    const first = [await sized('a', `Words_${tag}-1.mp4`, 7001), await sized('b', `Words_${tag}-2.mp4`, 7103)];
    await openWith(page, request, first);
    const toolbar = page.getByRole('toolbar', { name: 'Queue', exact: true });
    const overallBar = page.getByRole('status', { name: 'Overall progress' });
    const grid = page.getByRole('table', { name: 'Bulk upload queue' });

    // The toolbar keeps one row at 1024: its height is one button's.
    const start = toolbar.getByRole('button', { name: 'Start', exact: true });
    const [bar, button] = [await toolbar.boundingBox(), await start.boundingBox()];
    expect(bar!.height).toBeLessThan(button!.height * 1.5);
    // The queue's table fits its pane: no column cut, nothing under a sideways scroll.
    const fits = await page.getByRole('region', { name: 'Bulk upload queue, scrollable' }).evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    const progressHeader = grid.getByRole('columnheader', { name: 'Progress' });
    expect(await progressHeader.evaluate((th) => [...th.querySelectorAll('*')].every((el) => el.scrollWidth <= el.clientWidth))).toBe(true);
    // The defaults' lists grow within the panel's one scroll; none scrolls on its own.
    const scrolling = await page.getByRole('complementary', { name: 'Defaults' }).evaluate((aside) =>
      [aside, ...aside.querySelectorAll('*')].filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight).length,
    );
    expect(scrolling).toBe(1);

    // Nothing can start (both need their fields): Start says why and stays Start, not Pause.
    await start.click();
    await expect(page.getByRole('alert')).toContainText('Nothing can start: 2 items need attention: 2 with fields to fill or fix.');
    await expect(toolbar.getByRole('button', { name: 'Pause', exact: true })).toHaveCount(0);
    await expect(start).toBeVisible();
    // Idle: no rate and no "time left 0 s".
    await expect(overallBar).toContainText('0 of 2 files done · 0 KB of 14 KB');
    await expect(overallBar).not.toContainText('time left');

    // Show them, tick both, fill their fields: they leave the filter, and the empty table says where they went.
    await page.getByRole('button', { name: 'Show them' }).click();
    await grid.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    const panel = page.getByRole('complementary', { name: 'Defaults' });
    await panel.getByLabel('Type').selectOption('Interview');
    await panel.getByLabel('Description').fill('Checked by the words walk.');
    await panel.getByRole('button', { name: 'Select All', exact: true }).click();
    await panel.getByRole('group', { name: 'Keyword groups' }).getByRole('checkbox').first().check();
    await panel.getByRole('button', { name: 'Apply to 2 selected' }).click();
    await expect(grid.getByText('No item needs attention now: the items fixed went back to the queue. Show all items to see them.')).toBeVisible();

    // The queue was started: the fixed files upload by themselves.
    await expect(toolbar.getByText('All 2 files uploaded')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Summary: 2 uploaded, 0 failed, 0 skipped.')).toBeVisible();

    // New files added to the finished run: the run starts again (Start), it does not "resume".
    const second = [await sized('c', `Words_${tag}-3.mp4`, 7207), await sized('d', '___.mp4', 7309)];
    await request.post(BRIDGE_NEXT_PICK_PATH, { data: { paths: second } });
    await toolbar.getByRole('button', { name: 'Add files' }).click();
    await expect(toast(page, '2 added.')).toBeVisible();
    await expect(toolbar.getByRole('button', { name: 'Start', exact: true })).toBeVisible();
    await expect(toolbar.getByRole('button', { name: 'Resume', exact: true })).toHaveCount(0);
    await panel.getByRole('button', { name: 'Apply to all' }).click();
    await toolbar.getByRole('button', { name: 'Start', exact: true }).click();
    // The file with no title waits for the person: it needs attention, it was not skipped.
    await expect(page.getByText('Summary: 3 uploaded, 0 failed, 1 needs attention, 0 skipped.')).toBeVisible({ timeout: 30_000 });
    // A row's bar says its percent, and the table's tooltip shows the same over it.
    const rowBar = grid.getByRole('progressbar', { name: 'Progress of ___.mp4' });
    await expect(rowBar).toHaveAttribute('aria-valuetext', '0%');
    await rowBar.hover();
    await expect(page.getByRole('tooltip')).toHaveText('0%');
    await expectAccessible(page, 'Bulk Upload at 1024 x 700');
    await screens(page, 'bulk-page');
  } finally {
    await emptyBulkQueue(page).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
});
