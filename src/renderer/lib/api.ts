import type { CallError, Result } from '../../shared/result';
import { MSG } from '../../shared/messages';

/** A failed call as an Error, for TanStack Query (which wants queryFn to throw). */
export class ApiError extends Error {
  readonly kind: CallError['kind'];
  readonly status?: number;
  constructor(error: CallError) {
    super(error.message);
    this.name = 'ApiError';
    this.kind = error.kind;
    if (error.status !== undefined) this.status = error.status;
  }
}

/** Resolves with the data of an ok Result, rejects with an ApiError otherwise. */
export async function unwrap<T>(pending: Promise<Result<T>>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw new ApiError(result.error);
  return result.data;
}

/** The message to show for anything a query or mutation rejected with. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * A failed Result whose failure carries no server message (none at all, or only the transport's generic
 * 'Something went wrong...' for an answer without an errorMessage) gets the spec's fallback text
 * ('Category Not Added, Please Try Again', ...). Server messages and network texts stay as they are.
 */
export function withFallback<T>(result: Result<T>, fallback: string): Result<T> {
  if (result.ok) return result;
  const { message, kind } = result.error;
  const generic = !message || ((kind === 'http' || kind === 'parse') && message.startsWith(MSG.somethingWentWrong));
  return generic ? { ok: false, error: { ...result.error, message: fallback } } : result;
}

/** The server's success message in a saved form's data (EntityDialog's onSuccess gets unknown), else `fallback`. */
export function successMessage(data: unknown, fallback: string): string {
  const message = (data as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : fallback;
}
