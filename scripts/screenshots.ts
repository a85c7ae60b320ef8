/**
 * `npx tsx scripts/screenshots.ts [--no-build] [route ...]`: signs in to a fresh sandbox through the
 * browser bridge and saves a Chromium screenshot of each screen in light and dark theme to
 * .tmp/screenshots/ (light-<name>.png, dark-<name>.png), for a person to look at.
 * A route may name a button to press before the shot, to see a dialog: `'/quotes>Add Quote'`.
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
const screens = routes.length ? routes : ['/login', '/', '/questions', '/resources', '/library', '/admins', '/change-password', '/synonyms', '/quotes', '/daily-tips', '/session', '/mentors'];
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
  for (const scheme of ['light', 'dark'] as const) {
    const page = await browser.newPage({ viewport: { width: 1400, height: 860 }, colorScheme: scheme });
    for (const screen of screens) {
      const [route = '/', button] = screen.split('>');
      await page.goto(`${host.url}/#${route}`);
      if (route !== '/login' && (await page.getByRole('button', { name: 'Login' }).count())) {
        await page.getByLabel('Email').fill(SANDBOX_DEFAULTS.email);
        await page.getByLabel('Password', { exact: true }).fill(SANDBOX_DEFAULTS.password);
        await page.getByRole('button', { name: 'Login' }).click();
        await page.getByRole('button', { name: 'Logout' }).waitFor();
      }
      await page.waitForLoadState('networkidle');
      if (button) await page.getByRole('button', { name: button, exact: true }).first().click();
      await page.waitForTimeout(800);
      const name = (route === '/' ? 'home' : route.slice(1).replace(/\//g, '-')) + (button ? `-${button.replace(/\W+/g, '-')}` : '');
      await page.screenshot({ path: join(outDir, `${scheme}-${name}.png`) });
      console.log(join(outDir, `${scheme}-${name}.png`));
    }
    await page.close();
  }
} finally {
  await browser.close();
  await host.close();
  await rm(dir, { recursive: true, force: true });
}
