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
