/** Bytes per second over a sliding window of samples. */
export class RateMeter {
  private readonly samples: { at: number; bytes: number }[] = [];
  constructor(private readonly windowMs = 3000) {}

  /** Records the running total `bytes` at time `at`. */
  sample(at: number, bytes: number): void {
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && at - this.samples[0]!.at > this.windowMs) this.samples.shift();
  }

  rate(now: number): number {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last === first) return 0;
    // A window that stopped moving (nothing sent lately) reads as 0, not as its old speed.
    if (now - last.at > this.windowMs) return 0;
    const span = last.at - first.at;
    return span > 0 ? Math.round(((last.bytes - first.bytes) * 1000) / span) : 0;
  }

  reset(): void {
    this.samples.length = 0;
  }
}

/**
 * Calls `fire` at most once per `intervalMs`: the first request fires at once, later ones within the
 * interval are merged into one call at its end. One of these serves every event of the queue, so the
 * renderer gets about 10 a second in all, however many uploads run.
 */
export class Throttle {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private last = -Infinity;
  private pending = false;

  constructor(
    private readonly intervalMs: number,
    private readonly fire: () => void,
  ) {}

  request(): void {
    if (this.timer) {
      this.pending = true;
      return;
    }
    const wait = this.last + this.intervalMs - Date.now();
    if (wait <= 0) {
      this.run();
      return;
    }
    this.pending = true;
    this.timer = setTimeout(() => this.tick(), wait);
  }

  private run(): void {
    this.last = Date.now();
    this.pending = false;
    this.fire();
    // Hold the window open so requests inside it wait for its end.
    this.timer = setTimeout(() => this.tick(), this.intervalMs);
  }

  private tick(): void {
    this.timer = null;
    if (this.pending) this.run();
  }

  /** Fires now if something is pending (at the end of the queue's life). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending) {
      this.last = Date.now();
      this.pending = false;
      this.fire();
    }
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = false;
  }
}
