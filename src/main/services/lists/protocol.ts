// What main and its list worker (./worker.ts) say to each other. Main imports only this, never the
// worker's code (which runs in a thread of its own).
import type { ListName } from '../../../shared/lists';
import type { CallError } from '../../../shared/result';
import type { WindowView } from '../../../shared/windows';

export type WorkerRequest =
  /** A load starts (queries of it may come at once and wait); then its joins, then its bytes in chunks. */
  | { type: 'begin'; key: string; list: ListName; version: number }
  /** The joined lists (small, whole), before the list's first bytes. */
  | { type: 'joins'; key: string; joins: Record<string, ArrayBuffer> }
  | { type: 'chunk'; key: string; bytes: ArrayBuffer }
  /** The answer is complete: the reply is the list's total, or why it was refused. */
  | { type: 'end'; id: number; key: string }
  /** The load failed in main (the server's error, a lost connection): waiting queries get `error`. */
  | { type: 'fail'; key: string; error: CallError }
  | { type: 'window'; id: number; key: string; view: string; query: WindowView }
  | { type: 'secret'; id: number; key: string; lookup: string }
  /** Find anything: the best records of a whole list for `text`, and its `recent` ids among them. */
  | { type: 'find'; id: number; key: string; text: string; recent: string[]; viewerRole: string | null }
  /** `collect`: after a full garbage collection (what the worker retains, not what it has yet to collect). */
  | { type: 'memory'; id: number; collect?: boolean }
  /** Answered once every chunk before it is read: main waits for it so its chunks never pile up here. */
  | { type: 'ack'; id: number }
  | { type: 'drop'; keys: string[] };

export type WorkerReply =
  | { id: number; ok: true; data: unknown }
  | { id: number; ok: false; error: CallError; issues?: string[] }
  /** Unasked: a load failed here (a broken answer); main stops reading it and forgets it. */
  | { id: 0; ok: false; failedKey: string; error: CallError };

/** The answer to a query of a list this worker no longer keeps (dropped, replaced): main asks again. */
export const GONE = 'This list is no longer kept; ask again.';
