/**
 * The app in Chromium for a bench: the built renderer served by the browser bridge host (the real
 * main-process core and a sandbox server of its own, in a temp folder), Debian's Chromium through
 * playwright-core, signed in as the sandbox's admin.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startBridgeHost } from '../tests/bridge/host';
import { BRIDGE_NEXT_PICK_PATH } from '../tests/bridge/protocol';
import { SANDBOX_DEFAULTS } from '../server/app';
import { freePort } from '../tests/free-port';

export interface BridgePage {
  page: Page;
  host: Awaited<ReturnType<typeof startBridgeHost>>;
  /** The host's state folder (settings, poster frames, exports). */
  stateDir: string;
  /** The next native open dialog answers with `path` (a file or a folder). */
  queuePick(path: string): Promise<void>;
  close(): Promise<void>;
}

/** Builds the renderer (electron-vite) when `out/renderer` has none, or always with `rebuild`. */
export function ensureRenderer(rebuild = false): string {
  const root = resolve(import.meta.dirname, '..');
  const rendererDir = join(root, 'out/renderer');
  if (rebuild || !existsSync(join(rendererDir, 'index.html'))) {
    console.log('Building the app (electron-vite build)...');
    const built = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('electron-vite build failed');
  }
  return rendererDir;
}

export async function openBridgePage(prefix: string, { rebuild = false } = {}): Promise<BridgePage> {
  const rendererDir = ensureRenderer(rebuild);
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const stateDir = join(dir, 'host');
  process.env.CONTENT_CONSOLE_QUIET = '1';
  const host = await startBridgeHost({ port: await freePort(), rendererDir, stateDir, sandboxDir: join(dir, 'server'), testRoutes: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const close = async () => {
    await browser.close();
    await host.close();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
    // tsx (esbuild, keepNames) wraps named functions of page.evaluate bodies in __name(...).
    await page.addInitScript('window.__name = (f) => f');
    await page.goto(`${host.url}/#/login`);
    await page.waitForFunction(() => typeof (globalThis as { api?: unknown }).api === 'object');
    await page.evaluate(
      (creds) => (globalThis as unknown as { api: { session: { login: (c: unknown) => Promise<unknown> } } }).api.session.login(creds),
      { email: SANDBOX_DEFAULTS.email, password: SANDBOX_DEFAULTS.password },
    );
    // Loaded anew: the page reads the session main now has at its start, not at each navigation.
    await page.reload();
    await page.waitForFunction(() => typeof (globalThis as { api?: unknown }).api === 'object');
    const queuePick = async (path: string) => {
      const picked = await fetch(`${host.url}${BRIDGE_NEXT_PICK_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path }) });
      if (picked.status !== 204) throw new Error(`the pick stand-in answered ${picked.status}`);
    };
    return { page, host, stateDir, queuePick, close };
  } catch (error) {
    await close();
    throw error;
  }
}
