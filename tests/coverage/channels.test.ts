/**
 * Every channel main answers (each contract entry, each local call, each preload-only channel) is called
 * through main's handlers, with a successful answer, by at least one integration test that really ran in
 * this run (a refusal of bad input alone does not show the channel works). It reads the
 * call log the harness's tracked cores write (tests/integration/call-log.ts): text in a source file, a
 * comment, or a skipped test counts for nothing. A new entry needs a test that calls it, nothing else.
 * It runs after the other projects (vitest.config.ts: groupOrder), so only in a run of the whole suite.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { channelOf, contract, local } from '../../src/shared/api';
import { PRELOAD_CHANNELS } from '../../src/shared/api/app';
import type { CallDef } from '../../src/shared/api/contract';
import { CALL_LOG_ENV, type LoggedCall } from '../integration/call-log';

/** Every channel main's core registers, by the definitions (not by the core: a missing handler is its own failure). */
export function mainChannels(): string[] {
  const contractChannels = Object.entries(contract).flatMap(([group, calls]) =>
    Object.entries(calls as Record<string, CallDef>)
      .filter(([, def]) => def.exposed !== false)
      .map(([name]) => channelOf(group, name)),
  );
  const localChannels = Object.entries(local).flatMap(([group, calls]) => Object.keys(calls).map((name) => channelOf(group, name)));
  return [...contractChannels, ...localChannels, ...Object.values(PRELOAD_CHANNELS)];
}

function loggedCalls(): LoggedCall[] {
  const dir = process.env[CALL_LOG_ENV];
  if (!dir) throw new Error(`${CALL_LOG_ENV} is not set (vitest.config.ts sets it)`);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as LoggedCall);
}

describe("main's channels", () => {
  it('each one is answered with success through main\'s handlers in an integration test of this run', () => {
    const calls = loggedCalls();
    expect(calls.length, 'No integration test ran in this run: the check needs the whole suite (npx vitest run).').toBeGreaterThan(0);
    const called = new Set(calls.filter((c) => c.ok).map((c) => c.channel));
    const missing = mainChannels().filter((channel) => !called.has(channel));
    expect(missing, 'channels no integration test called with a successful answer through main\'s handlers').toEqual([]);
  });
});
