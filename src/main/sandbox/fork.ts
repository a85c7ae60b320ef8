import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FromSandbox, SandboxLauncher } from './protocol';

/**
 * Starts the sandbox process with Node's child_process.fork: the browser bridge host and tests, where
 * there is no Electron. A TypeScript entry runs under tsx (a development dependency, as the bridge is).
 */
export const forkSandbox: SandboxLauncher = (entry, args) => {
  const execArgv = entry.endsWith('.ts') ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];
  const child = fork(fileURLToPath(entry), args, { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    send: (message) => void child.send(message),
    onMessage: (listener) => child.on('message', (message) => listener(message as FromSandbox)),
    onExit: (listener) => child.on('exit', (code) => listener(code)),
    kill: () => void child.kill(),
  };
};
