import type * as v from 'valibot';
import { userApp } from '../../shared/api/user-app';
import type { CallDef } from '../../shared/api/contract';
import { fail, ok, type Result } from '../../shared/result';
import type { Learner, LearnerWithToken } from '../../shared/schemas/users';
import { mobileKey } from '../../shared/lists';

type Call = <O>(def: CallDef, input: Record<string, unknown>, label: string, options?: { learnerToken?: string }) => Promise<Result<O>>;

export { mobileKey };

export const NO_SUCH_LEARNER = (mobile: string) => `No learner with the mobile number ${mobile}.`;

/** Where learners' tokens come from: main's kept learner list (services/lists/windows.ts), by mobile key. */
export interface LearnerTokens {
  /** The token of the learner with this mobile key; null when the kept list has no such learner. */
  tokenOf(key: string): Promise<Result<string | null>>;
  /** Drop the kept list: the next lookup fetches it again. */
  refresh(): void;
}

/**
 * Learners' tokens stay in main (spec 1: the progress calls carry the learner's token as a Bearer
 * token; the web app passed it in navigation state). The tokens come from the learner list main keeps
 * in its list worker (the Users screen's window of it), looked up by mobile: on a miss, or when the
 * server refuses a kept token (401), the list is fetched once more and the call tried again.
 */
export function createLearnerCalls(call: Call, tokens: LearnerTokens) {
  async function lookup(mobile: string): Promise<Result<string>> {
    const token = await tokens.tokenOf(mobileKey(mobile));
    if (!token.ok) return token;
    return token.data === null ? fail('http', NO_SUCH_LEARNER(mobile), 404) : ok(token.data);
  }

  async function asLearner<O>(mobile: string, def: CallDef, input: Record<string, unknown>, label: string): Promise<Result<O>> {
    let token = await lookup(mobile);
    let refreshed = false;
    if (!token.ok && token.error.status === 404) {
      // A learner who signed up since the list was kept.
      tokens.refresh();
      refreshed = true;
      token = await lookup(mobile);
    }
    if (!token.ok) return token;
    const result = await call<O>(def, input, label, { learnerToken: token.data });
    if (result.ok || result.error.status !== 401 || refreshed) return result;
    // The kept token was replaced on the server since the list was fetched: fetch it anew, once.
    tokens.refresh();
    const fresh = await lookup(mobile);
    if (!fresh.ok) return fresh;
    return call<O>(def, input, label, { learnerToken: fresh.data });
  }

  return {
    /** The learner list for the renderer: tokens removed. (Screens use the kept list's windows instead.) */
    async list(): Promise<Result<Learner[]>> {
      const result = await call<LearnerWithToken[]>(userApp.users, {}, 'userApp.users');
      if (!result.ok) return result;
      return ok(result.data.map(({ userInfo: { token: _token, ...userInfo }, ...rest }) => ({ ...rest, userInfo })));
    },
    progress: ({ mobile }: { mobile: string }) =>
      asLearner<v.InferOutput<typeof userApp.progress.output>>(mobile, userApp.progress, {}, 'userApp.progress'),
    conceptProgress: ({ mobile, conceptId }: { mobile: string; conceptId: string }) =>
      asLearner<v.InferOutput<typeof userApp.conceptProgress.output>>(mobile, userApp.conceptProgress, { conceptId }, 'userApp.conceptProgress'),
    /** Forget every kept token (sign-out, another server). */
    clear(): void {
      tokens.refresh();
    },
  };
}
