import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { NOT_RUN, refusalOf, type BatchSummary } from '../../shared/batch';
import { ADMIN_MESSAGE_MS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { FORM_WOULD_NOT_SAVE, endToasts, failuresMessage, patchedValues } from './useBulk';

// What a bulk action's failures say as an error toast, under the screen's message rules.
describe('failuresMessage', () => {
  const deleteRules = { fallback: MSG.couldntDeleteUser };

  it('says nothing when nothing failed', () => {
    expect(failuresMessage([], deleteRules)).toBeNull();
  });

  it("keeps the server's message, once however many records it refused", () => {
    const refused = { kind: 'http' as const, status: 409, message: 'Someone else deleted this record since you opened it.' };
    expect(failuresMessage([{ key: 'a', label: 'A', ...refused }, { key: 'b', label: 'B', ...refused }], deleteRules)).toBe('Someone else deleted this record since you opened it.');
  });

  it("gives a bare failure the screen's fallback, as a single delete's would ('Couldn't delete user')", () => {
    expect(failuresMessage([{ key: 'a', label: 'A', kind: 'http', status: 500, message: `${MSG.somethingWentWrong}` }], deleteRules)).toBe(MSG.couldntDeleteUser);
  });

  it('says nothing of records a cancel left untouched (they were not refused)', () => {
    expect(failuresMessage([{ key: 'a', label: 'A', message: NOT_RUN }], deleteRules)).toBeNull();
  });

  it('names at most three different reasons, and how many more', () => {
    const failed = ['One.', 'Two.', 'Three.', 'Four.', 'Five.'].map((message, i) => ({ key: String(i), label: String(i), kind: 'http' as const, status: 400, message }));
    expect(failuresMessage(failed, undefined)).toBe('One. Two. Three. (and 2 other reasons: the summary lists each record)');
  });
});

// How a bulk action's end is said (the shell raises these toasts once the screen lets the action go).
describe('endToasts', () => {
  const summary = (done: number, failed: BatchSummary['failed']): BatchSummary => ({ batch: 'b1', call: 'adminAuth.delete', total: done + failed.length, done, failed, cancelled: false });
  const gone = { key: 'u2', label: 'Asha', kind: 'conflict' as const, status: 409, message: 'Someone else deleted this record since you opened it.', final: true as const };
  const admins = { spoken: { text: MSG.userDeleted, timeout: ADMIN_MESSAGE_MS }, failureRules: { fallback: MSG.couldntDeleteUser } };

  it("says the spec's message for its time when the action removed records, and what failed", () => {
    expect(endToasts({ title: 'Deleting 3 accounts', changed: 2, summary: summary(2, [gone]) }, admins)).toEqual({ done: { text: 'User has been Deleted!!', timeout: 2000 }, failed: gone.message });
  });

  it('says the action and its counts where the spec fixes no message, and nothing done when nothing changed', () => {
    expect(endToasts({ title: 'Changing Status of 3 files', changed: 2, summary: summary(2, [gone]) }, {})).toEqual({ done: { text: 'Changing Status of 3 files: 2 done, 1 failed.' }, failed: gone.message });
    expect(endToasts({ title: 'Deleting 1 account', changed: 0, summary: summary(0, [gone]) }, admins)).toEqual({ done: null, failed: gone.message });
  });
});

// A bulk change keeps the edit form's rules: what the form would refuse fails with its message.
describe('patchedValues', () => {
  const schema = v.object({ name: v.pipe(v.string(), v.nonEmpty('Enter a name!')), status: v.picklist(['live', 'draft']) });

  it("gives the form's output of the record's values with the new value over them", () => {
    expect(patchedValues({ schema }, { name: 'Dairy', status: 'draft' }, { status: 'live' })).toEqual({ name: 'Dairy', status: 'live' });
  });

  it("refuses with the form's message what its schema refuses, and what its submit would not take", () => {
    expect(refusalOf(patchedValues({ schema }, { name: '', status: 'draft' }, { status: 'live' }))).toBe('Enter a name!');
    const canSubmit = (values: never) => (values as { name: string }).name !== 'Locked';
    expect(refusalOf(patchedValues({ schema, canSubmit }, { name: 'Locked', status: 'draft' }, { status: 'live' }))).toBe(FORM_WOULD_NOT_SAVE);
  });
});
