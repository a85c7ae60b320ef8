/**
 * The browser bridge host (DESIGN section 10): serves the built renderer and runs the real main-process
 * core (router, services, sandbox) behind a WebSocket on 127.0.0.1. Electron-only pieces use stand-ins:
 * the token lives in this process's memory (the keychain is tested on its own); the native open dialog
 * is a queue that tests fill through `POST /__bridge/test/next-pick` with `{ "path": "/abs/file.mp4" }` (or
 * `{ "paths": [...] }` for the bulk queue's several files, or a folder path for its folder dialog), and
 * a drop (which the preload resolves with webUtils in Electron) takes its file from the queue of
 * `POST /__bridge/test/next-drop`. The page never sends a path.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { appendFile, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, extname, join, normalize, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { build } from 'esbuild';
import { WebSocketServer, type WebSocket } from 'ws';
import { createCore, type Core, type CoreOptions } from '../../src/main/core';
import { closeLogFile, openLogFile } from '../../src/main/services/log';
import { memoryTokenStore } from '../../src/main/services/token-stores';
import { startSandbox } from '../../src/main/sandbox/sandbox';
import { forkSandbox } from '../../src/main/sandbox/fork';
import { fail } from '../../src/shared/result';
import { PRELOAD_CHANNELS } from '../../src/shared/api/app';
import { exposedCalls } from '../../src/shared/api/build-api';
import { APP_TEXT, MSG } from '../../src/shared/messages';
import { APP_COMMANDS, HELP_COMMANDS } from '../../src/shared/shortcuts';
import {
  BRIDGE_BULK_DROP_CHANNEL,
  BRIDGE_IMPORT_DROP_CHANNEL,
  BRIDGE_CLIENT_PATH,
  BRIDGE_EXPORTS_FOLDER,
  BRIDGE_DROP_CHANNEL,
  BRIDGE_MEDIA_KEY_META,
  BRIDGE_MEDIA_PATH,
  BRIDGE_INLINE_MAX,
  BRIDGE_RESULT_PATH,
  BRIDGE_MENU_COMMAND_PATH,
  BRIDGE_NEXT_DROP_PATH,
  BRIDGE_NEXT_PICK_PATH,
  BRIDGE_PATH,
  BRIDGE_SHOWN_FILE,
  BRIDGE_TEST_BLANK_PATH,
  BRIDGE_TEST_SCRIPT_PATH,
  type BridgeMessage,
  type BridgeRequest,
} from './protocol';

/** The test scripts the host serves (BRIDGE_TEST_SCRIPT_PATH/<name>): the walks' accessibility engines. */
const TEST_SCRIPTS = new Map([
  ['axe.js', 'axe-core/axe.min.js'],
  ['htmlcs.js', 'html_codesniffer/build/HTMLCS.js'],
]);

/** The commands the app menu sends the window. */
const MENU_COMMANDS = new Set<string>([...Object.keys(APP_COMMANDS), ...Object.keys(HELP_COMMANDS)]);

export interface BridgeHostOptions {
  port: number;
  rendererDir: string;
  /** The host's own state (settings.json, session.json): a temp folder per run. */
  stateDir: string;
  sandboxDir: string;
  /**
   * The native dialogs' stand-in routes (next-pick, next-drop) for test runners and benches. Off in the
   * preview people use: any local program could otherwise choose the file the person's next pick grants.
   */
  testRoutes?: boolean;
  /**
   * The course health check may request loopback addresses: for the e2e suite, whose link servers
   * listen on 127.0.0.1. Off in the preview people use, as in the app.
   */
  allowLoopbackLinks?: boolean;
  /** The http client's network limits (the e2e suite's preview makes the waits between attempts short). */
  net?: CoreOptions['net'];
  /**
   * The sandbox process's module (a file URL): the build's `out/main/sandbox.js` where the preview serves
   * the build, else main's source under tsx (sandboxEntry()).
   */
  sandboxEntry?: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

async function bundleClient(): Promise<string> {
  const result = await build({
    entryPoints: [resolve(import.meta.dirname, 'client.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    minify: true,
    define: { BRIDGE_EXPOSED_CALLS: JSON.stringify(exposedCalls()) },
  });
  return result.outputFiles[0]!.text;
}

/**
 * The preview's page: the built CSP plus this host's WebSocket in connect-src (the desktop build has no
 * bridge, so its CSP does not name one). Throws when the page has no CSP to extend.
 */
export function withBridgeCsp(html: string, port: number): string {
  const pattern = /(http-equiv="Content-Security-Policy"\s+content="[^"]*connect-src 'self')/;
  if (!pattern.test(html)) throw new Error('index.html has no CSP with connect-src to extend');
  return html.replace(pattern, `$1 ws://127.0.0.1:${port}`);
}

/**
 * Whether a request comes from the page this host served: Host is this host's own address (a
 * DNS-rebinding page sends its own name), and a browser's Origin or Sec-Fetch-Site, when sent, say the
 * same origin.
 */
export function fromOwnPage(req: IncomingMessage, url: string): boolean {
  const site = req.headers['sec-fetch-site'];
  const origin = req.headers.origin;
  return req.headers.host === new URL(url).host && (origin === undefined || origin === url) && (site === undefined || site === 'same-origin');
}

/** The page's copy of the per-run media key (read by the bridge client from index.html). */
export const withMediaKey = (html: string, key: string): string => html.replace('<head>', `<head>\n    <meta name="${BRIDGE_MEDIA_KEY_META}" content="${key}">`);

const sameKey = (given: string | null, key: string) => given !== null && given.length === key.length && timingSafeEqual(Buffer.from(given), Buffer.from(key));

export async function startBridgeHost(options: BridgeHostOptions): Promise<{ url: string; core: Core; close(): Promise<void> }> {
  const url = `http://127.0.0.1:${options.port}`;
  // Media previews carry the session: only the page this host served knows this run's key.
  const mediaKey = randomBytes(24).toString('base64url');
  const clients = new Set<WebSocket>();
  /** Large results waiting for the page's fetch, by ref. */
  const largeResults = new Map<string, string>();
  // Native dialogs' stand-in: tests queue the path the next files.pick returns (POST /__bridge/test/next-pick),
  // and the file the next drop stands for (POST /__bridge/test/next-drop).
  const pickQueue: (string | string[] | null)[] = [];
  const dropQueue: (string | string[] | null)[] = [];
  const nextPick = () => (pickQueue.length > 0 ? (pickQueue.shift() ?? null) : null);
  // The preview's log file, through the same door as the app's: <state>/logs/main.log (Help > Show logs
  // records the folder in <state>/shown-in-folder.txt).
  const logsDir = join(options.stateDir, 'logs');
  openLogFile({ dir: logsDir, fileName: 'main.log' });
  const manifest = JSON.parse(await readFile(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
  const core = await createCore({
    desktop: {
      app: { name: 'Content Console', version: manifest.version },
      versions: { 'Node (the preview host)': process.versions.node },
      noticesPath: join(import.meta.dirname, '..', '..', 'out', 'third-party-notices.json'),
      showLogsFolder: async () => {
        await appendFile(join(options.stateDir, BRIDGE_SHOWN_FILE), `${logsDir}\n`, 'utf8');
        return true;
      },
    },
    pickFile: async () => {
      const next = nextPick();
      return Array.isArray(next) ? (next[0] ?? null) : next;
    },
    pickPaths: async () => {
      const next = nextPick();
      return next === null ? null : Array.isArray(next) ? next : [next];
    },
    // The save dialog's stand-in: a fixed folder of the host's state (tests read the file there).
    pickSavePath: async (name) => join(options.stateDir, BRIDGE_EXPORTS_FOLDER, basename(name)),
    // Show in folder's stand-in: the path is recorded, one a line (tests read it there).
    showItemInFolder: (path) => appendFile(join(options.stateDir, BRIDGE_SHOWN_FILE), `${path}\n`, 'utf8'),
    stateDir: options.stateDir,
    allowLoopbackLinks: options.allowLoopbackLinks === true,
    ...(options.net ? { net: options.net } : {}),
    tokenStore: memoryTokenStore('Browser preview: the token is kept in the host process memory only.'),
    startSandbox: () => startSandbox({ dataDir: options.sandboxDir, resetLinkBase: url, logsDir }, forkSandbox, undefined, options.sandboxEntry),
    emit: (event, payload) => {
      const message: BridgeMessage = { type: 'event', event, payload };
      for (const client of clients) client.send(JSON.stringify(message));
    },
  });
  /** A drop: the queued file stands for the dropped one, whose name must match; then main's own grant. */
  const standInDrop = async (input: unknown) => {
    const name = (input as { name?: unknown } | null)?.name;
    const next = dropQueue.shift() ?? null;
    const path = Array.isArray(next) ? next[0] : next;
    if (!path || typeof name !== 'string' || basename(path) !== name) return fail('validation', APP_TEXT.dropNotOnDisk);
    return core.preloadHandlers.get(PRELOAD_CHANNELS.grantDropped)!({ path });
  };
  /**
   * A drop of files and folders: the queued paths (one `{ paths }` entry, or one `{ path }` per dropped
   * item) stand for the dropped ones, whose names must match in order; null when they do not.
   */
  const standInPaths = (input: unknown): string[] | null => {
    const names = (input as { names?: unknown } | null)?.names;
    if (!Array.isArray(names) || names.length === 0) return null;
    const head = dropQueue.shift() ?? null;
    const paths = Array.isArray(head) ? head : [head, ...dropQueue.splice(0, names.length - 1)];
    const matches = paths.length === names.length && paths.every((path, i) => typeof path === 'string' && basename(path) === names[i]);
    return matches ? (paths as string[]) : null;
  };
  /** A stand-in for a preload channel that takes the dropped items' paths (and the rest of the page's input). */
  const standInPathsDrop = (channel: string) => async (input: unknown) => {
    const paths = standInPaths(input);
    if (!paths) return fail('validation', APP_TEXT.dropNotOnDisk);
    const { names: _names, ...rest } = input as Record<string, unknown>;
    return core.preloadHandlers.get(channel)!({ ...rest, paths });
  };
  const dropStandIns = new Map([
    [BRIDGE_DROP_CHANNEL, standInDrop],
    [BRIDGE_BULK_DROP_CHANNEL, standInPathsDrop(PRELOAD_CHANNELS.bulkDropped)],
    [BRIDGE_IMPORT_DROP_CHANNEL, standInPathsDrop(PRELOAD_CHANNELS.importDropped)],
  ]);
  const clientScript = await bundleClient();
  const rendererRoot = resolve(options.rendererDir);

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.host !== new URL(url).host) {
      // Another name for this address (DNS rebinding) gets nothing, the page included.
      res.writeHead(403, { 'content-type': 'text/plain' }).end(`Open ${url}/ (this host answers at that address only).`);
      return;
    }
    const pathname = decodeURIComponent(new URL(req.url ?? '/', url).pathname);
    const queue = pathname === BRIDGE_NEXT_PICK_PATH ? pickQueue : pathname === BRIDGE_NEXT_DROP_PATH ? dropQueue : null;
    if (queue && options.testRoutes) {
      // Test-only: `{ path }` (or `{ path: null }` for a cancelled dialog) is what the next pick or drop
      // stands for. Refused from pages (they send an Origin); test runners call it directly.
      if (req.method !== 'POST' || req.headers.origin) {
        res.writeHead(403).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { path?: unknown; paths?: unknown };
        if (Array.isArray(body.paths)) {
          if (body.paths.length === 0 || !body.paths.every((p) => typeof p === 'string')) throw new Error('paths');
          queue.push(body.paths as string[]);
        } else {
          if (body.path !== null && typeof body.path !== 'string') throw new Error('path');
          queue.push(body.path);
        }
        res.writeHead(204).end();
      } catch {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('Send {"path": "<absolute path>"}, {"paths": ["<absolute path>", ...]} or {"path": null}.');
      }
      return;
    }
    if (pathname === BRIDGE_MENU_COMMAND_PATH && options.testRoutes) {
      // Test-only: what a click on one of the app menu's commands sends the window (`{ "command": "about" }`).
      // Refused from pages, as the dialogs' stand-ins are.
      if (req.method !== 'POST' || req.headers.origin) {
        res.writeHead(403).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const command = (JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { command?: unknown }).command;
      if (typeof command !== 'string' || !MENU_COMMANDS.has(command)) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(`Send {"command": one of ${[...MENU_COMMANDS].join(', ')}}.`);
        return;
      }
      const message: BridgeMessage = { type: 'event', event: 'app:command', payload: { command } };
      for (const client of clients) client.send(JSON.stringify(message));
      res.writeHead(204).end();
      return;
    }
    if (pathname === BRIDGE_MEDIA_PATH) {
      // Media previews for the page only: its origin, and this run's key (a <video> sends no Origin, but
      // Chromium says where it comes from). The core then fetches media routes only.
      const query = new URL(req.url ?? '/', url).searchParams;
      if (req.method !== 'GET' || !fromOwnPage(req, url) || !sameKey(query.get('key'), mediaKey)) {
        res.writeHead(403).end();
        return;
      }
      const abort = new AbortController();
      res.once('close', () => abort.abort());
      const src = query.get('src') ?? '';
      const answer = await core.previewMedia(src, typeof req.headers.range === 'string' ? req.headers.range : null, abort.signal);
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      if (!answer.body) {
        res.end();
        return;
      }
      await pipeline(Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream), res).catch(() => undefined);
      return;
    }
    if (pathname.startsWith(`${BRIDGE_RESULT_PATH}/`)) {
      // A large result for the page that asked (its origin; the ref is a random UUID, served once).
      const ref = pathname.slice(BRIDGE_RESULT_PATH.length + 1);
      const text = largeResults.get(ref);
      if (req.method !== 'GET' || !fromOwnPage(req, url) || text === undefined) {
        res.writeHead(404).end();
        return;
      }
      largeResults.delete(ref);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(text);
      return;
    }
    if (pathname === BRIDGE_TEST_BLANK_PATH && options.testRoutes && req.method === 'GET') {
      res.writeHead(200, { 'content-type': TYPES['.html']!, 'cache-control': 'no-store' }).end('<!doctype html><html lang="en"><head><title>Blank</title></head><body></body></html>');
      return;
    }
    if (pathname.startsWith(`${BRIDGE_TEST_SCRIPT_PATH}/`) && options.testRoutes) {
      // Test-only: a published library's own file, the same for every page, so any page may fetch it. The
      // walks ask for it with the library's version in the query: the page may keep it for good.
      const script = TEST_SCRIPTS.get(pathname.slice(BRIDGE_TEST_SCRIPT_PATH.length + 1));
      if (req.method !== 'GET' || !script) {
        res.writeHead(404).end();
        return;
      }
      try {
        const body = await readFile(createRequire(import.meta.url).resolve(script));
        res.writeHead(200, { 'content-type': TYPES['.js']!, 'cache-control': 'public, max-age=31536000, immutable' }).end(body);
      } catch {
        // Not installed (a checkout without the dev dependencies): the walk that asked says what failed.
        res.writeHead(404, { 'content-type': 'text/plain' }).end(`${script} is not installed.`);
      }
      return;
    }
    if (pathname === BRIDGE_CLIENT_PATH) {
      res.writeHead(200, { 'content-type': TYPES['.js']!, 'cache-control': 'no-store' });
      res.end(clientScript);
      return;
    }
    const file = normalize(join(rendererRoot, pathname === '/' ? 'index.html' : pathname));
    if (!file.startsWith(rendererRoot)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if (!(await stat(file)).isFile()) throw new Error('not a file');
      let body: Buffer | string = await readFile(file);
      if (file.endsWith('index.html')) {
        // The bridge client must define window.api before the app's module runs.
        body = withBridgeCsp(
          withMediaKey(body.toString('utf8').replace('<head>', `<head>\n    <script type="module" src="${BRIDGE_CLIENT_PATH}"></script>`), mediaKey),
          options.port,
        );
      }
      // Vite names the built assets by their content: a page may keep them (and V8 the code compiled from
      // them) across its reloads. The page itself is never kept: a rebuild names new assets in it.
      const immutable = file.startsWith(join(rendererRoot, 'assets') + sep);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    }
  }

  const server = createServer((req, res) => void serve(req, res));
  const wss = new WebSocketServer({ noServer: true, maxPayload: 5 * 1024 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    // The counterpart of main's sender check: only pages this host served may call.
    if (new URL(req.url ?? '/', url).pathname !== BRIDGE_PATH || req.headers.origin !== url || !fromOwnPage(req, url)) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      clients.add(ws);
      ws.on('close', () => clients.delete(ws));
      ws.on('message', async (raw) => {
        let request: BridgeRequest;
        try {
          request = JSON.parse(String(raw)) as BridgeRequest;
        } catch {
          return;
        }
        // Only window.api's channels and the drop stand-in: main's preload-only channels (which take a
        // path) are not reachable from the page here either.
        const handler = dropStandIns.get(request.channel) ?? core.handlers.get(request.channel);
        // A call that throws answers as a failure: nothing the page sends may take the host down.
        const result = handler
          ? await handler(request.input).catch(() => fail('network', MSG.somethingWentWrong))
          : fail('validation', `Unknown call ${request.channel}`);
        const text = JSON.stringify({ type: 'result', id: request.id, result } satisfies BridgeMessage);
        if (text.length <= BRIDGE_INLINE_MAX) return ws.send(text);
        const ref = randomUUID();
        largeResults.set(ref, text);
        // Never fetched (the page went away): dropped after a minute.
        setTimeout(() => largeResults.delete(ref), 60_000).unref();
        ws.send(JSON.stringify({ type: 'result-ref', id: request.id, ref } satisfies BridgeMessage));
      });
    });
  });
  await new Promise<void>((done, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => done());
  });
  return {
    url,
    core,
    async close() {
      for (const client of clients) client.terminate();
      wss.close();
      await new Promise((done) => server.close(() => done(undefined)));
      await core.close();
      // The log file is the process's: back to the console, so that what runs after the host (the next test
      // file of a vitest worker) does not write into a folder its test has removed.
      closeLogFile();
    },
  };
}
