import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from './sandbox';
import { forkSandbox } from './fork';
import type { SandboxLauncher } from './protocol';
import { defaultPasswordEncoder } from '../services/password';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'cc-sandbox-'));
  dirs.push(dir);
  return dir;
};

describe('the local sandbox in a process of its own', () => {
  it('answers from another process, and close stops the server and ends the process', async () => {
    const exits: (number | null)[] = [];
    const recording: SandboxLauncher = (entry, args) => {
      const child = forkSandbox(entry, args);
      child.onExit((code) => exits.push(code));
      return child;
    };
    const sandbox = await startSandbox({ dataDir: await tempDir() }, recording);
    // The sandbox admin signs in: the fresh folder was seeded by the sandbox process.
    const answer = await fetch(new URL('/admin-auth/login', sandbox.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@sandbox.local', encryptedPassword: defaultPasswordEncoder.encode('sandbox-admin-1') }),
    });
    expect(answer.status).toBe(200);
    await sandbox.close();
    expect(exits).toEqual([0]);
    await expect(fetch(sandbox.url)).rejects.toThrow();
  });

  it("a server that cannot start rejects with the server's reason and leaves no process", async () => {
    const dir = await tempDir();
    const notAFolder = join(dir, 'file');
    await writeFile(notAFolder, 'x');
    const exits: (number | null)[] = [];
    const recording: SandboxLauncher = (entry, args) => {
      const child = forkSandbox(entry, args);
      child.onExit((code) => exits.push(code));
      return child;
    };
    await expect(startSandbox({ dataDir: notAFolder }, recording)).rejects.toThrow(/ENOTDIR|EEXIST/);
    await expect.poll(() => exits).toEqual([1]);
  });
});
