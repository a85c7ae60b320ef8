import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { LibraryFile } from '../../../shared/schemas/library';
import type { Question } from '../../../shared/schemas/question-bank';
import { MSG } from '../../../shared/messages';
import { fakeBridge, renderUi, toastTexts } from '../../test/render';
import { QuestionSelectorDialog } from './QuestionDialogs';

// Add Questions on a file: its language first, a hint when the list is cut, and the discard guard.

const question = (n: number, language: string) =>
  ({ _id: `q${language}${n}`, id: n, question: `${language} question ${n}`, language, categoryId: 'c', optionFormat: 'radio', difficulty: 'Easy', options: [], metaInfo: {} }) as unknown as Question;
const QUESTIONS = [...Array.from({ length: 250 }, (_, i) => question(i + 1, 'English')), ...Array.from({ length: 5 }, (_, i) => question(i + 1, 'Hindi'))];
const FILE = { _id: 'f1', title: 'Milking basics', language: 'English', questionBank: [] } as unknown as LibraryFile;

/** The dialog once the file's questions are read (a loading dialog of the same title stands in until then). */
async function loaded(): Promise<HTMLElement> {
  await screen.findByRole('group', { name: /^Questions \(/ });
  return screen.getByRole('dialog', { name: 'Add Questions to Milking basics' });
}

describe('Add Questions', () => {
  it('starts from the questions the server has on the file now, not from the row as it was clicked', async () => {
    // The row shows none; a tag was saved since (here a moment ago, or by a colleague).
    fakeBridge({ 'api:questionBank.questions': () => ({ ok: true, data: QUESTIONS.slice(0, 3) }), 'api:library.mediaList': () => ({ ok: true, data: [{ ...FILE, questionBank: ['qEnglish2'] }] }) });
    renderUi(<QuestionSelectorDialog file={FILE} onClose={() => undefined} />);
    const dialog = await loaded();
    expect(await within(dialog).findByRole('group', { name: 'Questions (1 selected)' })).toBeTruthy();
    expect((within(dialog).getByRole('checkbox', { name: /English question 2/ }) as HTMLInputElement).checked).toBe(true);
  });

  it("lists the video's language by default, says when the list is cut, and the other languages are a choice away", async () => {
    fakeBridge({ 'api:questionBank.questions': () => ({ ok: true, data: QUESTIONS }), 'api:library.mediaList': () => ({ ok: true, data: [FILE] }) });
    const { user } = renderUi(<QuestionSelectorDialog file={FILE} onClose={() => undefined} />);
    const dialog = await loaded();
    const list = await within(dialog).findByRole('group', { name: 'Questions (0 selected)' });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(200);
    expect(within(list).queryByText(/Hindi question/)).toBeNull();
    expect(within(dialog).getByRole('status').textContent).toBe('Showing the first 200 of 250 questions: search to find the others.');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Language of the questions' }), 'Hindi');
    await waitFor(() => expect(within(list).getAllByRole('checkbox')).toHaveLength(5));
    expect(within(dialog).queryByRole('status')).toBeNull();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Language of the questions' }), 'All languages');
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('Showing the first 200 of 255 questions: search to find the others.'));
  });

  it('a refetch of the library while it is open (a colleague\'s save) keeps the dialog and the questions ticked', async () => {
    // The first read answers at once; the refetch waits until the test lets it go.
    let release: () => void = () => undefined;
    let reads = 0;
    fakeBridge({
      'api:questionBank.questions': () => ({ ok: true, data: QUESTIONS.slice(0, 3) }),
      'api:library.mediaList': () => {
        reads += 1;
        if (reads === 1) return { ok: true, data: [FILE] };
        return new Promise((resolve) => (release = () => resolve({ ok: true, data: [FILE] })));
      },
    });
    const { user, client } = renderUi(<QuestionSelectorDialog file={FILE} onClose={() => undefined} />);
    const dialog = await loaded();
    await user.click(await within(dialog).findByRole('checkbox', { name: /English question 2/ }));
    void client.invalidateQueries();
    await waitFor(() => expect(reads).toBe(2));
    // While the refetch is on its way the list stays (not a loading dialog in its place), and after it too.
    const ticked = () => (within(screen.getByRole('group', { name: /^Questions \(/ })).getByRole('checkbox', { name: /English question 2/ }) as HTMLInputElement).checked;
    await waitFor(() => expect(ticked()).toBe(true));
    release();
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.getByRole('group', { name: 'Questions (1 selected)' })).toBeTruthy();
    expect(ticked()).toBe(true);
  });

  it('asks before Escape throws away the ticked questions', async () => {
    let closed = 0;
    fakeBridge({ 'api:questionBank.questions': () => ({ ok: true, data: QUESTIONS.slice(0, 3) }), 'api:library.mediaList': () => ({ ok: true, data: [FILE] }) });
    const { user } = renderUi(<QuestionSelectorDialog file={FILE} onClose={() => (closed += 1)} />);
    const dialog = await loaded();
    await user.click(await within(dialog).findByRole('checkbox', { name: /English question 2/ }));
    await user.keyboard('{Escape}');
    const guard = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.click(within(guard).getByRole('button', { name: 'Keep editing' }));
    expect(closed).toBe(0);
    expect((within(dialog).getByRole('checkbox', { name: /English question 2/ }) as HTMLInputElement).checked).toBe(true);
  });

  it("a refused save is the server's error toast and the dialog's 'Not saved', apart from the selection's own message", async () => {
    const serverSays = 'The file was deleted.';
    fakeBridge({
      'api:questionBank.questions': () => ({ ok: true, data: QUESTIONS.slice(0, 3) }),
      'api:library.mediaList': () => ({ ok: true, data: [FILE] }),
      'api:library.setQuestions': () => ({ ok: false, error: { kind: 'http', status: 404, message: serverSays } }),
    });
    const { user } = renderUi(<QuestionSelectorDialog file={FILE} onClose={() => undefined} />);
    const dialog = await loaded();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG.selectQuestion);
    await user.click(within(dialog).getByRole('checkbox', { name: /English question 2/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastTexts()).toEqual([serverSays]));
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false));
    // Kept in the dialog as a refused save, not as the selection's message (which is gone).
    expect(within(dialog).getAllByRole('alert').map((a) => a.textContent)).toEqual([`Not saved${serverSays}`]);
  });
});
