import { _electron as electron, chromium, expect, test } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { electronBinary } from '../../scripts/electron-binary.mjs';

// The real Electron app. Its binary cannot be downloaded on every machine: skip there, saying why.
const binary = electronBinary();

test.describe('the Electron app', () => {
  test.skip(!binary, 'Electron binary not installed (ELECTRON_SKIP_BINARY_DOWNLOAD): the renderer is tested through the browser bridge instead');

  test('opens a sandboxed window whose page has window.api and no Node', async () => {
    if (!binary) console.warn('skipped: no Electron binary');
    const app = await electron.launch({ executablePath: binary!, args: ['out/main/index.js'] });
    const window = await app.firstWindow();
    await expect(window).toHaveTitle(/Content Console/);
    // Served from the app's own protocol, not file:// (the grantFileProtocolExtraPrivileges fuse is off).
    expect(window.url()).toMatch(/^app:\/\/content-console\/index\.html/);
    expect(await window.evaluate(() => typeof (window as unknown as { files: { grantDropped: unknown } }).files.grantDropped)).toBe('function');
    expect(await window.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
    expect(await window.evaluate(() => typeof (window as unknown as { api: { session: { current: unknown } } }).api.session.current)).toBe('function');
    // The page runs without Node: process is not defined in a sandboxed, isolated renderer.
    expect(await window.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
    await app.close();
  });

  // The app as an installer would lay it out: electron-builder with electron-builder.yml around this
  // Electron, then the packaged binary started. Its fuses forbid Node's --inspect, which Playwright's
  // electron.launch needs, so the page is reached through Chromium's remote debugging port instead.
  test('the packaged app opens its window from app.asar, sandboxed, with window.api', async () => {
    test.setTimeout(600_000);
    const work = mkdtempSync(join(tmpdir(), 'cc-packaged-'));
    try {
      const packed = spawnSync(join('node_modules', '.bin', 'electron-builder'), ['--dir', '--publish', 'never', `-c.electronDist=${dirname(binary!)}`, '-c.npmRebuild=false', `-c.directories.output=${work}`], { stdio: 'inherit' });
      expect(packed.status).toBe(0);
      const executable =
        process.platform === 'darwin'
          ? join(work, 'mac', 'Content Console.app', 'Contents', 'MacOS', 'Content Console')
          : process.platform === 'win32'
            ? join(work, 'win-unpacked', 'Content Console.exe')
            : join(work, 'linux-unpacked', 'content-console');
      const port = 9300 + Math.floor(Math.random() * 500);
      const app = spawn(executable, [`--remote-debugging-port=${port}`], { stdio: 'ignore', env: { ...process.env, SANDBOX_DIR: join(work, 'sandbox') } });
      try {
        let browser = null;
        for (let tries = 0; !browser && tries < 60; tries++) {
          browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch(() => null);
          if (!browser) await new Promise((r) => setTimeout(r, 500));
        }
        expect(browser, 'the packaged app opened its debugging port').not.toBeNull();
        const page = browser!.contexts()[0]?.pages()[0] ?? (await browser!.contexts()[0]!.waitForEvent('page'));
        await expect(page).toHaveTitle(/Content Console/);
        expect(page.url()).toMatch(/^app:\/\/content-console\/index\.html/);
        expect(await page.evaluate(() => typeof (window as unknown as { api: { session: { current: unknown } } }).api.session.current)).toBe('function');
        expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
        await browser!.close();
      } finally {
        app.kill();
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

if (!binary) console.warn('[e2e] Electron tests skipped: Electron binary not installed on this machine.');

test('the built preload requires nothing but electron (a sandboxed preload cannot load modules)', () => {
  // `npm run preview` (the e2e web server) has just built out/.
  const preload = readFileSync('out/preload/index.cjs', 'utf8');
  const required = [...new Set([...preload.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]))];
  expect(required).toEqual(['electron']);
});
