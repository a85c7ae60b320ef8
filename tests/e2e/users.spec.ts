import { expect, test, type Page } from './walk';
import type { Api } from '../../src/shared/api';
import { openApp, tableRows, signedIn, expectAccessibleStates } from './helpers';
import { useStubPlatform } from './platform-stub';

// Users and User progress on the sandbox's demo learners (24, two per language; server/user-app/seed.ts).
// Expected values come from the calls themselves (window.api), so the tests follow the demo data.

type WithApi = { api: Api };
const TABLE = 'Users';
const LEARNER = '9820012345';
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search' });

async function openUsers(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: TABLE })).toHaveAttribute('aria-busy', 'false');
}

let restoreStub: (() => Promise<void>) | undefined;
test.afterEach(async () => {
  await restoreStub?.();
  restoreStub = undefined;
});

test.describe('users', () => {
  test('search, sort, page sizes and the Current Progress dialog', async ({ page }) => {
    await signedIn(page);
    await openUsers(page);
    const rows = tableRows(page, TABLE);
    // Page size 20 of 24 learners, options 5, 20, 50, 100.
    await expect(rows).toHaveCount(20);
    await expectAccessibleStates(page, 'Users', TABLE, { rowMenu: false });
    await expect(page.getByText('1–20 of 24 records')).toBeVisible();
    const size = page.getByRole('combobox', { name: 'Rows per page' });
    await expect(size.locator('option')).toHaveText(['5', '20', '50', '100']);
    await size.selectOption('5');
    await expect(rows).toHaveCount(5);
    await expect(page.getByText('1–5 of 24 records')).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('6–10 of 24 records')).toBeVisible();
    await size.selectOption('50');
    await expect(page.getByText('1–24 of 24 records')).toBeVisible();
    // Only the rows in view are in the DOM (virtualised): the sort checks read the first ones.
    await size.selectOption('5');

    // Sort by progress: numbers sort high to low first, then low to high.
    const header = page.getByRole('columnheader', { name: 'Progress (%)' });
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    const all = await page.evaluate(async () => {
      const list = await (globalThis as unknown as WithApi).api.windows.query({ list: 'learners', view: 'e2e-all', search: '', filters: [], sort: null, offset: 0, limit: 100 });
      if (!list.ok) throw new Error(JSON.stringify(list));
      return (list.data.rows as { currentProgress: { progress: number } }[]).map((l) => l.currentProgress.progress);
    });
    const shown = async () => (await rows.locator('td:nth-child(5)').allInnerTexts()).map((t) => Number(t.replace('%', '')));
    const high = [...all].sort((a, b) => b - a);
    await expect.poll(shown).toEqual(high.slice(0, 5));
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(shown).toEqual([...high].reverse().slice(0, 5));
    await page.getByRole('button', { name: 'Last page' }).click();
    await expect(page.getByText('21–24 of 24 records')).toBeVisible();
    await expect.poll(shown).toEqual(high.slice(0, 4).reverse());

    // Search any field (the mobile, the language); the language filter narrows as well.
    await search(page).fill(LEARNER);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(LEARNER);
    await search(page).fill('tamil');
    await expect(rows).toHaveCount(2);
    await search(page).fill('');
    await page.getByRole('combobox', { name: 'Preferred Language' }).selectOption('Hindi');
    await expect(rows).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Preferred Language' }).selectOption('');
    await search(page).fill(LEARNER);
    await expect(rows).toHaveCount(1);

    // Current Progress: the topics of the learner's current module, the first Ongoing, the rest Locked.
    const expected = await page.evaluate(async (mobile) => {
      const api = (globalThis as unknown as WithApi).api;
      const learners = await api.windows.query({ list: 'learners', view: 'e2e', search: mobile, filters: [], sort: null, offset: 0, limit: 1 });
      if (!learners.ok) throw new Error(JSON.stringify(learners));
      const learner = learners.data.rows[0] as { currentProgress: { moduleId: string } };
      const module = await api.userApp.moduleProgress({ moduleId: learner.currentProgress.moduleId });
      if (!module.ok) throw new Error(JSON.stringify(module));
      return module.data.topics.map((t) => t.name.english);
    }, LEARNER);
    expect(expected.length).toBeGreaterThan(1);
    await rows.first().getByRole('button', { name: new RegExp(`current progress of ${LEARNER}`) }).click();
    const dialog = page.getByRole('dialog', { name: 'Current Progress' });
    const items = dialog.getByRole('listitem');
    await expect(items).toHaveCount(expected.length);
    await expect(items.first()).toContainText(expected[0]!);
    await expect(items.first()).toContainText('Ongoing');
    for (let i = 1; i < expected.length; i++) {
      await expect(items.nth(i)).toContainText(expected[i]!);
      await expect(items.nth(i)).toContainText('Locked');
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the progress tree: three levels expanded, quiz results, and the same after a reload', async ({ page }) => {
    await signedIn(page);
    const summary = await page.evaluate(async (mobile) => {
      const api = (globalThis as unknown as WithApi).api;
      const progress = await api.learners.progress({ mobile });
      if (!progress.ok) throw new Error(JSON.stringify(progress));
      return progress.data;
    }, LEARNER);
    // A path module > topic > concept with a completed video.
    const path = summary.modules.flatMap((m) => m.topics.flatMap((t) => t.concepts.flatMap((c) => c.videos.filter((v) => v.completed).map((v) => ({ m, t, c, v })))))[0];
    expect(path, 'the demo learner has a completed video').toBeTruthy();
    const { m, t, c, v } = path!;
    const answers = await page.evaluate(
      async ({ mobile, conceptId }) => {
        const result = await (globalThis as unknown as WithApi).api.learners.conceptProgress({ mobile, conceptId });
        if (!result.ok) throw new Error(JSON.stringify(result));
        return result.data;
      },
      { mobile: LEARNER, conceptId: c._id },
    );
    const quiz = answers.find((a) => a.videoId === v.videoId)!;
    expect(quiz.questionBank.length).toBeGreaterThan(0);

    await openUsers(page);
    await search(page).fill(LEARNER);
    await tableRows(page, TABLE).first().getByRole('button', { name: LEARNER, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#/user/progress/${LEARNER}$`));
    await expect(page.getByRole('heading', { name: 'User progress', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('User progress — Content Console');

    const tree = page.getByRole('treegrid', { name: `Progress of ${LEARNER}` });
    const expandPath = async () => {
      await tree.getByRole('button', { name: `Expand ${m.name.english}`, exact: true }).click();
      await tree.getByRole('button', { name: `Expand ${t.name.english}`, exact: true }).first().click();
      // A topic without concepts is its own concept: the concept line has the topic's name then.
      const concept = tree.getByRole('button', { name: `Expand ${c.name.english}`, exact: true });
      await concept.last().click();
    };
    await expandPath();
    const videoRow = tree.getByRole('row').filter({ hasText: v.title }).first();
    await expect(videoRow).toHaveAttribute('aria-level', '4');
    await expect(videoRow).toContainText('Video');
    await videoRow.getByRole('button', { name: `Quiz result of ${v.title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Quiz result: ${v.title}` });
    await expect(dialog).toContainText(`Score: ${quiz.score} of ${quiz.questionBank.length}`);
    const items = dialog.getByRole('listitem');
    await expect(items).toHaveCount(quiz.questionBank.length);
    for (const [i, q] of quiz.questionBank.entries()) {
      await expect(items.nth(i)).toContainText(q.question);
      await expect(items.nth(i)).toContainText(q.isAnsweredRight ? 'Right' : 'Wrong');
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The focus goes back to the button that opened the result, not to another row.
    await expect(videoRow.getByRole('button', { name: `Quiz result of ${v.title}` })).toBeFocused();
    // Also after Escape, opened from the keyboard.
    await videoRow.getByRole('button', { name: `Quiz result of ${v.title}` }).press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(videoRow.getByRole('button', { name: `Quiz result of ${v.title}` })).toBeFocused();

    // The learner comes from the route: a reload shows the same tree.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'User progress', level: 1 })).toBeVisible();
    await expect(tree.getByRole('row').filter({ hasText: m.name.english }).first()).toBeVisible();
    await expandPath();
    await expect(tree.getByRole('row').filter({ hasText: v.title }).first()).toBeVisible();

    // A video leads to its place in the course (/videos/{id}): its topic's videos, its preview open.
    await tree.getByRole('row').filter({ hasText: v.title }).first().getByRole('button', { name: v.title, exact: true }).click();
    const preview = page.getByRole('dialog', { name: `Preview: ${v.title}` });
    await expect(preview).toBeVisible();
    await expect(page).toHaveURL(/#\/topics\/[^?]+(\?concept=[^&]+)?$/);
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('table').getByText(v.title, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Videos of /);
    // An unknown video says so.
    await page.goto(`${new URL(page.url()).origin}/#/videos/000000000000000000000000`);
    await expect(page.getByText(/This video could not be opened/)).toBeVisible();
  });

  test("a failing platform shows 'Unable to fetch Progress'", async ({ page }) => {
    restoreStub = await useStubPlatform((method, path) => (method === 'GET' && path.startsWith('/user-app/progress') ? { status: 500 } : undefined));
    await openApp(page, '/');
    // The learner is there (the list call works); only the progress calls fail.
    await openUsers(page);
    await search(page).fill(LEARNER);
    await expect(tableRows(page, TABLE)).toHaveCount(1);
    await tableRows(page, TABLE).first().getByRole('button', { name: LEARNER, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'User progress', level: 1 })).toBeVisible();
    await expect(page.getByText('Unable to fetch Progress')).toBeVisible();

    // The Current Progress dialog says so too.
    await page.getByRole('link', { name: 'Users' }).click();
    await search(page).fill(LEARNER);
    await tableRows(page, TABLE).first().getByRole('button', { name: new RegExp(`current progress of ${LEARNER}`) }).click();
    await expect(page.getByRole('dialog', { name: 'Current Progress' })).toContainText('Unable to fetch Progress');
  });
});
