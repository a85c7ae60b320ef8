import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value the media workers take: main's event loop comes first whenever they fill every core. */
export const WORKER_NICE = 10;

/**
 * Lowers the calling thread's scheduling priority, and only that thread's. Linux keeps a nice value per
 * thread (setpriority on a thread id reaches that one thread) and /proc/thread-self names the calling
 * thread. Elsewhere a process has one priority, shared with main, which this leaves alone. Returns the
 * thread id it lowered, or null where it did nothing.
 */
export function lowerThisThreadPriority(nice = WORKER_NICE, platform: NodeJS.Platform = process.platform): number | null {
  if (platform !== 'linux') return null;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(threadId) || threadId <= 0) return null;
    setPriority(threadId, nice);
    return threadId;
  } catch {
    // No /proc, or a sandbox that refuses setpriority: the worker runs at main's priority, as before.
    return null;
  }
}
