/**
 * `npm run preview`: the app in a browser. Builds the renderer, starts the bridge host (which starts the
 * reference server as the local sandbox, data in SANDBOX_DIR or .sandbox/) and prints the URL and the
 * sandbox credentials.
 *
 * Env: PREVIEW_PORT (5780), SANDBOX_DIR (.sandbox), SANDBOX_ADMIN_EMAIL, SANDBOX_ADMIN_PASSWORD,
 * PREVIEW_SKIP_BUILD=1 to reuse out/renderer.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startBridgeHost } from '../tests/bridge/host';
import { SANDBOX_DEFAULTS } from '../server/app';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.PREVIEW_PORT ?? 5780);
const sandboxDir = resolve(process.env.SANDBOX_DIR ?? join(root, '.sandbox'));
const rendererDir = join(root, 'out/renderer');

if (process.env.PREVIEW_SKIP_BUILD !== '1' || !existsSync(join(rendererDir, 'index.html'))) {
  console.log('Building the app (electron-vite build)...');
  const built = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const host = await startBridgeHost({
  port,
  rendererDir,
  stateDir: join(sandboxDir, 'host'),
  sandboxDir: join(sandboxDir, 'server'),
});

const email = process.env.SANDBOX_ADMIN_EMAIL ?? SANDBOX_DEFAULTS.email;
const password = process.env.SANDBOX_ADMIN_PASSWORD ?? SANDBOX_DEFAULTS.password;
console.log(`Content Console preview: ${host.url}`);
console.log(`Sandbox server: ${host.core.settingsView().activeUrl ?? '(not running)'} (data in ${join(sandboxDir, 'server')})`);
console.log(`Sign in as ${email} / ${password}`);
console.log(`Password reset mails go to ${join(sandboxDir, 'server', 'outbox')}`);

const stop = async () => {
  await host.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
