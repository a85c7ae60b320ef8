import { expect, test } from './walk';
import { SANDBOX_ADMIN, tableRows, toast, unique, cancelDiscarding, signedIn, openSignedIn, expectAccessibleStates, expectNotSaved } from './helpers';
import { hostApi } from './host-api';

import { choose, openScreen, searchBox } from './engagement-fixtures';
import { useStubPlatform } from './platform-stub';

const TABLE = 'Daily Tips';

let restoreStub: (() => Promise<void>) | undefined;
test.afterEach(async () => {
  await restoreStub?.();
  restoreStub = undefined;
});

test.describe('daily tips', () => {
  test('add a tip in two languages (the rows rules, each message once), edit one row, delete rows', async ({ page }) => {
    await signedIn(page);
    await openScreen(page, 'Daily Tips', 'Daily Tips');
    await expectAccessibleStates(page, 'Daily Tips', TABLE);
    for (const name of ['Tip ID', 'Language', 'Tip', 'Added By', 'Added On', 'Updated On', 'Edit', 'Delete']) {
      await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('500');

    await page.getByRole('button', { name: 'Add Tip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Tip' });
    const addRow = dialog.getByRole('button', { name: 'Add language' });
    const language = (n: number) => dialog.getByRole('combobox', { name: `Language ${n}`, exact: true });
    const tipText = (n: number) => dialog.getByRole('textbox', { name: `Tip ${n}`, exact: true });
    // One empty row to start; another only when the last has a language and a text.
    await expect(tipText(1)).toBeVisible();
    await expect(addRow).toBeDisabled();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText('Select a language!', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Enter a Tip!', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Add Groups', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Add business Ideas', { exact: true })).toBeVisible();

    const id = unique();
    await language(1).selectOption('English');
    await expect(addRow).toBeDisabled();
    await tipText(1).fill(`Save a little every day ${id}`);
    await expect(addRow).toBeEnabled();
    await addRow.click();
    // Each language once: English is not offered in the second row.
    await expect(language(2).locator('option', { hasText: 'English' })).toHaveCount(0);
    await expect(addRow).toBeDisabled();
    await language(2).selectOption('Hindi');
    await tipText(2).fill(`हर दिन थोड़ा बचाएं ${id}`);
    // A third row, deleted again: two rows are left.
    await addRow.click();
    await dialog.getByRole('button', { name: 'Delete tip 3' }).click();
    await expect(tipText(3)).toHaveCount(0);
    await choose(dialog, 'Groups', ['savings']);
    await dialog.getByRole('button', { name: 'Select All', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page, 'Tip has been Added')).toBeVisible();
    await expect(dialog).toBeHidden();

    await searchBox(page).fill(id);
    const rows = tableRows(page, TABLE);
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'English' })).toContainText(`Save a little every day ${id}`);
    await expect(rows.filter({ hasText: 'Hindi' })).toContainText(SANDBOX_ADMIN.name);
    const tipId = await rows.first().locator('td').nth(1).textContent();
    await expect(rows.last().locator('td').nth(1)).toHaveText(String(tipId));

    // Edit handles one row.
    await rows.filter({ hasText: 'Hindi' }).getByRole('button', { name: /^Edit tip / }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Tip' });
    await expect(edit.getByRole('textbox', { name: /^Tip/ })).toHaveValue(`हर दिन थोड़ा बचाएं ${id}`);
    await edit.getByRole('textbox', { name: /^Tip/ }).fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Enter a Tip!')).toBeVisible();
    await edit.getByRole('textbox', { name: /^Tip/ }).fill(`रोज़ थोड़ी बचत ${id}`);
    // English is the other row's language: refused with the server's message, nothing changed.
    await edit.getByRole('combobox', { name: /^Language/ }).selectOption('English');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByRole('alert')).toContainText('Each language can be used once.');
    await edit.getByRole('combobox', { name: /^Language/ }).selectOption('Marathi');
    await edit.getByRole('textbox', { name: /^Background image/ }).fill('ftp://example.com/bg.png');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('The background image must be an http(s) address.')).toBeVisible();
    await edit.getByRole('textbox', { name: /^Background image/ }).fill('https://example.com/bg.png');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Tip has been Updated')).toBeVisible();
    await expect(rows.filter({ hasText: 'Marathi' })).toContainText(`रोज़ थोड़ी बचत ${id}`);

    // The image belongs to the tip (both rows); removing it asks first.
    await rows.filter({ hasText: 'English' }).getByRole('button', { name: /^Edit tip / }).click();
    const image = edit.getByRole('textbox', { name: /^Background image/ });
    await expect(image).toHaveValue('https://example.com/bg.png');
    await edit.getByRole('button', { name: 'Remove image' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Remove the background image?' });
    await ask.getByRole('button', { name: 'Keep' }).click();
    await expect(image).toHaveValue('https://example.com/bg.png');
    await edit.getByRole('button', { name: 'Remove image' }).click();
    await ask.getByRole('button', { name: 'Remove' }).click();
    await expect(image).toHaveValue('');
    await cancelDiscarding(page, edit);

    await rows.filter({ hasText: 'Marathi' }).getByRole('button', { name: /^Delete tip / }).click();
    await page.getByRole('alertdialog', { name: 'Delete tip' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Tip has been Deleted')).toBeVisible();
    await expect(rows).toHaveCount(1);
  });

  test('deleting the only row leaves one empty row', async ({ page }) => {
    await signedIn(page);
    await openScreen(page, 'Daily Tips', 'Daily Tips');
    await page.getByRole('button', { name: 'Add Tip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Tip' });
    await dialog.getByRole('combobox', { name: 'Language 1', exact: true }).selectOption('Tamil');
    // A tip runs up to 1000 characters: a text area, not a one-line input.
    expect(await dialog.getByRole('textbox', { name: 'Tip 1', exact: true }).evaluate((el) => el.tagName)).toBe('TEXTAREA');
    await dialog.getByRole('textbox', { name: 'Tip 1', exact: true }).fill('A tip to delete');
    await dialog.getByRole('button', { name: 'Delete tip 1' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Tip 1', exact: true })).toHaveValue('');
    await expect(dialog.getByRole('combobox', { name: 'Language 1', exact: true })).toHaveValue('');
    await expect(dialog.getByRole('textbox', { name: 'Tip 2', exact: true })).toHaveCount(0);
  });

  test('fallbacks: Tip Not Added / Error while Post, Tip Not Edited / Error while Edit', async ({ page }) => {
    // The stub platform has the demo content.
    test.setTimeout(120_000);
    let mode: 'pass' | 'fail' | 'drop' = 'pass';
    restoreStub = await useStubPlatform((method, path) => {
      if (mode === 'pass' || !path.startsWith('/library/quotes') || method === 'GET') return undefined;
      // 'fail': an answer without success or message; 'drop': no answer at all (the connection closes).
      return mode === 'fail' ? { status: 500 } : { drop: true };
    });
    // The stub platform has the demo content: one tip to edit.
    const quotes = await hostApi.library.quotes();
    expect(quotes.ok && quotes.data.some((q) => 'quotes' in q)).toBe(true);
    mode = 'fail';
    await openSignedIn(page);
    await openScreen(page, 'Daily Tips', 'Daily Tips');
    await page.getByRole('button', { name: 'Add Tip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Tip' });
    await dialog.getByRole('combobox', { name: 'Language 1', exact: true }).selectOption('English');
    await dialog.getByRole('textbox', { name: 'Tip 1', exact: true }).fill('Never stored');
    await choose(dialog, 'Groups', ['savings']);
    await dialog.getByRole('button', { name: 'Select All', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectNotSaved(dialog, 'Tip Not Added, Please Try Again');
    mode = 'drop';
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectNotSaved(dialog, 'Error while Post, Please Try Again');
    await cancelDiscarding(page, dialog);

    mode = 'fail';
    await tableRows(page, TABLE).first().getByRole('button', { name: /^Edit tip / }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Tip' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectNotSaved(edit, 'Tip Not Edited, Please Try Again');
    mode = 'drop';
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectNotSaved(edit, 'Error while Edit, Please Try Again');
  });
});
