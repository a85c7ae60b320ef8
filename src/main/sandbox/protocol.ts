/** What main (or the bridge host) and the sandbox process say to each other. */

export interface SandboxOptions {
  dataDir: string;
  /** Where reset links in the sandbox outbox should point besides the content-console:// link. */
  resetLinkBase?: string;
  /** The app's logs folder: the sandbox writes sandbox.log there (through the same redacting door as main). */
  logsDir?: string;
}

/** Parent to sandbox: stop the server, then exit. */
export type ToSandbox = { type: 'close' };

/** Sandbox to parent: listening at `url`, the server failed to start, or closed (about to exit). */
export type FromSandbox = { type: 'ready'; url: string } | { type: 'error'; message: string } | { type: 'closed' };

/** A started sandbox process as the parent sees it (Electron's utilityProcess or a Node child process). */
export interface SandboxProcess {
  send(message: ToSandbox): void;
  onMessage(listener: (message: FromSandbox) => void): void;
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
}

/** Starts `entry` (the sandbox process's module) with `args` in a process of its own. */
export type SandboxLauncher = (entry: string, args: string[]) => SandboxProcess;
