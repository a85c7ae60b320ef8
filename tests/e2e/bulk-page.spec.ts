/**
 * The Bulk Upload page's words and states, read as a person reads them: Pause while a file is in flight
 * (it finishes unless the person stops it, after being told what will be sent again), Start and Resume,
 * the summary's counts, the selection under a filter, and the layout at 1024 x 700.
 */
import { expect, test, type Page } from '@playwright/test';
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
    const paths = await writeVideos(dir, [`Big_${tag}.mp4`, `Next_${tag}.mp4`], 1024 ** 3);
    await openWith(page, request, paths);
    await fillDefaults(page);
    await expect.poll(async () => (await bulkOverall(page)).needAttention).toBe(0);
    await page.getByLabel('Uploads at once').selectOption('1');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect.poll(async () => (await queueRows(page))[0]?.sent ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Queue' });
    await expect(toolbar.getByRole('status')).toHaveText('Pausing: the upload in flight finishes first');
    await expect(toolbar.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();
    await toolbar.getByRole('button', { name: 'Stop now…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Stop the upload in flight now?' }).or(page.getByRole('dialog', { name: 'Stop the upload in flight now?' }));
    await expect(dialog).toContainText(/^Stop the upload in flight now\?\d+(\.\d)? (MB|GB|KB) already sent will be sent again: the file starts again from the beginning when you resume\./);
    await dialog.getByRole('button', { name: 'Stop now' }).click();
    // Cut: the file waits again with nothing sent, the next one never started, and the queue says Resume.
    await expect.poll(() => queueRows(page)).toEqual([
      { name: `Big_${tag}.mp4`, state: 'waiting', sent: 0 },
      { name: `Next_${tag}.mp4`, state: 'waiting', sent: 0 },
    ]);
    await expect(toolbar.getByRole('status')).toHaveCount(0);
    await expect(toolbar.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();
    await expectAccessible(page, 'Bulk Upload, paused');
  } finally {
    await emptyBulkQueue(page).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
});
