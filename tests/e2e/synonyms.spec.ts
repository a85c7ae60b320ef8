import { expect, test, type Page } from './walk';
import { shots, tableRows, toast, unique, cancelDiscarding, signedIn, expectAccessibleStates, expectNotSavedWithToast } from './helpers';

const TABLE = 'Synonyms';
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search' });

async function openSynonyms(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Synonyms' }).click();
  await expect(page.getByRole('heading', { name: 'Synonyms', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: TABLE })).toHaveAttribute('aria-busy', 'false');
}

test.describe('synonyms', () => {
  test('columns and page sizes (20 of 5, 10, 20, 50, 100)', async ({ page }) => {
    await signedIn(page);
    await openSynonyms(page);
    for (const name of ['Groups', 'Number Of Synonyms', 'Last updated on', 'Edit']) {
      await expect(page.getByRole('columnheader', { name })).toBeVisible();
    }
    await expectAccessibleStates(page, 'Synonyms', TABLE);
    // Page size 20 of 5, 10, 20, 50 and 100 (spec 2 section 9).
    const size = page.getByRole('combobox', { name: 'Rows per page' });
    await expect(size).toHaveValue('20');
    await expect(size.locator('option')).toHaveText(['5', '10', '20', '50', '100']);
    await size.selectOption('5');
    await expect(tableRows(page, TABLE)).toHaveCount(5);
  });

  test('add a group (each rule once, submit active only when complete), hover, search, edit, a taken name', async ({ page }) => {
    await signedIn(page);
    await openSynonyms(page);
    await page.getByRole('button', { name: 'Add Synonym' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Synonym' });
    const submit = dialog.getByRole('button', { name: 'Add', exact: true });
    await expect(submit).toHaveAttribute('data-ready', 'false');
    // What is still missing is said beside the inactive submit, and is its description.
    await expect(submit).toHaveAccessibleDescription('Still needed: Group, Synonyms.');
    await expect(dialog.getByText('Still needed: Group, Synonyms.')).toBeVisible();
    await submit.click();
    await expect(dialog.getByText('Enter a group!')).toBeVisible();
    await expect(dialog.getByText('Add at least one synonym!')).toBeVisible();

    const id = unique();
    const group = `Dairy ${id}`;
    await dialog.getByRole('textbox', { name: /^Group/ }).fill(group);
    await expect(submit).toHaveAttribute('data-ready', 'false');
    await expect(submit).toHaveAccessibleDescription('Still needed: Synonyms.');
    // Blanks dropped and a repeat (any case) kept once.
    await dialog.getByRole('textbox', { name: /^Synonyms/ }).fill(`milk${id}, Milk${id}, , dudh, paal`);
    await expect(submit).toHaveAttribute('data-ready', 'true');
    await expect(submit).toHaveAccessibleDescription('');
    await expect(dialog.getByText(/^Still needed/)).toHaveCount(0);
    await expect(dialog.getByText('Enter a group!')).toBeHidden();
    await submit.click();
    await expect(toast(page, 'Synonym has been Added')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Search matches the synonyms too, not only the group.
    await search(page).fill(`milk${id}`);
    const rows = tableRows(page, TABLE);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(group);
    const count = rows.first().getByLabel(`3 synonyms of ${group}`);
    await expect(count).toHaveText('3');
    await count.hover();
    await expect(page.getByRole('tooltip')).toHaveText(`milk${id}, dudh, paal`);
    // Last updated on: spec 2 gives it no format, so it is relative, the exact time and zone on hover.
    const updated = rows.first().locator('time');
    await expect(updated).toHaveText('just now');
    await updated.hover();
    await expect(page.getByRole('tooltip')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \([^,]+, UTC[+-]\d{2}:\d{2}\)$/);
    await shots(page, 'synonyms-relative-date');

    await rows.first().getByRole('button', { name: `Edit ${group}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Synonym' });
    await expect(edit.getByRole('textbox', { name: /^Group/ })).toHaveValue(group);
    // The synonyms are tags, each with its remove button; Enter adds one and does not send the form.
    const tags = edit.getByRole('list', { name: 'Synonyms added' }).getByRole('listitem');
    await expect(tags).toHaveText([`milk${id}`, 'dudh', 'paal']);
    const synonyms = edit.getByRole('textbox', { name: /^Synonyms/ });
    await expect(synonyms).toHaveValue('');
    await synonyms.fill('ghee');
    await synonyms.press('Enter');
    await expect(tags).toHaveText([`milk${id}`, 'dudh', 'paal', 'ghee']);
    await expect(synonyms).toHaveValue('');
    await expect(edit).toBeVisible();
    await synonyms.press('Backspace');
    for (const tag of [`milk${id}`, 'dudh', 'paal']) await edit.getByRole('button', { name: `Remove ${tag}` }).click();
    await expect(tags).toHaveCount(0);
    await expect(edit.getByRole('button', { name: 'Save' })).toHaveAttribute('data-ready', 'false');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Add at least one synonym!')).toBeVisible();
    await edit.getByRole('textbox', { name: /^Synonyms/ }).fill(`milk${id}, doodh`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Synonym has been Updated')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(rows.first().getByLabel(`2 synonyms of ${group}`)).toBeVisible();

    // A second group of the same name (any case) is refused with the server's message; the form keeps its values.
    await page.getByRole('button', { name: 'Add Synonym' }).click();
    await dialog.getByRole('textbox', { name: /^Group/ }).fill(group.toUpperCase());
    await dialog.getByRole('textbox', { name: /^Synonyms/ }).fill('cream');
    await submit.click();
    await expectNotSavedWithToast(page, dialog, 'Another group with the same name already exists.');
    await expect(dialog.getByRole('textbox', { name: /^Group/ })).toHaveValue(group.toUpperCase());
    await cancelDiscarding(page, dialog);
    await search(page).fill(id);
    await expect(rows).toHaveCount(1);
  });
});
