/**
 * A damaged video queued in Bulk Upload beside a good one: the row says it is not a playable video and
 * why, it is held (the good one uploads, it does not), and it goes only when the person says Send anyway.
 */
import { expect, test, type Page } from '@playwright/test';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Api } from '../../src/shared/api';
import { writeVideos } from '../../src/main/services/bulk/testing';
import { BRIDGE_NEXT_PICK_PATH } from '../bridge/protocol';
import { makeHostile } from '../media-matrix';
import { SANDBOX_ADMIN, expectAccessible, loginAs, toast, unique } from './helpers';
import { bulkOverall, emptyBulkQueue } from './processes';

type WithApi = { api: Api };
const libraryTitles = (page: Page) =>
  page.evaluate(async () => {
    const answer = await (globalThis as unknown as WithApi).api.library.mediaList({});
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.data.map((f) => f.title);
  });

test('bulk upload: a half-copied phone video is held as not playable and sent only when the person says so', async ({ page, request }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-e2e-verdict-'));
  const tag = unique();
  try {
    const [good] = await writeVideos(dir, [`Good_${tag}.mp4`]);
    const { made } = await makeHostile(join(dir, 'made'), ['truncated-phone.mov']);
    const damaged = join(dir, `Half_${tag}.mov`);
    copyFileSync(made.get('truncated-phone.mov')!, damaged);
    await loginAs(page, SANDBOX_ADMIN.email, SANDBOX_ADMIN.password);
    await emptyBulkQueue(page);
    await page.getByRole('link', { name: 'Bulk Upload' }).click();
    await expect(page.getByRole('heading', { name: 'Bulk Upload' })).toBeVisible();
    await request.post(BRIDGE_NEXT_PICK_PATH, { data: { paths: [good, damaged] } });
    await page.getByRole('button', { name: 'Add files' }).click();
    await expect(toast(page, '2 added.')).toBeVisible();
    const panel = page.getByRole('complementary', { name: 'Defaults' });
    await panel.getByLabel('Type').selectOption('Interview');
    await panel.getByLabel('Description').fill('Checked by the verdict walk.');
    await panel.getByRole('button', { name: 'Select All', exact: true }).click();
    await panel.getByRole('group', { name: 'Keyword groups' }).getByRole('checkbox').first().check();
    await panel.getByRole('button', { name: 'Apply to all' }).click();

    const grid = page.getByRole('table', { name: 'Bulk upload queue' });
    await expect(grid.getByText(/^Not a playable video or audio file: Its index is missing/)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect.poll(async () => (await bulkOverall(page)).filesDone, { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => (await bulkOverall(page)).needAttention).toBe(1);
    let titles = await libraryTitles(page);
    expect(titles).toContain(`Good ${tag}`);
    expect(titles).not.toContain(`Half ${tag}`);
    await expectAccessible(page, 'Bulk Upload with a file held as not playable');

    // The person's say-so: it goes (the queue that had finished runs again by itself).
    await grid.getByRole('button', { name: `Send Half_${tag}.mov anyway` }).click();
    await expect.poll(async () => (await bulkOverall(page)).filesDone, { timeout: 30_000 }).toBe(2);
    titles = await libraryTitles(page);
    expect(titles).toContain(`Half ${tag}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
