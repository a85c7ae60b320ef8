import type { ApiOf } from './contract';
import { adminAuth } from './admin-auth';
import { questionBank } from './question-bank';
import { videoRepository } from './video-repository';
import { library } from './library';
import { businessIdeas } from './business-ideas';
import { userApp } from './user-app';
import { mentorship } from './mentorship';
import { local } from './app';
import type { BulkEvent } from '../schemas/bulk';
import type { BatchProgress } from '../batch';
import type { UpdateState } from '../schemas/desktop';

/** Every platform call, by service group. Adding a call is adding an entry to one of these tables. */
export const contract = { adminAuth, questionBank, videoRepository, library, businessIdeas, mentorship, userApp };
export type Contract = typeof contract;

export { local };
export type Local = typeof local;

/** Events main pushes to the renderer. */
import type { AppCommand } from '../shortcuts';

import type { ServiceName } from './contract';

export interface ApiEvents {
  /** The session ended without the user asking (a 401, or a token the keychain lost). */
  'session:ended': { reason: string };
  /** A deep link asked for a screen (content-console://reset-password?token=...). */
  navigate: { path: string };
  /**
   * An upload's progress (multipart calls), at most about 10 a second per upload and once at the end
   * (sent === total). `rate`: bytes per second over the last second or so.
   */
  'upload:progress': { uploadId: string; sent: number; total: number; rate: number };
  /** The bulk queue changed (at most about 10 a second in all; see BulkEvent). */
  'bulk:changed': BulkEvent;
  /** A bulk action's progress (batch.run), at most about 10 a second and once at the end. */
  'batch:progress': BatchProgress;
  /** Updates changed (found, downloading, ready and offered, deferred, failed). */
  'desktop:update': UpdateState;
  /** A command chosen in the native menu (the same the keys run in the page). */
  'app:command': { command: AppCommand };
  /** Whether the platform can be reached (main's calls find out; see services/reachability.ts). */
  'platform:status': PlatformStatus;
  /** Something main could not do that the person should know of, said once (History could not be saved). */
  'app:notice': { message: string };
  /** Main wrote to a service outside any screen's call (a bulk upload, a folder import): its lists are stale. */
  'lists:changed': { service: ServiceName };
}

/**
 * The platform as main's calls find it: `unreachable` (no answer at all, since `since`, ms since the
 * epoch; said again at each call that finds it so), `reachable` again, or `waiting` on a 429's Retry-After.
 */
export type PlatformStatus =
  | { state: 'reachable'; origin: string }
  | { state: 'unreachable'; origin: string; since: number }
  | { state: 'waiting'; origin: string; waitMs: number };
export type ApiEventName = keyof ApiEvents;

/** The ipc channel of an event (main sends on it, the preload listens on it). */
export const eventChannel = (event: ApiEventName): string => `event:${event}`;

/** window.api: one function per exposed call, plus event subscription. */
export type Api = ApiOf<Contract> &
  ApiOf<Local> & {
    on<E extends ApiEventName>(event: E, listener: (payload: ApiEvents[E]) => void): () => void;
  };

export * from './contract';
