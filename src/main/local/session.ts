import type * as v from 'valibot';
import { contract, type LocalImpl, type Local } from '../../shared/api';
import type { SessionView } from '../../shared/api/app';
import { MSG } from '../../shared/messages';
import { fail, ok } from '../../shared/result';
import type { CallHttp } from '../services/http';
import type { PasswordEncoder } from '../services/password';
import type { Session } from '../services/session';
import type { TokenStore } from '../services/token-stores';

/** Logout waits this long for the server at most; the local session is cleared either way. */
const LOGOUT_TIMEOUT_MS = 5_000;

export interface SessionGroupDeps {
  session: Session;
  tokenStore: TokenStore;
  encoder: PasswordEncoder;
  call: CallHttp;
  /** The connected server's origin, or null. */
  origin(): string | null;
  /** After the local session is cleared (main forgets what belonged to it, such as learners' tokens). */
  onSignedOut?(): void;
  log(message: string, details?: Record<string, unknown>): void;
}

/**
 * The session calls: they wrap the admin-auth calls that carry passwords or the token, so encoding
 * and the keychain stay in main.
 */
export function createSessionGroup(deps: SessionGroupDeps) {
  const { session, encoder, call } = deps;
  const view = (): SessionView => ({ user: session.currentUser(), tokenStore: deps.tokenStore.kind });

  /**
   * Signs out: the server deletes the session record first (so the old token stops working there),
   * then the keychain entry and the details go. A server that cannot be reached (or says the session
   * was over already) still gets the local session cleared.
   */
  async function signOut(): Promise<void> {
    if (session.currentToken()) {
      const ended = await call(contract.adminAuth.logout, {}, 'adminAuth.logout', { timeoutMs: LOGOUT_TIMEOUT_MS, ignoreUnauthorized: true });
      if (!ended.ok) deps.log('server logout failed; clearing the local session anyway', { kind: ended.error.kind, status: ended.error.status });
    }
    await session.clear();
    deps.onSignedOut?.();
  }

  const calls: LocalImpl<Local>['session'] = {
    current: async () => ok(view()),
    login: async ({ email, password }) => {
      const result = await call<v.InferOutput<typeof contract.adminAuth.login.output>>(
        contract.adminAuth.login,
        { email, encryptedPassword: encoder.encode(password) },
        'adminAuth.login',
      );
      if (!result.ok) return result;
      const here = deps.origin();
      if (!here) return fail('network', 'No server is connected.');
      // Signed in again (the same account or another): the previous session ends on the server too,
      // rather than staying valid for the rest of its hours with nobody holding it.
      if (session.currentToken()) await signOut();
      await session.start(here, result.data.userDetails, result.data.token);
      return ok({ message: MSG.loginSuccessful, session: view() });
    },
    logout: async () => {
      await signOut();
      return ok(view());
    },
    changePassword: async ({ email, oldPassword, newPassword }) => {
      const user = session.currentUser();
      if (!user) return fail('auth', 'Your session has ended. Please log in again.', 401);
      return call(
        contract.adminAuth.changePassword,
        { id: user.id, email, encryptedOldPassword: encoder.encode(oldPassword), encryptedNewPassword: encoder.encode(newPassword) },
        'adminAuth.changePassword',
      );
    },
    resetPassword: async ({ token, password }) =>
      call(contract.adminAuth.resetPassword, { token, encryptedPassword: encoder.encode(password) }, 'adminAuth.resetPassword'),
    forgotPassword: async (input) => call(contract.adminAuth.forgotPassword, input, 'adminAuth.forgotPassword'),
  };

  return { calls, signOut, view };
}
