/**
 * History as user actions over the real server, through main's handlers: a bulk change's writes are
 * one action named by what it did, undone in one step (each record through its own undo, a refused one
 * said with why), the Undo itself one action; a single edit is an action of one record; Ctrl+Z's reach
 * (the last action of this session that is neither an Undo nor undone).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionUpdateOf, type BatchItem, type BatchSummary } from '../../src/shared/batch';
import { lastActionOf, type HistoryAction, type UndoSummary } from '../../src/shared/history';
import type { Question } from '../../src/shared/schemas/question-bank';
import { quotesOf, type Quote, type QuoteListItem } from '../../src/shared/schemas/quotes';
import { UNDO_CONFLICT } from '../../src/main/local/history';
import { expectOk, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.login();
});
afterAll(async () => h.close());

const questions = async () => expectOk(await h.call<Question[]>('questionBank', 'questions'));
const actions = async () => expectOk(await h.call<HistoryAction[]>('history', 'actions', {}));
const difficultyOf = async (ids: string[]) => {
  const now = await questions();
  return ids.map((id) => now.find((q) => q._id === id)?.difficulty);
};
const QUESTION_NAMES = ['question', 'questions'] as [string, string];

/** A bulk Change of Difficulty, as the Question Bank's bar runs it. */
async function changeDifficulty(batch: string, picked: Question[], difficulty: string): Promise<BatchSummary> {
  const items: BatchItem[] = picked.map((q) => ({ key: q._id, label: q.question, input: { ...questionUpdateOf(q, { difficulty }), $base: q } }));
  return expectOk(await h.call<BatchSummary>('batch', 'run', { batch, call: 'questionBank.updateQuestion', items, action: { did: 'Changed Difficulty of', names: QUESTION_NAMES } }));
}

describe('History by action', () => {
  it('keeps a bulk Change as one action named by what it did, and undoes all its records in one step', async () => {
    const picked = (await questions()).filter((q) => q.difficulty !== 'Hard').slice(0, 3);
    expect(picked).toHaveLength(3);
    const was = picked.map((q) => q.difficulty);
    expect(await changeDifficulty('bulk-difficulty-1', picked, 'Hard')).toMatchObject({ done: 3, failed: [] });
    const [action] = await actions();
    expect(action).toMatchObject({ id: 'bulk-difficulty-1', batch: 'bulk-difficulty-1', title: 'Changed Difficulty of 3 questions', screen: 'Question Bank', count: 3, failed: 0, undo: null, undone: false, isUndo: false, thisSession: true });
    expect(action!.rows.map((r) => r.record.id).sort()).toEqual(picked.map((q) => q._id).sort());
    expect(lastActionOf(await actions())?.id).toBe('bulk-difficulty-1');

    const summary = expectOk(await h.call<UndoSummary>('history', 'undoBatch', { batch: action!.batch }));
    expect(summary).toEqual({ message: 'All 3 changes undone.', done: 3, notUndone: [] });
    expect(await difficultyOf(picked.map((q) => q._id))).toEqual(was);
    // The Undo is one action too, named after what it undid; the action shows undone and offers no second Undo.
    const [undo, undone] = await actions();
    expect(undo).toMatchObject({ title: 'Undo: Changed Difficulty of 3 questions', count: 3, isUndo: true, thisSession: true });
    expect(undo!.rows.every((r) => r.undoOf !== undefined)).toBe(true);
    expect(undone).toMatchObject({ id: 'bulk-difficulty-1', undone: true, undo: expect.stringMatching(/^Already undone/) });
    // Ctrl+Z's reach: neither the Undo nor the undone action.
    expect(lastActionOf(await actions())?.id).not.toBe('bulk-difficulty-1');
    expect([undo!.id, undone!.id]).not.toContain(lastActionOf(await actions())?.id);
  });

  it('undoes the rest of an action when one record changed since, and says which and why', async () => {
    const picked = (await questions()).filter((q) => q.difficulty !== 'Easy').slice(0, 3);
    expect(picked).toHaveLength(3);
    await changeDifficulty('bulk-difficulty-2', picked, 'Easy');
    // Someone else changes the second one after (another console: no record sent with it).
    const second = (await questions()).find((q) => q._id === picked[1]!._id)!;
    expectOk(await h.call('questionBank', 'updateQuestion', questionUpdateOf(second, { difficulty: 'Medium' })));
    const summary = expectOk(await h.call<UndoSummary>('history', 'undoBatch', { batch: 'bulk-difficulty-2' }));
    expect(summary).toEqual({ message: `Undid 2 of 3; 1 could not be undone: ${second.question}: ${UNDO_CONFLICT}`, done: 2, notUndone: [{ id: expect.any(String), label: second.question, reason: UNDO_CONFLICT }] });
    expect(await difficultyOf(picked.map((q) => q._id))).toEqual([picked[0]!.difficulty, 'Medium', picked[2]!.difficulty]);
  });

  it('keeps a single edit an action of one record, named by its record; Ctrl+Z reaches it as the last action', async () => {
    const one = (await questions()).find((q) => q.difficulty !== 'Medium')!;
    expectOk(await h.call('questionBank', 'updateQuestion', { ...questionUpdateOf(one, { difficulty: 'Medium' }), $base: one }));
    const [action] = await actions();
    expect(action).toMatchObject({ batch: null, title: one.question, count: 1, undo: null, isUndo: false });
    expect(action!.rows).toHaveLength(1);
    expect(action!.id).toBe(action!.rows[0]!.id);
    expect(lastActionOf(await actions())?.id).toBe(action!.id);
  });

  it('a bulk delete is one action too ("Deleted 2 quotes"), and its Undo creates both again', async () => {
    const picked = quotesOf(expectOk(await h.call<QuoteListItem[]>('library', 'quotes', {}))).slice(0, 2) as Quote[];
    expect(picked).toHaveLength(2);
    const items = picked.map((q) => ({ key: q._id, label: q.title, input: { id: q._id, $base: q } }));
    expectOk(await h.call<BatchSummary>('batch', 'run', { batch: 'bulk-delete-quotes', call: 'library.deleteQuote', items, action: { did: 'Deleted', names: ['quote', 'quotes'] } }));
    const [action] = await actions();
    expect(action).toMatchObject({ title: 'Deleted 2 quotes', count: 2, undo: null });
    expect(expectOk(await h.call<UndoSummary>('history', 'undoBatch', { batch: 'bulk-delete-quotes' }))).toMatchObject({ done: 2, notUndone: [] });
    const titles = quotesOf(expectOk(await h.call<QuoteListItem[]>('library', 'quotes', {}))).map((q) => q.title);
    for (const q of picked) expect(titles).toContain(q.title);
    expect((await actions())[0]).toMatchObject({ title: 'Undo: Deleted 2 quotes', isUndo: true });
  });
});
