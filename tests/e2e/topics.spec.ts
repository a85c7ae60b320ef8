import { expect, test, type Page } from './walk';
import type { Api } from '../../src/shared/api';
import { hostApi } from './host-api';
import { shots, tableRows, toast, unique, cancelDiscarding, signedIn, hostSignedIn, expectAccessible, expectAccessibleStates, expectNotSavedWithToast } from './helpers';
import { createFile } from './library-fixtures';
import { createCourse, createFolder, expectWidth, keyboardMoveDown, mouseDrag, rememberLanguage } from './course-fixtures';

type WithApi = { api: Api };
const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });
const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

/** From the sidebar to a module's topics, by clicking: Courses > the course > the module's Topics link. */
async function openTopics(page: Page, course: string, module: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
  // The screen first: the search box of the screen before it (still shown while this one loads) would take the text.
  await expect(heading(page, 'Courses')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(course);
  await tableRows(page, 'Courses').getByRole('button', { name: course, exact: true }).click();
  await expect(heading(page, course)).toBeVisible();
  await tableRows(page, course).filter({ hasText: module }).getByRole('button', { name: 'Topics', exact: true }).click();
  await expect(heading(page, `Topics of ${module}`)).toBeVisible();
}

async function topicNames(page: Page, moduleId: string): Promise<string[]> {
  return page.evaluate(async (id) => {
    const r = await (globalThis as unknown as WithApi).api.videoRepository.topics({ moduleId: id });
    return r.ok ? r.data.topics.map((t) => t.name) : [];
  }, moduleId);
}

// The host signed in, every language shown; each walk loads the app once what it starts from is made.
test.beforeEach(async () => {
  await hostSignedIn();
  await rememberLanguage(null);
});

test('topics of a module: reached by clicking, breadcrumb, reload, module and language selectors, back', async ({ page }) => {
  await signedIn(page);
  await openTopics(page, 'Start your own dairy', 'Planning the dairy');
  const table = 'Topics of Planning the dairy';
  const headers = await page.getByRole('table', { name: table }).getByRole('columnheader').allInnerTexts();
  expect(headers.map((t) => t.trim())).toEqual(expect.arrayContaining(['Topic Name', 'Description', 'Video count']));
  const rows = tableRows(page, table);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Choosing your cattle');
  await expect(rows.nth(1)).toContainText('Shed and water');
  await expect(crumbs(page)).toHaveText(/Courses.*Start your own dairy.*Planning the dairy.*Topics/);
  // Page size 20, with 20, 50 and 100 to choose from.
  const pageSize = page.getByRole('combobox', { name: 'Rows per page' });
  await expect(pageSize).toHaveValue('20');
  expect(await pageSize.locator('option').allInnerTexts()).toEqual(['20', '50', '100']);
  // The search box narrows the topics to those that match.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('water');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Shed and water');
  await search.fill('');
  await expect(rows).toHaveCount(2);

  // The screen rebuilds itself from its route after a reload.
  await page.reload();
  await expect(heading(page, table)).toBeVisible();
  await expect(rows).toHaveCount(2);

  // The language (remembered) narrows the module selector; choosing a module opens its topics.
  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('Tamil');
  const module = page.getByRole('combobox', { name: 'Module', exact: true });
  await expect(module.locator('option', { hasText: 'Poultry farming from scratch: Getting started' })).toHaveCount(1);
  await expect(module.locator('option', { hasText: 'Start your own dairy: Feeding and health' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('Hindi');
  await module.selectOption({ label: 'Start your own dairy: Feeding and health' });
  await expect(heading(page, 'Topics of Feeding and health')).toBeVisible();
  await expect(tableRows(page, 'Topics of Feeding and health').first()).toContainText('Daily feed plan');
  await expectAccessibleStates(page, 'Topics', 'Topics of Feeding and health', { rowMenu: false });

  // Back leads to the course's directory; the breadcrumb to the module's folder.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(heading(page, 'Start your own dairy')).toBeVisible();
  await page.goBack();
  await crumbs(page).getByRole('button', { name: 'Feeding and health' }).click();
  await expect(heading(page, 'Feeding and health')).toBeVisible();
  await page.goBack();

  // The topic's name and its video count both open the topic.
  const daily = tableRows(page, 'Topics of Feeding and health').filter({ hasText: 'Daily feed plan' });
  // Named by the number once, in the right number ('3 videos of ...', never '3 3 videos of ...').
  await expect(daily.getByRole('button', { name: /^(1 video|\d+ videos) of Daily feed plan$/ })).toHaveText(/^[1-9]\d*$/);
  await daily.getByRole('button', { name: 'Daily feed plan', exact: true }).click();
  await expect(page).toHaveURL(/#\/topics\/[^/]+$/);
});

test('Add Topic: name required (submit disabled), description optional, failure in the dialog; disallowed for a videos-only course', async ({ page, request }) => {
  const course = await createCourse(request);
  const module = await createFolder(course._id, '');
  // A videos-only course whose module holds a video, for the walk's end.
  const videosOnly = await createCourse(request, { hasOnlyVideos: true });
  const onlyModule = await createFolder(videosOnly._id, '');
  const file = await createFile(request);
  const linked = await hostApi.videoRepository.createDocument({ type: 'file', freeToWatch: false, courseId: videosOnly._id, parent: onlyModule._id, title: file.title, fileId: file._id });
  expect(linked.ok, JSON.stringify(linked)).toBe(true);
  await signedIn(page);
  await openTopics(page, course.name, module.title);
  const table = `Topics of ${module.title}`;
  await expect(page.getByText('This module has no topics yet.')).toBeVisible();

  // The empty list's own Add.
  await shots(page, 'topics-empty');
  await page.getByRole('table', { name: table }).getByRole('button', { name: 'Add the first topic' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Topic' });
  const add = dialog.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  await dialog.getByLabel('Topic name').fill('   ');
  await dialog.getByLabel('Topic name').blur();
  await expect(dialog.getByText('Enter a topic name!', { exact: true })).toBeVisible();
  await expect(add).toBeDisabled();
  const name = `Topic ${unique()}`;
  await dialog.getByLabel('Topic name').fill(name);
  await add.click();
  await expect(toast(page, 'Topic has been Added')).toBeVisible();
  const row = tableRows(page, table).filter({ hasText: name });
  await expect(row).toContainText('0');
  // The topic is a folder of the module in the directory too.
  const names = await topicNames(page, module._id);
  expect(names).toEqual([name]);

  // The module deleted elsewhere meanwhile: the server's reason shows in the dialog, nothing is lost.
  await page.getByRole('button', { name: 'Add Topic' }).click();
  await dialog.getByLabel('Topic name').fill('Too late');
  await dialog.getByLabel('Description').fill('Kept in the form.');
  await page.evaluate((id) => (globalThis as unknown as WithApi).api.videoRepository.deleteDocument({ id }), module._id);
  await add.click();
  await expectNotSavedWithToast(page, dialog, 'Module not found. It may have been deleted; reload the list.');
  await expect(dialog.getByLabel('Description')).toHaveValue('Kept in the form.');
  await cancelDiscarding(page, dialog);

  // A videos-only course: the list reports disallowTopicAddition and Add Topic is disabled. Its module holds
  // a video: Topics says so and leads to it.
  await openTopics(page, videosOnly.name, onlyModule.title);
  await expect(page.getByRole('button', { name: 'Add Topic' })).toBeDisabled();
  await expect(page.getByText('This module has no topics: it holds 1 video. They are listed in the course directory, not here.')).toBeVisible();
  await expect(page.getByText('This module has no topics yet.')).toHaveCount(0);
  await expectAccessible(page, 'Topics of a module that holds videos');
  await page.getByRole('button', { name: `Open ${onlyModule.title} in the course directory` }).click();
  await expect(heading(page, onlyModule.title)).toBeVisible();
  await expect(tableRows(page, onlyModule.title).filter({ hasText: file.title })).toHaveCount(1);
});

test('reorder topics by keyboard and by mouse, Save changes reloads the list and turns reorder off', async ({ page, request }) => {
  const course = await createCourse(request);
  const module = await createFolder(course._id, '');
  const a = await createFolder(course._id, module._id, `A ${unique()}`);
  const b = await createFolder(course._id, module._id, `B ${unique()}`);
  const c = await createFolder(course._id, module._id, `C ${unique()}`);
  await signedIn(page);
  await openTopics(page, course.name, module.title);
  const rows = tableRows(page, `Topics of ${module.title}`);
  await expect(rows).toHaveCount(3);

  await page.getByRole('button', { name: 'Enable reorder' }).click();
  await keyboardMoveDown(page, 1, [b._id]);
  await expect(rows.nth(1)).toContainText(a.title);
  await mouseDrag(page, 3, rows.nth(0));
  await expect(rows.nth(0)).toContainText(c.title);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'The new order has been saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable reorder' })).toBeVisible();
  expect(await topicNames(page, module._id)).toEqual([c.title, b.title, a.title]);
  await expect(rows.nth(0)).toContainText(c.title);
  await expect(rows.nth(2)).toContainText(a.title);
});

// Videos of a topic (/topics/{topicId}).

async function videoTitles(page: Page, topicId: string): Promise<string[]> {
  return page.evaluate(async (id) => {
    const r = await (globalThis as unknown as WithApi).api.videoRepository.videosByTopic({ topicId: id });
    return r.ok ? r.data.map((x) => x.title) : [];
  }, topicId);
}

test('videos of a topic: reached from its topic, concept and topic survive a reload, breadcrumb and back', async ({ page }) => {
  await signedIn(page);
  await openTopics(page, 'Start your own dairy', 'Planning the dairy');
  await tableRows(page, 'Topics of Planning the dairy').getByRole('button', { name: 'Choosing your cattle', exact: true }).click();
  const table = 'Videos of Choosing your cattle';
  await expect(heading(page, table)).toBeVisible();
  const headers = await page.getByRole('table', { name: table }).getByRole('columnheader').allInnerTexts();
  expect(headers.map((t) => t.trim())).toEqual(expect.arrayContaining(['Preview', 'Title', 'Language', 'Related Questions', 'Created At', 'Last Updated']));
  await expect(crumbs(page)).toHaveText(/Courses.*Start your own dairy.*Planning the dairy.*Choosing your cattle/);
  const rows = tableRows(page, table);
  const all = await rows.count();
  expect(all).toBeGreaterThan(1);
  // The Language column filters the videos: the demo topic's are two in Hindi and one in Marathi.
  const language = page.getByRole('combobox', { name: 'Language', exact: true });
  await expect(language.locator('option')).toHaveText(['All', 'Hindi', 'Marathi']);
  await language.selectOption('Marathi');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Marathi');
  await language.selectOption('');
  await expect(rows).toHaveCount(all);
  // Several concepts: reordering is per concept, so it waits for one to be chosen, and says so beside it.
  const waiting = page.getByRole('button', { name: 'Enable reorder' });
  await expect(waiting).toBeDisabled();
  await expect(waiting).toHaveAccessibleDescription('Choose a concept above to reorder its videos.');
  await expect(page.getByText('Choose a concept above to reorder its videos.')).toBeVisible();
  await expectAccessible(page, 'Videos of a topic with concepts, none chosen');
  const concepts = page.getByRole('combobox', { name: 'Concept' });
  await expect(concepts.locator('option', { hasText: /^Breeds for your region \((1 video|\d+ videos)\)$/ })).toHaveCount(1);
  const concept = page.getByRole('combobox', { name: 'Concept' });
  const breeds = (await concept.locator('option', { hasText: 'Breeds for your region' }).getAttribute('value')) ?? '';
  await concept.selectOption(breeds);
  await expect(page).toHaveURL(/concept=/);
  await expect(page.getByRole('button', { name: 'Enable reorder' })).toBeVisible();
  await expect(page.getByText('Choose a concept above to reorder its videos.')).toHaveCount(0);
  // The concept's own count (its option says it): a count read at once could catch its rows still coming.
  const inConcept = Number(/\((\d+) videos?\)$/.exec((await concept.locator('option', { hasText: 'Breeds for your region' }).textContent()) ?? '')?.[1]);
  await expect(rows).toHaveCount(inConcept);
  expect(inConcept).toBeLessThan(all);

  await page.reload();
  await expect(heading(page, table)).toBeVisible();
  await expect(concept).toHaveValue(breeds);
  await expect(rows).toHaveCount(inConcept);

  await crumbs(page).getByRole('button', { name: 'Planning the dairy' }).click();
  await expect(heading(page, 'Topics of Planning the dairy')).toBeVisible();
  await page.goBack();
  await expect(heading(page, table)).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(heading(page, 'Topics of Planning the dairy')).toBeVisible();
});

test('videos: Add File rules, edit, add and delete a question, preview, reorder by keyboard and mouse then Save', async ({ page, request }) => {
  const course = await createCourse(request);
  const module = await createFolder(course._id, '');
  const topic = await createFolder(course._id, module._id);
  const files = [await createFile(request), await createFile(request), await createFile(request)];
  await signedIn(page);
  await openTopics(page, course.name, module.title);
  // The topic is reachable from the directory too (its Videos link); here from its name.
  await tableRows(page, `Topics of ${module.title}`).getByRole('button', { name: topic.title, exact: true }).click();
  const table = `Videos of ${topic.title}`;
  await expect(heading(page, table)).toBeVisible();
  await expect(page.getByText('No videos in this topic yet.')).toBeVisible();

  // Add File: a video and a title are required; Add is greyed while the title is blank (spec 2's file modal).
  await page.getByRole('button', { name: 'Add File' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add File' });
  await expect(dialog.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await dialog.getByLabel('Title').fill('A title without a video');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Please fill in the mandatory fields!')).toHaveCount(1);
  await dialog.getByLabel('Title').fill('');
  const first = `Video ${unique()}`;
  // A chosen video's library title fills the empty title; a typed one is kept.
  await dialog.getByLabel('Library video').selectOption({ label: `${files[1]!.title} (${files[1]!.fileId})` });
  await expect(dialog.getByLabel('Title')).toHaveValue(files[1]!.title);
  await dialog.getByLabel('Title').fill(first);
  await dialog.getByLabel('Library video').selectOption({ label: `${files[0]!.title} (${files[0]!.fileId})` });
  await expect(dialog.getByLabel('Title')).toHaveValue(first);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Video has been Added')).toBeVisible();
  const rows = tableRows(page, table);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('English');
  for (const f of files.slice(1)) {
    await page.getByRole('button', { name: 'Add File' }).click();
    await dialog.getByLabel('Title').fill(f.title);
    await dialog.getByLabel('Library video').selectOption({ label: `${f.title} (${f.fileId})` });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(rows).toHaveCount(3);

  // Edit.
  const renamed = `${first} edited`;
  await rows.filter({ hasText: first }).getByRole('button', { name: `Edit ${first}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Video' });
  await expect(edit.getByLabel('Library video')).toHaveValue(files[0]!._id);
  await edit.getByLabel('Title').fill(renamed);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Video has been Updated')).toBeVisible();
  const video = rows.filter({ hasText: renamed });
  await expect(video).toHaveCount(1);

  // Add a question (one must be chosen), then delete it from the Related Questions list.
  await video.getByRole('button', { name: `Add a question to ${renamed}` }).click();
  const ask = page.getByRole('dialog', { name: `Add a question to ${renamed}` });
  await ask.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(ask.getByText('Please select a Question!', { exact: true })).toBeVisible();
  const question = ask.getByRole('combobox', { name: 'Question' });
  const firstQuestion = (await question.locator('option').nth(1).innerText()).trim();
  await question.selectOption({ index: 1 });
  await ask.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Questions have been Updated')).toBeVisible();
  await expect(video.getByRole('button', { name: `Related questions of ${renamed}` })).toHaveText('1');
  await video.getByRole('button', { name: `Related questions of ${renamed}` }).click();
  const related = page.getByRole('dialog', { name: `Related questions of ${renamed}` });
  await expect(related).toContainText(firstQuestion);
  await related.getByRole('button', { name: `Delete question ${firstQuestion}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete question' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Questions have been Updated')).toBeVisible();
  await expect(related.getByText('No questions on this video yet.')).toBeVisible();
  await related.getByRole('button', { name: 'Close' }).click();
  await expect(video.getByRole('button', { name: `Related questions of ${renamed}` })).toHaveText('0');

  // Preview: a player dialog 1000 px wide.
  await video.getByRole('button', { name: `Preview ${renamed}` }).click();
  const preview = page.getByRole('dialog', { name: `Preview: ${renamed}` });
  await expectWidth(preview, 1000);
  await preview.getByRole('button', { name: 'Close' }).click();

  // Reorder (the topic has no concepts: it is its own): keyboard, then mouse, then Save.
  const ids = await page.evaluate(async (id) => {
    const r = await (globalThis as unknown as WithApi).api.videoRepository.videosByTopic({ topicId: id });
    return r.ok ? r.data.map((x) => x._id) : [];
  }, topic._id);
  await page.getByRole('button', { name: 'Enable reorder' }).click();
  await keyboardMoveDown(page, 1, [ids[1]!]);
  await expect(rows.nth(1)).toContainText(renamed);
  await mouseDrag(page, 3, rows.nth(0));
  await expect(rows.nth(0)).toContainText(files[2]!.title);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'The new order has been saved')).toBeVisible();
  expect(await videoTitles(page, topic._id)).toEqual([files[2]!.title, files[1]!.title, renamed]);

  // The topic gets concepts behind the app's back (for Add File below); the topic's state (topic, module,
  // course, language) comes back after a reload, which shows them.
  const [early, late] = [await createFolder(course._id, topic._id, `Early ${unique()}`), await createFolder(course._id, topic._id, `Late ${unique()}`)];
  await page.reload();
  await expect(heading(page, table)).toBeVisible();
  await expect(crumbs(page)).toHaveText(new RegExp(`${course.name}.*${module.title}.*${topic.title}`));
  await expect(rows.nth(0)).toContainText(files[2]!.title);

  // Once the topic has concepts, Add File asks which one the video goes into (never picks one itself).
  await expect(page.getByRole('combobox', { name: 'Concept' })).toHaveValue('');
  await page.getByRole('button', { name: 'Add File' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Concept' })).toHaveValue('');
  await dialog.getByLabel('Library video').selectOption({ label: `${files[0]!.title} (${files[0]!.fileId})` });
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Choose the concept the video goes into!', { exact: true })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Concept' }).selectOption({ label: early.title });
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  const inConcept = async (id: string) =>
    page.evaluate(async (conceptId) => {
      const r = await (globalThis as unknown as WithApi).api.videoRepository.videosByConcept({ conceptId });
      return r.ok ? r.data.map((x) => x.title) : [];
    }, id);
  expect(await inConcept(early._id)).toEqual([files[0]!.title]);
  expect(await inConcept(late._id)).toEqual([]);
});
