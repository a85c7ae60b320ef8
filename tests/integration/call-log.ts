/**
 * Which of main's channels the integration tests really call: every handler of a tracked core writes a
 * line (channel, test, whether the answer was ok) to the run's call log when it is called inside a
 * running test. The coverage check (tests/coverage) reads the log after the suite: a channel no test
 * called with success fails it, whatever the sources say.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Core } from '../../src/main/core';

/** Set by vitest.config.ts for the whole run: one fresh folder per run. */
export const CALL_LOG_ENV = 'CC_CALL_LOG';

export interface LoggedCall {
  channel: string;
  test: string;
  file: string;
  /** The answer was a success (a refusal alone does not show the channel works). */
  ok: boolean;
}

/** The running test, or null in a hook (a beforeAll's login is set-up, not a test of the channel). */
function runningTest(): { test: string; file: string } | null {
  const state = expect.getState();
  return state.currentTestName ? { test: state.currentTestName, file: state.testPath ?? '' } : null;
}

function record(channel: string, test: { test: string; file: string }, ok: boolean): void {
  const dir = process.env[CALL_LOG_ENV];
  if (!dir) return;
  const line: LoggedCall = { channel, ...test, ok };
  appendFileSync(join(dir, `calls-${process.pid}.jsonl`), `${JSON.stringify(line)}\n`);
}

/** Wraps every handler of the core (renderer and preload channels) so that calls are logged. */
export function trackCalls<T extends Pick<Core, 'handlers' | 'preloadHandlers'>>(core: T): T {
  for (const map of [core.handlers, core.preloadHandlers]) {
    for (const [channel, handler] of map) {
      map.set(channel, async (input) => {
        const test = runningTest();
        const answer = await handler(input);
        if (test) record(channel, test, answer.ok);
        return answer;
      });
    }
  }
  return core;
}
