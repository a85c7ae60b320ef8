import type { PlatformStatus } from '../../shared/api';
import type { NetworkEvent } from './http';

export interface ReachabilityDeps {
  /** Tells the window (the 'platform:status' event). */
  emit(status: PlatformStatus): void;
  /** Whether the server at an origin answers at all (any HTTP answer counts, even an error). */
  probe(origin: string): Promise<boolean>;
  /**
   * The origins of the connection now: what a call to another one finds (a server the console was
   * connected to before, a list still loading from it) says nothing of the platform the window shows.
   */
  current?: () => readonly string[];
  /** How often the server is asked while it cannot be reached. */
  probeEveryMs?: number;
  log(message: string, details?: Record<string, unknown>): void;
}

/** While the platform cannot be reached, main asks it this often whether it answers again. */
export const PROBE_EVERY_MS = 5_000;

/**
 * Whether the platform can be reached, as the calls find it: a call with no answer at all makes it
 * unreachable, any answer reachable again. While it is unreachable main asks it every few seconds
 * itself, since the window's screens make no calls then (they wait for this event), so the window
 * hears at once when it is back.
 */
export function createReachability(deps: ReachabilityDeps) {
  let down: { origin: string; since: number } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const every = deps.probeEveryMs ?? PROBE_EVERY_MS;

  const isCurrent = (origin: string): boolean => !deps.current || deps.current().includes(origin);

  function schedule(): void {
    if (timer || !down) return;
    timer = setTimeout(() => {
      timer = null;
      const origin = down?.origin;
      if (!origin) return;
      // The connection changed while it was gone: the window is told it is over, nothing is asked of it.
      if (!isCurrent(origin)) return back(origin);
      void deps.probe(origin).then(
        (answered) => (answered ? back(origin) : schedule()),
        () => schedule(),
      );
    }, every);
    timer.unref?.();
  }

  function back(origin: string): void {
    if (!down) return;
    deps.log('platform answers again', { origin, downMs: Date.now() - down.since });
    down = null;
    if (timer) clearTimeout(timer);
    timer = null;
    deps.emit({ state: 'reachable', origin });
  }

  return {
    /** What the http client learned from a call. */
    onNetwork(event: NetworkEvent): void {
      if (!isCurrent(event.origin)) return;
      if (event.kind === 'answered') return back(event.origin);
      if (event.kind === 'waiting') return deps.emit({ state: 'waiting', origin: event.origin, waitMs: event.ms });
      // Said again at each call that finds it gone (the window shows it once); `since` stays the first.
      down ??= { origin: event.origin, since: Date.now() };
      deps.emit({ state: 'unreachable', origin: down.origin, since: down.since });
      schedule();
    },
    close(): void {
      if (timer) clearTimeout(timer);
      timer = null;
      down = null;
    },
  };
}

/** Asks an origin for anything: any HTTP answer within `timeoutMs` means the server is there. */
export async function probeOrigin(origin: string, timeoutMs = 5_000): Promise<boolean> {
  try {
    const response = await fetch(origin, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel().catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}
