import { create } from 'zustand';
import type { UserDetails } from '../../shared/schemas/admin-auth';
import type { SessionView } from '../../shared/api/app';

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
