import { expect, test, type Locator } from './walk';
import { SANDBOX_ADMIN, tableRows, toast, unique, signedIn, openSignedIn, expectAccessible, expectAccessibleStates, expectNotSaved, expectEditDeleteLast, expectNotSavedWithToast } from './helpers';
import { choose, makeImage, openScreen, searchBox } from './engagement-fixtures';
import { queuePick } from './library-fixtures';
import { useStubPlatform } from './platform-stub';
import type { Api } from '../../src/shared/api';

const TABLE = 'Events';

let restoreStub: (() => Promise<void>) | undefined;
test.afterEach(async () => {
  await restoreStub?.();
  restoreStub = undefined;
});

/** A message whose exact text matters, spaces included (getByText would fold 'a  Event' into 'a Event'). */
async function expectExact(scope: Locator, text: string): Promise<void> {
  const shown = scope.getByText(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ +/g, '\\s+')}$`));
  await expect(shown).toBeVisible();
  expect(await shown.textContent()).toBe(text);
}

test.describe('events', () => {
  // Wide enough for every column beside the selection's box (narrower, the column priorities hide some).
  test.use({ viewport: { width: 1440, height: 900 } });
  test.describe('in a page of its own (it is granted the clipboard)', () => {
    test.use({ freshPage: true });
    test('join links per role, copied with the message; the link address is a setting; the description', async ({ page }) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await signedIn(page);
      await openScreen(page, 'Events', 'Events');
      for (const name of ['Event', 'Event link', 'Time', 'Date', 'Duration', 'Last updated', 'Edit', 'Description']) {
        await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
      }
      await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('500');
      await expectAccessibleStates(page, 'Events', TABLE);
      const sessions = await page.evaluate(() => (globalThis as unknown as { api: Api }).api.mentorship.sessions());
      if (!sessions.ok) throw new Error(JSON.stringify(sessions));
      const event = sessions.data.session[0]!;
      expect(sessions.data.roles.length).toBeGreaterThan(1);

      await searchBox(page).fill(event.eventName);
      const row = tableRows(page, TABLE).filter({ hasText: event.eventName }).first();
      // One link per role of the server's roles list.
      for (const role of sessions.data.roles) {
        await expect(row.getByRole('button', { name: `Copy the ${role} link of ${event.eventName}` })).toBeVisible();
      }
      const role = sessions.data.roles[0]!;
      await row.getByRole('button', { name: `Copy the ${role} link of ${event.eventName}` }).click();
      await expect(toast(page, 'Event link is copied.')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`https://meet.example.com/preview/${event.sessionId}/${role}`);

      // Another meeting provider: the links follow the address (kept for the next visit).
      await page.getByRole('button', { name: 'Link address' }).click();
      const settings = page.getByRole('dialog', { name: 'Join link address' });
      await settings.getByRole('textbox', { name: /^Preview address/ }).fill('http://insecure.example.com');
      await settings.getByRole('button', { name: 'Save' }).click();
      await expect(settings.getByText('The address must start with https://')).toBeVisible();
      await settings.getByRole('textbox', { name: /^Preview address/ }).fill('https://video.example.org/join/');
      await settings.getByRole('button', { name: 'Save' }).click();
      await expect(settings).toBeHidden();
      await page.reload();
      await searchBox(page).fill(event.eventName);
      await row.getByRole('button', { name: `Copy the ${role} link of ${event.eventName}` }).click();
      await expect(toast(page, 'Event link is copied.')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`https://video.example.org/join/${event.sessionId}/${role}`);

      await row.getByRole('button', { name: `Description of ${event.eventName}` }).click();
      const description = page.getByRole('dialog', { name: event.eventName });
      await expect(description).toContainText(event.description);
      await description.getByRole('button', { name: 'Close' }).click();
    });
  });

  test('add an event (every rule once, the computed duration), edit it, delete it', async ({ page, request }) => {
    await signedIn(page);
    await openScreen(page, 'Events', 'Events');
    await page.getByRole('button', { name: 'Add Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Event' });
    const add = dialog.getByRole('button', { name: 'Add', exact: true });
    await add.click();
    for (const text of [
      'Enter a Event Title!',
      'Enter a Event Description!',
      'Enter a  Event Date!',
      'Enter a Start Time!',
      'Enter a End Time!',
      'Select a language!',
      'Add Groups',
      'Please select at least one business idea that goes with this video.',
      'Please select a level',
      'Select at least one mentor.',
    ]) {
      await expectExact(dialog, text);
    }

    const id = unique();
    const title = dialog.getByRole('textbox', { name: /^Event Title/ });
    await title.fill(`Savings #1 ${id}`);
    await expectExact(dialog, 'Special characters are not allowed');
    const name = `Savings: the first step - Q&A ${id}`;
    await title.fill(name);
    await expectExact(dialog, 'Special characters are not allowed');
    const eventName = `Savings: it's the first step + more_${id}.`;
    await title.fill(eventName);
    await expect(dialog.getByText('Special characters are not allowed')).toBeHidden();
    await dialog.getByRole('textbox', { name: /^Event Description/ }).fill('How to put a little aside every week.');
    // The date in the app's D-MM-YYYY, never the browser's mm/dd/yyyy: a typed day is tidied on leaving the box.
    const date = dialog.getByRole('textbox', { name: /^Event Date/ });
    await expect(date).toHaveAttribute('placeholder', 'D-MM-YYYY');
    await date.fill('5-3-2027');
    await dialog.getByLabel('Start Time').fill('11:00');
    await dialog.getByLabel('End Time').fill('10:30');
    await expectExact(dialog, 'Start time cannot be more than end time!');
    await expect(dialog.getByText('—', { exact: true })).toBeVisible();
    await dialog.getByLabel('End Time').fill('12:30');
    await expect(date).toHaveValue('5-03-2027');
    await expect(dialog.getByText('Start time cannot be more than end time!')).toBeHidden();
    // The duration follows the times.
    await expect(dialog.getByText('1 hr 30 min', { exact: true })).toBeVisible();
    await dialog.getByRole('combobox', { name: /^Language/ }).selectOption('Hindi');
    await choose(dialog, 'Groups', ['savings']);
    await dialog.getByRole('button', { name: 'Select All', exact: true }).click();
    await dialog.getByRole('combobox', { name: /^Level/ }).selectOption('2');
    await choose(dialog, 'Mentors', ['Rahul Patil']);
    // The thumbnail's recommended size (spec 2 section 9) is the chooser's hint.
    await expect(dialog.getByRole('button', { name: 'Choose file… (Thumbnail)', exact: true })).toHaveAccessibleDescription('Recommended 800 x 800.');
    await queuePick(request, makeImage());
    await dialog.getByRole('button', { name: 'Choose file… (Thumbnail)', exact: true }).click();
    await expect(dialog.getByText(/^image-.*\.png$/)).toBeVisible();
    await add.click();
    await expect(toast(page, 'Event has been Added')).toBeVisible();
    await expect(dialog).toBeHidden();

    await searchBox(page).fill(id);
    const rows = tableRows(page, TABLE);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(eventName);
    await expect(rows.first()).toContainText('11:00 - 12:30');
    await expect(rows.first()).toContainText('5-03-2027');
    await expect(rows.first()).toContainText('1 hr 30 min');
    await expect(rows.first()).toContainText(`by ${SANDBOX_ADMIN.name}`);
    await expectEditDeleteLast(rows.first(), eventName);

    await rows.first().getByRole('button', { name: `Edit ${eventName}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Event' });
    await expect(edit.getByRole('textbox', { name: /^Event Title/ })).toHaveValue(eventName);
    const editDate = edit.getByRole('textbox', { name: /^Event Date/ });
    await expect(editDate).toHaveValue('5-03-2027');
    // The calendar by the keyboard: Enter on its button opens it on the chosen day, an arrow moves a
    // day, Enter chooses it in D-MM-YYYY and closes it.
    await edit.getByRole('button', { name: 'Choose Event Date' }).focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog', { name: 'Choose Event Date' });
    await expect(calendar).toBeVisible();
    await expectAccessible(page, 'the Event Date calendar');
    await calendar.getByRole('button', { name: /^5, March, 2027/ }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    await expect(editDate).toHaveValue('6-03-2027');
    await expect(edit.getByText('1 hr 30 min', { exact: true })).toBeVisible();
    await edit.getByLabel('End Time').fill('11:45');
    await expect(edit.getByText('45 min', { exact: true })).toBeVisible();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Event has been Updated')).toBeVisible();
    await expect(rows.first()).toContainText('11:00 - 11:45');
    await expect(rows.first()).toContainText('6-03-2027');
    await expect(rows.first()).toContainText('45 min');

    await rows.first().getByRole('button', { name: `Delete ${eventName}` }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete event' });
    await expect(question).toContainText(eventName);
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Event has been Deleted')).toBeVisible();
    await expect(page.getByText('No records match the search or filters.')).toBeVisible();
  });

  test('a failed update: Event Not Updated / Error in Update, Please Try Again', async ({ page }) => {
    test.setTimeout(120_000);
    let mode: 'pass' | 'fail' | 'drop' = 'pass';
    restoreStub = await useStubPlatform((method, path) =>
      mode === 'pass' || method !== 'PUT' || !path.startsWith('/mentorship/sessions/') ? undefined : mode === 'fail' ? { status: 500 } : { drop: true },
    );
    mode = 'fail';
    await openSignedIn(page);
    await openScreen(page, 'Events', 'Events');
    await tableRows(page, TABLE).first().getByRole('button', { name: /^Edit / }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Event' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectNotSavedWithToast(page, edit, 'Event Not Updated, Please Try Again');
    mode = 'drop';
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectNotSaved(edit, 'Error in Update, Please Try Again');
  });
});
