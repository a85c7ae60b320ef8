/**
 * A stand-in platform for the walks of failures the sandbox never answers: a reference server of the
 * worker's own (started in the test process) behind a small proxy that answers some requests itself (a
 * platform without a call, a failure without a message). The app is pointed at it through the
 * connection setting and pointed back at the sandbox afterwards.
 */
import { mkdtemp } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { startServer, type RunningServer } from '../../server/app';
import { SANDBOX_ADMIN } from './helpers';
import { hostApi } from './host-api';
import { copySeededSandbox } from './processes';

/** An answer of the stub: a status (and body), or `drop`: the connection closes with no answer (a network failure). */
export type StubRule = (method: string, path: string) => { status: number; body?: string } | { drop: true } | undefined;

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
 * A reference server of the walk's own on a copy of the run's seeded sandbox: the demo content without a
 * seed or initdb of its own (about 1 s of a core against 4 to 8 s). Its data is under the run's folder.
 */
export async function seededPlatform(): Promise<RunningServer> {
  const root = process.env.E2E_SANDBOX_ROOT;
  if (!root) throw new Error('E2E_SANDBOX_ROOT is not set: run the walks through playwright.config.ts');
  const dataDir = await mkdtemp(join(root, `platform-${process.env.TEST_PARALLEL_INDEX ?? 0}-`));
  await copySeededSandbox(dataDir);
  return startServer({ dataDir, admin: { email: SANDBOX_ADMIN.email, password: SANDBOX_ADMIN.password } });
}

/** The worker's stub: one platform and its proxy for the worker's life, the walk's rule swapped in. */
type Stub = { url: string; setRule(rule: StubRule | undefined): void };
let stub: Promise<Stub> | undefined;

/**
 * A seeded platform of the worker's own, started once and kept: a platform per walk cost each stub walk
 * 2 to 6 s of a core. Its servers do not keep the worker alive at the end.
 */
function workerStub(): Promise<Stub> {
  stub ??= (async () => {
    const platform = await seededPlatform();
    platform.app.server.unref();
    const target = new URL(platform.url);
    let rule: StubRule | undefined;
    const server: Server = createServer((req, res) => {
      const answer = rule?.(req.method ?? 'GET', (req.url ?? '/').split('?')[0] ?? '/');
      if (!answer) return forward(req, target, res);
      if ('drop' in answer) return void req.socket.destroy();
      req.resume();
      res.writeHead(answer.status, answer.body ? { 'content-type': 'application/json' } : {});
      res.end(answer.body ?? '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    server.unref();
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, setRule: (next) => (rule = next) };
  })();
  stub.catch(() => (stub = undefined));
  return stub;
}

/**
 * Points the app at the worker's stub platform (the demo content and what earlier stub walks of the worker
 * added: walks name what they make uniquely) with the walk's rule, and signs in as the sandbox admin there.
 * The walk then starts the app on it (openSignedIn, after what it sets up through hostApi). Returns a function that signs out, points the app
 * back at the sandbox and takes the rule away: call it from `test.afterEach`, so that a failing test never
 * leaves the app pointed at the stub.
 */
export async function useStubPlatform(rule: StubRule): Promise<() => Promise<void>> {
  const { url, setRule } = await workerStub();
  setRule(rule);
  let restored = false;
  const restore = async () => {
    if (restored) return;
    restored = true;
    // Through the host, not the page: the page may be anywhere (a failed test), and a load costs a core-second.
    await hostApi.session.logout({});
    const back = await hostApi.settings.setConnection({ kind: 'sandbox' });
    setRule(undefined);
    expect(back.ok, JSON.stringify(back)).toBe(true);
  };
  const set = await hostApi.settings.setConnection({ kind: 'remote', url });
  const login = set.ok ? await hostApi.session.login({ email: SANDBOX_ADMIN.email, password: SANDBOX_ADMIN.password }) : set;
  if (!login.ok) {
    await restore();
    throw new Error(`Could not sign in through the stub: ${JSON.stringify(login)}`);
  }
  return restore;
}
