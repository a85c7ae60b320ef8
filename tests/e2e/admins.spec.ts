import { expect, test, type Page } from './walk';
import { createAccount, loginAs, phoneNumber, SANDBOX_ADMIN, tableRows, unique, toast, expectAccessible, signedIn, expectAccessibleStates, expectShownForTwoSeconds, watchToast, expectNoRows } from './helpers';

const search = (page: Page) => page.getByRole('searchbox', { name: 'Search' });

async function openAdmins(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Admins' }).click();
  await expect(page.getByRole('heading', { name: 'Admins', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Admins' })).toHaveAttribute('aria-busy', 'false');
}

/** Whether the page would refuse to unload now (its beforeunload handler prevents it). */
const refusesUnload = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

test.describe('admins as a Super Admin', () => {
  // Full motion: the admin messages' 2 seconds are measured as the toast's life, its motion included.
  test.describe('with motion', () => {
    test.use({ reducedMotion: 'no-preference' });

    test('add: each validation message, then a valid admin', async ({ page }) => {
      await signedIn(page);
      await openAdmins(page);
      await expectAccessibleStates(page, 'Admins', 'Admins');
      await page.getByRole('button', { name: 'Add Admin' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Admin' });
      await expect(dialog).toBeVisible();
      // New admins default to role Admin and status Inactive.
      await expect(dialog.getByRole('switch', { name: 'Role' })).not.toBeChecked();
      await expect(dialog.getByText('Admin', { exact: true })).toBeVisible();
      await expect(dialog.getByRole('switch', { name: 'Status' })).not.toBeChecked();
      await expect(dialog.getByText('Inactive', { exact: true })).toBeVisible();

      await dialog.getByRole('button', { name: 'Add' }).click();
      await expect(dialog.getByText('Enter name!', { exact: true })).toBeVisible();
      await expect(dialog.getByText('Enter valid email!', { exact: true })).toBeVisible();
      await expect(dialog.getByText('Enter valid Phone No.!', { exact: true })).toBeVisible();

      const id = unique();
      const name = `Added ${id}`;
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('textbox', { name: 'Email' }).fill('someone@nowhere');
      await dialog.getByRole('textbox', { name: 'Phone No.' }).fill('12345');
      await expect(dialog.getByText('Enter name!')).toBeHidden();
      await expect(dialog.getByText('Enter valid email!')).toBeVisible();
      await expect(dialog.getByText('Enter valid Phone No.!')).toBeVisible();

      await dialog.getByRole('textbox', { name: 'Email' }).fill(`added-${id}@example.com`);
      await dialog.getByRole('textbox', { name: 'Phone No.' }).fill(phoneNumber());
      await dialog.getByRole('switch', { name: 'Status' }).click();
      await expect(dialog.getByText('Active', { exact: true })).toBeVisible();
      const added = await watchToast(page, 'User has been Added');
      await dialog.getByRole('button', { name: 'Add' }).click();
      await expect(toast(page, 'User has been Added')).toBeVisible();
      await expect(dialog).toBeHidden();
      // The message shows for 2 seconds. (Axe looks at the edit's toast below instead: its work on the page's
      // thread would lengthen this one's life.)
      await expectShownForTwoSeconds(added);

      await search(page).fill(id);
      const row = tableRows(page, 'Admins');
      await expect(row).toHaveCount(1);
      await expect(row.first()).toContainText(name);
      await expect(row.first()).toContainText('Admin');
      await expect(row.first()).toContainText('Active');
      await expect(row.first()).toContainText(SANDBOX_ADMIN.name);
      await expect(row.first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    });
  });

  test("a server refusal: the server's message as an error toast (both specs), and in the dialog with the typed values", async ({ page }) => {
    await signedIn(page);
    await openAdmins(page);
    await page.getByRole('button', { name: 'Add Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Admin' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Duplicate Person');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(SANDBOX_ADMIN.email);
    await dialog.getByRole('textbox', { name: 'Phone No.' }).fill(phoneNumber());
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByText('An admin with this email already exists.')).toBeVisible();
    await expect(toast(page, 'An admin with this email already exists.')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Duplicate Person');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // The form was changed: Cancel asks first.
    await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
  });

  test.describe("in a page of its own (it installs Playwright's clock)", () => {
    test.use({ freshPage: true });
    test('edit and delete; no delete button on the own row', async ({ page }) => {
      const target = await createAccount(page, { role: 'User', status: 'Inactive' });
      await signedIn(page);
      await openAdmins(page);

      await search(page).fill(target.email);
      await expect(tableRows(page, 'Admins')).toHaveCount(1);
      await page.getByRole('button', { name: `Edit ${target.name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Admin' });
      await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue(target.email);
      const renamed = `${target.name} Renamed`;
      await dialog.getByRole('textbox', { name: 'Name' }).fill(renamed);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'User has been Updated')).toBeVisible();
      await expectAccessible(page, 'Admins with a toast showing');
      await expect(tableRows(page, 'Admins').first()).toContainText(renamed);

      await page.getByRole('button', { name: `Delete ${renamed}` }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText(renamed);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, 'User has been Deleted!!')).toBeVisible();
      await expectNoRows(page, 'Admins');

      await search(page).fill(SANDBOX_ADMIN.email);
      await expect(tableRows(page, 'Admins')).toHaveCount(1);
      await expect(page.getByRole('button', { name: `Edit ${SANDBOX_ADMIN.name}` })).toBeVisible();
      await expect(page.getByRole('button', { name: `Delete ${SANDBOX_ADMIN.name}` })).toHaveCount(0);
      // One's own role and status cannot change (the server refuses it): the switches say so up front.
      // Opened and closed by the keyboard, the pointer elsewhere: the dialog gives the focus back to its
      // Edit button without opening the button's tooltip (it would cover the row above and take the click
      // meant for that row's Delete).
      const ownEdit = page.getByRole('button', { name: `Edit ${SANDBOX_ADMIN.name}` });
      // The page's timers from here on are Playwright's clock (time still flows): the tooltip's delay is
      // then run through at once, instead of waited out.
      await page.clock.install();
      await page.mouse.move(0, 0);
      await ownEdit.focus();
      await page.keyboard.press('Enter');
      const own = page.getByRole('dialog', { name: 'Edit Admin' });
      await expect(own.getByRole('switch', { name: 'Role' })).toBeDisabled();
      await expect(own.getByRole('switch', { name: 'Status' })).toBeDisabled();
      await expect(own.getByText('You cannot change the role or status of your own account.').first()).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(own).toBeHidden();
      await expect(ownEdit).toBeFocused();
      await page.clock.runFor(600); // longer than a tooltip's delay
      await expect(page.getByRole('tooltip')).toHaveCount(0);
      // Tab away and back: a person's own move shows it again.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(ownEdit).toBeFocused();
      await expect(page.getByRole('tooltip').filter({ hasText: `Edit ${SANDBOX_ADMIN.name}` })).toBeVisible();
    });
  });

  test("a User account's fixed role says why; a name stops at 100 characters and says so", async ({ page }) => {
    const target = await createAccount(page, { role: 'User' });
    await signedIn(page);
    await openAdmins(page);
    await search(page).fill(target.email);
    await page.getByRole('button', { name: `Edit ${target.name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Admin' });
    await expect(edit.getByRole('switch', { name: 'Role' })).toHaveCount(0);
    await expect(edit.getByText('This account has the role User, which cannot be changed here: the role switch sets only Super Admin or Admin.')).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();

    await page.getByRole('button', { name: 'Add Admin' }).click();
    const add = page.getByRole('dialog', { name: 'Add Admin' });
    const name = add.getByRole('textbox', { name: 'Name' });
    const limit = 'At most 100 characters: anything typed or pasted beyond them is left out.';
    await name.fill('N'.repeat(99));
    await expect(add.getByText(limit)).toHaveCount(0);
    await name.pressSequentially('ab');
    await expect(name).toHaveValue(`${'N'.repeat(99)}a`);
    // Said where it is typed, and read with the field.
    await expect(name).toHaveAccessibleDescription(limit);
    await expectAccessible(page, 'Add Admin with a name at its limit');
  });

  test('10 per page, with paging', async ({ page }) => {
    await signedIn(page);
    await openAdmins(page);
    // Make sure there are more than 10 records, whatever ran before.
    const total = Number((await page.getByText(/of \d+ records/).innerText()).match(/of (\d+)/)?.[1] ?? 0);
    for (let i = total; i < 12; i++) await createAccount(page, { role: 'User' });
    if (total < 12) {
      await signedIn(page);
      await openAdmins(page);
    }
    await expect(tableRows(page, 'Admins')).toHaveCount(10);
    await expect(page.getByText(/^1–10 of \d+ records$/)).toBeVisible();
    await expect(page.getByText(/^Page 1 of [2-9]\d*$/)).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText(/^Page 2 of/)).toBeVisible();
    await expect(page.getByText(/^11–/)).toBeVisible();
  });
});

test.describe('admins as an Admin', () => {
  test('only User records are listed and the role is fixed to User', async ({ page }) => {
    const admin = await createAccount(page, { role: 'Admin', password: 'plain-admin-1' });
    const user = await createAccount(page, { role: 'User' });
    await loginAs(page, admin.email, 'plain-admin-1');
    await openAdmins(page);

    const roles = page.getByRole('table', { name: 'Admins' }).locator('tbody tr[aria-rowindex] td:nth-child(5)');
    const count = await roles.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) await expect(roles.nth(i)).toHaveText('User');
    await search(page).fill(user.email);
    await expect(tableRows(page, 'Admins')).toHaveCount(1);
    await search(page).fill(SANDBOX_ADMIN.email);
    await expectNoRows(page, 'Admins');

    await page.getByRole('button', { name: 'Add Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Admin' });
    await expect(dialog.getByRole('switch', { name: 'Role' })).toHaveCount(0);
    await expect(dialog.getByText('As an Admin you can add and edit User accounts only.')).toBeVisible();
    const id = unique();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Learner ${id}`);
    await dialog.getByRole('textbox', { name: 'Email' }).fill(`learner-${id}@example.com`);
    await dialog.getByRole('textbox', { name: 'Phone No.' }).fill(phoneNumber());
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(toast(page, 'User has been Added')).toBeVisible();
    await search(page).fill(id);
    await expect(tableRows(page, 'Admins').first()).toContainText('User');
  });
});

test.describe('dialogs and the keyboard', () => {
  test('a keyboard-only add, edit and delete at 1024 x 700: focus comes back to the opener, toasts never take it', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await signedIn(page);
    // The screen chosen from the sidebar by keyboard takes the focus at its heading.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admins' }).focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { name: 'Admins', level: 1 });
    await expect(heading).toBeFocused();
    await expect(page.getByRole('table', { name: 'Admins' })).toHaveAttribute('aria-busy', 'false');
    // Ctrl+N there adds; after the save the focus is back at the heading, not on a sidebar link.
    await page.keyboard.press('Control+n');
    const viaKey = page.getByRole('dialog', { name: 'Add Admin' });
    await expect(viaKey.getByRole('textbox', { name: 'Name' })).toBeFocused();
    const other = unique();
    await page.keyboard.type(`Shortcut ${other}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`shortcut-${other}@example.com`);
    await page.keyboard.press('Tab');
    await page.keyboard.type(phoneNumber());
    await page.keyboard.press('Enter');
    await expect(viaKey).toBeHidden();
    await expect(heading).toBeFocused();
    // Its toast leaves before the next add, whose own toast the steps below read (a repeat would merge).
    await expect(toast(page, 'User has been Added')).toBeVisible();
    await expect(page.locator('[role="listitem"]:has(.fui-Toast)')).toHaveCount(0, { timeout: 10_000 });


    // At 1024 x 700 'Added' gives way to fit; shown from the View menu, 'Updated' gives way instead,
    // then 'Phone No.'. With all three shown, the table scrolls sideways: its scrollbar shows, and the
    // column running under the pinned Edit and Delete ends in an ellipsis at their edge, its text in
    // full on hover.
    const table = page.getByRole('table', { name: 'Admins' });
    const column = (name: string) => table.getByRole('columnheader', { name, exact: true });
    await expect(column('Added')).toHaveCount(0);
    await page.getByRole('button', { name: 'View' }).click();
    for (const [name, next] of [['Added', 'Updated'], ['Updated', 'Phone No.'], ['Phone No.', null]] as const) {
      await page.getByRole('menuitemcheckbox', { name }).click();
      await expect(column(name)).toBeVisible();
      if (next) await expect(column(next)).toHaveCount(0);
    }
    await page.keyboard.press('Escape');
    const scroller = page.getByRole('region', { name: 'Admins, scrollable' });
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await scroller.evaluate((el) => getComputedStyle(el, '::-webkit-scrollbar').height)).toBe('12px');
    // The cell at the pinned columns' edge: which one depends on the widths (the selection's box column
    // too); scrolled a little, so that one runs under them whatever the widths.
    await scroller.evaluate((el) => el.scrollTo({ left: 40 }));
    const cells = table.locator('tbody tr[data-pos="0"] td:not([data-pin])');
    const atEdge = await cells.evaluateAll((tds) => {
      const pin = tds[0]!.parentElement!.querySelector('td[data-pin]')!.getBoundingClientRect().left;
      return tds.findIndex((td) => td.getBoundingClientRect().left < pin && td.getBoundingClientRect().right > pin + 1);
    });
    expect(atEdge).toBeGreaterThan(0);
    expect(atEdge).toBeGreaterThan(0);
    const cut = cells.nth(atEdge);
    await expect(cut).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    const edges = () =>
      cut.evaluate((td) => {
        const pin = td.parentElement!.querySelector('td[data-pin]')!.getBoundingClientRect().left;
        const box = td.getBoundingClientRect();
        const date = td.querySelector('span > span')!;
        return { under: box.left < pin && box.right > pin + 1, textEnd: box.right - parseFloat(getComputedStyle(td).paddingRight), pin, ellipsis: date.scrollWidth > date.clientWidth };
      });
    await expect.poll(async () => (await edges()).under).toBe(true);
    const at = await edges();
    expect(at.textEnd).toBeLessThanOrEqual(at.pin);
    expect(at.ellipsis).toBe(true);
    await cut.hover({ position: { x: 12, y: 12 } });
    await expect(cut).toHaveAttribute('title', /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // Scrolled to the end, nothing runs under them any more.
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(async () => (await edges()).under).toBe(false);
    await page.getByRole('button', { name: 'View' }).click();
    await page.getByRole('menuitem', { name: 'Reset view' }).click();
    await expect(column('Added')).toHaveCount(0);
    await page.mouse.move(0, 0);

    const id = unique();
    const name = `Keys ${id}`;

    // Add: the dialog opens on Enter, its first field has the focus, Enter in the last field submits.
    const add = page.getByRole('button', { name: 'Add Admin' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Admin' });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`keys-${id}@example.com`);
    await page.keyboard.press('Tab');
    await page.keyboard.type(phoneNumber());
    await page.keyboard.press('Enter');
    await expect(toast(page, 'User has been Added')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();
    // The toast is not in the tab order: Tab goes on through the page, never into the toaster.
    await expect(page.locator('[role="listitem"]:has(.fui-Toast)').first()).toHaveAttribute('tabindex', '-1');

    // Edit: Tab from the search box to the row, Enter opens Edit; saving gives the focus back to the row.
    const searchBox = search(page);
    await searchBox.focus();
    await page.keyboard.type(id);
    const row = tableRows(page, 'Admins').first();
    await expect(tableRows(page, 'Admins')).toHaveCount(1);
    // Clear search, two filters, View, Export CSV, Add Admin, the header's check box, seven sort
    // buttons and their resize grips, then the row.
    for (let i = 0; i < 34 && !(await row.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[data-toaster-position]'))).toBe(false);
    }
    await expect(row).toBeFocused();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit Admin' });
    await expect(edit.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await expectAccessible(page, 'Edit Admin');
    await page.keyboard.press('End');
    await page.keyboard.type(' Edited');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'User has been Updated')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row).toContainText(`${name} Edited`);
    await expect(row).toBeFocused();

    // Delete from the row's context menu (Shift+F10); the focus lands on the table afterwards, not the page.
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: 'Row actions' });
    await expect(menu.getByRole('menuitem')).toHaveText(['Edit', 'Delete']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Delete account' });
    await expect(confirm).toContainText(`${name} Edited`);
    await expectAccessible(page, 'Delete account');
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Delete' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'User has been Deleted!!')).toBeVisible();
    await expectNoRows(page, 'Admins');
    await expect(page.getByRole('region', { name: 'Admins, scrollable' })).toBeFocused();
  });

  test('unsaved changes: Escape, the backdrop and Cancel ask "Discard changes?" only when the form changed', async ({ page }) => {
    await signedIn(page);
    await openAdmins(page);
    const add = page.getByRole('button', { name: 'Add Admin' });
    const dialog = page.getByRole('dialog', { name: 'Add Admin' });
    const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });

    await expectAccessible(page, 'Admins');
    // Unchanged: Escape just closes, and the focus is back on Add Admin.
    await add.click();
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'Add Admin');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(discard).toHaveCount(0);
    await expect(add).toBeFocused();

    // Changed: Escape asks; Keep editing keeps the typed text.
    await add.click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Half typed');
    await page.keyboard.press('Escape');
    await expect(discard).toBeVisible();
    await expectAccessible(page, 'Discard changes?');
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(discard).toBeHidden();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Half typed');
    // Closing or reloading the window would ask too: the page refuses to unload (main then asks
    // "Discard changes?" natively; the Electron side is a unit test).
    expect(await refusesUnload(page)).toBe(true);
    // A click on the backdrop asks too.
    await page.mouse.click(8, 690);
    await expect(discard).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(discard).toBeHidden();
    await expect(dialog).toBeVisible();
    // Cancel asks; Discard closes and the focus goes back to the opener.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();
    expect(await refusesUnload(page)).toBe(false);
    // Opened again, the form starts empty.
    await add.click();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });
});
