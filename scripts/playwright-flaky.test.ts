/**
 * The end-to-end run fails on a flaky test: playwright.config.ts allows one retry in CI for diagnosis,
 * and a test that passed only on its retry must fail the run, not pass it. This runs Playwright with the
 * project's own config on a one-test folder whose test passes only on its retry (no browser, no server).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
// Inside the project (outside node_modules, which Playwright does not compile) so that '@playwright/test'
// resolves from the generated files.
mkdirSync(join(root, '.tmp'), { recursive: true });
const dir = mkdtempSync(join(root, '.tmp', 'cc-flaky-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('playwright.config.ts', () => {
  it('fails the run when a test passes only on its retry (CI)', () => {
    writeFileSync(
      join(dir, 'flaky.spec.ts'),
      "import { expect, test } from '@playwright/test';\ntest('passes only on its retry', ({}, info) => { expect(info.retry).toBe(1); });\n",
    );
    writeFileSync(
      join(dir, 'flaky.config.ts'),
      `import config from ${JSON.stringify(join(root, 'playwright.config.ts'))};\nexport default { ...config, testDir: ${JSON.stringify(dir)}, webServer: undefined, reporter: [['list']], outputDir: ${JSON.stringify(join(dir, 'results'))} };\n`,
    );
    const run = spawnSync(process.execPath, [join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--config', join(dir, 'flaky.config.ts')], {
      cwd: root,
      env: { ...process.env, CI: 'true', E2E_SANDBOX_ROOT: dir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const output = `${run.stdout}${run.stderr}`;
    expect(output).toMatch(/1 flaky/);
    expect(run.status, output).not.toBe(0);
  });
});
