/**
 * A bulk queue belongs to the server and account it was filled for: signed out on server A and signed
 * in on server B, the waiting items do not go to B. The queue stays paused and says for whom it was
 * prepared, until the person moves it; then it uploads to B. Also across a restart of main.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { createCore, type Core } from '../../src/main/core';
import { writeVideos } from '../../src/main/services/bulk/testing';
import { memoryTokenStore, type TokenStore } from '../../src/main/services/token-stores';
import { channelOf } from '../../src/shared/api';
import { PRELOAD_CHANNELS } from '../../src/shared/api/app';
import type { Result } from '../../src/shared/result';
import type { BulkOverall, BulkQueueStatus } from '../../src/shared/schemas/bulk';
import type { BusinessIdea } from '../../src/shared/schemas/business-ideas';
import type { Keyword, LibraryFile } from '../../src/shared/schemas/library';
import { ADMIN, expectOk, seededCopy } from './harness';
import type { SeededStorage } from './seed-template';

let root: string;
let a: RunningServer;
let b: RunningServer;
let storage: SeededStorage | undefined;
const tokens: TokenStore = memoryTokenStore();
const cores: Core[] = [];
const NAMES = ['Owner_one.mp4', 'Owner_two.mp4'];
const TITLES = ['Owner one', 'Owner two'];

async function openCore(): Promise<Core> {
  const core = await createCore({ stateDir: join(root, 'state'), tokenStore: tokens, startSandbox: async () => a, emit: () => undefined });
  cores.push(core);
  return core;
}
const caller = (core: Core) => async <T>(group: string, name: string, input: unknown = {}) => (await core.handlers.get(channelOf(group, name))!(input)) as Result<T>;
type StatusAnswer = { status: BulkQueueStatus; overall: BulkOverall };

/** Business ideas and keywords of the server signed in now (each server has its own ids). */
async function defaultsHere(call: ReturnType<typeof caller>) {
  const ideas = expectOk(await call<BusinessIdea[]>('businessIdeas', 'all'));
  const keywords = expectOk(await call<Keyword[]>('library', 'keywords'));
  return { description: 'Queued for its owner.', type: 'Interview', businessIdeas: [ideas[0]!._id], keywords: [keywords[0]!._id] };
}
const titlesOn = async (call: ReturnType<typeof caller>) => expectOk(await call<LibraryFile[]>('library', 'mediaList')).map((f) => f.title).filter((t) => TITLES.includes(t));

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cc-int-bulk-owner-'));
  // A from the run's seeded template; B seeded on its own, so that its demo records have ids of their own.
  storage = await seededCopy(join(root, 'a'));
  [a, b] = await Promise.all([
    startServer({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl, host: '127.0.0.1', port: 0, admin: ADMIN }),
    startServer({ dataDir: join(root, 'b'), host: '127.0.0.1', port: 0, seedDemo: true, admin: ADMIN, reuseFreshCluster: true }),
  ]);
  await writeVideos(join(root, 'files'), NAMES, 64 * 1024);
}, 120_000);
afterAll(async () => {
  for (const core of cores) await core.close();
  await Promise.all([a?.close(), b?.close()]);
  await storage?.remove();
  await rm(root, { recursive: true, force: true });
});

describe('the bulk queue and the account it was filled for', () => {
  it('signed in on another server it stays paused and says so; moved, it uploads there', async () => {
    let core = await openCore();
    let call = caller(core);
    expectOk(await call('session', 'login', ADMIN));
    // Filled on A (the sandbox connection), not started.
    expectOk((await core.preloadHandlers.get(PRELOAD_CHANNELS.bulkDropped)!({ paths: [join(root, 'files')] })) as Result<unknown>);
    expectOk(await call('bulk', 'edit', { ids: 'all', patch: await defaultsHere(call) }));

    // Signed out on A, signed in on B (switching the connection signs out).
    expectOk(await call('session', 'logout'));
    expectOk(await call('settings', 'setConnection', { kind: 'remote', url: b.url }));
    expectOk(await call('session', 'login', ADMIN));
    const held = expectOk(await call<StatusAnswer>('bulk', 'start'));
    // The local sandbox is one server whatever port it runs on: it is named, not its address.
    const notice = `This queue was prepared for the local sandbox as ${ADMIN.email}. You are signed in to ${b.url} as ${ADMIN.email}: move the queue here to upload it here, or sign in there to upload it there.`;
    expect(held.status).toMatchObject({ running: false, active: false, foreign: true, notice });
    // "Start this one" is held too.
    const rows = expectOk(await call<{ rows: { id: string }[] }>('bulk', 'list', {})).rows;
    expectOk(await call('bulk', 'retryItems', { ids: [rows[0]!.id] }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await titlesOn(call)).toEqual([]);

    // Still held after a restart of main (the session on B is restored).
    await core.close();
    cores.pop();
    core = await openCore();
    call = caller(core);
    expect(expectOk(await call<StatusAnswer>('bulk', 'status')).status.foreign).toBe(true);
    expect(expectOk(await call<StatusAnswer>('bulk', 'start')).status.running).toBe(false);

    // The explicit choice: moved here, with B's own business ideas and keywords, it uploads to B.
    expectOk(await call('bulk', 'edit', { ids: 'all', patch: await defaultsHere(call) }));
    const moved = expectOk(await call<StatusAnswer>('bulk', 'moveHere'));
    expect(moved.status).toMatchObject({ running: true, foreign: false, notice: null });
    let done: BulkQueueStatus | undefined;
    for (let tries = 0; tries < 300 && (await titlesOn(call)).length < 2; tries += 1) {
      done = expectOk(await call<StatusAnswer>('bulk', 'status')).status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(done?.notice ?? null).toBeNull();
    expect((await titlesOn(call)).sort()).toEqual(TITLES);
  }, 90_000);
});
