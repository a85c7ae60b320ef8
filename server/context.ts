import type * as v from 'valibot';
import type { CallDef, Contract } from '../src/shared/api/index';
import type { AdminRow } from './admin-auth/queries';
import type { Db } from './db';
import type { Outbox } from './outbox';
import type { CallThrottle, LoginLimiter } from './rate-limit';
import type { MediaStore, ReceivedFile } from './media';

/** What every handler receives besides its validated input. */
export interface HandlerContext {
  /** The signed-in admin (Active, role Admin or Super Admin); null on calls with auth 'none'. */
  admin: AdminRow | null;
  /** SHA-256 of the caller's session token, when signed in. */
  sessionHash: string | null;
  /** Calls with `credential: 'learner'`: the learner's app token the request carried (the handler resolves it). */
  learnerToken: string | null;
  db: Db;
  now(): Date;
  ip: string;
  outbox: Outbox;
  limiter: LoginLimiter;
  /** forgot-password calls per email and per IP. */
  forgotThrottle: CallThrottle;
  /** Web base for links in messages (`<base>/#/reset-password?token=...`), when configured. */
  resetLinkBase: string | undefined;
  /** Stored media (uploads, previews). */
  media: MediaStore;
  /** Multipart calls: the file parts received, by field (stored in temp files until committed). */
  uploads: Readonly<Record<string, ReceivedFile>>;
  /** `http://host:port` as the client reached the server: absolute media URLs are built on it. */
  origin: string;
}

/** Envelope fields: `message` (defaults to 'OK') plus the data field(s) of the call. */
export type HandlerResult = { message?: string } & Record<string, unknown>;

export type Handler<C extends CallDef> = (input: v.InferOutput<C['input']>, ctx: HandlerContext) => Promise<HandlerResult>;

/** One service's handlers, keyed exactly like its contract group. */
export type ServiceHandlers<G extends keyof Contract> = {
  [K in keyof Contract[G]]: Contract[G][K] extends CallDef ? Handler<Contract[G][K]> : never;
};

export type Handlers = { [G in keyof Contract]: ServiceHandlers<G> };
