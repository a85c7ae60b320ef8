/**
 * The local sandbox's process: the reference server on 127.0.0.1 with an ephemeral port (SANDBOX_PORT
 * overrides) and its data in the folder given as JSON options in argv[2]. A fresh folder gets the demo
 * content and the sandbox admin. It runs apart from main so that Fastify and PGlite neither load at
 * main's start nor share the event loop that answers the window. Started by main with Electron's
 * utilityProcess (messages through process.parentPort) or by the bridge host with child_process.fork
 * (process.send).
 */
import { startServer, SANDBOX_DEFAULTS, type RunningServer } from '../../../server/app';
import type { FromSandbox, SandboxOptions, ToSandbox } from './protocol';
import { catchUncaught, logAt, openLogFile } from '../services/log';

interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

function parentChannel(): { send(message: FromSandbox): void; onMessage(listener: (message: ToSandbox) => void): void } {
  const port = (process as unknown as { parentPort?: ParentPort }).parentPort;
  if (port) return { send: (message) => port.postMessage(message), onMessage: (listener) => port.on('message', (event) => listener(event.data as ToSandbox)) };
  const send = process.send?.bind(process);
  if (send) return { send: (message) => void send(message), onMessage: (listener) => process.on('message', (message) => listener(message as ToSandbox)) };
  throw new Error('The sandbox process has no parent to answer: main starts it (utilityProcess) or the bridge host (fork).');
}

const parent = parentChannel();
const options = JSON.parse(process.argv[2] ?? '{}') as SandboxOptions;
let server: RunningServer | null = null;
if (options.logsDir) openLogFile({ dir: options.logsDir, fileName: 'sandbox.log' });
catchUncaught('the sandbox process');

async function stop(): Promise<never> {
  await server?.close();
  parent.send({ type: 'closed' });
  process.exit(0);
}

parent.onMessage((message) => {
  if (message.type === 'close') void stop();
});
// A parent that went away (a forked child's channel closed) leaves nobody to stop the server.
process.on('disconnect', () => void stop());

try {
  server = await startServer({
    dataDir: options.dataDir,
    host: '127.0.0.1',
    port: Number(process.env.SANDBOX_PORT ?? 0),
    seedDemo: true,
    ...(options.resetLinkBase ? { resetLinkBase: options.resetLinkBase } : {}),
    admin: {
      email: process.env.SANDBOX_ADMIN_EMAIL ?? SANDBOX_DEFAULTS.email,
      password: process.env.SANDBOX_ADMIN_PASSWORD ?? SANDBOX_DEFAULTS.password,
    },
  });
  logAt('info', 'the sandbox started', { url: server.url });
  parent.send({ type: 'ready', url: server.url });
} catch (error) {
  logAt('error', 'the sandbox could not start', { error });
  parent.send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
