import { expect, test } from './walk';
import { expectNotSaved, openSignedIn, phoneNumber, tableRows, toast, unique } from './helpers';
import { hostApi } from './host-api';

import { useStubPlatform } from './platform-stub';

/**
 * The spec's fixed texts for answers that carry no message (spec 1 section 8): a platform that answers
 * some calls with a bare 500 (or a success without a message), on the demo data. Each text is checked
 * exactly, as a literal.
 */

let restoreStub: (() => Promise<void>) | undefined;
test.afterEach(async () => {
  await restoreStub?.();
  restoreStub = undefined;
});

test("bare failures and a success without a message: the admins', moments' and modules' texts", async ({ page }) => {
  let failing = false;
  restoreStub = await useStubPlatform((method, path) => {
    if (!failing) return undefined;
    if (method === 'POST' && path === '/admin-auth/register') return { status: 500 };
    if (method === 'PUT' && path === '/admin-auth/update') return { status: 200, body: JSON.stringify({ error: false, message: '' }) };
    if (method === 'DELETE' && path.startsWith('/admin-auth/delete/')) return { status: 500 };
    if (method === 'POST' && path.startsWith('/library/moment/addmoment/')) return { status: 500 };
    if (method === 'GET' && path === '/video-repository/module') return { status: 500 };
    return undefined;
  });
  const id = unique();
  const name = `Fallback ${id}`;
  const added = await hostApi.adminAuth.register({ name, email: `fallback-${id}@example.com`, phoneNo: phoneNumber(), role: 'Admin', status: 'Active' });
  const files = await hostApi.library.mediaList({});
  const prepared = { added: added.ok, fileId: files.ok ? files.data[0]?._id : undefined };
  expect(prepared.added).toBe(true);
  expect(prepared.fileId).toBeTruthy();
  failing = true;
  await openSignedIn(page);

  // Admins: a bare failure of add, of delete; an update whose success has no message.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admins' }).click();
  // The screen first: the search box of the screen before it (still shown while this one loads) would take the text.
  await expect(page.getByRole('heading', { name: 'Admins', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await expect(tableRows(page, 'Admins')).toHaveCount(1);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Admin' });
  await edit.getByRole('textbox', { name: 'Name' }).fill(`${name} Renamed`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'User updated successfully!')).toBeVisible();
  await expect(edit).toBeHidden();

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, "Couldn't delete user")).toBeVisible();

  await page.getByRole('button', { name: 'Add Admin' }).click();
  const add = page.getByRole('dialog', { name: 'Add Admin' });
  await add.getByRole('textbox', { name: 'Name' }).fill(`Never ${id}`);
  await add.getByRole('textbox', { name: 'Email' }).fill(`never-${id}@example.com`);
  await add.getByRole('textbox', { name: 'Phone No.' }).fill(phoneNumber());
  await add.getByRole('button', { name: 'Add' }).click();
  await expectNotSaved(add, 'Something went wrong. Please try again!');
  await expect(add.getByRole('textbox', { name: 'Name' })).toHaveValue(`Never ${id}`);
  await add.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();

  // Video Moments: a bare failure of Add Moment keeps the typed values.
  await page.goto(`/#/videomoments?fileId=${encodeURIComponent(prepared.fileId!)}`);
  await page.getByRole('button', { name: 'Add Moment' }).click();
  const moment = page.getByRole('dialog', { name: 'Add Moment' });
  await moment.getByLabel('Timestamp').fill('00:00:01');
  await moment.getByLabel('Description').fill(`Never ${id}`);
  await moment.getByLabel('Transcript').fill('Never said.');
  await moment.getByRole('button', { name: 'Add', exact: true }).click();
  await expectNotSaved(moment, 'Moment Not Added, Please Try Again');
  await expect(moment.getByLabel('Description')).toHaveValue(`Never ${id}`);

  // A module's topics when the modules cannot be fetched.
  await page.goto('/#/modules/000000000000000000000000');
  await expect(page.getByRole('alert').filter({ hasText: /^Unable to fetch Modules$/ })).toBeVisible();
  await expect(page.getByText('Unable to fetch Modules', { exact: true })).toBeVisible();
});
