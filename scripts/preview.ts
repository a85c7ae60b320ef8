/**
 * `npm run preview`: the app in a browser. Builds the renderer, starts the bridge host (which starts the
 * reference server as the local sandbox, data in SANDBOX_DIR or .sandbox/) and prints the URL and the
 * sandbox credentials.
 *
 * Env: PREVIEW_PORT (5780), SANDBOX_DIR (.sandbox), SANDBOX_ADMIN_EMAIL, SANDBOX_ADMIN_PASSWORD,
 * SANDBOX_TEMPLATE (a seeded sandbox folder a new sandbox is copied from, seeded there first when missing:
 * scripts/sandbox-template.ts), PREVIEW_SKIP_BUILD=1 to reuse out/renderer, PREVIEW_OPEN_BROWSER=1 to open the system's default browser when
 * there is a desktop. The build is skipped when its inputs have not changed since the last one (out/.build-inputs).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startBridgeHost } from '../tests/bridge/host';
import { SANDBOX_DEFAULTS } from '../server/app';
import { buildIsCurrent, buildUnlessCurrent } from './build-stamp.mjs';
import { sandboxFromTemplate } from './sandbox-template';
import { compileWasmOnceOnTheCallingThread } from '../src/main/services/media-facts';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.PREVIEW_PORT ?? 5780);
const sandboxDir = resolve(process.env.SANDBOX_DIR ?? join(root, '.sandbox'));
const rendererDir = join(root, 'out/renderer');
const builtSandbox = join(root, 'out/main/sandbox.js');

if (process.env.PREVIEW_SKIP_BUILD === '1' && existsSync(join(rendererDir, 'index.html'))) {
  console.log('Using the existing build (PREVIEW_SKIP_BUILD=1).');
} else if (buildIsCurrent(root)) {
  console.log('The build is current (no input changed since the last one): skipping electron-vite build.');
} else {
  console.log('Building the app (electron-vite build)...');
  const code = buildUnlessCurrent(root);
  if (code !== 0) process.exit(code);
}

if (process.env.SANDBOX_TEMPLATE) await sandboxFromTemplate(resolve(process.env.SANDBOX_TEMPLATE), join(sandboxDir, 'server'));

// As the desktop app's main does (the seeded template above was made with PGlite's defaults, in this process).
compileWasmOnceOnTheCallingThread();
const host = await startBridgeHost({
  port,
  rendererDir,
  stateDir: join(sandboxDir, 'host'),
  sandboxDir: join(sandboxDir, 'server'),
  // Only the e2e suite's preview queues what the native dialogs' stand-in returns.
  testRoutes: process.env.BRIDGE_TEST_ROUTES === '1',
  // Only the e2e suite's preview lets the course health check request its loopback link servers.
  allowLoopbackLinks: process.env.BRIDGE_LOOPBACK_LINKS === '1',
  // The e2e suite's preview waits less between a call's attempts (its walks of failing platforms would
  // otherwise wait out the real backoff at each failed read; the waits themselves are tested in integration).
  ...(process.env.BRIDGE_NET_BACKOFF_MS ? { net: { backoffBaseMs: Number(process.env.BRIDGE_NET_BACKOFF_MS), backoffMaxMs: 4 * Number(process.env.BRIDGE_NET_BACKOFF_MS) } } : {}),
  // The sandbox from the build the preview serves (the bundle the app ships), not from source under tsx: a
  // start (the first, and each return from a platform server) took 1.7 to 2.0 s of a core against 2.7 to 3.1.
  ...(existsSync(builtSandbox) ? { sandboxEntry: pathToFileURL(builtSandbox).href } : {}),
});

const email = process.env.SANDBOX_ADMIN_EMAIL ?? SANDBOX_DEFAULTS.email;
const password = process.env.SANDBOX_ADMIN_PASSWORD ?? SANDBOX_DEFAULTS.password;
console.log(`Content Console preview: ${host.url}`);
console.log(`Sandbox server: ${host.core.settingsView().activeUrl ?? '(not running)'} (data in ${join(sandboxDir, 'server')})`);
console.log(`Sign in as ${email} / ${password}`);
console.log(`Password reset mails go to ${join(sandboxDir, 'server', 'outbox')}`);

if (process.env.PREVIEW_OPEN_BROWSER === '1') openInBrowser(host.url);

/** The system's default browser, where there is a desktop to show it on (never on a headless Linux). */
function openInBrowser(url: string): void {
  const hasDesktop = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
  if (!hasDesktop) {
    console.log('No desktop here (no DISPLAY): open the URL above in a browser.');
    return;
  }
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  const opener = spawn(command, args, { stdio: 'ignore', detached: true });
  opener.on('error', () => console.log(`Could not start ${command}: open the URL above in a browser.`));
  opener.unref();
}

const stop = async () => {
  await host.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
