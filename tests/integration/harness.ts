/**
 * Integration harness: a real reference server on an ephemeral port with a fresh data folder, called
 * through the real main-process core (router, http client, session), exactly as the app calls it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, SANDBOX_DEFAULTS } from '../../server/app';
import { createCore, type Core } from '../../src/main/core';
import { memoryTokenStore } from '../../src/main/services/token-store';
import { channelOf, type ApiEvents } from '../../src/shared/api';
import type { Result } from '../../src/shared/result';
import { PRELOAD_CHANNELS, type GrantView } from '../../src/shared/api/app';

/** What the preload does with a dropped file's path (main's preload-only channel). */
export async function grantFileOf(core: Core, path: string): Promise<Result<GrantView>> {
  return (await core.preloadHandlers.get(PRELOAD_CHANNELS.grantDropped)!({ path })) as Result<GrantView>;
}

export const ADMIN = { email: SANDBOX_DEFAULTS.email, password: SANDBOX_DEFAULTS.password };

export interface Harness {
  core: Core;
  dataDir: string;
  serverUrl: string;
  events: { event: keyof ApiEvents; payload: unknown }[];
  /** Calls a channel the way the renderer does (through the core's handler table). */
  call<T = unknown>(group: string, name: string, input?: unknown): Promise<Result<T>>;
  login(email?: string, password?: string): Promise<void>;
  /** Grants a file as a drop does (the preload's channel: the path never comes from the page). */
  grantFile(path: string): Promise<Result<GrantView>>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const root = await mkdtemp(join(tmpdir(), 'cc-int-'));
  const dataDir = join(root, 'server');
  const server = await startServer({ dataDir, host: '127.0.0.1', port: 0, seedDemo: true, admin: ADMIN });
  const events: Harness['events'] = [];
  const core = await createCore({
    stateDir: join(root, 'state'),
    tokenStore: memoryTokenStore(),
    startSandbox: async () => server,
    emit: (event, payload) => events.push({ event, payload }),
  });
  const call = async <T>(group: string, name: string, input?: unknown): Promise<Result<T>> => {
    const handler = core.handlers.get(channelOf(group, name));
    if (!handler) throw new Error(`no handler for ${group}.${name}`);
    return (await handler(input ?? {})) as Result<T>;
  };
  return {
    core,
    dataDir,
    serverUrl: server.url,
    events,
    call,
    grantFile: (path) => grantFileOf(core, path),
    async login(email = ADMIN.email, password = ADMIN.password) {
      const result = await call('session', 'login', { email, password });
      if (!result.ok) throw new Error(`login failed: ${result.error.message}`);
    },
    async close() {
      await core.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

export function expectOk<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.kind}: ${result.error.message}`);
  return result.data;
}
