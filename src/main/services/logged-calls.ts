/**
 * One log line per call the page makes through main (channel, outcome, time), so that a support request's
 * log shows what the person did before something failed. Failures at warn with their kind, status and
 * message (redacted at the log's door like every line); successes of platform calls at info, of main's own
 * calls at debug (list windows are asked per keystroke). Inputs and answers are never written.
 */
import type { Result } from '../../shared/result';
import type { LogLevel } from './log';

type Handler = (input: unknown) => Promise<Result<unknown>>;
type Write = (level: LogLevel, message: string, details?: Record<string, unknown>) => void;

/** Wraps each handler in place. `localGroups`: the groups main answers itself (the rest reach the platform). */
export function logCalls(handlers: Map<string, Handler>, localGroups: Iterable<string>, write: Write, now: () => number = () => performance.now()): void {
  const local = new Set(localGroups);
  for (const [channel, handler] of handlers) {
    const group = channel.slice(channel.indexOf(':') + 1).split('.')[0] ?? '';
    // The renderer's own log lines are lines already.
    if (channel === 'api:desktop.log') continue;
    const platform = !local.has(group);
    handlers.set(channel, async (input) => {
      const started = now();
      const result = await handler(input);
      const ms = Math.round(now() - started);
      if (result.ok) write(platform ? 'info' : 'debug', `call ${channel}`, { ms });
      else write('warn', `call ${channel} failed`, { kind: result.error.kind, status: result.error.status ?? null, message: result.error.message, ms });
      return result;
    });
  }
}
