import { expect, test } from './walk';
import { shotsAtSizes } from './shots-sizes';
import { phoneNumber, SANDBOX_ADMIN, tableRows, toast, unique, signedIn, expectAccessibleStates, expectEditDeleteLast } from './helpers';
import { choose, makeImage, openScreen, searchBox } from './engagement-fixtures';
import { makeVideo, queuePick } from './library-fixtures';
import type { Api } from '../../src/shared/api';
import { ENGAGEMENT_TEXT } from '../../src/shared/engagement-messages';

const TABLE = 'Mentors';
type Progress = { sent: number; total: number };

test.describe('mentors', () => {
  test('add a mentor (every rule once) with a picture and an intro video uploaded from disk, edit the video as a url, delete', async ({ page, request }) => {
    await signedIn(page);
    await openScreen(page, 'Mentors', 'Mentors');
    for (const name of ['Name', 'Edit', 'Designation', 'Mobile Number', 'Language', 'Last updated']) {
      await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('500');
    // At 1024 x 700 a designation longer than its column ends in an ellipsis, its start in view, its
    // whole text on hover (the badge centred its text and cut both ends).
    await page.setViewportSize({ width: 1024, height: 700 });
    const long = page.getByRole('row').filter({ hasText: 'Anjali Das' }).getByTitle('Digital marketing consultant', { exact: false }).first();
    const cut = await long.evaluate((badge) => {
      const text = badge.querySelector('span')!;
      return { ellipsis: text.scrollWidth > text.clientWidth, startInView: text.getBoundingClientRect().left >= badge.getBoundingClientRect().left };
    });
    expect(cut).toEqual({ ellipsis: true, startInView: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate(() => {
      const w = globalThis as unknown as { api: Api; progress: Progress[] };
      w.progress = [];
      w.api.on('upload:progress', (e) => w.progress.push(e));
    });

    await page.getByRole('button', { name: 'Add Mentor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Mentor' });
    const add = dialog.getByRole('button', { name: 'Add', exact: true });
    await add.click();
    for (const text of [
      'Enter a Mentor Name!',
      'Select a language!',
      'Select at least one business idea',
      'Add Groups',
      'Enter an Email!',
      'Enter a Mobile number',
      'Enter an Organisation Details!',
      'Enter Mentor Designation details!',
      'Enter a Mentor Bio!',
      'Upload a Mentor Profile Picture!',
      'Enter a new video!',
    ]) {
      await expect(dialog.getByText(text, { exact: true })).toBeVisible();
    }

    const id = unique();
    const name = `Meena Kulkarni ${id}`;
    await dialog.getByRole('textbox', { name: /^Mentor Name/ }).fill(name);
    await choose(dialog, 'Languages', ['Marathi', 'Hindi']);
    // Specialities: Select All and Deselect All.
    await dialog.getByRole('button', { name: 'Select All', exact: true }).click();
    await expect(dialog.getByText(/^(\d+) of \1 selected$/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Deselect All', exact: true }).click();
    await expect(dialog.getByText(/^0 of \d+ selected$/)).toBeVisible();
    await choose(dialog, 'Specialities', ['Papad and Pickle Making', 'Tiffin Service']);
    await choose(dialog, 'Topic Groups', ['pricing']);
    await dialog.getByRole('textbox', { name: /^Email/ }).fill('not-an-email');
    await dialog.getByRole('textbox', { name: /^Mobile Number/ }).fill('12345');
    await expect(dialog.getByText('Enter valid email!')).toBeVisible();
    await expect(dialog.getByText('Enter valid Phone No.!')).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(`meena-${id}@example.com`);
    const mobile = phoneNumber();
    await dialog.getByRole('textbox', { name: /^Mobile Number/ }).fill(mobile);
    await dialog.getByRole('textbox', { name: /^Organisation/ }).fill('Pune Food Collective');
    await dialog.getByRole('textbox', { name: /^Designation/ }).fill('Food entrepreneur');
    const bio = 'Started a pickle business from home and now sells in three cities.';
    await dialog.getByRole('textbox', { name: /^Mentor Bio/ }).fill(bio);
    await expect(dialog.getByText(`${bio.length} / 1000`)).toBeVisible();
    await dialog.getByRole('spinbutton', { name: /^Mentor Fee/ }).fill('-5');
    await expect(dialog.getByText(ENGAGEMENT_TEXT.feeMinimum)).toBeVisible();
    await dialog.getByRole('spinbutton', { name: /^Mentor Fee/ }).fill('1500');
    await expect(dialog.getByText(ENGAGEMENT_TEXT.feeMinimum)).toBeHidden();

    // A file of another kind is refused at once (a drop skips the open dialog's filter): the field is emptied,
    // and says why once (the refusal is its one message, the same words as its required one).
    const picture = dialog.getByRole('button', { name: 'Choose file… (Profile Picture)', exact: true });
    await queuePick(request, makeImage());
    await picture.click();
    await expect(dialog.getByText(/^image-.*\.png$/)).toBeVisible();
    await expect(dialog.getByText('Upload a Mentor Profile Picture!')).toBeHidden();
    await queuePick(request, makeVideo(2));
    await picture.click();
    await expect(picture).toHaveAccessibleDescription('Upload a Mentor Profile Picture!');
    await expect(dialog.getByText('Upload a Mentor Profile Picture!')).toHaveCount(1);
    await shotsAtSizes(page, 'mentor-picture-refused');
    await expect(dialog.getByText(/^image-.*\.png$/)).toHaveCount(0);
    await expect(dialog.getByText(/^clip-.*\.mp4$/)).toHaveCount(0);
    await queuePick(request, makeImage());
    await picture.click();
    await expect(dialog.getByText(/^image-.*\.png$/)).toBeVisible();
    await expect(dialog.getByText('Upload a Mentor Profile Picture!')).toBeHidden();
    const video = dialog.getByRole('button', { name: 'Choose file… (Intro Video)', exact: true });
    await queuePick(request, makeVideo(3));
    await video.click();
    await expect(dialog.getByText(/^clip-.*\.mp4$/)).toBeVisible();
    await queuePick(request, makeImage());
    await video.click();
    await expect(video).toHaveAccessibleDescription('Enter a new video!');
    await expect(dialog.getByText('Enter a new video!')).toHaveCount(1);
    await expect(dialog.getByText(/^clip-.*\.mp4$/)).toHaveCount(0);
    await expect(dialog.getByText(/^image-.*\.png$/)).toHaveCount(1);
    await queuePick(request, makeVideo(4));
    await video.click();
    await expect(dialog.getByText(/^clip-.*\.mp4$/)).toBeVisible();
    await expect(dialog.getByText('Enter a new video!')).toBeHidden();
    await add.click();
    await expect(toast(page, 'Mentor has been Added')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Streamed from disk by main, with progress up to the whole body.
    const progress = await page.evaluate(() => (globalThis as unknown as { progress: Progress[] }).progress);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)!.sent).toBe(progress.at(-1)!.total);
    expect(progress.at(-1)!.total).toBeGreaterThan(10_000);

    await searchBox(page).fill(id);
    const rows = tableRows(page, TABLE);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Food entrepreneur');
    await expect(rows.first()).toContainText(mobile);
    await expect(rows.first()).toContainText(/Marathi.*Hindi|Hindi.*Marathi/);
    await expect(rows.first()).toContainText(`by ${SANDBOX_ADMIN.name}`);
    // The bio as a hint beside the name.
    await rows.first().getByRole('button', { name: `About ${name}` }).hover();
    await expect(page.getByRole('tooltip')).toContainText('Started a pickle business');
    await expectEditDeleteLast(rows.first(), name);
    const stored = await page.evaluate(async (mail) => {
      const list = await (globalThis as unknown as { api: Api }).api.mentorship.sessionUsers();
      return list.ok ? list.data.find((m) => m.email === mail) : null;
    }, `meena-${id}@example.com`);
    expect(stored?.mentorVideo).toMatch(/^http/);
    expect(stored?.profilePicture).toMatch(/^http/);
    expect(stored?.mentorFee).toBe(1500);

    // Edit: the video as a File Url instead of the upload.
    await rows.first().getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Mentor' });
    await expect(edit.getByRole('textbox', { name: /^Mentor Name/ })).toHaveValue(name);
    await expect(edit.getByText('Current intro video')).toBeVisible();
    await edit.getByRole('switch', { name: /^Intro video source/ }).click();
    await expect(edit.getByRole('button', { name: 'Choose file… (Intro Video)', exact: true })).toBeHidden();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Enter a new file url!')).toBeVisible();
    await edit.getByRole('textbox', { name: /^File Url/ }).fill('https://videos.example.com/meena-intro.mp4');
    await edit.getByRole('textbox', { name: /^Mentor Bio/ }).fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Enter a Mentor Bio!')).toBeVisible();
    await edit.getByRole('textbox', { name: /^Mentor Bio/ }).fill('Pickles, papad and a tiffin service.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Mentor has been Updated')).toBeVisible();
    await expect(edit).toBeHidden();
    const edited = await page.evaluate(async (mail) => {
      const list = await (globalThis as unknown as { api: Api }).api.mentorship.sessionUsers();
      return list.ok ? list.data.find((m) => m.email === mail) : null;
    }, `meena-${id}@example.com`);
    expect(edited?.mentorShortVideoUrl).toBe('https://videos.example.com/meena-intro.mp4');
    expect(edited?.mentorBio).toBe('Pickles, papad and a tiffin service.');

    await rows.first().getByRole('button', { name: `Delete ${name}` }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete mentor' });
    await expect(question).toContainText(name);
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Mentor has been Deleted')).toBeVisible();
    await expect(page.getByText('No records match the search or filters.')).toBeVisible();
  });

  test('a mentor who attends an event is kept, with the server message', async ({ page }) => {
    await signedIn(page);
    const name = await page.evaluate(async () => {
      const api = (globalThis as unknown as { api: Api }).api;
      const [sessions, mentors] = await Promise.all([api.mentorship.sessions(), api.mentorship.sessionUsers()]);
      if (!sessions.ok || !mentors.ok) return null;
      const attending = sessions.data.session[0]!.attendees[0];
      return mentors.data.find((m) => m._id === attending)?.name ?? null;
    });
    expect(name).not.toBeNull();
    await openScreen(page, 'Mentors', 'Mentors');
    await expectAccessibleStates(page, 'Mentors', TABLE);
    await searchBox(page).fill(name!);
    const row = tableRows(page, TABLE).first();
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete mentor' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.locator('.fui-ToastTitle', { hasText: /^This mentor attends \d+ events?\. Remove them from (it|those) first\.$/ }).last()).toBeVisible();
    await expect(row).toContainText(name!);
  });
});
