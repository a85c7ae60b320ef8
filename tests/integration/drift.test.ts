// Answers the console can still read, through the real core and a stand-in in front of the seeded
// reference server that alters its answers (tests/platform/drift-proxy.ts): the data under a wrapper
// key, nulls inside lists, two records with one `_id`, dates in other forms. Every read call of the
// platform check's plan, the lists main keeps, the bulk actions and the platform check itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryOf, READ_PLAN } from '../../src/main/services/platform-check';
import { notSelectable, partialIssues, PARTIAL, type ReadIssue } from '../../src/shared/tolerant';
import { fastDateTime } from '../../src/shared/dates';
import { quotesOf, tipRowsOf, type QuoteListItem } from '../../src/shared/schemas/quotes';
import type { PlatformReport } from '../../src/shared/platform-report';
import type { ListName } from '../../src/shared/lists';
import type { WindowAnswer } from '../../src/shared/windows';
import type { BatchSummary } from '../../src/shared/batch';
import type { Result } from '../../src/shared/result';
import { ADMIN, expectOk, startHarness, type Harness } from './harness';
import { runCheck } from '../../scripts/check-platform';
import { DATE_FORMS, startDriftProxy, type DriftMode, type DriftProxy } from '../platform/drift-proxy';
import { startClient, type Client } from '../platform/client';

let h: Harness;
let proxy: DriftProxy;
let clean: Client;
let odd: Client;
beforeAll(async () => {
  h = await startHarness();
  proxy = await startDriftProxy(h.serverUrl);
  clean = await startClient(h.serverUrl);
  odd = await startClient(proxy.url);
}, 60_000);
afterAll(async () => {
  await Promise.all([clean?.close(), odd?.close()]);
  await proxy?.close();
  await h?.close();
});

type Rec = Record<string, unknown>;
const isRec = (value: unknown): value is Rec => value !== null && typeof value === 'object' && !Array.isArray(value);
/**
 * The lists of records the stand-in alters in a call's answer: the answer itself, or, where the answer
 * is the envelope (no data field), its fields that are lists of records. Lists inside a single record
 * (a topic's, a learner's progress) are left as they came.
 */
const listsOf = (call: string, value: unknown): Rec[][] => {
  if (Array.isArray(value)) return value.length > 0 && value.every(isRec) ? [value as Rec[]] : [];
  if (!isRec(value) || entryOf(call).data) return [];
  return Object.entries(value).filter(([k, f]) => k !== PARTIAL && Array.isArray(f) && f.length > 0 && f.every(isRec)).map(([, f]) => f as Rec[]);
};
const without = (value: unknown, ...keys: string[]): unknown => (isRec(value) ? Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k))) : value);
const KEPT: ListName[] = ['questions', 'media', 'learners', 'events'];

/** Switches the stand-in and drops what the console keeps of the lists it read before. */
function use(mode: DriftMode): void {
  proxy.mode = mode;
  odd.core.windows.invalidate();
}

/** A read call as the renderer makes it (the learners' through main's learner calls). */
async function read(client: Client, callId: string, input: Rec, answers: Rec): Promise<Result<unknown>> {
  const [group, name] = callId.split('.') as [string, string];
  if (callId === 'userApp.users') return client.call('learners', 'list');
  const mobile = (answers['userApp.users'] as { userInfo: { mobileNumber: string } }[] | undefined)?.[0]?.userInfo.mobileNumber;
  if (callId === 'userApp.progress') return client.call('learners', 'progress', { mobile });
  if (callId === 'userApp.conceptProgress') return client.call('learners', 'conceptProgress', { mobile, ...input });
  return client.call(group, name, input);
}

/** Every call of the plan on both consoles: [call, the reference answer, the altered one]. */
async function bothWays(): Promise<[string, unknown, Result<unknown>][]> {
  const answers: Rec = {};
  const out: [string, unknown, Result<unknown>][] = [];
  for (const step of READ_PLAN) {
    const input = step.input ? step.input(answers) : {};
    if (input === null) continue;
    const good = expectOk(await read(clean, step.id, input, answers));
    answers[step.id] = good;
    out.push([step.id, good, await read(odd, step.id, input, answers)]);
  }
  return out;
}

/** A kept list's whole first window (asked until the list is whole). */
async function whole(client: Client, list: ListName, extra: Rec = {}): Promise<WindowAnswer<Rec>> {
  const query = { list, view: `drift-${list}`, search: '', filters: [], sort: null, offset: 0, limit: 1000, ...extra };
  for (;;) {
    const answer = expectOk(await client.call<WindowAnswer<Rec>>('windows', 'query', query));
    if (answer.complete !== false) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a list under a wrapper key (`{ error, message, data: { ... } }`)', () => {
  it('every read call answers what the reference server sent, and the lists main keeps hold every row', async () => {
    use('wrap');
    for (const [call, good, wrapped] of await bothWays()) {
      expect(wrapped.ok, `${call}: ${wrapped.ok ? '' : wrapped.error.message}`).toBe(true);
      // An answer that is the envelope itself comes without the envelope's error and message.
      if (wrapped.ok) expect(without(wrapped.data, 'error', 'message'), call).toEqual(without(good, 'error', 'message'));
    }
    const events = expectOk(await odd.call<{ session: unknown[] }>('mentorship', 'sessions'));
    expect(events.session.length).toBeGreaterThan(0);
    for (const list of KEPT) expect((await whole(odd, list)).total, list).toBe((await whole(clean, list)).total);
  }, 120_000);

  it('the platform check reads them and names where each was found', async () => {
    use('wrap');
    const report = expectOk(await odd.call<PlatformReport>('platform', 'check'));
    expect(report.ok).toBe(false);
    const questions = report.calls.find((c) => c.call === 'questionBank.questions')!;
    expect(questions.records).toBeGreaterThan(0);
    expect(questions.mismatches).toEqual([{ field: '(answer)', expected: 'the list or record in "questions"', count: 1, example: 'found under "data.questions"' }]);
    const events = report.calls.find((c) => c.call === 'mentorship.sessions')!;
    expect(events.mismatches).toEqual([{ field: '(answer)', expected: "the answer's fields at its top level", count: 1, example: 'found under "data"' }]);
    // Every call answered, and nothing but the wrapper was reported.
    expect(report.calls.filter((c) => c.status !== 'ok' && c.status !== 'skipped')).toEqual([]);
    expect(report.calls.flatMap((c) => c.mismatches).every((m) => m.field === '(answer)')).toBe(true);
    expect(report.text).toContain('    (answer): expected the list or record in "questions"; 1 record, e.g. found under "data.questions"');
    expect(report.text).toMatch(/questionBank\.questions .*read, from another shape/);
    // npm run check-platform prints the same and fails.
    const lines: string[] = [];
    const code = await runCheck(['--url', proxy.url], { env: { CC_CHECK_EMAIL: ADMIN.email, CC_CHECK_PASSWORD: ADMIN.password }, out: (text) => lines.push(text) });
    expect(code).toBe(1);
    expect(lines.join('\n')).toContain('(answer): expected the list or record in "questions"; 1 record, e.g. found under "data.questions"');
  }, 120_000);
});

describe('nulls inside a list', () => {
  it('become marked rows in every list answer; nothing fails, and Quotes and Daily Tips read as before', async () => {
    use('nulls');
    let lists = 0;
    for (const [call, good, answer] of await bothWays()) {
      expect(answer.ok, `${call}: ${answer.ok ? '' : answer.error.message}`).toBe(true);
      if (!answer.ok) continue;
      const goodLists = listsOf(call, good);
      const oddLists = listsOf(call, answer.data);
      expect(oddLists.map((l) => l.length), call).toEqual(goodLists.map((l) => l.length + 1));
      for (const list of oddLists) {
        lists += 1;
        expect(partialIssues(list[1]), call).toEqual([{ path: '', expected: 'a record', received: 'null' }]);
        expect(notSelectable(list[1])).toBe('the platform sent no record here');
        expect(list.filter((r) => partialIssues(r)).length, call).toBe(1);
      }
    }
    expect(lists).toBeGreaterThan(15);
    const items = expectOk(await odd.call<QuoteListItem[]>('library', 'quotes'));
    const good = expectOk(await clean.call<QuoteListItem[]>('library', 'quotes'));
    expect(quotesOf(items)).toHaveLength(quotesOf(good).length + 1);
    expect(tipRowsOf(items)).toEqual(tipRowsOf(good));
  }, 120_000);

  it('in the lists main keeps: one more row, marked, counted', async () => {
    use('nulls');
    for (const list of KEPT) {
      const good = await whole(clean, list);
      const answer = await whole(odd, list);
      expect(answer.total, list).toBe(good.total + 1);
      expect(answer.partial, list).toBe(1);
      expect(notSelectable(answer.rows[1]), list).toBe('the platform sent no record here');
    }
  }, 120_000);
});

describe('two records with one _id', () => {
  it('both show, both marked, in every list answer and every kept list', async () => {
    use('duplicates');
    for (const [call, good, answer] of await bothWays()) {
      if (!answer.ok) throw new Error(`${call}: ${answer.error.message}`);
      const oddLists = listsOf(call, answer.data);
      listsOf(call, good).forEach((list, k) => {
        const got = oddLists[k]!;
        expect(got.length, call).toBe(list.length);
        const twins = list.length > 1 && typeof list[0]!._id === 'string';
        expect(got.filter((r) => partialIssues(r)).length, call).toBe(twins ? 2 : 0);
        if (twins) expect(partialIssues(got[1])).toEqual([{ path: '_id', expected: 'an id no other record has', received: JSON.stringify(list[0]!._id), kind: 'duplicate' }]);
      });
    }
    for (const list of KEPT) {
      const answer = await whole(odd, list);
      expect(answer.partial, list).toBe(2);
      expect(answer.rows.slice(0, 2).map((r) => notSelectable(r)), list).toEqual(['another record has the same id', 'another record has the same id']);
    }
  }, 120_000);

  it('a bulk action on all matching records leaves them out (resolved in main)', async () => {
    use('duplicates');
    const all = await whole(odd, 'questions');
    const firstFive = all.rows.slice(0, 5);
    const except = all.rows.slice(5).map((r) => r._id as string);
    const batch = 'b-drift-duplicates';
    const summary = expectOk(
      await odd.call<BatchSummary>('batch', 'run', { batch, call: 'questionBank.updateQuestion', matching: { list: 'questions', search: '', filters: [], except }, patch: { difficulty: 'Hard' } }),
    );
    // Rows 0 and 1 share an id: only rows 2, 3 and 4 were written.
    expect(summary).toMatchObject({ total: 3, done: 3, failed: [] });
    const sent = proxy.seen.filter((r) => r.method === 'PUT').map((r) => r.path);
    expect(sent.some((path) => path.includes(String(firstFive[0]!._id)))).toBe(false);
    for (const row of firstFive.slice(2)) expect(sent.some((path) => path.includes(String(row._id)))).toBe(true);
  }, 120_000);
});

describe('dates in other forms', () => {
  /** What each form of DATE_FORMS is read as: a day on this computer's clock, or the instant (seconds kept). */
  const readAs = (iso: string, position: number): string => {
    if (position <= 1) return new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))).toISOString();
    if (position === 3) return new Date(iso).toISOString();
    return new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString();
  };

  it('are read in every list answer, marked as read from another form, never as fields unread', async () => {
    use('dates');
    let marked = 0;
    for (const [call, good, answer] of await bothWays()) {
      if (!answer.ok) throw new Error(`${call}: ${answer.error.message}`);
      const oddLists = listsOf(call, answer.data);
      listsOf(call, good).forEach((list, k) => {
        list.slice(0, DATE_FORMS.length).forEach((record, i) => {
          const got = oddLists[k]![i]!;
          const at = (record.metaInfo as { created?: { at?: string } } | undefined)?.created?.at;
          const issues: ReadIssue[] = partialIssues(got) ?? [];
          expect(issues.every((issue) => issue.kind === 'form'), `${call} ${i}: ${JSON.stringify(issues)}`).toBe(true);
          if (typeof at === 'string' && at !== '') {
            expect((got.metaInfo as { created: { at: string } }).created.at, `${call} ${i}`).toBe(readAs(at, i));
            expect(issues.some((issue) => issue.path === 'metaInfo.created.at')).toBe(true);
            marked += 1;
          }
        });
      });
    }
    expect(marked).toBeGreaterThan(20);
  }, 120_000);

  it('a kept list finds a date by the text it shows (05/12/2026 is 5 December, never 12 May)', async () => {
    use('dates');
    const good = await whole(clean, 'questions');
    const answer = await whole(odd, 'questions');
    expect(answer.partial).toBe(DATE_FORMS.length);
    const first = answer.rows[0]!;
    const created = (first.metaInfo as { created: { at: string } }).created.at;
    const reference = (good.rows[0]!.metaInfo as { created: { at: string } }).created.at;
    // Sent as DD/MM/YYYY: shown as that day at 00:00, and found by that text.
    const shown = fastDateTime(created);
    expect(shown).toBe(`${reference.slice(8, 10)}/${reference.slice(5, 7)}/${reference.slice(0, 4)} 00:00`);
    const found = await whole(odd, 'questions', { search: shown.slice(0, 10) });
    expect(found.rows.map((r) => r._id)).toContain(first._id);
    // The same digits month first name another day: it is not that record's.
    const [dd, mm, yyyy] = [shown.slice(0, 2), shown.slice(3, 5), shown.slice(6, 10)];
    if (dd !== mm && Number(dd) <= 12) {
      const swapped = await whole(odd, 'questions', { search: `${mm}/${dd}/${yyyy}` });
      expect(swapped.rows.filter((r) => r._id === first._id && fastDateTime((r.metaInfo as { updated: { at: string } }).updated.at).startsWith(`${mm}/${dd}/${yyyy}`))).toEqual([]);
    }
  }, 120_000);

  it('the platform check names the fields and the form they came in', async () => {
    use('dates');
    const report = expectOk(await odd.call<PlatformReport>('platform', 'check'));
    const questions = report.calls.find((c) => c.call === 'questionBank.questions')!;
    expect(questions.mismatches).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'metaInfo.created.at', expected: 'a date and time (ISO 8601 with its zone)', count: DATE_FORMS.length })]));
  }, 120_000);
});
