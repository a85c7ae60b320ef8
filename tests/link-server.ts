import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Addresses for the link checks of course health: /ok answers 200, /missing 404, /slow answers only
 * after `slowMs` (for timeouts and to see how many are asked at once). Counts what it was asked.
 */
export interface LinkServer {
  url: string;
  /** Requests by path (`HEAD /ok`). */
  asked: string[];
  /** The most requests open at the same time. */
  mostAtOnce: number;
  close(): Promise<void>;
}

export async function startLinkServer(port = 0, slowMs = 300): Promise<LinkServer> {
  let open = 0;
  const state = { asked: [] as string[], mostAtOnce: 0 };
  const held = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    state.asked.push(`${req.method} ${path}`);
    open++;
    state.mostAtOnce = Math.max(state.mostAtOnce, open);
    const end = (status: number) => {
      open--;
      held.delete(res);
      res.writeHead(status, { 'content-type': 'video/mp4' }).end();
    };
    if (path.startsWith('/ok')) end(200);
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
