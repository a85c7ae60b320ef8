/**
 * History over the real server, through main's handlers: a write call is recorded where main makes it
 * (who, server, record, before and after, the answer), kept in the state folder, and Undo writes an
 * edit's previous values back unless the record changed since.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryRow } from '../../src/shared/history';
import type { SynonymGroup } from '../../src/shared/schemas/synonyms';
import { expectOk, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.login();
});
afterAll(async () => h.close());

const groups = async () => expectOk(await h.call<SynonymGroup[]>('library', 'synonyms'));
const edit = async (group: SynonymGroup, keyword: string) => expectOk(await h.call('library', 'updateSynonyms', { id: group._id, keyword, synonyms: group.synonyms, $base: group }));

describe('history', () => {
  it('records an edit made through main, and Undo writes its previous values back once', async () => {
    const group = (await groups())[0]!;
    await edit(group, `${group.keyword} renamed`);
    const [entry] = expectOk(await h.call<HistoryRow[]>('history', 'list', {}));
    expect(entry).toMatchObject({ call: 'library.updateSynonyms', method: 'PUT', screen: 'Synonyms', who: { email: expect.any(String) }, record: { id: group._id, label: `${group.keyword} renamed` }, answer: { ok: true }, undo: null, undone: false });
    expect(entry!.before?.keyword).toBe(group.keyword);
    expect(entry!.server).toBe(new URL(h.serverUrl).origin);
    expect(expectOk(await h.call<{ message: string }>('history', 'undo', { id: entry!.id })).message).toBeTruthy();
    expect((await groups()).find((g) => g._id === group._id)?.keyword).toBe(group.keyword);
    const rows = expectOk(await h.call<HistoryRow[]>('history', 'list', {}));
    expect(rows[0]).toMatchObject({ undoOf: entry!.id, record: { label: group.keyword } });
    expect(rows[1]).toMatchObject({ id: entry!.id, undone: true, undo: 'Already undone.' });
    expect(await h.call('history', 'undo', { id: entry!.id })).toMatchObject({ ok: false, error: { message: 'Already undone.' } });
    expect(expectOk(await h.call<HistoryRow[]>('history', 'ofRecord', { id: group._id })).map((r) => r.id)).toEqual([rows[0]!.id, entry!.id]);
  });

  it('does not undo over a later change of the record', async () => {
    const group = (await groups())[1]!;
    await edit(group, `${group.keyword} mine`);
    const [mine] = expectOk(await h.call<HistoryRow[]>('history', 'list', {}));
    // Someone else (another console: no record sent with it) renames it again.
    expectOk(await h.call('library', 'updateSynonyms', { id: group._id, keyword: `${group.keyword} theirs`, synonyms: group.synonyms }));
    expect(await h.call('history', 'undo', { id: mine!.id })).toMatchObject({ ok: false, error: { kind: 'conflict', message: 'Someone changed this record after this change: it was not undone.' } });
    expect((await groups()).find((g) => g._id === group._id)?.keyword).toBe(`${group.keyword} theirs`);
  });
});
