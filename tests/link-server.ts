import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Addresses for the link checks of course health: /ok answers 200, /missing 404, /slow answers only
 * after `slowMs` (for timeouts and to see how many are asked at once), /head-refused answers HEAD with
 * 405 and GET with 206; /redirect/N redirects to /redirect/N-1 (/redirect/0 to /ok), /loop to itself,
 * /to?url=X to X (any address: the checker must refuse it before following). Counts what it was asked.
 */
export interface LinkServer {
  url: string;
  /** Requests by path (`HEAD /ok`). */
  asked: string[];
  /** The Host header of each request, in order. */
  hosts: string[];
  /** Requests that carried an Authorization header. */
  authorized: number;
  /** The most requests open at the same time. */
  mostAtOnce: number;
  close(): Promise<void>;
}

export async function startLinkServer(port = 0, slowMs = 300): Promise<LinkServer> {
  let open = 0;
  const state = { asked: [] as string[], hosts: [] as string[], authorized: 0, mostAtOnce: 0 };
  const held = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    state.asked.push(`${req.method} ${path}`);
    state.hosts.push(req.headers.host ?? '');
    if (req.headers.authorization) state.authorized++;
    open++;
    state.mostAtOnce = Math.max(state.mostAtOnce, open);
    const end = (status: number, location?: string) => {
      open--;
      held.delete(res);
      res.writeHead(status, { 'content-type': 'video/mp4', ...(location ? { location } : {}) }).end();
    };
    const hops = /^\/redirect\/(\d+)$/.exec(path);
    if (hops) end(302, Number(hops[1]) > 0 ? `/redirect/${Number(hops[1]) - 1}` : '/ok');
    else if (path === '/loop') end(301, '/loop');
    else if (path === '/to') end(307, url.searchParams.get('url') ?? '/');
    else if (path === '/head-refused') end(req.method === 'HEAD' ? 405 : 206);
    else if (path.startsWith('/ok')) end(200);
    else if (path.startsWith('/slow')) {
      held.add(res);
      setTimeout(() => end(200), slowMs);
    } else end(404);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    get asked() {
      return state.asked;
    },
    get hosts() {
      return state.hosts;
    },
    get authorized() {
      return state.authorized;
    },
    get mostAtOnce() {
      return state.mostAtOnce;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.close(() => resolve());
      }),
  };
}
