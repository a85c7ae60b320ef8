import type * as v from 'valibot';
import { userApp } from '../../shared/api/user-app';
import type { CallDef } from '../../shared/api/contract';
import { fail, ok, type Result } from '../../shared/result';
import type { Learner, LearnerWithToken } from '../../shared/schemas/users';

type Call = <O>(def: CallDef, input: Record<string, unknown>, label: string, options?: { learnerToken?: string }) => Promise<Result<O>>;

/** The digits a mobile is known by (+91 and spaces aside), so '+91 98200 12345' finds '9820012345'. */
export const mobileKey = (mobile: string): string => mobile.replace(/\D/g, '').replace(/^91(?=\d{10}$)/, '');

export const NO_SUCH_LEARNER = (mobile: string) => `No learner with the mobile number ${mobile}.`;

/**
 * Learners' tokens stay in main (spec 1: the progress calls carry the learner's token as a Bearer
 * token; the web app passed it in navigation state). Main keeps mobile -> token from the last learner
 * list it fetched, and resolves a learner by mobile for the progress calls: on a miss, or when the
 * server refuses a kept token (401), it fetches the list once more and tries again.
 */
export function createLearnerCalls(call: Call) {
  let tokens = new Map<string, string>();

  async function fetchList(): Promise<Result<LearnerWithToken[]>> {
    const result = await call<LearnerWithToken[]>(userApp.users, {}, 'userApp.users');
    if (result.ok) tokens = new Map(result.data.map((l) => [mobileKey(l.userInfo.mobileNumber), l.userInfo.token]));
    return result;
  }

  async function asLearner<O>(mobile: string, def: CallDef, input: Record<string, unknown>, label: string): Promise<Result<O>> {
    const key = mobileKey(mobile);
    let token = tokens.get(key);
    let refreshed = false;
    if (!token) {
      const list = await fetchList();
      if (!list.ok) return list;
      refreshed = true;
      token = tokens.get(key);
      if (!token) return fail('http', NO_SUCH_LEARNER(mobile), 404);
    }
    const result = await call<O>(def, input, label, { learnerToken: token });
    if (result.ok || result.error.status !== 401 || refreshed) return result;
    // The kept token was replaced on the server since the list was fetched: fetch it anew, once.
    const list = await fetchList();
    if (!list.ok) return list;
    const fresh = tokens.get(key);
    if (!fresh) return fail('http', NO_SUCH_LEARNER(mobile), 404);
    return call<O>(def, input, label, { learnerToken: fresh });
  }

  return {
    /** The learner list for the renderer: tokens removed (and kept here). */
    async list(): Promise<Result<Learner[]>> {
      const result = await fetchList();
      if (!result.ok) return result;
      return ok(result.data.map(({ userInfo: { token: _token, ...userInfo }, ...rest }) => ({ ...rest, userInfo })));
    },
    progress: ({ mobile }: { mobile: string }) =>
      asLearner<v.InferOutput<typeof userApp.progress.output>>(mobile, userApp.progress, {}, 'userApp.progress'),
    conceptProgress: ({ mobile, conceptId }: { mobile: string; conceptId: string }) =>
      asLearner<v.InferOutput<typeof userApp.conceptProgress.output>>(mobile, userApp.conceptProgress, { conceptId }, 'userApp.conceptProgress'),
    /** Forget every kept token (sign-out, another server). */
    clear(): void {
      tokens = new Map();
    },
  };
}
