import type { CallError, Result } from '../../shared/result';

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
