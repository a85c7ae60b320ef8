import { create } from 'zustand';
import type { UserDetails } from '../../shared/schemas/admin-auth';
import type { SessionView } from '../../shared/api/app';
import type { Result } from '../../shared/result';

type TokenStore = SessionView['tokenStore'];

interface SessionState {
  /** 'loading' until session.current() has answered at start. */
  status: 'loading' | 'ready';
  user: UserDetails | null;
  tokenStore: TokenStore | null;
  setSession: (view: SessionView) => void;
  clear: () => void;
}

/** The signed-in admin as main reports it. The token never reaches the renderer. */
export const useSession = create<SessionState>()((set) => ({
  status: 'loading',
  user: null,
  tokenStore: null,
  setSession: (view) => set({ status: 'ready', user: view.user, tokenStore: view.tokenStore }),
  clear: () => set({ status: 'ready', user: null }),
}));

let askedAtStart: Promise<Result<SessionView>> | null = null;

/**
 * Asks main for the session as the page starts, before React renders: the question then travels with
 * the preferences' (the app shows nothing until those are in), not after their answer.
 */
export function askSessionAtStart(): void {
  askedAtStart ??= window.api.session.current();
}

/** The answer to the question asked at start, once; a new question after that (or without one). */
export function currentSession(): Promise<Result<SessionView>> {
  const asked = askedAtStart ?? window.api.session.current();
  askedAtStart = null;
  return asked;
}
