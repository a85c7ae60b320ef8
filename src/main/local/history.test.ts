import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { adminAuth } from '../../shared/api/admin-auth';
import { fail, ok } from '../../shared/result';
import type { HistoryRow } from '../../shared/history';
import { HistoryRecorder, HistoryStore } from '../services/history';
import { createHistoryGroup } from './history';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

const context = { who: { name: 'Asha Rao', email: 'asha@example.com' }, server: 'http://127.0.0.1:4000' };
const account = (id: string, role: string) => ({ id, name: `${role} ${id}`, email: `${id}@example.com`, phoneNo: '9876543210', role, status: 'Active' });

/** History as a person of `viewerRole` lists it, after these account writes were recorded. */
async function seenBy(viewerRole: string | null, record: (recorder: HistoryRecorder) => Promise<void>): Promise<HistoryRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'history-group-'));
  dirs.push(dir);
  const recorder = new HistoryRecorder(await HistoryStore.open(dir), () => context, () => undefined);
  await record(recorder);
  const group = createHistoryGroup({ recorder, send: () => Promise.reject(new Error('no calls here')), log: () => undefined, viewerRole: () => viewerRole });
  const rows = await group.calls.list({});
  if (!rows.ok) throw new Error(rows.error.message);
  return rows.data;
}

describe('History of accounts, by the role of who looks', () => {
  const deletes = async (recorder: HistoryRecorder) => {
    await recorder.record('adminAuth.delete', adminAuth.delete, { id: 'u1' }, ok({ message: 'User has been Deleted!!' }), { base: account('u1', 'User') });
    await recorder.record('adminAuth.delete', adminAuth.delete, { id: 'a1' }, ok({ message: 'User has been Deleted!!' }), { base: account('a1', 'Admin') });
    await recorder.record('adminAuth.delete', adminAuth.delete, { id: 'u2' }, fail('http', 'Not allowed', 403), { base: account('u2', 'User') });
    await recorder.record('adminAuth.delete', adminAuth.delete, { id: 'a2' }, fail('http', 'Not allowed', 403), { base: account('a2', 'Admin') });
  };

  it("shows an Admin the deletes of accounts of role User, done or failed, and not those of other roles' accounts", async () => {
    const rows = await seenBy('Admin', deletes);
    expect(rows.map((r) => [r.record.label, r.answer.ok])).toEqual([
      ['u2', false],
      ['User u1', true],
    ]);
    // What the filter reads is kept, and nothing more of the account.
    expect(rows[1]!.before).toEqual({ id: 'u1', name: 'User u1', role: 'User' });
    expect(rows[0]!.before).toEqual({ role: 'User' });
  });

  it('shows a Super Admin every delete', async () => {
    const rows = await seenBy('Super Admin', deletes);
    expect(rows.map((r) => r.record.id)).toEqual(['a2', 'u2', 'a1', 'u1']);
  });
});
