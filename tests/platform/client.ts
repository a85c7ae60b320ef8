// A second console for integration tests: the real main-process core connected to a server by URL
// (the reference server, or a stand-in in front of it), signed in as the harness's admin.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../src/main/core';
import { memoryTokenStore } from '../../src/main/services/token-stores';
import { channelOf } from '../../src/shared/api';
import type { Result } from '../../src/shared/result';
import { ADMIN } from '../integration/harness';

export interface Client {
  core: Core;
  call<T = unknown>(group: string, name: string, input?: unknown): Promise<Result<T>>;
  close(): Promise<void>;
}

export async function startClient(url: string): Promise<Client> {
  const root = await mkdtemp(join(tmpdir(), 'cc-client-'));
  const core = await createCore({
    stateDir: root,
    tokenStore: memoryTokenStore(),
    startSandbox: () => Promise.reject(new Error('This client talks to a server by URL.')),
    emit: () => undefined,
  });
  const call = async <T>(group: string, name: string, input?: unknown): Promise<Result<T>> => {
    const handler = core.handlers.get(channelOf(group, name));
    if (!handler) throw new Error(`no handler for ${group}.${name}`);
    return (await handler(input ?? {})) as Result<T>;
  };
  const connected = await call('settings', 'setConnection', { kind: 'remote', url });
  if (!connected.ok) throw new Error(`cannot connect: ${connected.error.message}`);
  const signedIn = await call('session', 'login', ADMIN);
  if (!signedIn.ok) throw new Error(`login failed: ${signedIn.error.message}`);
  return {
    core,
    call,
    async close() {
      await core.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
