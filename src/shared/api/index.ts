import type { ApiOf } from './contract';
import { adminAuth } from './admin-auth';
import { questionBank } from './question-bank';
import { videoRepository } from './video-repository';
import { local } from './app';

/** Every platform call, by service group. Adding a call is adding an entry to one of these tables. */
export const contract = { adminAuth, questionBank, videoRepository };
export type Contract = typeof contract;

export { local };
export type Local = typeof local;

/** Events main pushes to the renderer. */
export interface ApiEvents {
  /** The session ended without the user asking (a 401, or a token the keychain lost). */
  'session:ended': { reason: string };
  /** A deep link asked for a screen (content-console://reset-password?token=...). */
  navigate: { path: string };
}
export type ApiEventName = keyof ApiEvents;

/** window.api: one function per exposed call, plus event subscription. */
export type Api = ApiOf<Contract> &
  ApiOf<Local> & {
    on<E extends ApiEventName>(event: E, listener: (payload: ApiEvents[E]) => void): () => void;
  };

export * from './contract';
