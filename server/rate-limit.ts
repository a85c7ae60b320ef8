/**
 * Failed-login limiter, in memory: at most `maxFailures` failures per key (an email, an IP) within
 * `windowMs`. A restart forgets it, which is acceptable for a reference server and a local sandbox.
 */
export interface LoginLimits {
  perEmail: number;
  perIp: number;
  windowMs: number;
}

// Per IP is looser than per email: an office behind one address has many admins.
export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perEmail: 5, perIp: 30, windowMs: 15 * 60 * 1000 };

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: LoginLimits,
    private readonly now: () => Date,
  ) {}

  /** True when this email or this IP has used up its failures in the window. */
  blocked(email: string, ip: string): boolean {
    return this.count(`e:${email.toLowerCase()}`) >= this.limits.perEmail || this.count(`i:${ip}`) >= this.limits.perIp;
  }

  fail(email: string, ip: string): void {
    for (const key of [`e:${email.toLowerCase()}`, `i:${ip}`]) {
      this.failures.set(key, [...this.recent(key), this.now().getTime()]);
    }
    if (this.failures.size > 10_000) this.prune();
  }

  /** A successful login clears the email's failures (not the IP's: one IP may try many emails). */
  succeed(email: string): void {
    this.failures.delete(`e:${email.toLowerCase()}`);
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
