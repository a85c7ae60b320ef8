import { expect, test } from './walk';
import { SANDBOX_ADMIN, tableRows, toast, unique, signedIn, openSignedIn, expectAccessibleStates, expectNotSavedWithToast, cancelDiscarding } from './helpers';
import { hostApi } from './host-api';

import { choose, makeImage, openScreen, searchBox } from './engagement-fixtures';
import { queuePick } from './library-fixtures';
import { useStubPlatform } from './platform-stub';

const TABLE = 'Quotes';

let restoreStub: (() => Promise<void>) | undefined;
test.afterEach(async () => {
  await restoreStub?.();
  restoreStub = undefined;
});

test.describe('quotes', () => {
  test('add a quote with an image (each rule once), filter by language, delete it after the question', async ({ page, request }) => {
    await signedIn(page);
    await openScreen(page, 'Quotes', 'Quotes');
    for (const name of ['Quote ID', 'Language', 'Quote', 'Added By', 'Added On', 'Updated On', 'Delete']) {
      await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('500');
    // Only quotes here: the tips of the same collection have their own screen.
    await expect(tableRows(page, TABLE).first()).toBeVisible();
    await expectAccessibleStates(page, 'Quotes', TABLE);

    await page.getByRole('button', { name: 'Add Quote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Quote' });
    const add = dialog.getByRole('button', { name: 'Add', exact: true });
    await add.click();
    await expect(dialog.getByText('Enter a Quotes!')).toBeVisible();
    await expect(dialog.getByText('Select a language!')).toBeVisible();
    await expect(dialog.getByText('Add Groups')).toBeVisible();

    const id = unique();
    const title = `Small steps every day ${id}`;
    await dialog.getByRole('textbox', { name: /^Quote/ }).fill(title);
    await dialog.getByRole('combobox', { name: /^Language/ }).selectOption('Marathi');
    await choose(dialog, 'Groups', ['motivation', 'savings']);
    await expect(dialog.getByText('Add Groups')).toBeHidden();
    // The image's recommended size (spec 2 section 9) is the chooser's hint.
    await expect(dialog.getByRole('button', { name: 'Choose file… (Image)', exact: true })).toHaveAccessibleDescription('Recommended 800 x 800.');
    await queuePick(request, makeImage());
    await dialog.getByRole('button', { name: 'Choose file… (Image)', exact: true }).click();
    await expect(dialog.getByText(/^image-.*\.png$/)).toBeVisible();
    await add.click();
    await expect(toast(page, 'Quote has been Added')).toBeVisible();
    await expect(dialog).toBeHidden();

    await searchBox(page).fill(id);
    const rows = tableRows(page, TABLE);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Marathi');
    await expect(rows.first()).toContainText(SANDBOX_ADMIN.name);
    await expect(rows.first().locator('td').nth(1)).toHaveText(/^\d+$/);
    // The quote links to its image (a signed address of the stored file).
    const link = rows.first().getByRole('link', { name: title });
    await expect(link).toHaveAttribute('href', /\/library\/.*\?exp=\d+&sig=/);
    const image = await request.get(String(await link.getAttribute('href')));
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');

    // The language filter keeps it for Marathi and drops it for Hindi.
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('Hindi');
    await expect(page.getByText('No records match the search or filters.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('Marathi');
    await expect(rows).toHaveCount(1);

    await rows.first().getByRole('button', { name: /^Delete quote / }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete quote' });
    await expect(question).toContainText(title);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(rows).toHaveCount(1);
    await rows.first().getByRole('button', { name: /^Delete quote / }).click();
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Quote has been Deleted')).toBeVisible();
    await expect(page.getByText('No records match the search or filters.')).toBeVisible();
  });

  test('a failure without a message and one without an answer: Error in Post, Please Try Again', async ({ page }) => {
    let mode: 'pass' | 'fail' | 'drop' = 'pass';
    restoreStub = await useStubPlatform((method, path) => {
      if (mode === 'pass' || method !== 'POST' || path !== '/library/quotes') return undefined;
      // 'fail': an answer without success or message; 'drop': no answer at all (the connection closes).
      return mode === 'fail' ? { status: 500 } : { drop: true };
    });
    // A keyword group of the walk's own to choose (the stub platform has the demo's and earlier walks').
    const keyword = `courage${unique()}`;
    const added = await hostApi.library.addSynonyms({ keyword, synonyms: ['himmat'] });
    expect(added.ok, JSON.stringify(added)).toBe(true);
    await openSignedIn(page);
    await openScreen(page, 'Quotes', 'Quotes');
    const dialog = page.getByRole('dialog', { name: 'Add Quote' });
    const fill = async () => {
      await page.getByRole('button', { name: 'Add Quote' }).click();
      await dialog.getByRole('textbox', { name: /^Quote/ }).fill(`Never stored ${unique()}`);
      await dialog.getByRole('combobox', { name: /^Language/ }).selectOption('English');
      await choose(dialog, 'Groups', [keyword]);
    };
    // No answer first (its toast is then the only one of this text), then an answer without a message.
    for (const failing of ['drop', 'fail'] as const) {
      await fill();
      mode = failing;
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expectNotSavedWithToast(page, dialog, 'Error in Post, Please Try Again');
      await expect(dialog.getByRole('textbox', { name: /^Quote/ })).toHaveValue(/^Never stored/);
      mode = 'pass';
      await cancelDiscarding(page, dialog);
    }
  });
});
