/**
 * Processes the fault walks start and kill (a reference server, a preview host: each in one process, so
 * SIGKILL stops it and what it holds), and the bulk queue's state through window.api.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { SANDBOX_ADMIN, toast } from './helpers';
import type { Api } from '../../src/shared/api';

type WithApi = { api: Api };

/** `node --import tsx <script> ...args` in the project folder (tsx's loader, no npx wrapper in between). */
export function spawnTsx(script: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: process.cwd(),
    // A preview started by a test is a test host: its dialogs' stand-in routes are on.
    env: { ...process.env, ...env, CONTENT_CONSOLE_QUIET: '1', BRIDGE_TEST_ROUTES: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Waits until the process prints `ready`; with `ready` null, until it ends with code 0. An early end (or
 * the timeout) fails with the process's output.
 */
export async function waitForOutput(child: ChildProcess, ready: RegExp | null, timeoutMs = 60_000): Promise<void> {
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the process did not get ready in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (ready && ready.test(output)) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!ready && code === 0) resolve();
      else reject(new Error(`the process ended (${code}):\n${output}`));
    });
  });
}

/** SIGKILL, and wait for the exit. */
export async function killProcess(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** The bulk queue's overall numbers and whether it waits for the server. */
export const bulkOverall = (page: Page) =>
  page.evaluate(async () => {
    const answer = await (globalThis as unknown as WithApi).api.bulk.status({});
    if (!answer.ok) throw new Error(answer.error.message);
    return { ...answer.data.overall, offline: answer.data.status.offline };
  });

/** The host's queue holds what other walks left: a walk that counts items starts from an empty one. */
export async function emptyBulkQueue(page: Page): Promise<void> {
  const answer = await page.evaluate(() => (globalThis as unknown as WithApi).api.bulk.remove({ ids: 'all' }));
  expect(answer.ok, JSON.stringify(answer)).toBe(true);
}

/** A preview host of a walk's own (scripts/preview.ts on its port and data folder, reusing the build), in one process so SIGKILL stops it and its sandbox. */
export async function startPreviewHost(port: number, sandboxDir: string): Promise<ChildProcess> {
  // A new sandbox is a copy of the run's seeded one (playwright.config.ts), not seeded again.
  const template: Record<string, string> = process.env.E2E_SANDBOX_TEMPLATE ? { SANDBOX_TEMPLATE: process.env.E2E_SANDBOX_TEMPLATE } : {};
  const child = spawnTsx('scripts/preview.ts', [], { PREVIEW_PORT: String(port), SANDBOX_DIR: sandboxDir, PREVIEW_SKIP_BUILD: '1', ...template });
  await waitForOutput(child, /Content Console preview:/, 90_000);
  return child;
}

/**
 * Signs in to such a host as the sandbox's admin (the preview keeps the token in memory: again after a
 * restart). The page is loaded anew, as Electron's window is when main starts again: the bridge's page
 * would outlive its host and go on trusting the session it had.
 */
export async function loginPreview(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/#/login`);
  await page.reload();
  await page.waitForFunction(() => typeof (globalThis as unknown as Partial<WithApi>).api?.session?.current === 'function');
  await page.getByRole('textbox', { name: 'Email' }).fill(SANDBOX_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(SANDBOX_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Login successful!')).toBeVisible();
}

/**
 * The run's seeded sandbox (made by its first host) copied into a walk's own server folder: the demo content
 * that a valid form needs, without a seed of its own.
 */
export async function copySeededSandbox(dataDir: string): Promise<void> {
  const template = process.env.E2E_SANDBOX_TEMPLATE;
  if (!template) throw new Error('E2E_SANDBOX_TEMPLATE is not set: run the walks through playwright.config.ts');
  await cp(template, dataDir, { recursive: true });
}
