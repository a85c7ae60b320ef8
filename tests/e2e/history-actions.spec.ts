/**
 * History by action: a bulk Change of several questions' Difficulty is one History entry, "Changed
 * Difficulty of 3 questions", with its records inside; its Undo asks the spec's confirmation once,
 * naming how many questions, and puts all of them back in one step. Ctrl+Z (outside text fields)
 * undoes the last action of the session the same way, and the Shortcuts dialog lists it.
 */
import { expect, test, type Page } from './walk';
import type { Api } from '../../src/shared/api';
import { addThreeQuestions, expectAccessible, shots, signedIn, tableRows, toast, unique } from './helpers';

type WithApi = { api: Api };
test.use({ viewport: { width: 1440, height: 900 } });

const search = (page: Page) => page.getByRole('searchbox', { name: 'Search' });

const difficulties = (page: Page, word: string) =>
  page.evaluate(async (word) => {
    const r = await (globalThis as unknown as WithApi).api.questionBank.questions();
    return r.ok ? r.data.filter((q) => q.question.startsWith(word)).map((q) => q.difficulty).sort() : [];
  }, word);

/** The Question Bank's bulk Change of Difficulty on every question of the walk, confirmed. */
async function changeAll(page: Page, word: string, to: string): Promise<void> {
  await page.getByRole('link', { name: 'Question Bank' }).click();
  await expect(page.getByRole('table', { name: 'Question Bank' })).toHaveAttribute('aria-busy', 'false');
  await search(page).fill(word);
  await expect(tableRows(page, 'Question Bank')).toHaveCount(3);
  await tableRows(page, 'Question Bank').first().click({ position: { x: 200, y: 10 } });
  await page.keyboard.press('Control+a');
  await page.getByRole('toolbar', { name: 'Selected rows' }).getByRole('button', { name: 'Change' }).click();
  await page.getByRole('menuitem', { name: 'Difficulty' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Difficulty of 3 questions' });
  await dialog.getByRole('combobox', { name: 'New difficulty' }).selectOption(to);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('alertdialog', { name: 'Edit 3 questions?' }).getByRole('button', { name: 'Yes, change' }).click();
  const summary = page.getByRole('dialog', { name: 'Changed Difficulty of 3 questions' });
  await expect(summary.getByRole('status')).toHaveText('3 done, 0 failed.');
  await summary.getByRole('button', { name: 'Close' }).click();
  await expect(summary).toBeHidden();
}

test('a bulk Change is one History action, undone in one step there, and Ctrl+Z undoes the last action', async ({ page }) => {
  await signedIn(page);
  const word = `Act${unique()}`;
  await addThreeQuestions(page, word, 'Medium');
  await changeAll(page, word, 'Hard');
  expect(await difficulties(page, word)).toEqual(['Hard', 'Hard', 'Hard']);

  // History: one row for the action, its three records inside.
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'History' })).toHaveAttribute('aria-busy', 'false');
  await search(page).fill(word);
  const rows = tableRows(page, 'History');
  // The category's add, the three questions' adds (one each) and the one bulk change.
  await expect(rows).toHaveCount(5);
  const action = rows.first();
  await expect(action).toContainText('Changed Difficulty of 3 questions');
  await expectAccessible(page, 'History with an action of three records');
  await shots(page, 'history-actions');
  await action.getByRole('button', { name: 'Changed Difficulty of 3 questions', exact: true }).click();
  const details = page.getByRole('dialog', { name: 'Changed Difficulty of 3 questions' });
  await expect(details.getByText('3 records on Question Bank, newest first.', { exact: true })).toBeVisible();
  const records = details.getByRole('table', { name: 'The records of Changed Difficulty of 3 questions' }).getByRole('row');
  await expect(records).toHaveCount(4);
  for (const n of [1, 2, 3]) await expect(records.filter({ hasText: `${word} question ${n}` })).toContainText('Difficulty: Medium → Hard');
  await expectAccessible(page, "an action's records in History");
  await shots(page, 'history-action-records');
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();

  // Undo of the action: the spec's confirmation once, naming how many questions; all three back.
  await action.getByRole('button', { name: 'Undo Changed Difficulty of 3 questions' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Undo the edit of 3 questions?' });
  await expect(ask.getByText('Questions may be used in videos. Your change affects every video that uses these 3 questions. Do you want to undo the edit?', { exact: true })).toBeVisible();
  await ask.getByRole('button', { name: 'Yes, undo' }).click();
  await expect(toast(page, 'All 3 changes undone.')).toBeVisible();
  await expect.poll(() => difficulties(page, word)).toEqual(['Medium', 'Medium', 'Medium']);
  await expect(rows.first()).toContainText('Undo: Changed Difficulty of 3 questions');
  await expect(rows.nth(1)).toContainText('Changed Difficulty of 3 questions (undone)');
  await expect(rows.nth(1).getByRole('button', { name: /^Undo / })).toHaveCount(0);

  // Ctrl+Z: the last action of this session, the same confirmation, all three back.
  await changeAll(page, word, 'Easy');
  expect(await difficulties(page, word)).toEqual(['Easy', 'Easy', 'Easy']);
  // In the search box Ctrl+Z is the text's own.
  await search(page).focus();
  await page.keyboard.press('Control+z');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.getByRole('heading', { name: 'Question Bank', level: 1 }).click();
  await page.keyboard.press('Control+z');
  const again = page.getByRole('alertdialog', { name: 'Undo the edit of 3 questions?' });
  await again.getByRole('button', { name: 'Yes, undo' }).click();
  await expect(toast(page, 'All 3 changes undone.')).toBeVisible();
  await expect.poll(() => difficulties(page, word)).toEqual(['Medium', 'Medium', 'Medium']);

  // The Shortcuts dialog lists it.
  await page.keyboard.press('Control+/');
  const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(keys.getByRole('row', { name: /^Undo the last change made since the app started/ })).toContainText('Ctrl+Z');
  await keys.getByRole('button', { name: 'Close' }).click();
});
