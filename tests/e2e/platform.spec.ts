// The console on a platform it does not control: records it can read only partly (a drifting stand-in
// in front of the sandbox), and a question a colleague changes while it is being edited.
import { expect, test, type Page } from './walk';
import type { Api } from '../../src/shared/api';
import { expectAccessible, loginAs, SANDBOX_ADMIN, shots, tableRows, toast, unique, connectedTo } from './helpers';
import { hostApi } from './host-api';
import { startDriftProxy, type DriftProxy } from '../platform/drift-proxy';
import type { RunningServer } from '../../server/app';
import { seededPlatform } from './platform-stub';

type WithApi = { api: Api };

/** The address of the sandbox the preview host started (where the app is connected now). */
async function sandboxUrl(page: Page): Promise<string> {
  const url = await page.evaluate(async () => {
    const settings = await (globalThis as unknown as WithApi).api.settings.get();
    return settings.ok ? settings.data.activeUrl : null;
  });
  if (!url) throw new Error('The sandbox is not running.');
  return url;
}

test.describe('a platform we do not control', () => {
  let proxy: DriftProxy | null = null;
  let platform: RunningServer | null = null;
  test.afterEach(async () => {
    if (!proxy) return;
    // Through the host, not the page: a load of the app only to call two of its calls costs a core-second.
    await hostApi.session.logout({});
    const back = await hostApi.settings.setConnection({ kind: 'sandbox' });
    expect(back.ok, JSON.stringify(back)).toBe(true);
    await proxy.close();
    await platform?.close();
    proxy = null;
    platform = null;
  });

  test('a record read only partly: marked with what it held, counted, filtered to, and opened read-only', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAs(page, SANDBOX_ADMIN.email, SANDBOX_ADMIN.password);
    // A platform of its own (the app's sandbox stops when the app connects elsewhere), drifting.
    platform = await seededPlatform();
    proxy = await startDriftProxy(platform.url);
    await connectedTo(proxy.url);
    await page.goto('/#/resources');
    const rows = tableRows(page, 'Resources');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByText('1 record is marked: point at a mark to see why', { exact: true })).toBeVisible();
    const marked = page.getByRole('img', { name: 'Could not be read fully' });
    await expect(marked).toHaveCount(1);
    await marked.hover();
    const tip = page.getByRole('tooltip');
    await expect(tip).toContainText('Some fields could not be read:');
    await expect(tip).toContainText('language: expected English');
    await expect(tip).toContainText('held "Legacy value"');
    await expect(tip).toContainText('metaInfo: expected an object, held nothing (missing)');
    await expect(tip).toContainText('title: expected string, held null');
    // The row shows what it has: the unknown language as it came.
    const row = rows.filter({ has: marked });
    await expect(row).toContainText('Legacy value');
    await shots(page, 'partly-read-row');
    await page.mouse.move(0, 0);
    await expectAccessible(page, 'Resources with a partly read record');

    // Counted once the page has settled (the first rows paint before the rest of the page).
    const total = await rows.count();
    await page.getByRole('button', { name: 'Show only these' }).click();
    await expect(rows).toHaveCount(1);
    await page.getByRole('button', { name: 'Show all records' }).click();
    await expect(rows).toHaveCount(total);

    // Its form holds the language it cannot show: the dialog is read-only and says why.
    await row.getByRole('button', { name: /^Edit/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Resource' });
    await expect(dialog).toContainText('This record could not be read fully, so it opens read-only');
    await expect(dialog).toContainText('language: expected English');
    await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(dialog.getByRole('textbox', { name: /^Title/ })).toBeDisabled();
    await expectAccessible(page, 'a read-only Edit Resource');
    await shots(page, 'read-only-dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // The kept list of the question bank says the same.
    await page.goto('/#/questions');
    await expect(page.getByText('1 record is marked: point at a mark to see why', { exact: true })).toBeVisible();
  });

  test('nulls and a repeated _id: marked rows, kept out of selection; Quotes and Daily Tips still open', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAs(page, SANDBOX_ADMIN.email, SANDBOX_ADMIN.password);
    platform = await seededPlatform();
    proxy = await startDriftProxy(platform.url);
    // Each list: its second record takes the first one's _id, and a null follows the first.
    proxy.mode = 'nulls+duplicates';
    await connectedTo(proxy.url);

    await page.goto('/#/resources');
    const rows = tableRows(page, 'Resources');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByText('3 records are marked: point at a mark to see why', { exact: true })).toBeVisible();
    const twins = page.getByRole('img', { name: 'Same id as another record' });
    await expect(twins).toHaveCount(2);
    await expect(page.getByRole('img', { name: 'Could not be read fully' })).toHaveCount(1);
    await twins.first().hover();
    const tip = page.getByRole('tooltip');
    await expect(tip).toContainText('Another record has the same id: it cannot be selected or changed in bulk until the platform fixes it.');
    await expect(tip).toContainText('is also the id of another record in this list');
    await page.mouse.move(0, 0);
    await page.getByRole('img', { name: 'Could not be read fully' }).hover();
    await expect(page.getByRole('tooltip')).toContainText('(record): expected a record, held null');
    await page.mouse.move(0, 0);
    // Their boxes cannot be ticked; the page's box takes every other row.
    await expect(page.getByRole('checkbox', { name: /cannot be selected: another record has the same id$/ })).toHaveCount(2);
    await expect(page.getByRole('checkbox', { name: 'This row cannot be selected: the platform sent no record here' })).toBeDisabled();
    for (const box of await page.getByRole('checkbox', { name: /cannot be selected/ }).all()) await expect(box).toBeDisabled();
    const shown = await rows.count();
    const marked = await rows.filter({ has: page.locator('[data-partial-mark]') }).count();
    expect(marked).toBe(3);
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).click();
    await expect(page.getByText(`${shown - marked} selected`, { exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /cannot be selected/ }).first()).not.toBeChecked();
    await shots(page, 'repeated-id-rows');
    await expectAccessible(page, 'Resources with a repeated id and a null');
    await page.keyboard.press('Escape');

    // The quotes list with a null in it: both screens open, the null a marked row, never a crash.
    await page.goto('/#/quotes');
    await expect(page.getByRole('heading', { name: 'Quotes', level: 1 })).toBeVisible();
    await expect(tableRows(page, 'Quotes').first()).toBeVisible();
    await expect(page.locator('[data-partial-mark]').first()).toBeVisible();
    await page.goto('/#/daily-tips');
    await expect(page.getByRole('heading', { name: 'Daily Tips', level: 1 })).toBeVisible();
    await expect(tableRows(page, 'Daily Tips').first()).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  });

  test('two clients edit one question: the second save shows what differs; Reload keeps the rest of mine, Save anyway wins', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAs(page, SANDBOX_ADMIN.email, SANDBOX_ADMIN.password);
    const id = unique();
    const created = await page.evaluate(async (id) => {
      const a = (globalThis as unknown as WithApi).api;
      const categories = await a.questionBank.categories();
      if (!categories.ok) return null;
      const added = await a.questionBank.addQuestion({
        question: `Conflict ${id}: which crop needs the most water?`, language: 'English', categoryId: categories.data[0]!._id, helpText: '', difficulty: 'Easy',
        options: [{ option: 'Rice', isTrue: true }, { option: 'Millet', isTrue: false }],
      });
      const list = await a.questionBank.questions();
      return added.ok && list.ok ? list.data.find((q) => q.question.startsWith(`Conflict ${id}`)) ?? null : null;
    }, id);
    expect(created).not.toBeNull();
    const sandbox = await sandboxUrl(page);
    // The colleague: another console on the same server.
    const colleague = async (question: string) => {
      const login = await fetch(`${sandbox}/admin-auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: SANDBOX_ADMIN.email, encryptedPassword: `b64:${Buffer.from(SANDBOX_ADMIN.password).toString('base64')}` }),
      });
      const { token } = (await login.json()) as { token: string };
      const { _id, id: _n, metaInfo: _m, ...fields } = created!;
      const put = await fetch(`${sandbox}/question-bank/questions/${_id}`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify({ ...fields, question }) });
      expect(put.status).toBe(200);
    };

    await page.goto('/#/questions');
    const rows = tableRows(page, 'Question Bank');
    const openEdit = async () => {
      await page.getByRole('searchbox', { name: 'Search' }).fill(`${id}: which crop`);
      await expect(rows).toHaveCount(1);
      await rows.first().getByRole('button', { name: /^Edit question/ }).click();
      await page.getByRole('alertdialog', { name: 'Edit this question?' }).getByRole('button', { name: 'Yes, edit' }).click();
      return page.getByRole('dialog', { name: 'Edit Question' });
    };

    // Round 1: Reload. Theirs for the question they changed, mine for the help text they left alone.
    let edit = await openEdit();
    await edit.getByRole('textbox', { name: /^Question/ }).fill(`Mine ${id}: which crop needs the most water?`);
    await edit.getByRole('textbox', { name: /^Help text/ }).fill('Think of paddy fields.');
    await colleague(`Theirs ${id}: which crop needs the most water?`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toContainText('Someone else changed this record since you opened it on ');
    const differences = edit.getByRole('table', { name: 'What changed' });
    await expect(differences.getByRole('row', { name: /^Question/ })).toContainText(`Conflict ${id}: which crop needs the most water?`);
    await expect(differences.getByRole('row', { name: /^Question/ })).toContainText(`Theirs ${id}`);
    await expect(differences.getByRole('row', { name: /^Question/ })).toContainText(`Mine ${id}`);
    await expectAccessible(page, 'an edit conflict');
    await shots(page, 'edit-conflict');
    await edit.getByRole('button', { name: 'Reload' }).click();
    await expect(edit.getByRole('textbox', { name: /^Question/ })).toHaveValue(`Theirs ${id}: which crop needs the most water?`);
    await expect(edit.getByRole('textbox', { name: /^Help text/ })).toHaveValue('Think of paddy fields.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Question has been Updated')).toBeVisible();
    await expect(edit).toBeHidden();

    // Round 2: Save anyway over their change.
    edit = await openEdit();
    await edit.getByRole('textbox', { name: /^Question/ }).fill(`Final ${id}: which crop needs the most water?`);
    await colleague(`Again theirs ${id}: which crop needs the most water?`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByRole('table', { name: 'What changed' })).toContainText(`Again theirs ${id}`);
    await edit.getByRole('button', { name: 'Save anyway' }).click();
    await expect(toast(page, 'Question has been Updated')).toBeVisible();
    await expect(edit).toBeHidden();
    const saved = await page.evaluate(async (id) => {
      const list = await (globalThis as unknown as WithApi).api.questionBank.questions();
      return list.ok ? list.data.find((q) => q.question.endsWith(`${id}: which crop needs the most water?`)) : undefined;
    }, id);
    expect(saved?.question).toBe(`Final ${id}: which crop needs the most water?`);
  });
});
