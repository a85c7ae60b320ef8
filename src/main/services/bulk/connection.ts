import { backoffDelay, PROBE_BACKOFF } from './backoff';

export interface ConnectionHost {
  /** True when the server answers (any HTTP answer counts). */
  probe(): Promise<boolean>;
  random(): number;
  closed(): boolean;
  /** The queue went offline or came back (the view hears of it). */
  changed(): void;
  /** The server answers again: the queue carries on. */
  back(): void;
}

/**
 * Whether the queue's server answers: one probe at a time however many ask, and while the queue is
 * offline, probes with backoff until the server answers again.
 */
export class Connection {
  offline = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private probing: Promise<boolean> | null = null;

  constructor(private readonly host: ConnectionHost) {}

  serverAnswers(): Promise<boolean> {
    this.probing ??= this.host
      .probe()
      .catch(() => false)
      .finally(() => (this.probing = null));
    return this.probing;
  }

  /** Nothing starts while offline; the server is probed with backoff until it answers. */
  goOffline(): void {
    if (this.offline || this.host.closed()) return;
    this.offline = true;
    this.host.changed();
    let failures = 0;
    const again = () => {
      failures += 1;
      this.timer = setTimeout(async () => {
        this.timer = null;
        if (this.host.closed()) return;
        if (!(await this.serverAnswers())) return again();
        this.offline = false;
        this.host.back();
      }, backoffDelay(failures, () => this.host.random(), PROBE_BACKOFF));
    };
    again();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
