/**
 * The console against the tools a team would pick instead, `npm run bench -- peers`: the same rows in
 * AG Grid Community (ag-grid-react, client-side row model) and the same files in Uppy's Dashboard, in the
 * same Chromium (/usr/bin/chromium, the same flags) and the same run as the console's own screens.
 * The peers are development dependencies, bundled here (bench/peers-page.ts) and never by the app.
 *
 * Tables: the Question Bank's questions (100,000 generated plus the demo set) and the learners (a million),
 * seeded into one sandbox server. The console's figures are the table bench's steps (bench/table.ts
 * measureScreen) on its Question Bank and Users screens; AG Grid's are the same steps on a page that fetches
 * the same list from the same server (through a pass-through here that adds the token) and shows it:
 *   first open     console: a click on the sidebar to the first rows painted, while main fetches the list
 *                  from the server and streams it into its worker (main's work included); AG Grid: the
 *                  fetch of the whole list, JSON.parse, the grid's mount and its first rows painted;
 *   first render   console: a click on the sidebar to rows painted, the list kept by main (a screen opened
 *                  again); AG Grid: the grid mounted over rows already parsed in the page, to rows painted;
 *   keystroke      a letter in the search box to the new result painted (the console asks main for the
 *                  window; AG Grid filters in the page with its quick filter, cache on);
 *   sort           a click on a column header to the sorted rows painted (ascending, descending, none);
 *   page memory    the page's JS heap after a collection, the list showing. AG Grid's page holds the whole
 *                  list; the console's page holds one window, and main's list worker holds the list: the
 *                  budgeted figure is the console's page plus the worker's memory for that list.
 * Bulk queue: the same generated files (bench/bulk.ts generate: names, sub-folders, 1,024 bytes each),
 *   10,000 and 100,000: the console's Bulk Upload screen, Add folder (main scans the folder on disk and
 *   queues it) against Uppy's Dashboard, `addFiles` with the same names and sizes (File objects made in
 *   the page before the clock starts; no upload):
 *   first rows     from the click on Add folder / the addFiles call to the first rows painted;
 *   responsive     to the end of the last long task (over 50 ms, the page's Long Tasks) before 2 s with
 *                  none, and not before the first rows: when the page answers input again;
 *   page memory    what the add puts in the page: its JS heap after the add less its heap just before,
 *                  both after a collection (Uppy's page holds its files' state, the File objects a drop
 *                  would give it already made before; the console's holds a window of rows, main holds
 *                  the queue: its JS heap growth is printed beside it). The whole page's heap is printed
 *                  too, for information and not budgeted: the console's is the whole admin app before a
 *                  file is added (about 9 MB), Uppy's one widget on an empty page (about 4 MB).
 * Each line names the peer, gives both figures and the ratio, and says yes when the console is ahead
 * (console / peer < 1); the bench exits non-zero otherwise.
 *
 * Options: --questions N (100000), --learners N (1000000), --files 10000,100000, --only tables|uploads,
 * --peer-limit S (180: how long a peer's step may take before it is reported as not done), --no-build.
 */
import { spawnSync } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { SANDBOX_DEFAULTS } from '../server/app';
import type { ListName } from '../src/shared/lists';
import { startBridgeHost } from '../tests/bridge/host';
import { BRIDGE_NEXT_PICK_PATH } from '../tests/bridge/protocol';
import { freePort } from '../tests/free-port';
import { choiceArg, numberArg } from './args';
import { ensureRenderer } from './bridge-page';
import { generate } from './bulk';
import { median } from './stats';
import { countSentBytes, measureScreen, PAGE_HELPERS, rendererHeapMb, SCREENS, timeWindowQueries, type PageHelpers, type ScreenResult } from './table';

const root = resolve(import.meta.dirname, '..');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const launch = () => chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
const VIEWPORT = { width: 1360, height: 860 };
const MiB = 2 ** 20;
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The page's helpers of the table bench, and the Long Tasks the responsive measure reads. */
const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, end: e.startTime + e.duration }); }).observe({ type: 'longtask', buffered: true });
`;

/** The same list's columns and steps on both sides (SCREENS of the table bench). */
const TABLES = [
  { kind: 'questions', screen: SCREENS.find((s) => s.list === 'questions')!, sortColIds: { 'Options count': 'optionsCount', Question: 'question' } as Record<string, string> },
  { kind: 'learners', screen: SCREENS.find((s) => s.list === 'learners')!, sortColIds: { 'Last Login Time': 'loginTime', Mobile: 'mobile' } as Record<string, string> },
] as const;

interface PeerTable {
  rows: number;
  cold: number;
  renders: number[];
  keys: number[];
  sorts: number[];
  heapMb: number;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; why: string };

/** `step` within `seconds`, or why not (a page that froze, crashed or ran out of memory). */
async function within<T>(seconds: number, step: () => Promise<T>): Promise<Outcome<T>> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<Outcome<T>>((done) => (timer = setTimeout(() => done({ ok: false, why: `not done within ${seconds} s` }), seconds * 1000)));
  try {
    return await Promise.race([step().then((value): Outcome<T> => ({ ok: true, value })), limit]);
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** The peers' page: bench/peers-page.ts bundled, Uppy's style sheets inlined. */
async function peerHtml(): Promise<string> {
  const out = await build({
    entryPoints: [join(import.meta.dirname, 'peers-page.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    write: false,
    outdir: '/peers',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const js = out.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const css = (await Promise.all(['@uppy/core/dist/style.min.css', '@uppy/dashboard/dist/style.min.css'].map((f) => readFile(join(root, 'node_modules', f), 'utf8')))).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Peers</title><style>${css}</style></head><body><script type="module">${js}</script></body></html>`;
}

/** The peers' page and the lists' pass-through (the page fetches `/data/<kind>`; the token is added here). */
async function startPeerServer(html: string, serverUrl: string, token: string): Promise<{ url: string; close(): Promise<void> }> {
  const paths: Record<string, string> = { questions: '/question-bank/questions', learners: '/user-app/user' };
  const server: Server = createServer((req, res) => {
    const kind = /^\/data\/(\w+)$/.exec(req.url ?? '')?.[1];
    if (kind && paths[kind]) {
      const target = new URL(paths[kind]!, serverUrl);
      const upstream = request(target, { headers: { authorization: token } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
        answer.pipe(res);
      });
      upstream.on('error', (error) => res.writeHead(502).end(error.message));
      upstream.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((done) => server.close(() => done())) };
}

async function login(url: string): Promise<string> {
  const response = await fetch(new URL('/admin-auth/login', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SANDBOX_DEFAULTS.email, encryptedPassword: `b64:${Buffer.from(SANDBOX_DEFAULTS.password).toString('base64')}` }),
  });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`login failed: ${response.status}`);
  return body.token;
}

type PeersWindow = PageHelpers & {
  peers: {
    load(kind: string): Promise<number>;
    mount(kind: string): void;
    unmount(): void;
    painted(): { count: number; inStep: boolean };
    forget(kind: string): void;
    uppyOpen(): void;
    uppyFiles(names: string[], size: number): File[];
    uppyAdd(files: File[], names: string[]): void;
    uppyCount(): number;
  };
  __files?: File[];
  __names?: string[];
  __longTasks: { start: number; end: number }[];
};

async function peerPage(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  await page.addInitScript(PAGE_HELPERS);
  await page.addInitScript(LONG_TASKS);
  await page.goto(url);
  await page.waitForFunction(() => typeof (window as unknown as { peers?: unknown }).peers === 'object');
  return page;
}

/** AG Grid over one list: the table bench's steps, the same keys and columns. */
async function agGrid(page: Page, table: (typeof TABLES)[number]): Promise<PeerTable> {
  const { kind, screen } = table;
  const cold = await page.evaluate(async (kind) => {
    const w = window as unknown as PeersWindow;
    const t0 = performance.now();
    await w.peers.load(kind);
    w.peers.mount(kind);
    await w.__untilPainted(() => w.peers.painted().inStep, 600_000);
    return performance.now() - t0;
  }, kind);
  const rows = await page.evaluate(() => (window as unknown as PeersWindow).peers.painted().count);
  const renders: number[] = [];
  for (let k = 0; k < 7; k++) {
    renders.push(
      await page.evaluate(async (kind) => {
        const w = window as unknown as PeersWindow;
        w.peers.unmount();
        await w.__afterPaint();
        const t0 = performance.now();
        w.peers.mount(kind);
        await w.__untilPainted(() => w.peers.painted().inStep, 600_000);
        return performance.now() - t0;
      }, kind),
    );
  }
  const heapMb = await rendererHeapMb(page);
  await page.locator('#quick').focus();
  const keys: number[] = [];
  for (const key of screen.keys) {
    keys.push(
      await page.evaluate(async (key) => {
        const w = window as unknown as PeersWindow;
        const input = document.activeElement as HTMLInputElement;
        const before = w.peers.painted().count;
        const t0 = performance.now();
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(input, key === 'Backspace' ? input.value.slice(0, -1) : input.value + key);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        // A key that leaves the count as it was: its repaint is the frame after the filter ran.
        await w.__untilPainted(() => {
          const now = w.peers.painted();
          return now.inStep && (now.count !== before || performance.now() - t0 > 2000);
        }, 600_000);
        return performance.now() - t0;
      }, key),
    );
    await page.waitForTimeout(100);
  }
  await page.locator('#quick').fill('');
  await page.waitForTimeout(500);
  const sorts: number[] = [];
  for (const header of screen.sortBy) {
    const colId = table.sortColIds[header]!;
    for (let k = 0; k < 3; k++) {
      sorts.push(
        await page.evaluate(async (colId) => {
          const w = window as unknown as PeersWindow;
          const cell = document.querySelector(`#grid .ag-header-cell[col-id="${colId}"]`) as HTMLElement;
          const before = cell.getAttribute('aria-sort');
          const t0 = performance.now();
          (cell.querySelector('.ag-header-cell-label') as HTMLElement).click();
          await w.__untilPainted(() => cell.getAttribute('aria-sort') !== before && w.peers.painted().inStep, 600_000);
          return performance.now() - t0;
        }, colId),
      );
      await page.waitForTimeout(100);
    }
  }
  await page.evaluate((kind) => {
    const w = window as unknown as PeersWindow;
    w.peers.unmount();
    w.peers.forget(kind);
  }, kind);
  return { rows, cold, renders, keys, sorts, heapMb };
}

/** Until 2 s pass with no long task (at most `limitMs`): the end of the last one after `t0`, or `t0`. */
async function responsiveAfter(page: Page, t0: number, limitMs: number): Promise<number> {
  return page.evaluate(
    async ({ t0, limitMs }) => {
      const w = window as unknown as PeersWindow;
      const lastEnd = () => Math.max(t0, ...w.__longTasks.filter((t) => t.end > t0).map((t) => t.end));
      while (performance.now() - lastEnd() < 2000) {
        if (performance.now() - t0 > limitMs) throw new Error(`still busy ${limitMs / 1000} s after the add`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return lastEnd();
    },
    { t0, limitMs },
  );
}

interface QueueFigures {
  firstRows: number;
  responsive: number;
  heapMb: number;
  /** The page's JS heap just before the add (the console: the app at Bulk Upload, an empty queue; Uppy:
   * its Dashboard open and the Files made), after a collection: what the page holds without the queue. */
  baseHeapMb: number;
  /** Main's JS heap growth with the queue (console only; this process, after a collection). */
  mainHeapMb?: number;
}

/** The names bench/bulk.ts generate() gives the files, relative to the folder. */
const fileNames = (count: number) => Array.from({ length: count }, (_, i) => `day_${String(Math.floor(i / 1000)).padStart(2, '0')}/Farm_visit-${String(i).padStart(5, '0')}_take.${i % 2}.mp4`);
const FILE_SIZE = 1024;

/** The console's Bulk Upload screen: a host and a browser of its own (an empty queue), Add folder. */
async function consoleQueue(rendererDir: string, folder: string, limitS: number): Promise<QueueFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'cc-bench-peers-queue-'));
  const host = await startBridgeHost({ port: await freePort(), rendererDir, stateDir: join(dir, 'host'), sandboxDir: join(dir, 'server'), testRoutes: true });
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.addInitScript(PAGE_HELPERS);
    await page.addInitScript(LONG_TASKS);
    await page.goto(`${host.url}/#/login`);
    await page.waitForFunction(() => typeof (globalThis as { api?: unknown }).api === 'object');
    await page.evaluate(
      (creds) => (globalThis as unknown as { api: { session: { login: (c: unknown) => Promise<unknown> } } }).api.session.login(creds),
      { email: SANDBOX_DEFAULTS.email, password: SANDBOX_DEFAULTS.password },
    );
    await page.goto(`${host.url}/#/bulk-upload`);
    await page.reload();
    await page.getByRole('button', { name: 'Add folder' }).waitFor();
    const picked = await fetch(`${host.url}${BRIDGE_NEXT_PICK_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: folder }) });
    if (picked.status !== 204) throw new Error(`the pick stand-in answered ${picked.status}`);
    const baseHeapMb = await rendererHeapMb(page);
    gc();
    const mainBefore = process.memoryUsage().heapUsed;
    const { t0, painted } = await page.evaluate(async () => {
      const w = window as unknown as PeersWindow;
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Add folder') as HTMLButtonElement;
      const t0 = performance.now();
      button.click();
      const painted = await w.__untilPainted(() => document.querySelector('table[aria-label="Bulk upload queue"] tbody tr[aria-rowindex] td + td') !== null, 600_000);
      return { t0, painted };
    });
    // Still busy at the limit: the figure is the limit itself (the line says "at least" in its note).
    const settled = await responsiveAfter(page, t0, limitS * 1000).catch(() => t0 + limitS * 1000);
    const responsive = Math.max(painted, settled);
    const heapMb = await rendererHeapMb(page);
    gc();
    const mainHeapMb = (process.memoryUsage().heapUsed - mainBefore) / MiB;
    return { firstRows: painted - t0, responsive: responsive - t0, heapMb, baseHeapMb, mainHeapMb };
  } finally {
    await browser.close();
    await host.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Uppy's Dashboard on the peers' page, a browser of its own (a page it froze is closed with it). */
async function uppyQueue(url: string, count: number, limitS: number): Promise<Outcome<QueueFigures>> {
  const browser = await launch();
  try {
    return await within(limitS, async () => {
      const page = await peerPage(browser, url);
      await page.evaluate(
        ({ names, size }) => {
          const w = window as unknown as PeersWindow;
          w.peers.uppyOpen();
          w.__names = names;
          w.__files = w.peers.uppyFiles(names, size);
        },
        { names: fileNames(count), size: FILE_SIZE },
      );
      await page.waitForTimeout(500);
      const baseHeapMb = await rendererHeapMb(page);
      const { t0, painted } = await page.evaluate(async () => {
        const w = window as unknown as PeersWindow;
        const t0 = performance.now();
        w.peers.uppyAdd(w.__files!, w.__names!);
        const painted = await w.__untilPainted(() => document.querySelector('#uppy .uppy-Dashboard-Item') !== null, 600_000);
        return { t0, painted };
      });
      const responsive = Math.max(painted, await responsiveAfter(page, t0, limitS * 1000));
      const added = await page.evaluate(() => (window as unknown as PeersWindow).peers.uppyCount());
      if (added !== count) throw new Error(`Uppy holds ${added} of ${count} files`);
      const heapMb = await rendererHeapMb(page);
      return { firstRows: painted - t0, responsive: responsive - t0, heapMb, baseHeapMb };
    });
  } finally {
    await browser.close();
  }
}

const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');

export async function run(args: string[]): Promise<boolean> {
  const only = choiceArg(args, 'only', ['tables', 'uploads'] as const);
  const questions = numberArg(args, 'questions', 100_000);
  const learners = numberArg(args, 'learners', 1_000_000);
  const limitS = numberArg(args, 'peer-limit', 180);
  const filesAt = args.findIndex((a) => a === '--files' || a.startsWith('--files='));
  const counts = filesAt < 0 ? [10_000, 100_000] : (args[filesAt]!.includes('=') ? args[filesAt]!.split('=')[1]! : args[filesAt + 1]!).split(',').map(Number);
  if (counts.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error('Bad --files: counts of files, comma-separated');
  const rendererDir = ensureRenderer(!args.includes('--no-build'));
  const html = await peerHtml();
  const dir = await mkdtemp(join(tmpdir(), 'cc-bench-peers-'));
  const lines: { peer: string; what: string; console: string; peerText: string; peerDone: boolean; ratio: number; note?: string; info?: boolean }[] = [];
  const fmt = (x: number, unit: string) => `${x.toLocaleString('en-GB', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} ${unit}`;
  /** One line; `info` lines are printed and not budgeted. */
  const add = (peer: string, what: string, mine: number, theirs: Outcome<number>, unit: string, note?: string, info = false) => {
    lines.push({ peer, what, console: fmt(mine, unit), peerText: theirs.ok ? fmt(theirs.value, unit) : theirs.why, peerDone: theirs.ok, ratio: theirs.ok ? mine / theirs.value : NaN, ...(note ? { note } : {}), info });
    // Said as it is measured too: a later step that fails does not take the earlier figures with it.
    console.log(`  ${what}: console ${fmt(mine, unit)}, ${peer} ${theirs.ok ? fmt(theirs.value, unit) : theirs.why}`);
  };
  console.log(`load average ${load()} (1, 5, 15 min) on ${cpus().length} cores at the start`);
  try {
    if (only !== 'uploads') {
      const serverDir = join(dir, 'server');
      console.log(`Seeding ${questions} questions and ${learners} learners into ${serverDir} ...`);
      const seeded = spawnSync('npx', ['tsx', 'server/cli.ts', 'seed', '--demo', '--questions', String(questions), '--learners', String(learners)], {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, DATA_DIR: serverDir, CONTENT_CONSOLE_QUIET: '1' },
      });
      if (seeded.status !== 0) throw new Error('seeding failed');
      process.env.CONTENT_CONSOLE_QUIET = '1';
      const host = await startBridgeHost({ port: await freePort(), rendererDir, stateDir: join(dir, 'host'), sandboxDir: serverDir, testRoutes: true });
      const serverUrl = host.core.settingsView().activeUrl!;
      const peerServer = await startPeerServer(html, serverUrl, await login(serverUrl));
      const browser = await launch();
      try {
        // The console first: its screens, each list loaded by main, then its worker's memory per list.
        const page = await browser.newPage({ viewport: VIEWPORT });
        await page.addInitScript(PAGE_HELPERS);
        await page.goto(`${host.url}/#/login`);
        await page.waitForFunction(() => typeof (globalThis as { api?: unknown }).api === 'object');
        await page.evaluate(
          (creds) => (globalThis as unknown as { api: { session: { login: (c: unknown) => Promise<unknown> } } }).api.session.login(creds),
          { email: SANDBOX_DEFAULTS.email, password: SANDBOX_DEFAULTS.password },
        );
        await page.goto(`${host.url}/#/admins`);
        await page.reload();
        const received = countSentBytes();
        const mainMs = timeWindowQueries(host.core.handlers);
        const mine = new Map<string, { result: ScreenResult; workerMb: number; load: string }>();
        let workerBefore = 0;
        for (const { screen } of TABLES) {
          console.log(`console: ${screen.name} (load ${load()}) ...`);
          const result = await measureScreen(page, screen, received, mainMs, (list) => host.core.windows.whenLoaded(list as ListName));
          const memory = await host.core.windows.memory(true);
          const held = memory.ok ? (memory.data.heapUsed + memory.data.buffers) / MiB : NaN;
          mine.set(screen.list, { result, workerMb: held - workerBefore, load: load() });
          workerBefore = held;
        }
        await page.close();
        const peerPageOpen = await peerPage(browser, peerServer.url);
        for (const table of TABLES) {
          const { result, workerMb, load: consoleLoad } = mine.get(table.screen.list)!;
          console.log(`AG Grid: ${table.screen.name} (load ${load()}) ...`);
          const theirs = await within(limitS * 4, () => agGrid(peerPageOpen, table));
          const size = `${table.screen.name}, ${result.rows.toLocaleString('en-IN')} rows`;
          const pick = (f: (t: PeerTable) => number): Outcome<number> => (theirs.ok ? { ok: true, value: f(theirs.value) } : theirs);
          const loads = `load ${consoleLoad} / ${load()}`;
          add('AG Grid', `${size}: first open -> first rows`, result.cold, pick((t) => t.cold), 'ms', `console: click, main fetches and keeps the list, first window painted; AG Grid: fetch, JSON.parse, mount, painted; ${loads}`);
          add('AG Grid', `${size}: first render -> rows painted (median of 7)`, median(result.opens), pick((t) => median(t.renders)), 'ms', `console: click on the sidebar, the list kept by main; AG Grid: mount over rows in the page`);
          add('AG Grid', `${size}: keystroke -> repaint (median of ${result.keys.length})`, median(result.keys), pick((t) => median(t.keys)), 'ms');
          add('AG Grid', `${size}: sort click -> repaint (median of ${result.sorts.length})`, median(result.sorts), pick((t) => median(t.sorts)), 'ms');
          add('AG Grid', `${size}: page memory (JS heap)`, result.heapMb + workerMb, pick((t) => t.heapMb), 'MB', `console: page ${result.heapMb.toFixed(1)} MB + main's list worker ${workerMb.toFixed(1)} MB for this list; AG Grid: its page`);
          if (!theirs.ok) {
            // A page that crashed or froze: a new one for the next list.
            await peerPageOpen.close().catch(() => undefined);
            break;
          }
        }
      } finally {
        await browser.close();
        await peerServer.close();
        await host.close();
      }
    }
    if (only !== 'tables') {
      const peerServer = await startPeerServer(html, 'http://127.0.0.1:9/', '');
      try {
        for (const count of counts) {
          const folder = join(dir, `files-${count}`);
          await mkdir(folder, { recursive: true });
          console.log(`generating ${count} files ...`);
          await generate(folder, count);
          console.log(`console: Bulk Upload, ${count} files (load ${load()}) ...`);
          const mine = await consoleQueue(rendererDir, folder, limitS);
          console.log(`Uppy: Dashboard, ${count} files (load ${load()}) ...`);
          const theirs = await uppyQueue(peerServer.url, count, limitS);
          await rm(folder, { recursive: true, force: true });
          const pick = (f: (t: QueueFigures) => number): Outcome<number> => (theirs.ok ? { ok: true, value: f(theirs.value) } : theirs);
          const size = `${count.toLocaleString('en-IN')} files`;
          add('Uppy', `${size}: add -> first rows painted`, mine.firstRows, pick((t) => t.firstRows), 'ms', `console: Add folder, main scans and queues the folder on disk; Uppy: addFiles of Files made in the page; load ${load()}`);
          add('Uppy', `${size}: add -> responsive page`, mine.responsive, pick((t) => t.responsive), 'ms', `the end of the last long task before 2 s with none, not before the first rows${mine.responsive >= limitS * 1000 ? '; the console was still busy at the limit' : ''}`);
          // The budget is what the files add to the page. The whole page is printed too, for
          // information: the console's is the whole admin app (React, Fluent UI, the contract's
          // schemas, the query cache) before a file is added, Uppy's is one widget on an empty page.
          add('Uppy', `${size}: page memory the queue adds (JS heap)`, mine.heapMb - mine.baseHeapMb, pick((t) => t.heapMb - t.baseHeapMb), 'MB', `the heap after the add less the heap just before it, both after a collection; main's JS heap grew ${mine.mainHeapMb?.toFixed(1)} MB with the queue (it keeps the queue, crash-safe)`);
          add('Uppy', `${size}: whole page memory (JS heap)`, mine.heapMb, pick((t) => t.heapMb), 'MB', `console ${mine.baseHeapMb.toFixed(1)} MB before the add (the app at Bulk Upload); Uppy ${theirs.ok ? theirs.value.baseHeapMb.toFixed(1) : '?'} MB before (its page, the Files made)`, true);
        }
      } finally {
        await peerServer.close();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.log('\npeer      measure                                                                  console         peer   ratio  ahead');
  let passed = true;
  for (const l of lines) {
    // A peer that did not finish the step (froze past the limit, crashed, ran out of memory) is behind.
    const ahead = !l.peerDone || l.ratio < 1;
    if (!l.info) passed &&= ahead;
    const ratio = l.peerDone ? `${l.ratio.toFixed(2)} x` : '-';
    console.log(`${l.peer.padEnd(9)} ${l.what.padEnd(72)} ${l.console.padStart(12)} ${l.peerText.padStart(12)} ${ratio.padStart(7)}  ${l.info ? 'info' : ahead ? 'yes' : 'NO'}${l.note ? `   (${l.note})` : ''}`);
  }
  console.log(`\nload average at the end ${load()}; ratio = console / peer, measured in this run; yes = the console ahead (a peer that did not finish a step, within the limit or at all, is behind on it).`);
  return passed;
}
