/**
 * The Help menu's commands as a person meets them in the window: About (versions, updates, the notices the
 * build wrote), Save diagnostics (a file with no secret in it) and Show logs. The menu itself is Electron's:
 * the bridge host's test route sends the window what a click on its item sends.
 */
import { expect, test, type Page } from './walk';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BRIDGE_EXPORTS_FOLDER, BRIDGE_MENU_COMMAND_PATH } from '../bridge/protocol';
import { expectAccessible, hostDir, lastShownInFolder, SANDBOX_ADMIN, signedIn, toast } from './helpers';
import { hostUrl } from './host-api';

async function menuCommand(command: string): Promise<void> {
  const answer = await fetch(`${hostUrl()}${BRIDGE_MENU_COMMAND_PATH}`, { method: 'POST', body: JSON.stringify({ command }) });
  expect(answer.status, await answer.text()).toBe(204);
}

const aboutDialog = (page: Page) => page.getByRole('dialog', { name: 'About Content Console' });

test('Help: About shows the versions, the updates and the notices; diagnostics are saved without secrets; Show logs opens the logs folder', async ({ page }) => {
  await signedIn(page, '/course');
  await menuCommand('about');
  const dialog = aboutDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: /^Content Console \d+\.\d+\.\d+$/ })).toBeVisible();
  await expect(dialog.getByRole('rowheader', { name: 'OS', exact: true })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Third-party notices' })).toBeVisible();
  const notices = dialog.getByRole('region', { name: 'Third-party notices' });
  await expect(notices.getByText(/^react \d+\.\d+\.\d+ \(MIT\)$/)).toBeVisible();
  await expectAccessible(page, 'About Content Console');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const exports = join(hostDir(), BRIDGE_EXPORTS_FOLDER);
  const before = new Set(await readdir(exports).catch(() => [] as string[]));
  await menuCommand('saveDiagnostics');
  const newFiles = async () => (await readdir(exports).catch(() => [] as string[])).filter((name) => !before.has(name));
  await expect.poll(async () => (await newFiles()).length).toBe(1);
  const [saved] = await newFiles();
  await expect(toast(page, `Diagnostics saved as ${saved}.`)).toBeVisible();
  const text = await readFile(join(exports, saved!), 'utf8');
  expect(text).toContain('Content Console');
  expect(text).toMatch(/sandbox/i);
  expect(text).not.toContain(SANDBOX_ADMIN.password);
  expect(text).not.toContain(SANDBOX_ADMIN.email);

  await menuCommand('showLogs');
  await expect.poll(lastShownInFolder).toBe(join(hostDir(), 'logs'));
});
