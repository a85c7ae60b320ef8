/**
 * Main's bulk runner with a stand-in for the recorded handler: a record refused before any call (its
 * form's rules, a Status change of a Restricted file) is never sent, fails for good with its reason, is
 * counted as failed and not done, and Retry failed leaves it out; "all matching" refuses the same records.
 * (The runner over the real server: tests/integration/batch.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { APP_TEXT } from '../../shared/messages';
import { ok } from '../../shared/result';
import { batchItemOf, mediaUpdateOf, type BatchSummary } from '../../shared/batch';
import type { WindowQuery } from '../../shared/windows';
import { createBatchGroup } from './batch';

import { PUBLIC_FILE as PUBLIC, RESTRICTED_FILE as RESTRICTED } from '../../shared/batch.fixtures';

function runner(rows: readonly unknown[] = [PUBLIC, RESTRICTED]) {
  const sent: unknown[] = [];
  const group = createBatchGroup({
    handler: () => async (input) => {
      sent.push(input);
      return ok({ message: 'Updated' });
    },
    window: async (query: WindowQuery) => ok({ total: rows.length, count: rows.length, offset: query.offset, rows: query.offset === 0 ? [...rows] : [], version: 1 }),
    emit: () => undefined,
    throttleMs: 0,
  });
  const answer = async (result: Promise<unknown>) => {
    const r = (await result) as { ok: true; data: BatchSummary };
    expect(r.ok).toBe(true);
    return r.data;
  };
  return { sent, run: (input: unknown) => answer(group.calls.run(input as never)), retry: (batch: string) => answer(group.calls.retry({ batch })) };
}

const refusedStatus = { key: 'f2', label: 'Staff only', message: APP_TEXT.publicOnly, final: true, kind: 'validation' };

describe('batch.run', () => {
  it('never sends a refused record: it fails for good with its reason, and Retry failed leaves it out', async () => {
    const { sent, run, retry } = runner();
    const items = [PUBLIC, RESTRICTED].map((f) => batchItemOf(f._id, f.title, mediaUpdateOf(f, { status: 'live' }), f));
    const summary = await run({ batch: 'b-refused-1', call: 'library.updateMedia', items });
    expect(summary).toEqual({ batch: 'b-refused-1', call: 'library.updateMedia', total: 2, done: 1, failed: [refusedStatus], cancelled: false });
    expect(sent).toEqual([expect.objectContaining({ id: 'f1', status: 'live', $batch: 'b-refused-1' })]);
    // Nothing else failed: the retry sends nothing, and still reports the refusal.
    expect(await retry('b-refused-1')).toMatchObject({ total: 0, done: 0, failed: [refusedStatus] });
    expect(sent).toHaveLength(1);
  });

  it('refuses the same records of "all matching", resolved in main', async () => {
    const { sent, run } = runner();
    const summary = await run({ batch: 'b-refused-2', call: 'library.updateMedia', matching: { list: 'media', search: '', filters: [], except: [] }, patch: { level: 5 } });
    expect(summary).toMatchObject({ total: 2, done: 1, failed: [refusedStatus] });
    expect(sent).toEqual([expect.objectContaining({ id: 'f1', level: 5 })]);
  });

  it('refuses a question of "all matching" that the Edit Question form would not save, with its message', async () => {
    const meta = { created: { at: '2026-01-01T00:00:00.000Z' }, updated: { at: '2026-01-01T00:00:00.000Z' } };
    const good = { _id: 'q1', id: 1, question: 'Milk a day?', language: 'English', categoryId: 'c1', helpText: '', optionFormat: 'radio', difficulty: 'Easy', options: [{ option: 'Ten', isTrue: true }, { option: 'Two', isTrue: false }], metaInfo: meta };
    const noneCorrect = { ...good, _id: 'q2', id: 2, question: 'Feed a day?', options: good.options.map((o) => ({ ...o, isTrue: false })) };
    const { sent, run } = runner([good, noneCorrect]);
    const summary = await run({ batch: 'b-refused-3', call: 'questionBank.updateQuestion', matching: { list: 'questions', search: '', filters: [], except: [] }, patch: { difficulty: 'Hard' } });
    expect(summary).toMatchObject({ total: 2, done: 1, failed: [{ key: 'q2', label: 'Feed a day?', message: 'Mark at least one option as correct.', final: true, kind: 'validation' }] });
    expect(sent).toEqual([expect.objectContaining({ id: 'q1', difficulty: 'Hard' })]);
  });
});
