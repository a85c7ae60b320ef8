/**
 * `npx tsx scripts/screenshots.ts [--no-build] [route ...]`: signs in to a fresh sandbox through the
 * browser bridge and saves a Chromium screenshot of each screen in light and dark theme to
 * .tmp/screenshots/ (light-<name>-<w>x<h>.png, dark-...), at the smallest supported window (1024 x 700)
 * and a common one (1440 x 900), for a person to look at. SCREENSHOT_PORT picks the host's port.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startBridgeHost } from '../tests/bridge/host';
import { SANDBOX_DEFAULTS } from '../server/app';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const routes = args.filter((a) => a.startsWith('/'));
const screens = routes.length ? routes : ['/login', '/', '/questions', '/resources', '/library', '/admins', '/change-password', '/mentors'];
const outDir = join(root, '.tmp/screenshots');

if (!args.includes('--no-build')) spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
process.env.CONTENT_CONSOLE_QUIET = '1';
const dir = await mkdtemp(join(tmpdir(), 'cc-shots-'));
const host = await startBridgeHost({ port: Number(process.env.SCREENSHOT_PORT ?? 5788), rendererDir: join(root, 'out/renderer'), stateDir: join(dir, 'host'), sandboxDir: join(dir, 'server') });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
await mkdir(outDir, { recursive: true });
try {
  for (const [scheme, viewport] of (['light', 'dark'] as const).flatMap((sc) => [[sc, { width: 1024, height: 700 }], [sc, { width: 1440, height: 900 }]] as const)) {
    const page = await browser.newPage({ viewport, colorScheme: scheme });
    for (const route of screens) {
      await page.goto(`${host.url}/#${route}`);
      if (route !== '/login' && (await page.getByRole('button', { name: 'Login' }).count())) {
        await page.getByLabel('Email').fill(SANDBOX_DEFAULTS.email);
        await page.getByLabel('Password', { exact: true }).fill(SANDBOX_DEFAULTS.password);
        await page.getByRole('button', { name: 'Login' }).click();
        await page.getByRole('button', { name: 'Logout' }).waitFor();
      }
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(800);
      const name = route === '/' ? 'home' : route.slice(1).replace(/\//g, '-');
      const file = join(outDir, `${scheme}-${name}-${viewport.width}x${viewport.height}.png`);
      await page.screenshot({ path: file });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await host.close();
  await rm(dir, { recursive: true, force: true });
}
