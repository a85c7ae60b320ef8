import { describe, expect, it } from 'vitest';
import { NOT_RUN } from '../../shared/batch';
import { MSG } from '../../shared/messages';
import { failuresMessage } from './useBulk';

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
