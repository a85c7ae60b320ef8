/** Retry timing of the bulk queue: exponential, capped, with jitter so parallel items do not retry in step. */
export interface BackoffOptions {
  /** The first delay, ms. */
  baseMs: number;
  /** No delay longer than this, ms. */
  capMs: number;
}

export const RETRY_BACKOFF: BackoffOptions = { baseMs: 1000, capMs: 60_000 };
/** How often an unreachable server is asked again. */
export const PROBE_BACKOFF: BackoffOptions = { baseMs: 1000, capMs: 30_000 };

/**
 * The delay before attempt `failures + 1`: base x 2^(failures - 1), capped, then "equal jitter" (a
 * random point in the upper half), so the wait never collapses to nothing yet spreads out.
 * `random` returns [0, 1) (injected for tests).
 */
export function backoffDelay(failures: number, random: () => number, options: BackoffOptions = RETRY_BACKOFF): number {
  const exp = Math.min(options.capMs, options.baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}
