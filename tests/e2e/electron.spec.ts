import { _electron as electron, expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
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
});

if (!binary) console.warn('[e2e] Electron tests skipped: Electron binary not installed on this machine.');

test('the built preload requires nothing but electron (a sandboxed preload cannot load modules)', () => {
  // `npm run preview` (the e2e web server) has just built out/.
  const preload = readFileSync('out/preload/index.cjs', 'utf8');
  const required = [...new Set([...preload.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]))];
  expect(required).toEqual(['electron']);
});
