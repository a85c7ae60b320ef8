import { afterEach, describe, expect, it } from 'vitest';
import type { CallDef } from '../../../shared/api/contract';
import { OVERTAKEN, type WindowQuery } from '../../../shared/windows';
import { fail, ok, type Result } from '../../../shared/result';
import { createWindows, type Windows } from './windows';

// The window service with its real worker thread (started from source through tsx); only the platform
// is a stand-in: it answers list calls with the bodies below and counts them.

const learner = (i: number, token = `tok-${i}`) => ({
  _id: `l${i}`,
  userInfo: { mobileNumber: `98${String(i).padStart(8, '0')}`, loginTime: '2026-11-20T10:00:00.000Z', preferredLanguage: i % 2 ? 'Hindi' : 'English', token },
  currentProgress: { progress: i % 101, moduleId: '' },
});

function platform(count = 1000) {
  const state = { calls: 0, token: 'tok', gate: null as Promise<void> | null, fail: false, body: null as string | null, midway: null as Promise<void> | null };
  const list = () => Array.from({ length: count }, (_, i) => learner(i, `${state.token}-${i}`));
  const fetchBody = async (def: CallDef): Promise<Result<ReadableStream<Uint8Array>>> => {
    state.calls += 1;
    if (state.gate) await state.gate;
    if (state.fail) return fail('network', 'The server cannot be reached.');
    if (def.path !== '/user') return fail('http', 'not here', 404);
    const bytes = new TextEncoder().encode(state.body ?? JSON.stringify({ error: false, message: 'ok', users: list() }));
    // The answer in 4 KB chunks, halfway held back while `midway` is pending.
    const midway = state.midway;
    let at = 0;
    return ok(
      new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (midway && at >= bytes.length / 2) await midway;
          if (at >= bytes.length) return controller.close();
          controller.enqueue(bytes.slice(at, at + 4096));
          at += 4096;
        },
      }),
    );
  };
  return { state, fetchBody };
}

const q = (over: Partial<WindowQuery> = {}): WindowQuery => ({ list: 'learners', view: 'v1', search: '', filters: [], sort: null, offset: 0, limit: 20, ...over });

let windows: Windows | null = null;
afterEach(async () => {
  await windows?.close();
  windows = null;
});
const start = (fetchBody: ReturnType<typeof platform>['fetchBody'], refreshAfterMs = 60_000) => (windows = createWindows({ fetchBody, log: () => undefined, refreshAfterMs }));

function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('list windows in main', () => {
  it('answers a window with totals; search, filters and sort run in the worker; tokens never leave it', async () => {
    const { fetchBody } = platform(1000);
    const w = start(fetchBody);
    expect(await w.whenLoaded('learners')).toEqual(ok({ total: 1000 }));
    const first = await w.window(q());
    expect(first.ok && first.data).toEqual({ total: 1000, count: 1000, offset: 0, version: 1, rows: expect.any(Array) });
    expect(first.ok && first.data.rows).toHaveLength(20);
    expect(JSON.stringify(first)).not.toContain('tok-');

    const searched = await w.window(q({ search: '9800000099' }));
    expect(searched.ok && searched.data.count).toBe(1);
    const filtered = await w.window(q({ filters: [{ id: 'language', kind: 'select', value: 'Hindi' }] }));
    expect(filtered.ok && filtered.data.count).toBe(500);
    const sorted = await w.window(q({ sort: { id: 'progress', desc: true }, limit: 3 }));
    const progress = sorted.ok ? sorted.data.rows.map((r) => (r as ReturnType<typeof learner>).currentProgress.progress) : [];
    expect(progress).toEqual([100, 100, 100]);
    const page = await w.window(q({ offset: 990, limit: 50 }));
    expect(page.ok && page.data.rows).toHaveLength(10);

    expect(await w.secret('learners', '9800000007')).toEqual(ok('tok-7'));
    expect(await w.secret('learners', '9999999999')).toEqual(ok(null));
    const bad = await w.window(q({ sort: { id: 'nope', desc: false } }));
    expect(bad).toEqual(fail('validation', "This list cannot sort or filter by 'nope'."));
  });

  it('ranks the sortable fields in the background once the list is whole and nothing is asked', async () => {
    const { fetchBody } = platform(1000);
    const w = start(fetchBody);
    await w.whenLoaded('learners');
    const ready = async () => {
      const memory = await w.memory();
      return memory.ok ? memory.data.sortsReady : -1;
    };
    // The learners' four columns (mobile, login time, language, progress), none of them asked for.
    for (let wait = 0; wait < 100 && (await ready()) < 4; wait++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await ready()).toBe(4);
    const sorted = await w.window(q({ sort: { id: 'mobile', desc: true }, limit: 2 }));
    expect(sorted.ok && sorted.data.rows.map((r) => (r as ReturnType<typeof learner>).userInfo.mobileNumber)).toEqual(['9800000999', '9800000998']);
  });

  it('answers the first window while the list still arrives, in the server\'s order; search, sort and secrets wait for all of it', async () => {
    const { state, fetchBody } = platform(2000);
    const half = gate();
    state.midway = half.promise;
    const w = start(fetchBody);
    const first = await w.window(q({ limit: 100 }));
    expect(first.ok && first.data).toMatchObject({ offset: 0, complete: false });
    const partial = first.ok ? first.data : null;
    expect(partial!.total).toBeGreaterThanOrEqual(100);
    expect(partial!.total).toBeLessThan(2000);
    expect(partial!.rows.map((r) => (r as ReturnType<typeof learner>)._id)).toEqual(Array.from({ length: 100 }, (_, i) => `l${i}`));
    let searched = false;
    const search = w.window(q({ view: 's', search: '98000019' })).then((r) => ((searched = true), r));
    const secret = w.secret('learners', '9800001999');
    const beyond = w.window(q({ view: 'p', offset: 1900, limit: 100 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(searched).toBe(false);
    half.open();
    const all = await search;
    expect(all.ok && all.data).toMatchObject({ total: 2000, count: 100 });
    expect((all.ok ? all.data : null)!.complete).toBeUndefined();
    expect(await secret).toEqual(ok('tok-1999'));
    const page = await beyond;
    expect(page.ok && page.data.rows.map((r) => (r as ReturnType<typeof learner>)._id).at(-1)).toBe('l1999');
    expect(state.calls).toBe(1);
  });

  it('a list cut off or broken while it arrives is a parse error and is not kept', async () => {
    const { state, fetchBody } = platform(200);
    const whole = JSON.stringify({ error: false, message: 'ok', users: Array.from({ length: 200 }, (_, i) => learner(i)) });
    state.body = whole.slice(0, whole.length - 30);
    const w = start(fetchBody);
    expect(await w.window(q({ search: '98' }))).toMatchObject({ ok: false, error: { kind: 'parse' } });
    state.body = whole.replace('"l150"', 'l150');
    expect(await w.window(q({ search: '98' }))).toMatchObject({ ok: false, error: { kind: 'parse' } });
    state.body = null;
    expect(await w.window(q({ search: '98' }))).toMatchObject({ ok: true, data: { total: 200 } });
    expect(state.calls).toBe(3);
  });

  it('a later open is answered from the kept list at once and refreshed behind it', async () => {
    const { state, fetchBody } = platform(300);
    const w = start(fetchBody, 0);
    const first = await w.window(q({ view: 'a' }));
    await w.whenLoaded('learners');
    expect(first.ok && first.data.version).toBe(1);
    state.token = 'new';
    // Typing in the open table is not an open: nothing is refetched.
    await w.window(q({ view: 'a', search: '98' }));
    expect(state.calls).toBe(1);
    const reopened = await w.window(q({ view: 'b', search: '9800000007' }));
    expect(reopened.ok && reopened.data).toMatchObject({ version: 1, count: 1, refreshing: true });
    expect(await w.secret('learners', '9800000007')).toEqual(ok('tok-7'));
    await w.whenRefreshed('learners');
    expect(state.calls).toBe(2);
    const after = await w.window(q({ view: 'b', search: '9800000007' }));
    expect(after.ok && after.data).toMatchObject({ version: 2, count: 1 });
    expect(after.ok && after.data.refreshing).toBeUndefined();
    expect(await w.secret('learners', '9800000007')).toEqual(ok('new-7'));
    // A refresh that fails keeps the list as it was.
    state.fail = true;
    await w.window(q({ view: 'c' }));
    await w.whenRefreshed('learners');
    expect(await w.secret('learners', '9800000007')).toEqual(ok('new-7'));
  });

  it('two screens of the same list share one load, even while it is in flight', async () => {
    const { state, fetchBody } = platform(100);
    const g = gate();
    state.gate = g.promise;
    const w = start(fetchBody);
    const a = w.window(q({ view: 'a' }));
    const b = w.window(q({ view: 'b', search: '98000000' }));
    g.open();
    const [ra, rb] = await Promise.all([a, b]);
    expect(ra.ok && ra.data.rows).toHaveLength(20);
    expect(rb.ok && rb.data.count).toBe(100);
    expect(state.calls).toBe(1);
    await w.window(q({ view: 'a', offset: 20 }));
    await w.secret('learners', '9800000001');
    expect(state.calls).toBe(1);
  });

  it('invalidation drops the kept list: the next query loads it again and sees the change', async () => {
    const { state, fetchBody } = platform(10);
    const w = start(fetchBody);
    expect(await w.secret('learners', '9800000001')).toEqual(ok('tok-1'));
    state.token = 'new';
    expect(await w.secret('learners', '9800000001')).toEqual(ok('tok-1'));
    w.invalidate(w.listsOfService('userApp'));
    expect(await w.secret('learners', '9800000001')).toEqual(ok('new-1'));
    expect(state.calls).toBe(2);
    // A mutation of another service leaves it kept.
    w.invalidate(w.listsOfService('library'));
    await w.window(q());
    expect(state.calls).toBe(2);
  });

  it('a list invalidated while it loads is not kept: the next query gets the newer load', async () => {
    const { state, fetchBody } = platform(10);
    const g = gate();
    state.gate = g.promise;
    const w = start(fetchBody);
    const old = w.window(q({ view: 'a' }));
    w.invalidate();
    state.token = 'new';
    state.gate = null;
    const fresh = await w.secret('learners', '9800000002');
    g.open();
    // The query that waited on the stale load is answered from the newer one.
    const answered = await old;
    expect(answered.ok && answered.data.version).toBe(2);
    expect(fresh).toEqual(ok('new-2'));
    expect(await w.secret('learners', '9800000002')).toEqual(ok('new-2'));
    expect(state.calls).toBe(2);
  });

  it('a query overtaken by a newer one of the same view is dropped; other views are answered', async () => {
    const { state, fetchBody } = platform(50);
    const g = gate();
    state.gate = g.promise;
    const w = start(fetchBody);
    const s1 = w.window(q({ search: '9' }));
    const s2 = w.window(q({ search: '98' }));
    const other = w.window(q({ view: 'other' }));
    const s3 = w.window(q({ search: '980000004' }));
    g.open();
    expect(await s1).toEqual(fail('cancelled', OVERTAKEN));
    expect(await s2).toEqual(fail('cancelled', OVERTAKEN));
    const last = await s3;
    expect(last.ok && last.data.count).toBe(10);
    expect((await other).ok).toBe(true);
    // Concurrent queries once the list is kept: each answered unless overtaken.
    const many = await Promise.all(Array.from({ length: 5 }, (_, i) => w.window(q({ view: `v${i}`, offset: i * 10, limit: 10 }))));
    expect(many.map((r) => r.ok && (r.data.rows[0] as ReturnType<typeof learner>)._id)).toEqual(['l0', 'l10', 'l20', 'l30', 'l40']);
  });

  it('a failed load is reported and not kept; a record that does not match is kept and marked; a body that is not a list is a parse error', async () => {
    const { state, fetchBody } = platform(5);
    state.fail = true;
    const w = start(fetchBody);
    expect(await w.window(q())).toEqual(fail('network', 'The server cannot be reached.'));
    state.fail = false;
    expect((await w.window(q())).ok).toBe(true);
    expect(state.calls).toBe(2);
    state.body = JSON.stringify({ error: false, users: [{ _id: 'x' }] });
    w.invalidate();
    const marked = await w.window(q());
    expect(marked).toMatchObject({ ok: true, data: { total: 1, partial: 1, rows: [{ $partial: expect.arrayContaining([expect.objectContaining({ path: 'userInfo' })]) }] } });
    state.body = JSON.stringify({ error: false, users: { _id: 'x' } });
    w.invalidate();
    expect(await w.window(q())).toMatchObject({ ok: false, error: { kind: 'parse' } });
    state.body = JSON.stringify({ error: true, errorMessage: 'No access' });
    w.invalidate();
    expect(await w.window(q())).toEqual(fail('http', 'No access'));
  });
});
