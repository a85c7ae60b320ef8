/**
 * Integration harness: a real reference server on an ephemeral port with its own data (a copy of the
 * run's seeded template: PostgreSQL when TEST_DATABASE_URL is set, else PGlite), called through the
 * real main-process core (router, http client, session), exactly as the app calls it. Every call through
 * the core's handlers inside a test is logged for the coverage check (call-log.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { createCore, type Core, type CoreOptions } from '../../src/main/core';
import { memoryTokenStore } from '../../src/main/services/token-stores';
import { channelOf, type ApiEvents } from '../../src/shared/api';
import type { Result } from '../../src/shared/result';
import { PRELOAD_CHANNELS, type GrantView } from '../../src/shared/api/app';
import { trackCalls } from './call-log';
import { ADMIN, copySeedTemplate, createSeedTemplate, removeSeedTemplate, type SeededStorage, type SeedTemplate } from './seed-template';

export { ADMIN };

/** A valid 1 x 1 PNG (hex): a thumbnail or picture the server takes. */
export const PNG_1PX = '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a00000000049454e44ae426082';

/** What the preload does with a dropped file's path (main's preload-only channel). */
export async function grantFileOf(core: Core, path: string): Promise<Result<GrantView>> {
  return (await core.preloadHandlers.get(PRELOAD_CHANNELS.grantDropped)!({ path })) as Result<GrantView>;
}

/** A core whose handler calls are logged for the coverage check: for tests that wire their own core. */
export async function createTestCore(options: CoreOptions): Promise<Core> {
  return trackCalls(await createCore(options));
}

/** What the native dialogs answer next (tests push; an empty queue answers "cancelled"). */
export interface DialogQueue {
  /** files.pick: a path, or null. */
  file: (string | null)[];
  /** bulk.pick: paths, or null. */
  paths: (string[] | null)[];
  /** The save dialog (files.saveCsv, bulk.saveSummary): a path, or null. */
  save: (string | null)[];
}

export interface Harness {
  core: Core;
  dataDir: string;
  serverUrl: string;
  /** The storage the server runs on. */
  database: 'pglite' | 'postgres';
  /** PostgreSQL: the harness's own database (cloned from the run's seeded template). */
  databaseUrl?: string;
  /** The server's own database: for states its routes refuse to make (a platform may hold them). */
  db: RunningServer['db'];
  events: { event: keyof ApiEvents; payload: unknown }[];
  /** The answers of the dialogs main opens (files.pick, bulk.pick, the save dialog). */
  dialogs: DialogQueue;
  /** Calls a channel the way the renderer does (through the core's handler table). */
  call<T = unknown>(group: string, name: string, input?: unknown): Promise<Result<T>>;
  login(email?: string, password?: string): Promise<void>;
  /** Grants a file as a drop does (the preload's channel: the path never comes from the page). */
  grantFile(path: string): Promise<Result<GrantView>>;
  close(): Promise<void>;
}

/** The run's seeded template (globalSetup), or one made here when the harness runs without it. */
async function seedTemplate(): Promise<{ template: SeedTemplate; own: boolean }> {
  const provided = inject('seedTemplate');
  if (provided) return { template: provided, own: false };
  return { template: await createSeedTemplate(), own: true };
}

/**
 * A copy of the run's seeded template in `dataDir`, for a server a test starts (and restarts) itself: a
 * server on a fresh folder runs initdb and the demo seed, 4 to 6 s of a core each. Start it with
 * `{ dataDir, databaseUrl }` of the copy (PostgreSQL when the run has it, as the harness's servers);
 * `remove()` drops the copy's database.
 */
export async function seededCopy(dataDir: string): Promise<SeededStorage> {
  const { template, own } = await seedTemplate();
  const storage = await copySeedTemplate(template, dataDir);
  if (!own) return storage;
  return { ...storage, remove: () => storage.remove().then(() => removeSeedTemplate(template)) };
}

/** `options`: what a test adds to the core's options (the desktop group's updater, notices, logs folder). */
export async function startHarness(options: Partial<CoreOptions> = {}): Promise<Harness> {
  const root = await mkdtemp(join(tmpdir(), 'cc-int-'));
  const storage = await seededCopy(join(root, 'server'));
  let server: RunningServer;
  try {
    server = await startServer({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl, host: '127.0.0.1', port: 0, admin: ADMIN });
  } catch (error) {
    await storage.remove();
    throw error;
  }
  const events: Harness['events'] = [];
  const dialogs: DialogQueue = { file: [], paths: [], save: [] };
  const core = await createTestCore({
    stateDir: join(root, 'state'),
    tokenStore: memoryTokenStore(),
    startSandbox: async () => server,
    emit: (event, payload) => events.push({ event, payload }),
    pickFile: async () => dialogs.file.shift() ?? null,
    pickPaths: async () => dialogs.paths.shift() ?? null,
    pickSavePath: async () => dialogs.save.shift() ?? null,
    // The link servers of the course health tests listen on loopback.
    allowLoopbackLinks: true,
    ...options,
  });
  const call = async <T>(group: string, name: string, input?: unknown): Promise<Result<T>> => {
    const handler = core.handlers.get(channelOf(group, name));
    if (!handler) throw new Error(`no handler for ${group}.${name}`);
    return (await handler(input ?? {})) as Result<T>;
  };
  return {
    core,
    dataDir: storage.dataDir,
    serverUrl: server.url,
    database: storage.driver,
    databaseUrl: storage.databaseUrl,
    db: server.db,
    events,
    dialogs,
    call,
    grantFile: (path) => grantFileOf(core, path),
    async login(email = ADMIN.email, password = ADMIN.password) {
      const result = await call('session', 'login', { email, password });
      if (!result.ok) throw new Error(`login failed: ${result.error.message}`);
    },
    async close() {
      await core.close();
      await server.close();
      await storage.remove();
      await rm(root, { recursive: true, force: true });
    },
  };
}

export function expectOk<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.kind}: ${result.error.message}`);
  return result.data;
}
