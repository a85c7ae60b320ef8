/**
 * Background work in one place, as a person finds it: a folder import (one video held as not playable,
 * so the import waits) and a bulk action on the Video Library, both listed in the shell's Background
 * work panel with their progress; the import cancelled from there, and the panel says what was made and
 * kept (the course's folder and linked video, which stay). axe (light and dark) on the panel.
 */
import { expect, test, type Page } from './walk';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Api } from '../../src/shared/api';
import type { ImportStatus } from '../../src/shared/schemas/course-import';
import { BRIDGE_NEXT_PICK_PATH } from '../bridge/protocol';
import { makeHostile, ownCopy } from '../media-matrix';
import { SANDBOX_ADMIN, expectAccessible, loginAs, tableRows, unique } from './helpers';
import { chooseFirst } from './course-fixtures';
import { createFile } from './library-fixtures';
import { emptyBulkQueue } from './processes';
import { shotsAtSizes } from './shots-sizes';

type WithApi = { api: Api };

const importStatus = (page: Page): Promise<ImportStatus | null> =>
  page.evaluate(async () => {
    const answer = await (globalThis as unknown as WithApi).api.courseImport.status({});
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.data;
  });

test('background work: an import and a bulk action in one panel with progress; the import cancelled there says what it kept', async ({ page, request }) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'cc-e2e-background-'));
  const tag = unique();
  try {
    const { made } = await makeHostile(join(dir, 'made'), ['truncated-phone.mov', 'fine.mp4']);
    const root = join(dir, `Background ${tag}`);
    mkdirSync(join(root, '1 Basics'), { recursive: true });
    // Bytes of its own: the host keeps what earlier walks uploaded, and the same content would be linked, not sent.
    await ownCopy(made.get('fine.mp4')!, join(root, '1 Basics', `1 Intro ${tag}.mp4`));
    // Held as not playable: the import waits for it (never linked), so it is still running when cancelled.
    copyFileSync(made.get('truncated-phone.mov')!, join(root, '1 Basics', `2 Half copied ${tag}.mov`));
    execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=teal:s=96x96', '-frames:v', '1', '-y', join(root, 'cover.png')]);

    await loginAs(page, SANDBOX_ADMIN.email, SANDBOX_ADMIN.password);
    await emptyBulkQueue(page);
    const files = [await createFile(request, { title: `Background ${tag} file 1` }), await createFile(request, { title: `Background ${tag} file 2` })];
    expect(files).toHaveLength(2);

    // The import, started as a person starts one, then its dialog closed: it carries on in the background.
    await page.getByRole('link', { name: 'Courses' }).click();
    await request.post(BRIDGE_NEXT_PICK_PATH, { data: { paths: [root] } });
    await page.getByRole('button', { name: 'Import folder…' }).click();
    const dialog = page.getByRole('dialog', { name: `Import Background ${tag} as a course` });
    await expect(dialog.getByRole('status')).toContainText('1 video not playable', { timeout: 60_000 });
    await dialog.getByLabel('Type').selectOption('Interview');
    await dialog.getByLabel('Description').fill('Imported by the background work walk.');
    await chooseFirst(dialog, 'Business ideas', 'menuitemcheckbox');
    await chooseFirst(dialog, 'Keyword groups', 'menuitemcheckbox');
    await dialog.getByRole('button', { name: 'Import 2 videos' }).click();
    const progress = page.getByRole('dialog', { name: 'Importing…' });
    await expect(progress).toBeVisible();
    await progress.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(async () => (await importStatus(page))?.videos.linked, { timeout: 120_000 }).toBe(1);

    // A bulk action: both files hidden from the Video Library's selection bar.
    await page.getByRole('link', { name: 'Video Library' }).click();
    const table = page.getByRole('table', { name: 'Video Library' });
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await page.getByRole('searchbox', { name: 'Search' }).fill(`Background ${tag} file`);
    await expect(tableRows(page, 'Video Library')).toHaveCount(2);
    await table.getByRole('checkbox', { name: 'Select all rows on this page' }).click();
    const bar = page.getByRole('toolbar', { name: 'Selected rows' });
    await bar.getByRole('button', { name: 'Change' }).click();
    await page.getByRole('menuitem', { name: 'Status' }).click();
    const change = page.getByRole('dialog', { name: 'Change Status of 2 files' });
    await change.getByRole('combobox', { name: 'New status' }).selectOption('hidden');
    await change.getByRole('button', { name: 'Apply' }).click();
    const summary = page.getByRole('dialog', { name: 'Changed Status of 2 files' });
    await expect(summary.getByRole('status')).toHaveText('2 done, 0 failed.');
    await summary.getByRole('button', { name: 'Close' }).click();

    // The shell's button counts what runs (the import), and opens the panel from the keyboard.
    const button = page.getByRole('button', { name: 'Background work, 1 running' });
    await button.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Background work' });
    const list = panel.getByRole('list', { name: 'Background work' });
    const action = list.getByRole('listitem', { name: 'Changing Status of 2 files' });
    await expect(action).toContainText('Finished');
    await expect(action).toContainText('2 of 2 records');
    await expect(action).toContainText('2 done.');
    await expect(action.getByRole('progressbar', { name: 'Progress of Changing Status of 2 files' })).toHaveAttribute('aria-valuenow', '1');
    const imported = list.getByRole('listitem', { name: `Import of Background ${tag}` });
    await expect(imported).toContainText('1 of 1 folder made; 1 of 2 videos linked');
    await expect(imported.getByRole('progressbar', { name: `Progress of Import of Background ${tag}` })).toHaveAttribute('aria-valuetext', '1 of 1 folder made; 1 of 2 videos linked');
    // The queue holds the damaged video (not playable) for the person: it needs attention, not time.
    const uploads = list.getByRole('listitem', { name: 'Bulk Upload' });
    await expect(uploads).toContainText('1 of 2 files uploaded');
    await expect(uploads).toContainText('Needs attention');
    await expect(panel.getByRole('status')).toHaveText('1 running');
    await expectAccessible(page, 'Background work panel with an import and a bulk action');
    await shotsAtSizes(page, 'background-work-running');

    // Cancelled from the panel (asked first): what was made stays, and the panel says what.
    await imported.getByRole('button', { name: 'Cancel import…' }).click();
    const question = page.getByRole('alertdialog', { name: 'Cancel this import?' });
    await question.getByRole('button', { name: 'Cancel import' }).click();
    await expect(imported).toContainText('Cancelled');
    await expect(imported).toContainText(`Kept: 1 folder made and 1 video linked into Background ${tag}. Not imported: 1 video.`);
    await expect(panel.getByRole('status')).toHaveText('0 running');
    await expect(imported.getByRole('button', { name: 'Cancel import…' })).toHaveCount(0);
    const cancelled = await importStatus(page);
    expect(cancelled).toMatchObject({ phase: 'cancelled', folders: { made: 1 }, videos: { linked: 1 } });
    // The course keeps the folder and its linked video.
    const kept = await page.evaluate(async (courseId) => {
      const api = (globalThis as unknown as WithApi).api;
      const course = await api.videoRepository.document({ id: courseId });
      if (!course.ok) throw new Error(course.error.message);
      const folder = course.data.descendants[0]!;
      const inside = await api.videoRepository.document({ id: folder._id });
      if (!inside.ok) throw new Error(inside.error.message);
      return { folders: course.data.descendants.map((d) => d.title), videos: inside.data.descendants.map((d) => d.title) };
    }, cancelled!.courseId!);
    expect(kept).toEqual({ folders: ['Basics'], videos: [`Intro ${tag}`] });
    await expectAccessible(page, 'Background work panel after the import was cancelled');
    await shotsAtSizes(page, 'background-work-cancelled');

    // Closed, the focus goes back to the toolbar button, which counts nothing running now.
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: 'Background work', exact: true })).toBeFocused();
    await shotsAtSizes(page, 'background-work-button');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
