import { startServer, SANDBOX_DEFAULTS } from '../../../server/app';

export interface SandboxHandle {
  url: string;
  close(): Promise<void>;
}

export interface SandboxOptions {
  dataDir: string;
  /** Where reset links in the sandbox outbox should point besides the content-console:// link. */
  resetLinkBase?: string;
}

/**
 * The local sandbox: the reference server, started inside this process on 127.0.0.1 with an ephemeral
 * port and its data in `dataDir`. A fresh folder gets the demo content and the sandbox admin.
 */
export async function startSandbox(options: SandboxOptions): Promise<SandboxHandle> {
  return startServer({
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
}
