import { describe, expect, it } from 'vitest';
import type { CallDef } from '../../shared/api/contract';
import { fail, ok, type Result } from '../../shared/result';
import { createLearnerCalls, mobileKey, NO_SUCH_LEARNER } from './learners';
import { userApp } from '../../shared/api/user-app';
import type { LearnerWithToken } from '../../shared/schemas/users';

/**
 * A stand-in platform for the token bookkeeping only (the real server path is covered by
 * tests/integration/user-app.test.ts): it serves a learner list whose tokens can be replaced, and
 * answers progress calls only to the current token.
 */
function platform() {
  const state = { token: 'tok-1', listCalls: 0, progressTokens: [] as (string | undefined)[] };
  const call = async <O>(def: CallDef, _input: Record<string, unknown>, _label: string, options?: { learnerToken?: string }): Promise<Result<O>> => {
    const learnerToken = options?.learnerToken;
    if (def.path === '/user') {
      state.listCalls += 1;
      const users = [{ _id: 'l1', userInfo: { mobileNumber: '98200 12345', loginTime: '', preferredLanguage: 'Hindi', token: state.token }, currentProgress: { progress: 10, moduleId: 'm1' } }];
      return ok(users as O);
    }
    state.progressTokens.push(learnerToken);
    return learnerToken === state.token ? ok({ modules: [] } as O) : fail('auth', 'This learner session is not valid.', 401);
  };
  // The kept list's lookups (main's list worker in the app): loads the list on first use and after refresh().
  let kept: Map<string, string> | null = null;
  const tokens = {
    tokenOf: async (key: string): Promise<Result<string | null>> => {
      if (!kept) {
        const list = await call<LearnerWithToken[]>(userApp.users, {}, 'userApp.users');
        if (!list.ok) return list;
        kept = new Map(list.data.map((l) => [mobileKey(l.userInfo.mobileNumber), l.userInfo.token]));
      }
      return ok(kept.get(key) ?? null);
    },
    refresh: () => {
      kept = null;
    },
  };
  return { state, calls: createLearnerCalls(call, tokens) };
}

describe('learner calls in main', () => {
  it('mobileKey ignores spaces and +91', () => {
    expect(mobileKey('+91 98200 12345')).toBe('9820012345');
    expect(mobileKey('9820012345')).toBe('9820012345');
  });

  it('the list reaches the renderer without tokens; progress uses the kept token, fetching the kept list once', async () => {
    const { state, calls } = platform();
    const list = await calls.list();
    expect(JSON.stringify(list)).not.toContain('tok-1');
    expect(await calls.progress({ mobile: '9820012345' })).toEqual(ok({ modules: [] }));
    expect(await calls.progress({ mobile: '9820012345' })).toEqual(ok({ modules: [] }));
    expect(state.listCalls).toBe(2);
    expect(state.progressTokens).toEqual(['tok-1', 'tok-1']);
  });

  it('fetches the list on a miss, and once more when the kept token was replaced (401), then succeeds', async () => {
    const { state, calls } = platform();
    expect((await calls.progress({ mobile: '+919820012345' })).ok).toBe(true);
    expect(state.listCalls).toBe(1);
    state.token = 'tok-2';
    expect((await calls.progress({ mobile: '9820012345' })).ok).toBe(true);
    expect(state.listCalls).toBe(2);
    expect(state.progressTokens).toEqual(['tok-1', 'tok-1', 'tok-2']);
  });

  it('an unknown mobile is a 404 with a clear message; clear() forgets every token', async () => {
    const { state, calls } = platform();
    expect(await calls.progress({ mobile: '9000000000' })).toEqual(fail('http', NO_SUCH_LEARNER('9000000000'), 404));
    // The miss fetched the list twice (kept, then once more for a learner who may have signed up since).
    expect(state.listCalls).toBe(2);
    await calls.list();
    calls.clear();
    await calls.progress({ mobile: '9820012345' });
    expect(state.listCalls).toBe(4);
  });
});
