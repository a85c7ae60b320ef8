import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { backoffMs, BodyProblem, boundedStream, declaredTooLarge, NET_DEFAULTS, readBounded, retryAfterMs, RETRY_STATUSES, TOKEN_WITHHELD, withholding, type BodyLimits } from './transport';
import { CHECK_MAX_BYTES } from './platform-check';

const MiB = 1024 * 1024;

describe('the real defaults are the ones docs/decisions/network-and-door.md gives', () => {
  it('each row of the table in "Real networks" matches NET_DEFAULTS', () => {
    const doc = readFileSync(new URL('../../../docs/decisions/network-and-door.md', import.meta.url), 'utf8');
    const rows = [
      `| attempts of a call safe to repeat (the first included) | ${NET_DEFAULTS.attempts} |`,
      `| first backoff wait, doubling up to | ${NET_DEFAULTS.backoffBaseMs / 1000} s, ${NET_DEFAULTS.backoffMaxMs / 1000} s (each wait half to all of it, at random) |`,
      `| longest Retry-After waited | ${NET_DEFAULTS.retryAfterCapMs / 1000} s |`,
      `| all the waits of one call | at most ${NET_DEFAULTS.totalWaitMs / 1000} s |`,
      `| wait for an answer's headers | ${NET_DEFAULTS.headersTimeoutMs / 1000} s |`,
      `| body idle limit (no byte for) | ${NET_DEFAULTS.idleMs / 1000} s |`,
      `| size budget of a write's answer | ${NET_DEFAULTS.maxBytes.write / MiB} MiB |`,
      `| size budget of a read answered whole | ${NET_DEFAULTS.maxBytes.read / MiB} MiB |`,
      `| size budget of a list streamed into the list worker | ${NET_DEFAULTS.maxBytes.stream / MiB} MiB |`,
      `| size budget of an answer the platform check reads | ${CHECK_MAX_BYTES / MiB} MiB |`,
      `| statuses tried again | ${[...RETRY_STATUSES].join(', ')} |`,
    ];
    for (const row of rows) expect(doc).toContain(row);
  });
});

describe('backoff', () => {
  it('doubles from the base, is bounded, and is half to all of its step at random', () => {
    const policy = { backoffBaseMs: 500, backoffMaxMs: 8000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffMs(n, policy, () => 0.999999))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffMs(n, policy, () => 0))).toEqual([250, 500, 1000, 2000, 4000, 4000]);
    const spread = new Set(Array.from({ length: 50 }, () => backoffMs(3, policy)));
    expect(spread.size).toBeGreaterThan(1);
    for (const ms of spread) {
      expect(ms).toBeGreaterThanOrEqual(1000);
      expect(ms).toBeLessThanOrEqual(2000);
    }
  });
});

describe('Retry-After', () => {
  const now = Date.parse('Sat, 05 Dec 2026 19:00:00 GMT');
  it('reads delta seconds and HTTP-dates; a past date is now; anything else is none', () => {
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Sat, 05 Dec 2026 19:00:07 GMT', now)).toBe(7000);
    expect(retryAfterMs('Sat, 05 Dec 2026 18:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-3', now)).toBeNull();
    expect(retryAfterMs('1.5', now)).toBeNull();
  });
});

/** A body that sends `parts`, then (optionally) nothing more, ever. */
function body(parts: string[], then: 'end' | 'stall' | 'break' = 'end'): ReadableStream<Uint8Array> {
  const queue = parts.map((p) => new TextEncoder().encode(p));
  return new ReadableStream({
    pull(controller) {
      const next = queue.shift();
      if (next) return controller.enqueue(next);
      if (then === 'end') return controller.close();
      if (then === 'break') return controller.error(new TypeError('terminated'));
      return new Promise(() => undefined);
    },
  });
}

const limits = (over: Partial<BodyLimits> = {}): BodyLimits & { aborted: number } => {
  const state = { aborted: 0 };
  return Object.assign(state, {
    idleMs: 50,
    maxBytes: 100,
    messages: { idle: 'stalled', broken: 'broken', 'too-large': 'too large' },
    abort: () => void (state.aborted += 1),
    ...over,
  });
};

describe('reading a body within bounds', () => {
  it('reads a body whole', async () => {
    expect(new TextDecoder().decode(await readBounded(body(['{"a":', '1}']), limits()))).toBe('{"a":1}');
  });

  it('a body that stops arriving ends after the idle limit, aborting the request', async () => {
    const l = limits();
    await expect(readBounded(body(['{"a":'], 'stall'), l)).rejects.toMatchObject({ fault: 'idle', message: 'stalled', bytesRead: 5 });
    expect(l.aborted).toBe(1);
  });

  it('a body over its budget is refused at the piece that passes it', async () => {
    const l = limits({ maxBytes: 10 });
    const error = await readBounded(body(['12345', '67890', 'abcde', 'never read']), l).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BodyProblem);
    expect(error).toMatchObject({ fault: 'too-large', bytesRead: 15 });
    expect(l.aborted).toBe(1);
  });

  it('a body that breaks says so', async () => {
    await expect(readBounded(body(['x'], 'break'), limits())).rejects.toMatchObject({ fault: 'broken', message: 'broken' });
  });

  it('a declared length over the budget is refused before reading, unless the body is compressed', () => {
    expect(declaredTooLarge(new Headers({ 'content-length': '101' }), 100)).toBe(true);
    expect(declaredTooLarge(new Headers({ 'content-length': '100' }), 100)).toBe(false);
    expect(declaredTooLarge(new Headers({ 'content-length': '101', 'content-encoding': 'gzip' }), 100)).toBe(false);
    expect(declaredTooLarge(new Headers(), 100)).toBe(false);
  });

  it('a bounded stream follows the same rules; a slow consumer is not idle time', async () => {
    const steady = boundedStream(body(['ab', 'cd']), limits());
    const reader = steady.getReader();
    expect((await reader.read()).value).toEqual(new TextEncoder().encode('ab'));
    // The consumer waits three idle limits before it reads on: the body was not the one waiting.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await reader.read()).value).toEqual(new TextEncoder().encode('cd'));
    expect((await reader.read()).done).toBe(true);

    await expect(new Response(boundedStream(body(['ab'], 'stall'), limits())).arrayBuffer()).rejects.toMatchObject({ fault: 'idle' });
    await expect(new Response(boundedStream(body(['x'.repeat(60), 'y'.repeat(60)]), limits())).arrayBuffer()).rejects.toMatchObject({ fault: 'too-large', bytesRead: 120 });
  });
});

describe('withholding a token a server echoes', () => {
  const token = 'Zq3_k9-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789ab';
  const hide = withholding([token, null]);
  it('replaces the token, and a long enough piece of it (an example cut short), nothing else', () => {
    expect(hide(`Bad token ${token}!`)).toBe(`Bad token ${TOKEN_WITHHELD}!`);
    expect(hide(`{"session":"${token.slice(0, 20)}…`)).toBe(`{"session":"${TOKEN_WITHHELD}…`);
    expect(hide(`x${token}y`)).toBe(`x${TOKEN_WITHHELD}y`);
    expect(hide('An ordinary message about questions-and-answers')).toBe('An ordinary message about questions-and-answers');
    expect(withholding([null, 'short'])('short')).toBe('short');
  });
});
