/**
 * Bulk actions over the real server, through main's handlers: each record's write goes through the
 * recorded generic handler (conflict check, History with the batch id), a few at a time, past a
 * failing record; Retry runs only the failed ones under the same batch id; Cancel stops starting more;
 * "all matching" is resolved in main from the kept list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelOf } from '../../src/shared/api';
import { CONFLICT_TEXT, GONE_TEXT } from '../../src/main/services/records';
import { createBatchGroup } from '../../src/main/local/batch';
import { mediaUpdateOf, NOT_RUN, type BatchItem, type BatchSummary } from '../../src/shared/batch';
import type { HistoryRow } from '../../src/shared/history';
import type { LibraryFile } from '../../src/shared/schemas/library';
import type { Question } from '../../src/shared/schemas/question-bank';
import type { SynonymGroup } from '../../src/shared/schemas/synonyms';
import { quotesOf, type Quote, type QuoteListItem } from '../../src/shared/schemas/quotes';
import type { Result } from '../../src/shared/result';
import { expectOk, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.login();
});
afterAll(async () => h.close());

const media = async () => expectOk(await h.call<LibraryFile[]>('library', 'mediaList', {}));
const statusItem = (file: LibraryFile, status: string): BatchItem => ({ key: file._id, label: file.title, input: { ...mediaUpdateOf(file, { status }), $base: file } });

describe('batch.run', () => {
  it('changes many records past a refused one; every write carries the batch id; Retry failed runs only that one', async () => {
    const files = (await media()).filter((f) => f.visibility !== 'Restricted' && f.status !== 'hidden').slice(0, 3);
    expect(files).toHaveLength(3);
    // Someone else renames the second file behind the console's back (no record sent with it).
    const [, changed] = files as [LibraryFile, LibraryFile, LibraryFile];
    expectOk(await h.call('library', 'updateMedia', { ...mediaUpdateOf(changed, { title: `${changed.title} (theirs)` }) }));
    const batch = 'b-test-status-1';
    const summary = expectOk(await h.call<BatchSummary>('batch', 'run', { batch, call: 'library.updateMedia', items: files.map((f) => statusItem(f, 'hidden')) }));
    expect(summary).toEqual({ batch, call: 'library.updateMedia', total: 3, done: 2, failed: [{ key: changed._id, label: changed.title, message: CONFLICT_TEXT, kind: 'conflict', status: 409 }], cancelled: false });
    const after = await media();
    expect(files.map((f) => after.find((a) => a._id === f._id)?.status)).toEqual(['hidden', changed.status, 'hidden']);
    // The progress went to the renderer, the last one whole.
    const progress = h.events.filter((e) => e.event === 'batch:progress').map((e) => e.payload);
    expect(progress.at(-1)).toEqual({ batch, total: 3, done: 2, failed: 1 });
    // History: each write of the action, with its batch.
    const rows = expectOk(await h.call<HistoryRow[]>('history', 'list', {}));
    expect(rows.filter((r) => r.batch === batch).map((r) => r.answer.ok).sort()).toEqual([false, true, true]);

    const retried = expectOk(await h.call<BatchSummary>('batch', 'retry', { batch }));
    // The colleague's change still stands: the retry refuses it again rather than overwrite it.
    expect(retried).toMatchObject({ batch, total: 1, done: 0, failed: [{ key: changed._id, message: CONFLICT_TEXT }] });
    expect(expectOk(await h.call<HistoryRow[]>('history', 'list', {})).filter((r) => r.batch === batch)).toHaveLength(4);
  });

  it('deletes records and reports the one deleted behind its back', async () => {
    const quotes = quotesOf(expectOk(await h.call<QuoteListItem[]>('library', 'quotes', {}))).slice(0, 3);
    const [first, gone, third] = quotes as [Quote, Quote, Quote];
    expectOk(await h.call('library', 'deleteQuote', { id: gone._id }));
    const batch = 'b-test-delete-1';
    const items = quotes.map((q) => ({ key: q._id, label: q.title, input: { id: q._id, $base: q } }));
    const summary = expectOk(await h.call<BatchSummary>('batch', 'run', { batch, call: 'library.deleteQuote', items }));
    // Deleted behind its back: final, Retry failed would be refused again.
    expect(summary).toMatchObject({ total: 3, done: 2, failed: [{ key: gone._id, label: gone.title, message: GONE_TEXT, final: true }] });
    const left = expectOk(await h.call<QuoteListItem[]>('library', 'quotes', {})).map((q) => q._id);
    expect(left).not.toContain(first._id);
    expect(left).not.toContain(third._id);
    expect(await h.call('batch', 'retry', { batch: 'b-never-ran' })).toMatchObject({ ok: false, error: { message: 'This action is no longer kept.' } });
  });

  it('sets a field on all records matching a search, resolved in main, less the unticked ones', async () => {
    const questions = expectOk(await h.call<Question[]>('questionBank', 'questions', {}));
    const word = 'the';
    const matching = expectOk(await h.call<{ count: number; rows: Question[] }>('windows', 'query', { list: 'questions', view: 'test', search: word, filters: [], sort: null, offset: 0, limit: 1000 }));
    expect(matching.count).toBeGreaterThan(2);
    const except = matching.rows[0]!._id;
    const target = matching.rows.every((q) => q.difficulty === 'Hard') ? 'Easy' : 'Hard';
    const batch = 'b-test-matching-1';
    const summary = expectOk(await h.call<BatchSummary>('batch', 'run', { batch, call: 'questionBank.updateQuestion', matching: { list: 'questions', search: word, filters: [], except: [except] }, patch: { difficulty: target } }));
    expect(summary).toMatchObject({ total: matching.count - 1, done: matching.count - 1, failed: [] });
    const now = expectOk(await h.call<Question[]>('questionBank', 'questions', {}));
    const ids = new Set(matching.rows.map((q) => q._id));
    ids.delete(except);
    expect(now.filter((q) => ids.has(q._id)).every((q) => q.difficulty === target)).toBe(true);
    expect(now.find((q) => q._id === except)?.difficulty).toBe(questions.find((q) => q._id === except)?.difficulty);
    // Only the changed field differs from what each record was.
    const rows = expectOk(await h.call<HistoryRow[]>('history', 'list', {})).filter((r) => r.batch === batch);
    expect(rows).toHaveLength(matching.count - 1);
  });

  it('batch.cancel through main: the running action stops starting records; those it left fail as not run', async () => {
    const groups = expectOk(await h.call<SynonymGroup[]>('library', 'synonyms', {}));
    expect(groups.length).toBeGreaterThan(4);
    const items = groups.map((g) => ({ key: g._id, label: g.keyword, input: { id: g._id, keyword: g.keyword, synonyms: g.synonyms, $base: g } }));
    const running = h.call<BatchSummary>('batch', 'run', { batch: 'b-test-cancel-main', call: 'library.updateSynonyms', items });
    expect(expectOk(await h.call<{ cancelled: boolean }>('batch', 'cancel', { batch: 'b-test-cancel-main' }))).toEqual({ cancelled: true });
    const summary = expectOk(await running);
    expect(summary.cancelled).toBe(true);
    expect(summary.done).toBeLessThanOrEqual(4);
    expect(summary.failed.filter((f) => f.message === NOT_RUN)).toHaveLength(groups.length - summary.done);
    // Nothing runs any more: a second cancel has nothing to stop.
    expect(expectOk(await h.call<{ cancelled: boolean }>('batch', 'cancel', { batch: 'b-test-cancel-main' }))).toEqual({ cancelled: false });
  });

  it('marks a final refusal (a 4xx other than 408 and 429) and leaves it out of Retry failed; a 503 is tried again', async () => {
    const sent: string[] = [];
    const answers: Record<string, Result<unknown>> = {
      ok: { ok: true, data: {} },
      gone: { ok: false, error: { kind: 'http', status: 404, message: 'The question was not found.' } },
      busy: { ok: false, error: { kind: 'http', status: 503, message: 'The server is busy.' } },
      slow: { ok: false, error: { kind: 'http', status: 429, message: 'Too many requests.' } },
    };
    const group = createBatchGroup({
      handler: () => async (input: unknown): Promise<Result<unknown>> => {
        const key = (input as { key: string }).key;
        sent.push(key);
        return answers[key]!;
      },
      window: async () => ({ ok: false, error: { kind: 'validation', message: 'unused' } }),
      emit: () => undefined,
    });
    const items = Object.keys(answers).map((key) => ({ key, label: key, input: { key } }));
    const summary = expectOk(await group.calls.run({ batch: 'b-test-final-1', call: 'questionBank.updateQuestion', items }));
    expect(summary.failed).toEqual([
      // Each with its error's kind and status: the screen applies its own message rules to them.
      { key: 'gone', label: 'gone', message: 'The question was not found.', final: true, kind: 'http', status: 404 },
      { key: 'busy', label: 'busy', message: 'The server is busy.', kind: 'http', status: 503 },
      { key: 'slow', label: 'slow', message: 'Too many requests.', kind: 'http', status: 429 },
    ]);
    sent.length = 0;
    const retried = expectOk(await group.calls.retry({ batch: 'b-test-final-1' }));
    // Only the two that may go through are sent again; the final refusal is still reported, as it was.
    expect(sent.sort()).toEqual(['busy', 'slow']);
    expect(retried.failed.map((f) => f.key).sort()).toEqual(['busy', 'gone', 'slow']);
    expect(retried.failed.find((f) => f.key === 'gone')?.final).toBe(true);
  });

  it('runs at most four at once and stops starting more when cancelled', async () => {
    const real = h.core.handlers.get(channelOf('library', 'updateSynonyms'))!;
    let inFlight = 0;
    let most = 0;
    const groups = expectOk(await h.call<SynonymGroup[]>('library', 'synonyms', {}));
    expect(groups.length).toBeGreaterThan(8);
    const seen: unknown[] = [];
    const group = createBatchGroup({
      handler: () => async (input: unknown): Promise<Result<unknown>> => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        seen.push((input as { $batch: string }).$batch);
        try {
          return await real(input);
        } finally {
          inFlight -= 1;
          // Cancelled once the first records are on their way.
          if (seen.length === 5) void group.calls.cancel({ batch: 'b-test-cancel-1' });
        }
      },
      window: async () => ({ ok: false, error: { kind: 'validation', message: 'unused' } }),
      emit: () => undefined,
    });
    const items = groups.map((g) => ({ key: g._id, label: g.keyword, input: { id: g._id, keyword: `${g.keyword} x`, synonyms: g.synonyms, $base: g } }));
    const summary = expectOk(await group.calls.run({ batch: 'b-test-cancel-1', call: 'library.updateSynonyms', items }));
    expect(most).toBe(4);
    expect(seen.every((b) => b === 'b-test-cancel-1')).toBe(true);
    expect(summary.cancelled).toBe(true);
    expect(summary.done + summary.failed.filter((f) => f.message !== NOT_RUN).length).toBe(seen.length);
    expect(summary.failed.filter((f) => f.message === NOT_RUN)).toHaveLength(groups.length - seen.length);
    expect(seen.length).toBeLessThan(groups.length);
  });
});
