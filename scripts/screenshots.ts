/**
 * `npx tsx scripts/screenshots.ts [--no-build] [route ...]`: signs in to a fresh sandbox through the
 * browser bridge and saves a Chromium screenshot of each screen in light and dark theme to
 * .tmp/screenshots/ (light-<name>-<w>x<h>.png, dark-...), at the smallest supported window (1024 x 700)
 * and a common one (1440 x 900), for a person to look at.
 * A route may name buttons (or menu items) to press before the shot, to see a dialog: `'/quotes>Add Quote'` (several
 * in turn: `'/resources>^Delete >Delete'`, `^` for a name's start), or keys:
 * `'/questions>key:Control+k'`, or `drag` to see a drop zone's outline while something is dragged over
 * the screen: `'/course>drag'`.
 * `--courses` instead walks the course screens by clicking (list, directory three levels down, topics,
 * videos) with their dialogs open. `SCREENSHOT_PORT` moves the bridge off 5788.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
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
const host = await startBridgeHost({ port: Number(process.env.SCREENSHOT_PORT ?? 5788), rendererDir: join(root, 'out/renderer'), stateDir: join(dir, 'host'), sandboxDir: join(dir, 'server'), testRoutes: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
await mkdir(outDir, { recursive: true });
try {
  for (const [scheme, viewport] of (['light', 'dark'] as const).flatMap((sc) => [[sc, { width: 1024, height: 700 }], [sc, { width: 1440, height: 900 }]] as const)) {
    const page = await browser.newPage({ viewport, colorScheme: scheme });
    if (args.includes('--courses')) {
      await courseWalk(page, scheme);
      await page.close();
      continue;
    }
    for (const screen of screens) {
      const [route = '/', ...steps] = screen.split('>');
      const button = steps.at(-1);
      // What the last screen's steps opened (a dialog, the Ctrl+K palette) would hide the next screen from the waits below.
      await page.keyboard.press('Escape');
      await page.goto(`${host.url}/#${route}`);
      // Wait for the app to say which it shows (a count taken at once could see neither).
      await page.getByRole('button', { name: 'Login' }).or(page.getByRole('button', { name: 'Logout' })).first().waitFor();
      if (route !== '/login' && (await page.getByRole('button', { name: 'Login' }).count())) {
        await page.getByLabel('Email').fill(SANDBOX_DEFAULTS.email);
        await page.getByLabel('Password', { exact: true }).fill(SANDBOX_DEFAULTS.password);
        await page.getByRole('button', { name: 'Login' }).click();
        await page.getByRole('button', { name: 'Logout' }).waitFor();
      }
      await page.waitForLoadState('networkidle');
      // A screen's table has its rows before a key or a button acts on them (screens without one go on).
      if (steps.length) await page.locator('table[aria-busy="false"]').first().waitFor({ timeout: 5000 }).catch(() => undefined);
      for (const step of steps) {
        if (step.startsWith('key:')) await page.keyboard.press(step.slice(4));
        else if (step === 'drag') await page.locator('h1').first().dispatchEvent('dragover', { dataTransfer: await page.evaluateHandle(() => new DataTransfer()) });
        // '^Delete ': the first button whose name starts so (a row's, whatever its record).
        else if (step.startsWith('^')) await page.getByRole('button', { name: new RegExp(`^${step.slice(1)}`) }).first().click();
        // An open menu's item first (a Change menu's Status, not the Status column's header), else a button.
        else {
          const item = page.getByRole('menuitem', { name: step, exact: true });
          await ((await item.count()) ? item : page.getByRole('button', { name: step, exact: true })).first().click();
        }
        await page.waitForTimeout(300);
      }
      await page.waitForTimeout(800);
      const name = (route === '/' ? 'home' : route.slice(1).replace(/\//g, '-')) + (button ? `-${button.replace(/\W+/g, '-')}` : '');
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

/** The course screens and their dialogs, reached by clicking as a user would. */
async function courseWalk(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  const shot = async (name: string) => {
    await page.waitForTimeout(600);
    const path = join(outDir, `${scheme}-courses-${name}.png`);
    await page.screenshot({ path });
    console.log(path);
  };
  const dialog = async (open: string, name: string) => {
    await page.getByRole('button', { name: open, exact: true }).first().click();
    await shot(name);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' }).catch(() => undefined);
  };
  await page.goto(`${host.url}/#/`);
  await page.getByRole('button', { name: /^(Login|Logout)$/ }).first().waitFor();
  if (await page.getByRole('button', { name: 'Login' }).count()) {
    await page.getByLabel('Email').fill(SANDBOX_DEFAULTS.email);
    await page.getByLabel('Password', { exact: true }).fill(SANDBOX_DEFAULTS.password);
    await page.getByRole('button', { name: 'Login' }).click();
  }
  await page.getByRole('heading', { name: 'Courses', level: 1 }).waitFor();
  await shot('list');
  await dialog('Add Course', 'add-course');
  await page.getByRole('button', { name: 'Edit Start your own dairy' }).click();
  await shot('edit-course');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Delete Start your own dairy' }).click();
  await shot('delete-course');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Start your own dairy', exact: true }).click();
  await page.getByRole('heading', { name: 'Start your own dairy', level: 1 }).waitFor();
  await shot('directory');
  await dialog('Add Folder', 'add-folder');
  await page.getByRole('button', { name: 'Delete Planning the dairy' }).click();
  await shot('delete-folder');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Planning the dairy', exact: true }).click();
  await page.getByRole('button', { name: 'Choosing your cattle', exact: true }).click();
  await page.getByRole('button', { name: 'Breeds for your region', exact: true }).click();
  await page.getByRole('heading', { name: 'Breeds for your region', level: 1 }).waitFor();
  await shot('directory-concept');
  await dialog('Upload Video', 'upload-video');
  // Upload new video…: the library's Add File over Upload Video.
  await page.getByRole('button', { name: 'Upload Video', exact: true }).click();
  await page.getByRole('button', { name: 'Upload new video…', exact: true }).click();
  await page.getByRole('dialog', { name: 'Add File' }).waitFor();
  await shot('upload-new-video');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Add File' }).waitFor({ state: 'detached' });
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' }).catch(() => undefined);
  await page.getByRole('button', { name: 'Upload Video', exact: true }).click();
  // Add is greyed while the title is blank: a title without a video gives the notice.
  await page.getByLabel('Video title').fill('A title without a video');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await shot('upload-video-error');
  await page.keyboard.press('Escape');
  // The title typed makes the form changed: the discard guard asks.
  await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' }).catch(() => undefined);
  await dialog('Add File', 'add-file');
  await page.getByRole('button', { name: /^Preview / }).first().click();
  await shot('preview');
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('button', { name: 'Start your own dairy' }).click();
  await page.getByRole('button', { name: 'Topics', exact: true }).first().click();
  await page.getByRole('heading', { name: /^Topics of / }).waitFor();
  await shot('topics');
  await dialog('Add Topic', 'add-topic');
  await page.getByRole('button', { name: 'Enable reorder' }).click();
  await shot('topics-reorder');
  await page.getByRole('button', { name: 'Disable reorder' }).click();
  await page.getByRole('button', { name: 'Choosing your cattle', exact: true }).click();
  await page.getByRole('heading', { name: /^Videos of / }).waitFor();
  await shot('videos');
  await dialog('Add File', 'add-video');
  await page.getByRole('button', { name: /Related questions of / }).first().click();
  await shot('related-questions');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Add a question to / }).first().click();
  await shot('add-question');
  await page.keyboard.press('Escape');
  // A videos-only course: its module's Topics says what the module holds instead.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('button', { name: 'Courses' }).click();
  await page.getByRole('button', { name: 'Selling on WhatsApp', exact: true }).click();
  await page.getByRole('button', { name: 'Topics', exact: true }).first().click();
  await page.getByRole('heading', { name: /^Topics of / }).waitFor();
  await shot('topics-of-videos');
}
