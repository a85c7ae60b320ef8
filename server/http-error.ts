/** What a handler throws to answer with `{ error: true, errorMessage }` and a status that says what happened. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

/**
 * What a 500 logs: the route, the error's code and its message, nothing else. Database errors carry
 * the statement's parameters (names, emails, tokens' hashes) and details with row values; none of that
 * may reach a log.
 */
export function errorSummary(route: string, error: unknown): { route: string; code: string | null; message: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return {
    route,
    code: typeof code === 'string' || typeof code === 'number' ? String(code) : null,
    message: error instanceof Error ? error.message : String(error),
  };
}
