// The parts of a call that real networks need (see http.ts, which uses them): when to try again and
// how long to wait, and reading an answer's body within an idle limit and a size budget.

/** How main treats a network that misbehaves. Tests pass small values; the defaults are what docs/decisions/network-and-door.md says. */
export interface NetPolicy {
  /** Attempts of a call that is safe to repeat, the first included. */
  attempts: number;
  /** The first backoff wait; each later one doubles, up to `backoffMaxMs`, with jitter (half to all of it). */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** A `Retry-After` up to this is waited; a longer one ends the call with a message naming it. */
  retryAfterCapMs: number;
  /** All the waits of one call together stay under this. */
  totalWaitMs: number;
  /** Until the answer's headers arrive. */
  headersTimeoutMs: number;
  /** The longest pause between two pieces of a body (not a total: a slow but steady answer goes on). */
  idleMs: number;
  /** Size budgets of a body, by what the caller does with it. */
  maxBytes: {
    /** A write's answer (a message, a record). */
    write: number;
    /** A read answered whole (the lists main does not keep, single records). */
    read: number;
    /** A list streamed into main's list worker (`{ stream: true }`). */
    stream: number;
  };
}

const MiB = 1024 * 1024;

export const NET_DEFAULTS: NetPolicy = {
  attempts: 4,
  backoffBaseMs: 500,
  backoffMaxMs: 8_000,
  retryAfterCapMs: 30_000,
  totalWaitMs: 45_000,
  headersTimeoutMs: 30_000,
  idleMs: 20_000,
  maxBytes: { write: 8 * MiB, read: 128 * MiB, stream: 1024 * MiB },
};

/** Statuses that say "not now" rather than "no": a call safe to repeat is tried again. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 429, 502, 503, 504]);

/** The wait before attempt `attempt + 1` (attempt counts from 1): exponential, bounded, half to all of it at random. */
export function backoffMs(attempt: number, policy: Pick<NetPolicy, 'backoffBaseMs' | 'backoffMaxMs'>, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** A `Retry-After` header in ms from `now`: delta seconds or an HTTP-date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP-date (IMF-fixdate, or the obsolete forms Date.parse also reads); one in the past means now.
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Why a body could not be read whole. */
export type BodyFault = 'idle' | 'too-large' | 'broken';

/** A body that could not be read within its bounds (also what a bounded stream errors with). */
export class BodyProblem extends Error {
  override readonly name = 'BodyProblem';
  constructor(
    readonly fault: BodyFault,
    message: string,
    /** The bytes read before it stopped. */
    readonly bytesRead: number,
  ) {
    super(message);
  }
}

export interface BodyLimits {
  idleMs: number;
  maxBytes: number;
  /** The messages of each fault (they name the server and the call). */
  messages: Record<BodyFault, string>;
  /** Ends the request underneath (the connection is not read on). */
  abort: () => void;
}

/** One read of a reader within the idle limit. */
async function readWithin(reader: ReadableStreamDefaultReader<Uint8Array>, limits: BodyLimits, bytesRead: number): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idle = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BodyProblem('idle', limits.messages.idle, bytesRead)), limits.idleMs);
  });
  try {
    return await Promise.race([reader.read(), idle]);
  } catch (error) {
    if (error instanceof BodyProblem) throw error;
    throw new BodyProblem('broken', limits.messages.broken, bytesRead);
  } finally {
    clearTimeout(timer);
  }
}

/** Gives up on a body: the reader is released and the request aborted, so the rest is never read. */
function giveUp(reader: ReadableStreamDefaultReader<Uint8Array>, limits: BodyLimits): void {
  limits.abort();
  reader.cancel().catch(() => undefined);
}

/** A declared length over the budget is refused before a byte of the body is read. */
export function declaredTooLarge(headers: Headers, maxBytes: number): boolean {
  const declared = Number(headers.get('content-length'));
  // A compressed body's declared length is not what it becomes: counted while read instead.
  return !headers.get('content-encoding') && Number.isFinite(declared) && declared > maxBytes;
}

/** Reads a body whole, within the idle limit and the size budget (bytes as they are decoded). */
export async function readBounded(body: ReadableStream<Uint8Array> | null, limits: BodyLimits): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await readWithin(reader, limits, total);
      if (done) break;
      total += value.byteLength;
      if (total > limits.maxBytes) throw new BodyProblem('too-large', limits.messages['too-large'], total);
      parts.push(value);
    }
  } catch (error) {
    giveUp(reader, limits);
    throw error;
  }
  const whole = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.byteLength;
  }
  return whole;
}

/**
 * A body as a stream under the same rules: it errors with a BodyProblem after the idle limit or past
 * the budget. The idle clock runs only while a read waits on the network, never while the consumer
 * (main's list worker) holds the stream back.
 */
export function boundedStream(body: ReadableStream<Uint8Array> | null, limits: BodyLimits): ReadableStream<Uint8Array> {
  if (!body) return new Response('').body!;
  const reader = body.getReader();
  let total = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await readWithin(reader, limits, total);
          if (done) return controller.close();
          total += value.byteLength;
          if (total > limits.maxBytes) throw new BodyProblem('too-large', limits.messages['too-large'], total);
          controller.enqueue(value);
        } catch (error) {
          giveUp(reader, limits);
          controller.error(error);
        }
      },
      cancel(reason) {
        limits.abort();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The message of a failure while a bounded stream was read (its own, or `fallback`). */
export function streamFailureMessage(error: unknown, fallback: string): string {
  return error instanceof BodyProblem ? error.message : fallback;
}

/** Waits `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What a withheld token reads as (a server that echoes one back in a message or a field). */
export const TOKEN_WITHHELD = '(session token withheld)';
/** Runs of token-like characters; one of 12 or more that is part of a secret is withheld (an example cut short keeps only part of one). */
const TOKEN_RUN = /[A-Za-z0-9._~+/=-]{12,}/g;

/** Replaces every secret, and every long enough piece of one, in a text. */
export function withholding(secrets: readonly (string | null | undefined)[]): (text: string) => string {
  const known = secrets.filter((s): s is string => typeof s === 'string' && s.length >= 12);
  if (known.length === 0) return (text) => text;
  return (text) =>
    text.replace(TOKEN_RUN, (run) => {
      let out = run;
      for (const secret of known) {
        if (secret.includes(out)) return TOKEN_WITHHELD;
        out = out.split(secret).join(TOKEN_WITHHELD);
      }
      return out;
    });
}
