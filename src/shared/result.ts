/** Every call across the process boundary returns a Result; nothing is thrown across IPC. */
/** `cancelled`: the user cancelled the call (an upload); nothing was stored. */
export type ErrorKind = 'validation' | 'http' | 'network' | 'auth' | 'parse' | 'cancelled';

export interface CallError {
  kind: ErrorKind;
  status?: number;
  message: string;
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: CallError };

export const ok = <T>(data: T): Result<T> => ({ ok: true, data });
export const fail = (kind: ErrorKind, message: string, status?: number): Result<never> => ({
  ok: false,
  error: status === undefined ? { kind, message } : { kind, message, status },
});
