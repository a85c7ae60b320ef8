import { describe, expect, it } from 'vitest';
import type { HistoryRow } from '../../shared/history';
import { actionsOf } from './history-actions';

// History's entries as user actions (main's side of history.actions; over the real server:
// tests/integration/history-actions.test.ts).

const SESSION = { since: 100, email: 'me@example.com', server: 'http://x' };
let n = 0;
const row = (over: Partial<HistoryRow>): HistoryRow => ({
  id: `h${++n}`, at: 200, who: { name: 'Me', email: 'me@example.com' }, server: 'http://x', call: 'library.updateMedia', method: 'PUT', screen: 'Video Library',
  record: { id: `r${n}`, label: `File ${n}` }, before: { status: 'published' }, after: { status: 'hidden' }, answer: { ok: true, message: 'Done.' },
  undo: null, undone: false, lost: [], ...over,
});

describe('actionsOf', () => {
  it('groups a batch into one action, counting a record a Retry wrote again once, and failed by its last write', () => {
    const name = { did: 'Changed Status of', names: ['file', 'files'] as [string, string] };
    const retried = row({ batch: 'b', action: name, record: { id: 'r-x', label: 'X' } });
    const failedFirst = row({ batch: 'b', action: name, record: { id: 'r-x', label: 'X' }, answer: { ok: false, message: 'Conflict' }, undo: 'This change did not happen.' });
    const other = row({ batch: 'b', action: name });
    const stillFailed = row({ batch: 'b', action: name, answer: { ok: false, message: 'Gone' }, undo: 'This change did not happen.' });
    // Newest first, as the store lists them.
    const [action] = actionsOf([retried, stillFailed, other, failedFirst], SESSION);
    expect(action).toMatchObject({ id: 'b', title: 'Changed Status of 3 files', count: 3, failed: 1, undo: null, undone: false, isUndo: false, thisSession: true });
    expect(action!.rows).toHaveLength(4);
  });

  it('keeps a single write an action of one record, named by its record; other batches name themselves plainly', () => {
    const single = row({ record: { id: 'q', label: 'Is soil alive?' } });
    const deletes = [row({ batch: 'd', method: 'DELETE' }), row({ batch: 'd', method: 'DELETE' })];
    const actions = actionsOf([single, ...deletes], SESSION);
    expect(actions.map((a) => [a.title, a.count])).toEqual([['Is soil alive?', 1], ['Deleted 2 records', 2]]);
    expect(actions[0]).toMatchObject({ id: single.id, batch: null });
  });

  it("names an Undo of an action after it, and marks the action undone without a second Undo", () => {
    const name = { did: 'Deleted', names: ['quote', 'quotes'] as [string, string] };
    const a = row({ batch: 'b', action: name, method: 'DELETE', undone: true, undo: 'Already undone.' });
    const b = row({ batch: 'b', action: name, method: 'DELETE' });
    const undos = [row({ batch: 'u', undoOf: a.id, method: 'POST', before: null }), row({ batch: 'u', undoOf: b.id, method: 'POST', before: null })];
    const [undo, done] = actionsOf([...undos, a, b], SESSION);
    expect(undo).toMatchObject({ title: 'Undo: Deleted 2 quotes', isUndo: true });
    expect(done).toMatchObject({ title: 'Deleted 2 quotes', undone: true, undo: expect.stringMatching(/^Already undone/) });
  });

  it("reaches with Ctrl+Z only this run's actions of the person signed in now on this server", () => {
    const actions = actionsOf([row({ at: 50 }), row({ who: { name: 'Other', email: 'other@example.com' } }), row({ server: 'http://y' }), row({})], SESSION);
    expect(actions.map((a) => a.thisSession)).toEqual([false, false, false, true]);
  });
});
