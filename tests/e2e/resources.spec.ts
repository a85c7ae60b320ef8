import { expect, test, type Page } from './walk';
import { tableRows, toast, unique, expectAccessible, signedIn, openSignedIn, expectAccessibleStates, expectNotSavedWithToast } from './helpers';
import { hostApi } from './host-api';

import { LOST_ID } from '../../src/shared/history';
import { useStubPlatform } from './platform-stub';

const TABLE = 'Resources';
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search' });

async function openResources(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Resources' }).click();
  await expect(page.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: TABLE })).toHaveAttribute('aria-busy', 'false');
}

let restoreStub: (() => Promise<void>) | undefined;
test.afterEach(async () => {
  await restoreStub?.();
  restoreStub = undefined;
});

test.describe('resources', () => {
  test('add a resource (a message for each missing field), edit it, delete it and Undo from the toast', async ({ page }) => {
    // Four screens checked by axe in two themes: about 30 s on a quiet machine, more on a loaded one.
    test.setTimeout(120_000);
    await signedIn(page);
    await openResources(page);
    await expectAccessibleStates(page, 'Resources', TABLE);
    for (const name of ['Serial No', 'Title', 'Language', 'Type', 'Updated On', 'Edit']) {
      await expect(page.getByRole('columnheader', { name })).toBeVisible();
    }

    await page.getByRole('button', { name: 'Add Resource' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Resource' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'Add Resource');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText('Enter a resource title!')).toBeVisible();
    await expect(dialog.getByText('Select a language!')).toBeVisible();
    await expect(dialog.getByText('Select a resource type!')).toBeVisible();

    const id = unique();
    const title = `Budget basics ${id}`;
    await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
    await dialog.getByRole('combobox', { name: /^Language/ }).selectOption('Marathi');
    await dialog.getByRole('combobox', { name: /^Type/ }).selectOption('PDF');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page, 'Resource has been Added')).toBeVisible();
    await expect(dialog).toBeHidden();

    await search(page).fill(id);
    const rows = tableRows(page, TABLE);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(title);
    await expect(rows.first()).toContainText('Marathi');
    await expect(rows.first()).toContainText('PDF');
    await expect(rows.first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(rows.first().locator('td').nth(1)).toHaveText(/^\d+$/);

    await rows.first().getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Resource' });
    await expect(edit.getByRole('textbox', { name: /^Title/ })).toHaveValue(title);
    await edit.getByRole('textbox', { name: /^Title/ }).fill('   ');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Enter a resource title!')).toBeVisible();
    const renamed = `Budget basics, revised ${id}`;
    await edit.getByRole('textbox', { name: /^Title/ }).fill(renamed);
    await edit.getByRole('combobox', { name: /^Type/ }).selectOption('Worksheet');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Resource has been Updated')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(renamed);
    await expect(rows.first()).toContainText('Worksheet');

    // Delete it, and Undo from the toast (issue 21): what cannot come back is said first.
    await rows.first().getByRole('button', { name: `Delete ${renamed}` }).click();
    const ask = page.getByRole('alertdialog', { name: 'Delete Resource' });
    await expect(ask.getByText(`Are you sure you want to delete the resource "${renamed}"?`)).toBeVisible();
    await ask.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Resource has been Deleted')).toBeVisible();
    await expect(rows).toHaveCount(0);
    const undo = page.locator('.fui-Toast').getByRole('button', { name: 'Undo' });
    await expect(undo).toBeVisible();
    await expectAccessible(page, 'the toast with Undo');
    // The keyboard's way while the toast shows: Ctrl+Z (the button is in the tab order too).
    await page.keyboard.press('Control+z');
    await expect(undo).toBeHidden();
    const statement = page.getByRole('alertdialog', { name: `Create “${renamed}” again?` });
    await expect(statement.getByText('It is created again from what History kept. What cannot come back:')).toBeVisible();
    await expect(statement.getByRole('listitem')).toHaveText([LOST_ID, 'Its Serial No: it gets the next one.']);
    await expectAccessible(page, 'Create it again?');
    await statement.getByRole('button', { name: 'Create it again' }).click();
    await expect(toast(page, 'Undone.')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(renamed);
    await expect(rows.first()).toContainText('Worksheet');

    // History shows the delete undone, and the record created again as its Undo.
    await page.getByRole('link', { name: 'History' }).click();
    // The screen first: the search box of the screen before it (still shown while this one loads) would take the text.
    await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill(renamed);
    const changes = tableRows(page, 'History');
    await expect(changes.first()).toContainText('Undo: Added (Title, Language, Type)');
    await expect(changes.nth(1)).toContainText('Deleted (undone)');
    await expect(changes.nth(1).getByRole('button', { name: /^Undo/ })).toHaveCount(0);
  });

  test('a server without the add and update calls: Resource Not Added, Please Try Again', async ({ page }) => {
    // POST /resources: no such route (404); PUT /resources/{id}: method not allowed (405).
    let missing = false;
    restoreStub = await useStubPlatform((method, path) =>
      !missing
        ? undefined
        : method === 'POST' && path === '/question-bank/resources'
        ? { status: 404, body: JSON.stringify({ message: 'Route POST:/question-bank/resources not found', statusCode: 404 }) }
        : method === 'PUT' && path.startsWith('/question-bank/resources/')
          ? { status: 405 }
          : undefined,
    );
    // One resource to edit, added while the stub still has the call.
    const added = await hostApi.questionBank.addResource({ title: 'Stub resource', language: 'English', type: 'Link' });
    expect(added.ok, JSON.stringify(added)).toBe(true);
    missing = true;
    await openSignedIn(page);
    await openResources(page);
    await page.getByRole('button', { name: 'Add Resource' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Resource' });
    await dialog.getByRole('textbox', { name: /^Title/ }).fill(`Never ${unique()}`);
    await dialog.getByRole('combobox', { name: /^Language/ }).selectOption('English');
    await dialog.getByRole('combobox', { name: /^Type/ }).selectOption('Article');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectNotSavedWithToast(page, dialog, 'Resource Not Added, Please Try Again');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // The form was changed: Cancel asks first.
    await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();

    const rows = tableRows(page, TABLE);
    await expect(rows.first()).toBeVisible();
    await rows.first().getByRole('button', { name: /^Edit / }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Resource' });
    await edit.getByRole('textbox', { name: /^Title/ }).fill(`Renamed ${unique()}`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByRole('alert').getByText('Resource Not Added, Please Try Again')).toBeVisible();
  });
});
