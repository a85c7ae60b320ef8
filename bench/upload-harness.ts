/**
 * What the upload benchmarks share: the reference server in a process of its own (bench/upload-server.ts),
 * main's core signed in to it, files granted the way a drop grants them, and the library fields curl sends
 * to the same route with the same token.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createCore, type CoreOptions } from '../src/main/core';
import { memoryTokenStore } from '../src/main/services/token-stores';
import { channelOf } from '../src/shared/api';
import type { Result } from '../src/shared/result';
import type { Keyword, LibraryFile } from '../src/shared/schemas/library';
import { PRELOAD_CHANNELS, type GrantView } from '../src/shared/api/app';
import { SANDBOX_DEFAULTS } from '../server/app';

export type UploadBench = Awaited<ReturnType<typeof startUploadBench>>;

export async function startUploadBench(root: string, emit: (event: string, payload: unknown) => void = () => undefined, extra: Partial<CoreOptions> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'upload-server.ts'), join(root, 'server')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, CONTENT_CONSOLE_QUIET: '1' },
  });
  const stopServer = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    });
    const core = await createCore({
      stateDir: join(root, 'state'),
      tokenStore: memoryTokenStore(),
      startSandbox: async () => ({ url, close: async () => undefined }),
      emit,
      ...extra,
    });
    const call = async <T>(group: string, name: string, input: unknown = {}) => {
      const result = (await core.handlers.get(channelOf(group, name))!(input)) as Result<T>;
      if (!result.ok) throw new Error(`${group}.${name}: ${result.error.message}`);
      return result.data;
    };
    await call('session', 'login', { ...SANDBOX_DEFAULTS });
    const keyword = (await call<Keyword[]>('library', 'keywords'))[0]!._id;
    return {
      url,
      core,
      call,
      token: core.session.currentToken()!,
      keyword,
      /** A grant the way a drop makes one: the preload's channel, never window.api. */
      grantFile: async (path: string) => {
        const result = (await core.preloadHandlers.get(PRELOAD_CHANNELS.grantDropped)!({ path })) as Result<GrantView>;
        if (!result.ok) throw new Error(`grant: ${result.error.message}`);
        return result.data;
      },
      /** The text fields of a library upload (curl sends them as -F parts). */
      fields: (title: string) => ({
        title, description: 'bench', language: 'English', visibility: 'Restricted', status: '', level: 0, type: '',
        businessIdeas: [] as string[], category: [] as string[], keywords: [keyword], source: '', fileType: 'other', fileUrl: '', duration: 0,
      }),
      removeTitled: async (match: (title: string) => boolean) => {
        const files = await call<LibraryFile[]>('library', 'mediaList');
        for (const f of files.filter((x) => match(x.title))) await call('library', 'deleteMedia', { id: f._id });
      },
      close: async () => {
        await core.close();
        await stopServer();
      },
    };
  } catch (error) {
    await stopServer();
    throw error;
  }
}
