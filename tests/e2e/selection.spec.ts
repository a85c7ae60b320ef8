/**
 * Selection and bulk actions (issue 21, item 1), as a person does them: on the Video Library a range of
 * three files by click and Shift-click, their status changed while a colleague changed one of them
 * behind the console's back (the summary names it with the server's reason; Retry failed runs it
 * again); on Admins every account matching a search, exported as CSV and deleted with one question
 * naming the count. A Change of Level on a Public and a Restricted file: Status and Level apply only to
 * Public files (spec 1), so the Restricted one fails before any call, with why, counted as failed and
 * without Retry. axe (light and dark) on the bar, the bulk dialog and the summaries.
 */
import { expect, test, type Page } from './walk';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'date-fns';
import type { Api } from '../../src/shared/api';
import { mediaUpdateOf } from '../../src/shared/batch';
import { APP_TEXT } from '../../src/shared/messages';
import type { LibraryFile } from '../../src/shared/schemas/library';
import { BRIDGE_EXPORTS_FOLDER } from '../bridge/protocol';
import { colleagueSaves, expectAccessible, phoneNumber, shots, signedIn, tableRows, toast, unique } from './helpers';
import { createFile } from './library-fixtures';
import { shotsAtSizes } from './shots-sizes';

type WithApi = { api: Api };
test.use({ viewport: { width: 1920, height: 1080 } });

const mediaList = (page: Page) =>
  page.evaluate(async () => {
    const r = await (globalThis as unknown as WithApi).api.library.mediaList();
    return r.ok ? r.data : [];
  });

test('select a range of files and change their status past a refused one; select all matching admins, export and delete them', async ({ page, request }) => {
  await signedIn(page);
  const word = `Sel${unique()}`;
  const made: LibraryFile[] = [];
  for (const n of [1, 2, 3]) made.push(await createFile(request, { title: `${word} file ${n}` }));

  // Video Library: the three files by a search, the first ticked, the third Shift-clicked.
  await page.getByRole('link', { name: 'Video Library' }).click();
  const table = page.getByRole('table', { name: 'Video Library' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await expect(tableRows(page, 'Video Library')).toHaveCount(3);
  const titles = await tableRows(page, 'Video Library').locator('td:nth-child(3)').allInnerTexts();
  await table.getByRole('checkbox', { name: `Select ${titles[0]}` }).click();
  await table.getByRole('checkbox', { name: `Select ${titles[2]}` }).click({ modifiers: ['Shift'] });
  const bar = page.getByRole('toolbar', { name: 'Selected rows' });
  await expect(bar.getByText('3 selected')).toBeVisible();
  await expect(table.getByRole('checkbox', { name: `Select ${titles[1]}` })).toBeChecked();
  await expectAccessible(page, 'the selection bar');
  await shots(page, 'selection-bar');

  // A colleague renames the middle file meanwhile (another console: no record sent with it).
  const middle = (await mediaList(page)).find((f) => f.title === titles[1])!;
  await colleagueSaves(page, 'library.updateMedia', mediaUpdateOf(middle, { title: `${middle.title} (theirs)` }));

  await bar.getByRole('button', { name: 'Change' }).click();
  await page.getByRole('menuitem', { name: 'Status' }).click();
  const change = page.getByRole('dialog', { name: 'Change Status of 3 files' });
  await change.getByRole('combobox', { name: 'New status' }).selectOption('hidden');
  await expectAccessible(page, 'the bulk field dialog');
  await shots(page, 'selection-field-dialog');
  await change.getByRole('button', { name: 'Apply' }).click();

  // Done, the title says so, and the focus is on Close (Enter right after Apply must not undo it).
  const summary = page.getByRole('dialog', { name: 'Changed Status of 3 files' });
  await expect(summary.getByRole('status')).toHaveText('2 done, 1 failed.');
  await expect(summary.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(summary.getByRole('list', { name: 'Failed' }).getByRole('listitem')).toHaveText([`${titles[1]}: Someone else changed this record since you opened it.`]);
  await expectAccessible(page, 'the bulk summary');
  await shots(page, 'selection-summary');
  await summary.getByRole('button', { name: 'Retry failed' }).click();
  // The colleague's change still stands: the retry refuses it again rather than overwrite it.
  await expect(summary.getByRole('status')).toHaveText('0 done, 1 failed.');
  await summary.getByRole('button', { name: 'Close' }).click();
  await expect(bar).toHaveCount(0);
  // The focus is back on the screen, not on the page's body.
  await expect.poll(() => page.evaluate(() => document.activeElement !== document.body && !!document.activeElement?.closest('main'))).toBe(true);
  const after = await mediaList(page);
  expect(made.map((m) => after.find((f) => f._id === m._id)?.status)).toEqual(made.map((m) => (m._id === middle._id ? 'draft' : 'hidden')));
  // What failed is said as an error toast too, in the words a single save's failure would use (both specs).
  await expect(toast(page, 'Someone else changed this record since you opened it.')).toBeVisible();
  // The toast offers Undo of the whole action (the two it changed) for 10 s.
  const undone = page.locator('.fui-Toast', { hasText: 'Changing Status of 3 files: 2 done, 1 failed.' });
  await undone.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('.fui-ToastTitle', { hasText: 'All 2 changes undone.' })).toBeVisible();
  expect((await mediaList(page)).filter((f) => made.some((m) => m._id === f._id)).map((f) => f.status)).toEqual(['draft', 'draft', 'draft']);
  // Every write of the action carried one batch id, its retry too.
  const history = await page.evaluate(async () => {
    const r = await (globalThis as unknown as WithApi).api.history.list({});
    return r.ok ? r.data : [];
  });
  const ours = history.filter((r) => r.call === 'library.updateMedia' && made.some((m) => m._id === r.record.id) && r.batch);
  // The two status changes, the refused one and its retry; the two undos are not part of the action: one action of their own.
  const writes = ours.filter((r) => !r.undoOf);
  expect(writes).toHaveLength(4);
  expect(new Set(writes.map((w) => w.batch)).size).toBe(1);
  const undos = ours.filter((r) => r.undoOf);
  expect(undos).toHaveLength(2);
  expect(new Set(undos.map((w) => w.batch)).size).toBe(1);
  expect(undos[0]!.batch).not.toBe(writes[0]!.batch);

  // Admins: twelve accounts, more than a page of ten; all matching the search.
  const names = await page.evaluate(
    async ({ word, phones }) => {
      const api = (globalThis as unknown as WithApi).api;
      const out: string[] = [];
      for (const [i, phoneNo] of phones.entries()) {
        const name = `${word} admin ${String(i + 1).padStart(2, '0')}`;
        const r = await api.adminAuth.register({ name, email: `${word.toLowerCase()}-${i}@example.com`, phoneNo, role: 'User', status: 'Active' });
        if (!r.ok) throw new Error(r.error.message);
        out.push(name);
      }
      return out;
    },
    { word, phones: Array.from({ length: 12 }, phoneNumber) },
  );
  await page.getByRole('link', { name: 'Admins' }).click();
  const admins = page.getByRole('table', { name: 'Admins' });
  await expect(admins).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await expect(tableRows(page, 'Admins')).toHaveCount(10);
  // Ctrl+A in the table selects the page's rows; the bar then offers all twelve.
  await tableRows(page, 'Admins').first().click({ position: { x: 200, y: 10 } });
  await page.keyboard.press('Control+a');
  await expect(bar.getByText('10 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Select all 12 matching' }).click();
  await expect(bar.getByText('12 selected')).toBeVisible();
  await shots(page, 'selection-all-matching');
  await expect(admins.getByRole('checkbox', { name: 'Select all rows on this page' })).toBeChecked();

  await bar.getByRole('button', { name: 'Export selection as CSV' }).click();
  const file = `Admins ${format(new Date(), 'yyyy-MM-dd')}.csv`;
  await expect(page.locator('.fui-ToastTitle', { hasText: `Saved ${file} (12 rows).` }).last()).toBeVisible();
  const csv = readFileSync(join(process.env.E2E_SANDBOX_DIR!, 'host', BRIDGE_EXPORTS_FOLDER, file), 'utf8').trimEnd().split('\r\n');
  expect(csv).toHaveLength(13);
  expect(names.every((name) => csv.some((line) => line.includes(name)))).toBe(true);

  await bar.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 12 accounts' });
  await expect(confirm).toContainText('Are you sure you want to delete these 12 accounts?');
  // All matching, yet named: the first ten, and how many more.
  const named = confirm.getByRole('list', { name: 'The accounts' }).getByRole('listitem');
  await expect(named).toHaveCount(11);
  await expect(named.last()).toHaveText('and 2 more');
  await shotsAtSizes(page, 'bulk-delete-named');
  for (const item of (await named.allInnerTexts()).slice(0, 10)) expect(names.some((name) => item === `${name} (${word.toLowerCase()}-${names.indexOf(name)}@example.com)`), item).toBe(true);
  // A colleague deletes the last one meanwhile: its refusal is final, so no Retry is offered for it.
  await page.evaluate(async (name) => {
    const api = (globalThis as unknown as WithApi).api;
    const all = await api.adminAuth.users();
    const id = all.ok ? all.data.find((u) => u.name === name)?.id : undefined;
    if (!id || !(await api.adminAuth.delete({ id })).ok) throw new Error(`could not delete ${name}`);
  }, names[11]!);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  const deleted = page.getByRole('dialog', { name: 'Deleted 12 accounts' });
  await expect(deleted.getByRole('status')).toHaveText('11 done, 1 failed.');
  await expect(deleted.getByRole('list', { name: 'Failed' }).getByRole('listitem')).toHaveText([`${names[11]} (${word.toLowerCase()}-11@example.com): Someone else deleted this record since you opened it.`]);
  await expect(deleted.getByRole('button', { name: 'Retry failed' })).toHaveCount(0);
  await shotsAtSizes(page, 'bulk-summary-final-refusal');
  await deleted.getByRole('button', { name: 'Close' }).click();
  // Eleven deleted: the spec's message for a delete of an admin; the one that failed: an error toast.
  await expect(toast(page, 'User has been Deleted!!')).toBeVisible();
  await expect(toast(page, 'Someone else deleted this record since you opened it.')).toBeVisible();
  await expect(page.getByText('No records match the search or filters.')).toBeVisible();
});

test('a Change of Level on a Restricted file fails before any call: Status and Level apply only to Public files', async ({ page, request }) => {
  await signedIn(page);
  const word = `Vis${unique()}`;
  const shown = await createFile(request, { title: `${word} public` });
  const hidden = await createFile(request, { title: `${word} restricted` });
  // Made Restricted as its Edit would (main sends its empty status and level 0).
  await colleagueSaves(page, 'library.updateMedia', mediaUpdateOf(hidden, { visibility: 'Restricted' }));

  await page.getByRole('link', { name: 'Video Library' }).click();
  const table = page.getByRole('table', { name: 'Video Library' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await expect(tableRows(page, 'Video Library')).toHaveCount(2);
  await table.getByRole('checkbox', { name: 'Select all rows on this page' }).click();
  const bar = page.getByRole('toolbar', { name: 'Selected rows' });
  await bar.getByRole('button', { name: 'Change' }).click();
  await page.getByRole('menuitem', { name: 'Level' }).click();
  const change = page.getByRole('dialog', { name: 'Change Level of 2 files' });
  await change.getByRole('combobox', { name: 'New level' }).selectOption('5');
  await change.getByRole('button', { name: 'Apply' }).click();

  // Counted as failed, not done, with why; final, so no Retry.
  const summary = page.getByRole('dialog', { name: 'Changed Level of 2 files' });
  await expect(summary.getByRole('status')).toHaveText('1 done, 1 failed.');
  await expect(summary.getByRole('list', { name: 'Failed' }).getByRole('listitem')).toHaveText([`${word} restricted: ${APP_TEXT.publicOnly}`]);
  await expect(summary.getByRole('button', { name: 'Retry failed' })).toHaveCount(0);
  await expectAccessible(page, 'the bulk summary with a Restricted file refused');
  await shotsAtSizes(page, 'bulk-summary-public-only');
  await summary.getByRole('button', { name: 'Close' }).click();
  await expect(toast(page, 'Changing Level of 2 files: 1 done, 1 failed.')).toBeVisible();
  await expect(toast(page, 'Status and Level apply only to Public files.')).toBeVisible();

  const after = await mediaList(page);
  expect(after.find((f) => f._id === shown._id)).toMatchObject({ level: 5 });
  expect(after.find((f) => f._id === hidden._id)).toMatchObject({ visibility: 'Restricted', status: '', level: 0 });
  // Never sent: History holds no write of the Restricted file in the action.
  const history = await page.evaluate(async () => {
    const r = await (globalThis as unknown as WithApi).api.history.list({});
    return r.ok ? r.data : [];
  });
  const batch = history.find((r) => r.call === 'library.updateMedia' && r.record.id === shown._id && r.batch)?.batch;
  expect(batch).toBeTruthy();
  expect(history.filter((r) => r.batch === batch).map((r) => r.record.id)).toEqual([shown._id]);
});
