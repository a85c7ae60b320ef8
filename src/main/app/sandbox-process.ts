import { utilityProcess } from 'electron';
import { fileURLToPath } from 'node:url';
import type { FromSandbox, SandboxLauncher } from '../sandbox/protocol';

/** Starts the sandbox process as an Electron utility process (Node without a window, off main's loop). */
export const utilitySandbox: SandboxLauncher = (entry, args) => {
  const child = utilityProcess.fork(fileURLToPath(entry), args, { serviceName: 'Content Console sandbox', stdio: 'inherit' });
  return {
    send: (message) => child.postMessage(message),
    onMessage: (listener) => child.on('message', (message: unknown) => listener(message as FromSandbox)),
    onExit: (listener) => child.on('exit', (code) => listener(code)),
    kill: () => void child.kill(),
  };
};
