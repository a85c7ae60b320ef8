import { expect, test, type Page } from './walk';
import { tableRows, toast, unique, cancelDiscarding, openSignedIn, expectNotSavedWithToast } from './helpers';
import { useStubPlatform } from './platform-stub';

/**
 * The course screens' fixed texts for a failure that carries no message (spec 2: 'Something went wrong,
 * Please Try Again', 'Module Not Added, Please Try Again', 'File Not Added, ...'; spec 1: 'Topic Not
 * Added, ...', 'Video Not Edited, ...'):
 * a platform that answers 500 with an empty body to the add, save and delete calls, on the demo course.
 * The typed values stay in the dialog.
 */
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 });
const COURSE = 'Start your own dairy';
const MODULE = 'Planning the dairy';
const FILE_NOT_ADDED = 'File Not Added, Please Try Again';
const COURSE_FAILED = 'Something went wrong, Please Try Again';

let restoreStub: (() => Promise<void>) | undefined;
test.afterEach(async () => {
  await restoreStub?.();
  restoreStub = undefined;
});

test('failures without a message: a course not saved, Module, Topic and File Not Added, Video Not Edited, a folder and a course not deleted', async ({ page }) => {
  restoreStub = await useStubPlatform((method, path) =>
    (method === 'POST' && ['/video-repository/document', '/video-repository/descendant', '/video-repository/topic', '/video-repository/video'].includes(path)) ||
    (method === 'PUT' && path.startsWith('/video-repository/video/updatequestions/')) ||
    // A course's save and delete.
    ((method === 'PUT' || method === 'DELETE') && path.startsWith('/video-repository/course/')) ||
    (method === 'DELETE' && path.startsWith('/video-repository/document/'))
      ? { status: 500 }
      : undefined,
  );
  await openSignedIn(page);
  const name = `Never ${unique()}`;

  // The course's directory: Add Folder.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
  // The screen first: the search box of the screen before it (still shown while this one loads) would take the text.
  await expect(heading(page, 'Courses')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(COURSE);
  // A course save the platform refuses without a message: the spec's fixed text, the typed values kept.
  await tableRows(page, 'Courses').getByRole('button', { name: `Edit ${COURSE}` }).click();
  const course = page.getByRole('dialog', { name: 'Edit Course' });
  await course.getByLabel('Course name').fill(name);
  await course.getByRole('button', { name: 'Save', exact: true }).click();
  await expectNotSavedWithToast(page, course, COURSE_FAILED);
  await expect(course.getByLabel('Course name')).toHaveValue(name);
  await cancelDiscarding(page, course);

  await tableRows(page, 'Courses').getByRole('button', { name: COURSE, exact: true }).click();
  await expect(heading(page, COURSE)).toBeVisible();
  // The directory's Upload Video (POST /document); its Add File (POST /descendant) below.
  await page.getByRole('button', { name: 'Upload Video' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Video' });
  await upload.getByLabel('Video title').fill(name);
  const chosen = upload.getByRole('combobox', { name: 'Library video' });
  await expect(chosen.locator('option').nth(1)).toBeAttached();
  await chosen.selectOption({ index: 1 });
  await upload.getByRole('button', { name: 'Add', exact: true }).click();
  await expectNotSavedWithToast(page, upload, FILE_NOT_ADDED);
  await expect(upload.getByLabel('Video title')).toHaveValue(name);
  await cancelDiscarding(page, upload);

  await page.getByRole('button', { name: 'Add Folder' }).click();
  const folder = page.getByRole('dialog', { name: 'Add Folder' });
  await folder.getByLabel('Name').fill(name);
  await folder.getByRole('button', { name: 'Add', exact: true }).click();
  await expectNotSavedWithToast(page, folder, 'Module Not Added, Please Try Again');
  await expect(folder.getByLabel('Name')).toHaveValue(name);
  await cancelDiscarding(page, folder);
  // A folder delete the platform refuses without a message: the spec's fixed text, and the folder stays.
  await tableRows(page, COURSE).filter({ hasText: MODULE }).getByRole('button', { name: `Delete ${MODULE}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete Document' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Unable to delete, Please Try Again')).toBeVisible();
  await expect(page.getByRole('alertdialog', { name: 'Delete Document' })).toBeHidden();
  await expect(tableRows(page, COURSE).filter({ hasText: MODULE })).toHaveCount(1);
  // Upload Video's toast gone first: the same text while it shows is not raised again, so the next one is Add File's own.
  await expect(toast(page, FILE_NOT_ADDED)).toBeHidden();
  await page.getByRole('button', { name: 'Add File' }).click();
  const addFile = page.getByRole('dialog', { name: 'Add File' });
  await addFile.getByRole('combobox', { name: 'Library videos' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await addFile.getByRole('button', { name: 'Add', exact: true }).click();
  await expectNotSavedWithToast(page, addFile, FILE_NOT_ADDED);
  await cancelDiscarding(page, addFile);

  // A module's topics: Add Topic.
  await tableRows(page, COURSE).filter({ hasText: MODULE }).getByRole('button', { name: 'Topics', exact: true }).click();
  await expect(heading(page, `Topics of ${MODULE}`)).toBeVisible();
  await page.getByRole('button', { name: 'Add Topic' }).click();
  const topic = page.getByRole('dialog', { name: 'Add Topic' });
  await topic.getByLabel('Topic name').fill(name);
  await topic.getByRole('button', { name: 'Add', exact: true }).click();
  await expectNotSavedWithToast(page, topic, 'Topic Not Added, Please Try Again');
  await expect(topic.getByLabel('Topic name')).toHaveValue(name);
  await cancelDiscarding(page, topic);

  // A topic's videos: Add File, and a question added to a video.
  const topicsTable = `Topics of ${MODULE}`;
  await tableRows(page, topicsTable).first().getByRole('button').first().click();
  await expect(heading(page, /^Videos of /)).toBeVisible();
  await page.getByRole('button', { name: 'Add File' }).click();
  const file = page.getByRole('dialog', { name: 'Add File' });
  await file.getByLabel('Title').fill(name);
  const library = file.getByRole('combobox', { name: 'Library video' });
  await expect(library.locator('option').nth(1)).toBeAttached();
  await library.selectOption({ index: 1 });
  // The topic has concepts: the video goes into the one chosen (POST /document, refused alike).
  await file.getByRole('combobox', { name: 'Concept' }).selectOption({ index: 1 });
  await expect(toast(page, FILE_NOT_ADDED)).toBeHidden();
  await file.getByRole('button', { name: 'Add', exact: true }).click();
  await expectNotSavedWithToast(page, file, FILE_NOT_ADDED);
  await expect(file.getByLabel('Title')).toHaveValue(name);
  await cancelDiscarding(page, file);

  const video = page.getByRole('table').locator('tbody tr').first();
  await video.getByRole('button', { name: /^Add a question to / }).click();
  const ask = page.getByRole('dialog', { name: /^Add a question to / });
  const question = ask.getByRole('combobox', { name: 'Question' });
  await expect(question.locator('option').nth(1)).toBeAttached();
  await question.selectOption({ index: 1 });
  await ask.getByRole('button', { name: 'Add', exact: true }).click();
  await expectNotSavedWithToast(page, ask, 'Video Not Edited, Please Try Again');
  await expect(ask).toBeVisible();
  await cancelDiscarding(page, ask);

  // A course delete the platform refuses without a message: the spec's fixed text, and the course stays.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
  // The screen first: the search box of the screen before it (still shown while this one loads) would take the text.
  await expect(heading(page, 'Courses')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(COURSE);
  await tableRows(page, 'Courses').first().getByRole('button', { name: `Delete ${COURSE}` }).click();
  await expect(toast(page, COURSE_FAILED)).toBeHidden();
  await page.getByRole('alertdialog', { name: 'Delete course' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, COURSE_FAILED)).toBeVisible();
  await expect(tableRows(page, 'Courses').getByRole('button', { name: COURSE, exact: true })).toBeVisible();
});
