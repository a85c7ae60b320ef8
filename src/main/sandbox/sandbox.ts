import type { SandboxHandle } from '../local/settings';
import type { FromSandbox, SandboxLauncher, SandboxOptions } from './protocol';

export type { SandboxOptions, SandboxLauncher } from './protocol';

/** How long a closing sandbox may take to stop its server before it is killed. */
const CLOSE_GRACE_MS = 10_000;

/**
 * The sandbox process's module: its TypeScript source where main runs from source (the bridge host
 * under tsx, vitest), else the bundled `sandbox.js` next to main's bundle (electron.vite.config.ts).
 */
export function sandboxEntry(): string {
  const here = import.meta.url;
  // Names in variables: bundlers leave `new URL(variable, import.meta.url)` alone.
  const source = './child.ts';
  const built = './sandbox.js';
  return new URL(here.endsWith('.ts') ? source : built, here).href;
}

/**
 * The local sandbox: the reference server in a process of its own (src/main/sandbox/child.ts), started
 * by `launch` and answered when it listens. Main never loads the server itself. `entry` is the process's
 * module (sandboxEntry() unless the caller knows a better one: the preview host gives the build's).
 */
export function startSandbox(
  options: SandboxOptions,
  launch: SandboxLauncher,
  log: (message: string, details?: Record<string, unknown>) => void = () => undefined,
  entry: string = sandboxEntry(),
): Promise<SandboxHandle> {
  const child = launch(entry, [JSON.stringify(options)]);
  let exited = false;
  const exit = new Promise<number | null>((resolveExit) => {
    child.onExit((code) => {
      exited = true;
      resolveExit(code);
    });
  });
  return new Promise<SandboxHandle>((resolveStart, rejectStart) => {
    let started = false;
    child.onMessage((message: FromSandbox) => {
      if (message.type === 'error' && !started) rejectStart(new Error(message.message));
      if (message.type !== 'ready' || started) return;
      started = true;
      let closing: Promise<void> | undefined;
      resolveStart({
        url: message.url,
        close: () =>
          (closing ??= (async () => {
            if (exited) return;
            child.send({ type: 'close' });
            const timer = setTimeout(() => child.kill(), CLOSE_GRACE_MS);
            await exit;
            clearTimeout(timer);
          })()),
      });
    });
    void exit.then((code) => {
      if (!started) rejectStart(new Error(`the sandbox process ended (exit code ${code ?? 'none'}) before it was ready`));
      else log('the sandbox process ended', { code });
    });
  });
}
