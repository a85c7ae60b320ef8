/** Every call across the process boundary returns a Result; nothing is thrown across IPC. */
/** `cancelled`: the user cancelled the call (an upload); nothing was stored. */
/** `conflict`: the record changed on the server since its dialog opened; nothing was stored. */
export type ErrorKind = 'validation' | 'http' | 'network' | 'auth' | 'parse' | 'cancelled' | 'conflict';

/** A record changed (or deleted) by someone else since the dialog showed it. */
export interface Conflict {
  /** Who changed it and when, where the record says so. */
  by?: string;
  at?: string;
  /** The record's fields whose values differ between the record shown and the record now. */
  fields: string[];
  /** The record as it is now; null when it is gone. */
  current: unknown;
  /** A sequence save: the order the screen started from and the order on the server now. */
  order?: OrderConflict;
}

/** One record of an order, as the person knows it. */
export interface OrderItem {
  id: string;
  label: string;
}

/** Two orders of the same list: the one a screen started from, the one on the server now. */
export interface OrderConflict {
  started: OrderItem[];
  now: OrderItem[];
}

export interface CallError {
  kind: ErrorKind;
  status?: number;
  message: string;
  conflict?: Conflict;
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: CallError };

export const ok = <T>(data: T): Result<T> => ({ ok: true, data });
export const fail = (kind: ErrorKind, message: string, status?: number): Result<never> => ({
  ok: false,
  error: status === undefined ? { kind, message } : { kind, message, status },
});
