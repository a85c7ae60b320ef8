/**
 * Failed-login throttle, in memory (a restart forgets it, which is acceptable for a reference server
 * and a local sandbox). Failures are counted per email and IP together, and per IP across emails. A
 * key past its free failures is slowed, not locked: each attempt waits a delay that doubles per further
 * failure (capped), and one attempt at a time runs per email and IP, and per IP once that IP is past
 * its own free failures (so parallel guesses for many emails cannot share out the delays). So someone
 * who knows an email
 * cannot lock its owner out (the owner's IP has its own count), and the right password still gets in,
 * only later.
 */
export interface LoginLimits {
  /** Failures of one email from one IP, within the window, before its attempts are slowed. */
  perEmail: number;
  /** Failures from one IP across emails (password spraying) before its attempts are slowed. */
  perIp: number;
  /** The first delay once slowed; it doubles with each further failure, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

// Per IP is looser than per email: an office behind one address has many admins.
export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perEmail: 3, perIp: 30, baseDelayMs: 1000, maxDelayMs: 30_000, windowMs: 15 * 60 * 1000 };

/** One attempt's turn: wait `delayMs` before checking the password, then `end()` it. */
export interface LoginTurn {
  delayMs: number;
  end(): void;
}

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly running = new Set<string>();

  constructor(
    private readonly limits: LoginLimits,
    private readonly now: () => Date,
  ) {}

  /**
   * Starts an attempt: its delay, or null when another attempt of the same email from the same IP is
   * still running (so parallel requests cannot get around the delay).
   */
  begin(email: string, ip: string): LoginTurn | null {
    const pair = pairKey(email, ip);
    const source = ipKey(ip);
    const ipFailures = this.count(source);
    // A source past its free failures gets one attempt at a time, whatever the email.
    const keys = ipFailures >= this.limits.perIp ? [pair, source] : [pair];
    if (keys.some((key) => this.running.has(key))) return null;
    for (const key of keys) this.running.add(key);
    const delayMs = Math.max(this.delayFor(this.count(pair), this.limits.perEmail), this.delayFor(ipFailures, this.limits.perIp));
    let ended = false;
    return {
      delayMs,
      end: () => {
        if (ended) return;
        ended = true;
        for (const key of keys) this.running.delete(key);
      },
    };
  }

  fail(email: string, ip: string): void {
    for (const key of [pairKey(email, ip), ipKey(ip)]) this.failures.set(key, [...this.recent(key), this.now().getTime()]);
    if (this.failures.size > 10_000) this.prune();
  }

  /** A successful login clears that email's failures from that IP (not the IP's: it may try many emails). */
  succeed(email: string, ip: string): void {
    this.failures.delete(pairKey(email, ip));
  }

  private delayFor(failures: number, free: number): number {
    if (failures < free) return 0;
    return Math.min(this.limits.baseDelayMs * 2 ** Math.min(failures - free, 30), this.limits.maxDelayMs);
  }

  private recent(key: string): number[] {
    const since = this.now().getTime() - this.limits.windowMs;
    return (this.failures.get(key) ?? []).filter((time) => time > since);
  }

  private count(key: string): number {
    return this.recent(key).length;
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) {
      const recent = this.recent(key);
      if (recent.length) this.failures.set(key, recent);
      else this.failures.delete(key);
    }
  }
}

const pairKey = (email: string, ip: string): string => `p:${email.trim().toLowerCase()} ${ip}`;
const ipKey = (ip: string): string => `i:${ip}`;

/**
 * Forgot-password throttle: each call writes a mail and a token, so at most `perEmail` calls per email
 * from one IP and `perIp` per IP within `windowMs`; beyond that, 429 until the window moves on. Per
 * email and IP together, not per email alone: otherwise anyone could use up an account's reset mails
 * and keep its owner from resetting. The count never depends on whether the account exists.
 */
export interface ForgotLimits {
  /** Calls for one email from one IP. */
  perEmail: number;
  perIp: number;
  windowMs: number;
}

export const DEFAULT_FORGOT_LIMITS: ForgotLimits = { perEmail: 3, perIp: 20, windowMs: 15 * 60 * 1000 };

export class CallThrottle {
  private readonly calls = new Map<string, number[]>();

  constructor(
    private readonly limits: ForgotLimits,
    private readonly now: () => Date,
  ) {}

  /** Counts the call; false when the email or the IP has used up its calls in the window. */
  allow(email: string, ip: string): boolean {
    const now = this.now().getTime();
    const keys: [string, number][] = [
      [`e:${email.trim().toLowerCase()} ${ip}`, this.limits.perEmail],
      [`i:${ip}`, this.limits.perIp],
    ];
    const recent = keys.map(([key]) => (this.calls.get(key) ?? []).filter((time) => time > now - this.limits.windowMs));
    if (keys.some(([, limit], i) => recent[i]!.length >= limit)) return false;
    keys.forEach(([key], i) => this.calls.set(key, [...recent[i]!, now]));
    if (this.calls.size > 10_000) {
      for (const [key, times] of [...this.calls]) if (!times.some((time) => time > now - this.limits.windowMs)) this.calls.delete(key);
    }
    return true;
  }
}
