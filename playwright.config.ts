import { defineConfig } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Two workers, each with a preview host of its own (port E2E_PORT + its parallel index, its own sandbox
 * folder): a host keeps one session, one bulk queue and one set of preferences, so two workers on one
 * host would sign each other out. E2E_WORKERS=1 gives the old single-host run.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 5790);
/** A fresh sandbox root per test run: the tests create what they need and never depend on a previous run. */
const sandboxRoot = process.env.E2E_SANDBOX_ROOT ?? mkdtempSync(join(tmpdir(), 'cc-e2e-'));
process.env.E2E_SANDBOX_ROOT = sandboxRoot;
/** The run's seeded sandbox: the first host seeds it, every other host of the run copies it (scripts/sandbox-template.ts). */
const sandboxTemplate = join(sandboxRoot, 'seeded-sandbox');
process.env.E2E_SANDBOX_TEMPLATE = sandboxTemplate;
const hostSandbox = (index: number): string => join(sandboxRoot, `host-${index}`);
// Playwright loads this file again in each worker after setting TEST_PARALLEL_INDEX (0 .. workers-1, kept by
// a worker's replacement): the worker's tests then talk to its own host, and helpers read its folder.
const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
process.env.E2E_SANDBOX_DIR = hostSandbox(parallelIndex);

export default defineConfig({
  testDir: 'tests/e2e',
  // Prints the run's count of axe passes (a path of its own: the flaky-run test spreads this config elsewhere).
  globalTeardown: fileURLToPath(new URL('./tests/e2e/global-teardown.ts', import.meta.url)),
  fullyParallel: false,
  workers,
  // One retry in CI, for diagnosis only: a test that passes only on retry is flaky, and a flaky test
  // fails the run (failOnFlakyTests) instead of passing it.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: true,
  // A hang guard, not a speed check (speed is the benches'): the long walks, each with axe in both themes,
  // took 35 to 59 s on a slow day of this 2-core machine, and two passed 60 s in a clean-clone run.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${basePort + parallelIndex}`,
    browserName: 'chromium',
    launchOptions: {
      // Chromium's headless shell (Debian's chromium-headless-shell, what Playwright runs headless by default):
      // the same Blink without the browser UI that the full chromium keeps running behind a headless page,
      // measured at 17 to 23 % less CPU for the same walks on this 2-core machine (docs/performance.md).
      executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
      // `--js-flags=--max-opt=1`: the pages' JavaScript runs in V8's interpreter and its baseline compiler
      // (Sparkplug) only. A walk's page lives seconds, and V8 optimized the app's code again in every new
      // document (Maglev, on background threads) for runs too short to pay it back: an app start took about a
      // quarter less CPU without it, the same walks 14 % less (docs/performance.md). The app's behaviour does
      // not depend on V8's tiers; the benches and screenshots keep V8's defaults.
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run', '--js-flags=--max-opt=1'],
    },
    // The OS setting "reduce motion", which many staff keep on: Fluent's dialogs, menus and toasts then show
    // and go without their motion. The screens, texts and flows are the same; the walks cost 17 % less CPU
    // and wall time (question-bank and quotes, 106 against 88 s of CPU, docs/performance.md). The two walks that
    // measure a toast's life with its motion (in admins and staff-spec, 'with motion') run with full motion.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  // Started one after the other: the first builds the app when its inputs changed, the others reuse it.
  webServer: Array.from({ length: workers }, (_, index) => ({
    // One process: through `npx tsx` the host ran under npx and tsx's own CLI, two Node processes more (a
    // start to ready 5.6 s and 8.4 s of CPU against 4.5 s and 6.5 s).
    command: 'node --import tsx scripts/preview.ts',
    url: `http://127.0.0.1:${basePort + index}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    env: {
      PREVIEW_PORT: String(basePort + index),
      SANDBOX_DIR: hostSandbox(index),
      SANDBOX_TEMPLATE: sandboxTemplate,
      CONTENT_CONSOLE_QUIET: '1',
      BRIDGE_TEST_ROUTES: '1',
      BRIDGE_NET_BACKOFF_MS: '50',
      BRIDGE_LOOPBACK_LINKS: '1',
      ...(index > 0 ? { PREVIEW_SKIP_BUILD: '1' } : {}),
    },
  })),
});
