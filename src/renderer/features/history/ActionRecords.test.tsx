import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { HistoryAction, HistoryRow } from '../../../shared/history';
import { fakeBridge, renderUi } from '../../test/render';
import { ActionRecords, EntryRecords, recordsLine } from './ActionRecords';

// History's details of an action (its records, each with its own Undo) and of a bulk upload's entry.

const row = (over: Partial<HistoryRow>): HistoryRow => ({
  id: 'h1', at: 1, who: null, server: 'http://x', call: 'questionBank.updateQuestion', method: 'PUT', screen: 'Question Bank',
  record: { id: 'q1', label: 'Is soil alive?' }, before: { difficulty: 'Medium' }, after: { difficulty: 'Hard' }, answer: { ok: true, message: 'Question has been Updated' },
  undo: null, undone: false, lost: [], ...over,
});

const action = (rows: HistoryRow[]): HistoryAction => ({
  id: 'b1', batch: 'b1', at: 1, who: null, server: 'http://x', screen: 'Question Bank', title: 'Changed Difficulty of 2 questions', count: rows.length, failed: 0,
  rows, undo: null, undone: false, isUndo: false, thisSession: true,
});

describe('ActionRecords', () => {
  it("opens the action's records, each with its change, its answer and its own Undo", async () => {
    fakeBridge();
    const undoRecord = vi.fn(async () => undefined);
    const second = row({ id: 'h2', record: { id: 'q2', label: 'Do bees sleep?' }, undo: 'Already undone.', undone: true });
    const { user } = renderUi(<ActionRecords action={action([row({}), second])} nameOf={() => undefined} undoRecord={undoRecord} />);
    await user.click(screen.getByRole('button', { name: 'Changed Difficulty of 2 questions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changed Difficulty of 2 questions' });
    expect(within(dialog).getByText('2 records on Question Bank, newest first.')).toBeTruthy();
    const rows = within(within(dialog).getByRole('table', { name: 'The records of Changed Difficulty of 2 questions' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'RecordChangeAnswerUndo',
      'Is soil alive?Difficulty: Medium → HardQuestion has been UpdatedUndo',
      'Do bees sleep?Difficulty: Medium → Hard (undone)Question has been UpdatedAlready undone.',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Undo the change of Is soil alive?' }));
    expect(undoRecord).toHaveBeenCalledWith(expect.objectContaining({ id: 'h1' }));
  });

  it('names the first records of an action and how many more', () => {
    const rows = ['A', 'B', 'C', 'D', 'E'].map((label, i) => row({ id: `h${i}`, record: { id: label, label } }));
    expect(recordsLine(action(rows))).toBe('A, B, C and 2 more');
    expect(recordsLine(action(rows.slice(0, 2)))).toBe('A, B');
  });
});

describe('EntryRecords', () => {
  it("opens a bulk upload's records: each with how it went, and how many more were kept out", async () => {
    fakeBridge();
    const upload = row({
      call: 'library.createMedia', method: 'POST', record: { id: null, label: 'Bulk upload: 2 files uploaded, 1 failed' }, before: null, after: {},
      answer: { ok: false, message: '2 of 3 changes made; 1 failed.' }, undo: 'The records of a bulk upload or a folder import are deleted from their own screens.',
      records: [{ id: 'f1', label: 'intro.mp4', ok: true }, { id: null, label: 'broken.mp4', ok: false, message: 'Not a video' }], more: 1,
    });
    const { user } = renderUi(<EntryRecords row={upload} />);
    await user.click(screen.getByRole('button', { name: 'Bulk upload: 2 files uploaded, 1 failed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk upload: 2 files uploaded, 1 failed' });
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['RecordAnswer', 'intro.mp4Done.', 'broken.mp4Failed: Not a video']);
    expect(within(dialog).getByText('and 1 more')).toBeTruthy();
  });
});
