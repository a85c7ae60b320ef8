/**
 * The server killed during an upload: the app says so, keeps the form, and the retry succeeds.
 *
 * The test runs its own reference server (a separate process it can SIGKILL, unlike the host's in-process
 * sandbox) and points the app at it through the login screen's Connection panel as a platform server.
 * In `finally` it kills that server and switches the host back to the local sandbox, which the other
 * specs share.
 */
import { expect, test, type Page } from './walk';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Api } from '../../src/shared/api';
import { signedOut, tableRows, toast, unique } from './helpers';
import { makeLargeFile, queuePick } from './library-fixtures';
import { writeVideos } from '../../src/main/services/bulk/testing';
import { BRIDGE_NEXT_PICK_PATH } from '../bridge/protocol';
import { freePort } from '../free-port';
import { bulkOverall, copySeededSandbox, emptyBulkQueue, killProcess, spawnTsx, waitForOutput } from './processes';

type WithApi = { api: Api };
type Progress = { sent: number; total: number };

/** The reference server's own Super Admin (not the sandbox's: a login that works proves which server answers). */
const ADMIN = { email: 'upload-faults@example.com', password: `faults-${unique()}` };
/**
 * Sparse, so instant to make; large enough that the upload to loopback runs for a second or more (it is
 * read from disk and written to the server's media folder), so the kill lands mid-upload. 1 GiB: a third
 * of what it was, and the retry writes it once more.
 */
const FILE_BYTES = 1024 ** 3;


/** `server/cli.ts ...` in one process, so SIGKILL stops the server itself. */
const cli = (args: string[], env: Record<string, string>): ChildProcess => spawnTsx('server/cli.ts', args, env);
const started = waitForOutput;
const kill = killProcess;

/** Points the app at `url` (kind remote) or the local sandbox through the login screen's Connection panel. */
async function useConnection(page: Page, target: { url: string } | 'sandbox'): Promise<void> {
  const panel = page.getByRole('button', { name: /Connection/ });
  if (!(await page.getByRole('radiogroup', { name: 'Connection' }).isVisible())) await panel.click();
  if (target === 'sandbox') {
    await page.getByRole('radio', { name: 'Local sandbox' }).click();
  } else {
    await page.getByRole('radio', { name: 'Platform server' }).click();
    await page.getByLabel('Platform server URL').fill(target.url);
  }
  const use = page.getByRole('button', { name: 'Use this connection' });
  if (await use.isEnabled()) await use.click();
  await expect(page.getByTestId('active-url')).toHaveText(target === 'sandbox' ? /^http:\/\/127\.0\.0\.1:\d{4,}/ : target.url);
}

/** Signs in on the walk's own server through the login screen (its Connection panel, then the form). */
async function signInTo(page: Page, url: string): Promise<void> {
  await signedOut(page);
  await useConnection(page, { url });
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Login successful!')).toBeVisible();
}

test('the server killed during an upload: the app says so, keeps the form, and the retry succeeds', async ({ page, request }) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-e2e-faults-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), DATA_DIR: dataDir, SANDBOX_ADMIN_EMAIL: ADMIN.email, SANDBOX_ADMIN_PASSWORD: ADMIN.password };
  const serve = () => cli(['serve', '--no-demo'], env);
  const READY = /reference server on http:\/\/127\.0\.0\.1:\d+/;
  const large = makeLargeFile(FILE_BYTES, `faults-${unique()}.bin`);
  let server: ChildProcess | null = null;

  try {
    // The keyword groups and business ideas a valid form needs come with the demo content only (no screen
    // creates them), so the data folder starts as a copy of the run's seeded sandbox; the server runs with --no-demo.
    await copySeededSandbox(dataDir);
    server = serve();
    await started(server, READY);

    await signInTo(page, url);

    await page.evaluate(() => {
      const w = globalThis as unknown as WithApi & { progress: Progress[] };
      w.progress = [];
      w.api.on('upload:progress', (e) => w.progress.push(e));
    });
    await page.getByRole('link', { name: 'Video Library' }).click();
    await expect(page.getByRole('heading', { name: 'Video Library', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add File' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add File' });
    const title = `Fault ${unique()}`;
    const description = 'Uploaded while the server is killed, then again.';
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('combobox', { name: 'Type', exact: true }).selectOption('Interview');
    await dialog.getByRole('combobox', { name: 'Level', exact: true }).selectOption('4');
    await dialog.getByRole('button', { name: 'Select All', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Keyword groups' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'dairy', exact: true }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('combobox', { name: 'File type', exact: true }).selectOption('other');
    await queuePick(request, large);
    await dialog.getByRole('button', { name: 'Choose file… (File)', exact: true }).click();
    const fileName = dialog.getByText(/^faults-.*\.bin$/);
    await expect(fileName).toBeVisible();

    // Submit; once bytes are on their way, the server dies.
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const percent = dialog.getByTestId('upload-percent');
    await expect(percent).toHaveText(/^[1-9]\d?%$/, { timeout: 30_000 });
    const sentBeforeKill = await page.evaluate(() => (globalThis as unknown as { progress: Progress[] }).progress.at(-1));
    expect(sentBeforeKill && sentBeforeKill.sent < sentBeforeKill.total, 'the upload was still running when the server was killed').toBe(true);
    await kill(server);

    // The app says so, names the server, and keeps the dialog with its values and the chosen file.
    const message = `The upload to ${url} failed: the server cannot be reached or the connection was lost. Check the connection and try again.`;
    await expect(dialog.getByRole('alert').filter({ hasText: message })).toBeVisible({ timeout: 30_000 });
    // The specs' error toast says it too.
    await expect(toast(page, message)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add', exact: true })).toBeEnabled();
    await expect(dialog.getByLabel('Title')).toHaveValue(title);
    await expect(dialog.getByLabel('Description')).toHaveValue(description);
    await expect(dialog.getByRole('combobox', { name: 'Level', exact: true })).toHaveValue('4');
    await expect(dialog.getByRole('combobox', { name: 'File type', exact: true })).toHaveValue('other');
    await expect(fileName).toBeVisible();

    // The server comes back on the same port and data folder. The session lives in its database, so the
    // app is still signed in and the dialog still open: no second login.
    server = serve();
    await started(server, READY);
    await expect(page.getByRole('heading', { name: 'Log in' })).toHaveCount(0);
    await expect(dialog).toBeVisible();

    // The retry re-sends the same file from disk (the grant survived) and goes through.
    await page.evaluate(() => {
      (globalThis as unknown as { progress: Progress[] }).progress = [];
    });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page, 'File has been Added')).toBeVisible({ timeout: 120_000 });
    await expect(dialog).toBeHidden();
    const last = await page.evaluate(() => (globalThis as unknown as { progress: Progress[] }).progress.at(-1));
    // Progress reached 100%: the last event has every byte of the body (the file and the text parts) sent.
    expect(last).toBeDefined();
    expect(last!.total).toBeGreaterThan(FILE_BYTES);
    expect(last!.sent).toBe(last!.total);

    await page.getByRole('searchbox', { name: 'Search' }).fill(title);
    const rows = tableRows(page, 'Video Library');
    await expect(rows).toHaveCount(1);
    const stored = await page.evaluate(async (t) => {
      const r = await (globalThis as unknown as WithApi).api.library.mediaList();
      return r.ok ? r.data.filter((f) => f.title === t).map((f) => ({ type: f.type, fileType: f.fileType, fileSize: f.fileSize })) : null;
    }, title);
    // Stored once: the failed attempt left nothing behind.
    expect(stored).toEqual([{ type: 'Interview', fileType: 'other', fileSize: FILE_BYTES }]);
  } finally {
    await kill(server);
    // Back to the sandbox the other specs use (switching signs out of the killed server's session).
    await signedOut(page).catch(() => undefined);
    await useConnection(page, 'sandbox');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(large, { force: true });
  }
});

test('the server killed in the middle of a bulk upload: the queue waits, retries, and every item is stored once', async ({ page, request }) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-e2e-bulk-faults-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), DATA_DIR: dataDir, SANDBOX_ADMIN_EMAIL: ADMIN.email, SANDBOX_ADMIN_PASSWORD: ADMIN.password };
  const serve = () => cli(['serve', '--no-demo'], env);
  const READY = /reference server on http:\/\/127\.0\.0\.1:\d+/;
  const COUNT = 6;
  const tag = unique();
  let server: ChildProcess | null = null;
  const overall = () => bulkOverall(page);

  try {
    // Files large enough that one at a time the queue runs for several seconds.
    const paths = await writeVideos(join(dataDir, 'videos'), Array.from({ length: COUNT }, (_, i) => `Faulty_${tag}-${i + 1}.mp4`), 40 * 1024 * 1024);
    await copySeededSandbox(dataDir);
    server = serve();
    await started(server, READY);
    await signInTo(page, url);
    await emptyBulkQueue(page);

    await page.getByRole('link', { name: 'Bulk Upload' }).click();
    expect((await request.post(BRIDGE_NEXT_PICK_PATH, { data: { paths } })).status()).toBe(204);
    await page.getByRole('button', { name: 'Add files' }).click();
    await expect(toast(page, `${COUNT} added.`)).toBeVisible();
    const panel = page.getByRole('complementary', { name: 'Defaults' });
    await panel.getByLabel('Type').selectOption('Interview');
    await panel.getByLabel('Description').fill('Uploaded while the server is killed.');
    await panel.getByRole('button', { name: 'Select All', exact: true }).click();
    await panel.getByRole('group', { name: 'Keyword groups' }).getByRole('checkbox').first().check();
    await panel.getByRole('button', { name: 'Apply to all' }).click();
    await expect.poll(async () => (await overall()).needAttention).toBe(0);
    await page.getByLabel('Uploads at once').selectOption('1');
    await page.getByRole('button', { name: 'Start', exact: true }).click();

    // One file stored, the next on its way: the server dies.
    await expect.poll(async () => (await overall()).filesDone, { timeout: 60_000, intervals: [100] }).toBeGreaterThanOrEqual(1);
    await kill(server);
    server = null;
    // Said over the queue (and on the item that was on its way).
    const offline = page.getByText('The server cannot be reached: the queue waits and resumes when it answers.');
    await expect(offline.first()).toBeVisible({ timeout: 60_000 });
    const atKill = (await overall()).filesDone;
    expect(atKill).toBeLessThan(COUNT);

    // Back on the same port and data: the queue notices by itself and finishes.
    server = serve();
    await started(server, READY);
    await expect.poll(async () => (await overall()).filesDone, { timeout: 150_000, intervals: [500] }).toBe(COUNT);
    await expect(offline).toHaveCount(0);
    const titles = await page.evaluate(async (t) => {
      const r = await (globalThis as unknown as WithApi).api.library.mediaList({});
      return r.ok ? r.data.map((f) => f.title).filter((title) => title.startsWith(t)) : null;
    }, `Faulty ${tag}`);
    expect(titles?.length).toBe(COUNT);
    expect(new Set(titles).size).toBe(COUNT);
  } finally {
    await page.evaluate(() => (globalThis as unknown as WithApi).api.bulk.remove({ ids: 'all' })).catch(() => undefined);
    await kill(server);
    await signedOut(page).catch(() => undefined);
    await useConnection(page, 'sandbox');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
