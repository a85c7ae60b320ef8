import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 5790);
/** A fresh sandbox per test run: the tests create what they need and never depend on a previous run. */
const sandboxDir = process.env.E2E_SANDBOX_DIR ?? mkdtempSync(join(tmpdir(), 'cc-e2e-'));
process.env.E2E_SANDBOX_DIR = sandboxDir;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  // One retry in CI, for diagnosis only: a test that passes only on retry is flaky, and a flaky test
  // fails the run (failOnFlakyTests) instead of passing it.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    command: 'npx tsx scripts/preview.ts',
    url: `http://127.0.0.1:${port}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PREVIEW_PORT: String(port),
      SANDBOX_DIR: sandboxDir,
      CONTENT_CONSOLE_QUIET: '1',
      BRIDGE_TEST_ROUTES: '1',
    },
  },
});
