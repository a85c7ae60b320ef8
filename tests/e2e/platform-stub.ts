/**
 * A stand-in platform for the question bank and resources specs: a reference server of its own (in
 * memory, started in the test process) behind a small proxy that answers some requests itself (a
 * platform without a call, a failure without a message). The app is pointed at it through the
 * connection setting and pointed back at the sandbox afterwards.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import type { Api } from '../../src/shared/api';
import { startServer } from '../../server/app';
import { openApp, SANDBOX_ADMIN } from './helpers';

/** An answer of the stub: a status (and body), or `drop`: the connection closes with no answer (a network failure). */
export type StubRule = (method: string, path: string) => { status: number; body?: string } | { drop: true } | undefined;
type WithApi = { api: Api };

function forward(req: IncomingMessage, target: URL, res: import('node:http').ServerResponse): void {
  const upstream = request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}

/**
 * Starts the stub in front of the sandbox, points the app at it and signs in as the sandbox admin.
 * Returns a function that points the app back at the sandbox, signs out and stops the stub: call it
 * from `test.afterEach` so that a failing test never leaves the app pointed at the stub.
 */
export async function useStubPlatform(page: Page, rule: StubRule, options: { seedDemo?: boolean } = {}): Promise<() => Promise<void>> {
  // Nine walks start one each in a worker: the later ones start from a copy of the first's fresh cluster.
  const platform = await startServer({ admin: { email: SANDBOX_ADMIN.email, password: SANDBOX_ADMIN.password }, seedDemo: options.seedDemo ?? false, reuseFreshCluster: true });
  const target = new URL(platform.url);
  const server: Server = createServer((req, res) => {
    const answer = rule(req.method ?? 'GET', (req.url ?? '/').split('?')[0] ?? '/');
    if (!answer) return forward(req, target, res);
    if ('drop' in answer) return void req.socket.destroy();
    req.resume();
    res.writeHead(answer.status, answer.body ? { 'content-type': 'application/json' } : {});
    res.end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const switched = await page.evaluate(
    async ({ url, creds }) => {
      const api = (globalThis as unknown as WithApi).api;
      const set = await api.settings.setConnection({ kind: 'remote', url });
      if (!set.ok) return set;
      return api.session.login(creds);
    },
    { url, creds: { email: SANDBOX_ADMIN.email, password: SANDBOX_ADMIN.password } },
  );
  let restored = false;
  const restore = async () => {
    if (restored) return;
    restored = true;
    // The page may be anywhere (a failed test): reopen the app to reach window.api.
    await openApp(page, '/login');
    await page.evaluate(async () => {
      const api = (globalThis as unknown as WithApi).api;
      await api.session.logout();
      await api.settings.setConnection({ kind: 'sandbox' });
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await platform.close();
  };
  if (!switched.ok) {
    await restore();
    throw new Error(`Could not sign in through the stub: ${JSON.stringify(switched)}`);
  }
  return restore;
}
