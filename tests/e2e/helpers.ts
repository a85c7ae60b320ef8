/**
 * Helpers of the renderer's end-to-end tests. The browser bridge keeps one session for the whole host
 * (the token sits in the host's memory), so every test starts by signing out and creates its own data.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import axe from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { appendFile, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Api } from '../../src/shared/api';
import { BRIDGE_EXPORTS_FOLDER, BRIDGE_SHOWN_FILE, BRIDGE_TEST_BLANK_PATH, BRIDGE_TEST_SCRIPT_PATH } from '../bridge/protocol';
import { hostApi } from './host-api';

export const SANDBOX_ADMIN = {
  email: process.env.SANDBOX_ADMIN_EMAIL ?? 'admin@sandbox.local',
  password: process.env.SANDBOX_ADMIN_PASSWORD ?? 'sandbox-admin-1',
  name: 'Sandbox Admin',
};

type WithApi = { api: Api };

/** A unique suffix for the records one test creates. */
export const unique = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A valid Indian mobile number, different per call. */
export const phoneNumber = (): string => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** Opens the app and waits for the bridge's window.api. */
export async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(`/#${path}`);
  await page.waitForFunction(() => typeof (globalThis as unknown as Partial<WithApi>).api?.session?.current === 'function');
}

/**
 * Loads the app anew at `path`, as the desktop app starts: it asks main for the session and the kept views.
 * A page that shows the app already is reloaded (a change of the hash alone would not start it again).
 */
async function startApp(page: Page, path: string): Promise<void> {
  const showsApp = page.url() !== 'about:blank';
  await page.goto(`/#${path}`);
  if (showsApp) await page.reload();
  await page.waitForFunction(() => typeof (globalThis as unknown as Partial<WithApi>).api?.session?.current === 'function');
}

/**
 * Ends whatever session the host holds, then starts the app signed out. The tables' kept views (search,
 * sort, columns) are forgotten too: each walk starts from the screens' defaults.
 */
export async function signedOut(page: Page, path = '/login'): Promise<void> {
  await hostApi.session.logout({});
  await resetViews();
  await startApp(page, path);
}

/** The tables' kept views (search, sort, columns) and named views forgotten: a walk starts from the defaults. */
async function resetViews(): Promise<void> {
  const reset = await hostApi.settings.setPreferences({ tables: {}, namedViews: {} });
  expect(reset.ok, JSON.stringify(reset)).toBe(true);
}

/** Logs in through the login form and waits for the success toast. */
export function loginAs(page: Page, email: string, password: string, path = '/login'): Promise<void> {
  return test.step('login through the form', () => logInThroughForm(page, email, password, path), { box: true });
}

async function logInThroughForm(page: Page, email: string, password: string, path: string): Promise<void> {
  await signedOut(page, path);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Login successful!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/**
 * Starts a walk signed in as the sandbox admin, for walks that are not about signing in: the host keeps
 * the session between tests, so the sign-in (through the host's window.api from the test process, not the form) happens only when the
 * session is not already the admin's, about once per worker. The connection is the local sandbox, and as
 * after loginAs the tables' kept views are forgotten and the app opens at `path`.
 */
export function signedIn(page: Page, path = '/'): Promise<void> {
  return test.step('signed in', () => startSignedIn(page, path), { box: true });
}

async function startSignedIn(page: Page, path: string): Promise<void> {
  await hostSignedIn();
  await resetViews();
  await startApp(page, path);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/**
 * The host on the local sandbox with the sandbox admin's session, without loading the app: a walk sets up
 * its records through hostApi after this and then loads the app once (signedIn), each load of the app
 * costing about a core-second.
 */
export async function hostSignedIn(): Promise<void> {
  // Walks that point the app elsewhere put it back; one that failed before it could must not fail the next.
  const settings = await hostApi.settings.get({});
  // A sandbox that could not start (or stopped) is started again by choosing it again.
  if (settings.ok && (settings.data.connection.kind !== 'sandbox' || !settings.data.sandbox.running)) {
    const set = await hostApi.settings.setConnection({ kind: 'sandbox' });
    expect(set.ok && set.data.sandbox.running, set.ok ? (set.data.sandbox.error ?? 'The sandbox did not start.') : JSON.stringify(set)).toBe(true);
  }
  const current = await hostApi.session.current({});
  if (!current.ok || current.data.user?.email?.toLowerCase() !== SANDBOX_ADMIN.email.toLowerCase()) {
    await hostApi.session.logout({});
    const login = await hostApi.session.login({ email: SANDBOX_ADMIN.email, password: SANDBOX_ADMIN.password });
    expect(login.ok, JSON.stringify(login)).toBe(true);
  }
}

/**
 * Starts the app on the host's current connection and session, the tables' kept views forgotten: for walks
 * on a platform server of their own (signedIn would point the host back at the sandbox), after they set up
 * through hostApi what they start from.
 */
export async function openSignedIn(page: Page, path = '/'): Promise<void> {
  await resetViews();
  await startApp(page, path);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** Points the host at a platform server by URL and signs in there as the sandbox admin (walks of other servers). */
export async function connectedTo(url: string): Promise<void> {
  const set = await hostApi.settings.setConnection({ kind: 'remote', url });
  expect(set.ok, JSON.stringify(set)).toBe(true);
  const login = await hostApi.session.login({ email: SANDBOX_ADMIN.email, password: SANDBOX_ADMIN.password });
  expect(login.ok, JSON.stringify(login)).toBe(true);
}

/** This worker's sandbox folder (its preview host's state and its sandbox server's data). */
function sandboxDir(): string {
  const dir = process.env.E2E_SANDBOX_DIR;
  if (!dir) throw new Error('E2E_SANDBOX_DIR is not set (playwright.config.ts sets it)');
  return dir;
}

/** The bridge host's own folder of this worker (its exports and the Show in folder record). */
export const hostDir = (): string => join(sandboxDir(), 'host');

/** Where the save dialog's stand-in puts a file of that name. */
export const exportedPath = (name: string): string => join(hostDir(), BRIDGE_EXPORTS_FOLDER, name);

/**
 * The last path Show in folder's stand-in recorded, or '' before the first: for expect.poll, which stops
 * at the first throw (the file is written a moment after the click, by the host).
 */
export async function lastShownInFolder(): Promise<string> {
  const text = await readFile(join(hostDir(), BRIDGE_SHOWN_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  return text.trim().split('\n').at(-1) ?? '';
}

/** The outbox of the sandbox server the Playwright web server started. */
const outboxDir = (): string => join(sandboxDir(), 'server', 'outbox');

interface OutboxMessage {
  to: string;
  createdAt: string;
  id: string;
  subject: string;
  links: string[];
}

/** The newest message to `email` written after `after` (ms), waiting for it to appear. */
export async function newestMail(email: string, after = 0): Promise<OutboxMessage> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    let names: string[];
    try {
      names = (await readdir(outboxDir())).filter((n) => n.endsWith('.json'));
    } catch {
      names = [];
    }
    const messages = await Promise.all(
      names.map(async (n) => JSON.parse(await readFile(join(outboxDir(), n), 'utf8')) as OutboxMessage),
    );
    const mine = messages
      .filter((m) => m.to.toLowerCase() === email.toLowerCase() && Date.parse(m.createdAt) >= after)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    if (mine[0]) return mine[0];
    if (Date.now() > deadline) throw new Error(`No mail to ${email} in ${outboxDir()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The reset token of a mail (from its web link, else its deep link). */
export function tokenOf(mail: OutboxMessage): string {
  for (const link of mail.links) {
    const match = /[?&]token=([^&#]+)/.exec(link);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  throw new Error(`No reset token in the mail to ${mail.to}`);
}

/** The app path of a mail's web link ('/reset-password?token=...'). */
export function webPathOf(mail: OutboxMessage): string {
  const web = mail.links.find((l) => l.startsWith('http'));
  if (!web) throw new Error('The mail has no web link');
  return web.slice(web.indexOf('#') + 1);
}

export interface NewAdmin {
  name: string;
  email: string;
  phoneNo: string;
  role: 'Admin' | 'Super Admin' | 'User';
  status: 'Active' | 'Inactive';
}

/**
 * Creates an account as the sandbox Super Admin (through window.api, not the UI) and, when `password` is
 * given, sets it with the welcome mail's token. Leaves the app signed out.
 */
export async function createAccount(page: Page, partial: Partial<NewAdmin> & { password?: string } = {}): Promise<NewAdmin> {
  const id = unique();
  const admin: NewAdmin = {
    name: partial.name ?? `E2E Admin ${id}`,
    email: partial.email ?? `e2e-${id}@example.com`,
    phoneNo: partial.phoneNo ?? phoneNumber(),
    role: partial.role ?? 'Admin',
    status: partial.status ?? 'Active',
  };
  await hostApi.session.logout({});
  const started = Date.now() - 1000;
  const login = await hostApi.session.login({ email: SANDBOX_ADMIN.email, password: SANDBOX_ADMIN.password });
  expect(login.ok, JSON.stringify(login)).toBe(true);
  const result = await hostApi.adminAuth.register(admin);
  expect(result.ok, JSON.stringify(result)).toBe(true);
  if (partial.password) {
    const token = tokenOf(await newestMail(admin.email, started));
    const reset = await hostApi.session.resetPassword({ token, password: partial.password });
    expect(reset.ok, JSON.stringify(reset)).toBe(true);
  }
  await hostApi.session.logout({});
  return admin;
}

/**
 * The data rows of a DataTable: the rows with a row index. The virtualiser's spacer rows and the row that
 * says the state of an empty table ('No records match the search or filters.', loading, not loaded) have
 * none: counting that one made "no rows left" pass only when a poll caught the moment between the last
 * row going and the empty state's row coming.
 */
export const tableRows = (page: Page, name: string) => page.getByRole('table', { name }).locator('tbody tr[aria-rowindex]');

/** A DataTable with no row left, saying so ('No records match the search or filters.' while searching). */
export async function expectNoRows(page: Page, name: string, says = 'No records match the search or filters.'): Promise<void> {
  await expect(tableRows(page, name)).toHaveCount(0);
  await expect(page.getByRole('table', { name }).locator('tbody tr:not([aria-rowindex])').getByText(says, { exact: true })).toBeVisible();
}

/** A row's Edit and Delete are its last two cells, in that order, and only there: every screen places them alike. */
export async function expectEditDeleteLast(row: Locator, name: string): Promise<void> {
  const cells = row.locator('td');
  const n = await cells.count();
  await expect(cells.nth(n - 2).getByRole('button', { name: `Edit ${name}` })).toBeVisible();
  await expect(cells.nth(n - 1).getByRole('button', { name: `Delete ${name}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Delete ${name}` })).toHaveCount(1);
  await expect(row.getByRole('button', { name: `Edit ${name}` })).toHaveCount(1);
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** With E2E_SHOTS set: the page in the light and the dark theme, for a person to look at (.tmp/screenshots). */
export async function shots(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `.tmp/screenshots/${colorScheme}-${name}.png` });
  }
  await page.emulateMedia({ colorScheme: null });
}

/**
 * A colleague's save while a dialog is open: the same call, made without the record a dialog was
 * opened on (so main does not check it), as another console's save reaches the server.
 */
export async function colleagueSaves(page: Page, callId: string, input: Record<string, unknown>): Promise<void> {
  const result = await page.evaluate(
    async ({ callId, input }) => {
      const [group, call] = callId.split('.') as [string, string];
      const api = (globalThis as unknown as { api: Record<string, Record<string, (input: unknown) => Promise<{ ok: boolean }>>> }).api;
      return api[group]![call]!(input);
    },
    { callId, input },
  );
  expect(result.ok, JSON.stringify(result)).toBe(true);
}

/** A dialog's refused save: its alert reads 'Not saved' and then exactly this message. */
export async function expectNotSaved(dialog: Locator, message: string): Promise<void> {
  await expect(dialog.getByRole('alert').filter({ hasText: /^Not saved/ })).toHaveText(new RegExp(`^Not saved\\s*${escapeRegExp(message)}$`));
}

/**
 * No toast with this text, checked once, when one would have shown: a toast dispatched with a message
 * shown in the page appears some tens of milliseconds after it (about 40 ms measured). Not a retrying
 * assertion: that would wait until a toast had gone (4 s) and pass either way.
 */
export async function expectNoToast(page: Page, message: string): Promise<void> {
  await page.waitForTimeout(500);
  expect(await toast(page, message).count()).toBe(0);
}

/**
 * A dialog's refused save: the specs' error toast says the message, and the dialog keeps it ('Not saved'
 * and the message) beside what was typed.
 */
export async function expectNotSavedWithToast(page: Page, dialog: Locator, message: string): Promise<void> {
  await expectNotSaved(dialog, message);
  await expect(toast(page, message)).toBeVisible();
}

/**
 * Drops files of these names on `target` (a dragover first, as a person's drag does). Their contents are
 * stand-ins: the bridge host's drop stand-in holds the paths a test queued for these names.
 */
export async function dropFiles(page: Page, target: Locator, names: readonly string[]): Promise<void> {
  const transfer = await page.evaluateHandle((all) => {
    const data = new DataTransfer();
    for (const name of all) data.items.add(new File(['stand-in'], name));
    return data;
  }, names);
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}

/**
 * The newest toast with exactly this text (Fluent also copies toast texts into an aria-live region).
 * Two saves in a row can show the same text twice for a moment; the newest is the one to check.
 */
export const toast = (page: Page, text: string) =>
  page.locator('.fui-ToastTitle', { hasText: new RegExp(`^${escapeRegExp(text)}$`) }).last();

/**
 * Watches, in the page itself, for the toast with exactly this text: `lifetime()` is the time from its
 * appearance to its removal as the page saw them (a MutationObserver; no polling step in between), or
 * Infinity if it is still there 15 s after the watch began. Start it before what raises the toast.
 */
export async function watchToast(page: Page, text: string): Promise<{ lifetime: () => Promise<number> }> {
  const key = `watchedToast:${text}`;
  await page.evaluate(
    ({ key, text }) => {
      const shown = () => [...document.querySelectorAll('.fui-ToastTitle')].some((t) => t.textContent === text);
      if (shown()) throw new Error(`A toast "${text}" is showing already`);
      (globalThis as unknown as Record<string, Promise<number>>)[key] = new Promise<number>((resolve) => {
        let from: number | null = null;
        const observer = new MutationObserver(() => {
          const now = performance.now();
          if (from === null) {
            if (shown()) from = now;
          } else if (!shown()) {
            observer.disconnect();
            resolve(now - from);
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        setTimeout(() => resolve(Infinity), 15_000);
      });
    },
    { key, text },
  );
  return { lifetime: () => page.evaluate((key) => (globalThis as unknown as Record<string, Promise<number>>)[key]!, key) };
}

/**
 * Spec 1 section 9: the admin add and delete messages show for 2 seconds. A toast's timer starts once
 * Fluent's entry motion has ended (600 ms: its height, then its fade), and its exit motion (600 ms) ends
 * with its removal: 3.2 s from appearance to removal for a 2 s toast (3.25 to 3.45 s measured). One of
 * the 4 s default lives at least 5.2 s (5.8 s measured) and one of 1 s about 2.2 s: these bounds tell
 * them apart, with a margin for a busy page.
 */
export async function expectShownForTwoSeconds(watched: { lifetime: () => Promise<number> }): Promise<void> {
  const lifetime = await watched.lifetime();
  // Timers and frames only run late on a busy page, never early: the room is above, short of 5.2 s.
  expect(lifetime).toBeGreaterThanOrEqual(3000);
  expect(lifetime).toBeLessThan(4700);
}

/** The page background of Fluent's light and dark themes (the app's themes differ there). */
export const THEME_BACKGROUND = { light: '#ffffff', dark: '#292929' } as const;

/**
 * The theme every Fluent provider on the page draws with now (the app's root and each portal's: a dialog,
 * a menu), by its page background; null before the app has drawn.
 */
export const themesShown = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll('.fui-FluentProvider')].map((provider) => getComputedStyle(provider).getPropertyValue('--colorNeutralBackground1').trim()),
  );

/** Waits until the app draws in this theme (every provider on the page), failing when it does not. */
export async function expectTheme(page: Page, theme: 'light' | 'dark', timeout = 5_000): Promise<void> {
  const wanted = THEME_BACKGROUND[theme];
  await expect
    .poll(async () => {
      const shown = await themesShown(page);
      return shown.length > 0 && shown.every((background) => background === wanted) ? theme : `not ${theme}: ${shown.join(', ') || 'nothing drawn'}`;
      // The switch shows within a frame or two: look again that soon (the default first wait is 100 ms, twice
      // in every accessibility check).
    }, { message: `the app draws in the ${theme} theme`, timeout, intervals: [20, 50, 100] })
    .toBe(theme);
}

/**
 * axe-core on what the page shows now (a screen, or a screen with a dialog or menu open), in the light and
 * the dark theme (the app follows the OS scheme live), for WCAG 2.0/2.1 A and AA: no violation may remain,
 * Fluent's tab guards (`data-tabster-dummy`, aria-hidden and tabbable) included: the app takes the ones in
 * menus and toasts out of the tab order and keeps the focus inside the app. Toasts showing are checked too,
 * except for colour: they fade in and out on their own time, and a scan mid-fade measures half-drawn text.
 */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The rules of those tags whose result depends on colours, and so on the theme. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

const TOASTS = '[data-toaster-position]';

/**
 * Puts a test script of the host (BRIDGE_TEST_SCRIPT_PATH) in the page unless `global` is there already:
 * once per load, fetched by the page itself, which keeps the file and V8 its compiled code for the next
 * loads. Evaluated from here, its text crossed Playwright's protocol at every load and was compiled anew (a
 * sixth of the worker's CPU went to sending axe).
 */
async function putScript(page: Page, global: 'axe' | 'HTMLCS', name: string, version: string): Promise<void> {
  if (await page.evaluate((name) => name in globalThis, global)) return;
  // From the page's own host: the app's CSP takes scripts from there only, and a walk may run a host of its own.
  // Chromium refused the host's script to a page at about:blank that had shown the app before.
  if (!/^https?:/.test(page.url())) throw new Error(`The accessibility engines come from the page's host: open it first (${BRIDGE_TEST_BLANK_PATH} for content set by the test), not ${page.url()}.`);
  await page.addScriptTag({ url: `${BRIDGE_TEST_SCRIPT_PATH}/${name}?v=${version}` });
}

const packageVersion = (name: string): string => (JSON.parse(readFileSync(createRequire(import.meta.url).resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
const HTMLCS_VERSION = packageVersion('html_codesniffer');

/**
 * axe-core's own run in the page, for the violations only. axe is put in the page once per load (the
 * @axe-core/playwright builder evaluated its 550 KB again at every pass and finished each pass in a new
 * page); only violations are put together (building the passing nodes' results was most of a pass's time).
 * The app has no frames (no remote content), so none is waited for.
 */
export async function runAxe(page: Page, context: axe.ContextObject, runOnly: axe.RunOnly, disabled: string[] = []): Promise<axe.Result[]> {
  await putScript(page, 'axe', 'axe.js', axe.version);
  const options: axe.RunOptions = { runOnly, resultTypes: ['violations'], iframes: false, rules: Object.fromEntries(disabled.map((id) => [id, { enabled: false }])) };
  const results = await page.evaluate(
    ({ context, options }) => (globalThis as unknown as { axe: typeof axe }).axe.run(context as axe.ElementContext, options),
    { context: context as unknown as Record<string, unknown>, options: options as unknown as Record<string, unknown> },
  );
  return results.violations;
}

/**
 * HTML_CodeSniffer, a second engine beside axe: axe missed 199 check boxes sharing one id (the first took
 * all their labels, the others had no name). Only its two rule families of WCAG 4.1 run (4.1.1: duplicate
 * ids, F77; 4.1.2: a control without a name, H91), and only their errors fail, so a pass costs little. Its
 * 2.4.1 family is not run: it reads the app's hash-route links ('#/courses') as links to in-page
 * anchors and reports "no such id" for each (a false positive; NO_SUCH_ID is filtered should a family
 * that reports it be added). The script goes into the page once per load.
 */
const HTMLCS_FAMILIES = ['Principle4.Guideline4_1.4_1_1', 'Principle4.Guideline4_1.4_1_2'];
/** The codes of a duplicate id and of a control without a name. */
export const HTMLCS_FAILING = /\.F77$|\.H91\.[A-Za-z]+\.Name$|\.H91\.A\.(Empty|EmptyNoId|NoContent)$/;
const NO_SUCH_ID = /\.NoSuchID$/;

export interface SnifferError {
  code: string;
  msg: string;
  element: string;
}

/** HTML_CodeSniffer's errors of the two families on what the page shows now (`scope`: a CSS selector, or the document). */
export async function runCodeSniffer(page: Page, scope?: string): Promise<SnifferError[]> {
  await putScript(page, 'HTMLCS', 'htmlcs.js', HTMLCS_VERSION);
  const messages = await page.evaluate(
    ({ families, scope }) =>
      new Promise<SnifferError[]>((resolve, reject) => {
        const g = globalThis as unknown as Record<string, unknown> & {
          HTMLCS: { process: (standard: string, content: unknown, done: () => void, failed: () => void, language: string) => void; getMessages: () => { type: number; code: string; msg: string; element: Element }[] };
        };
        // WCAG2AA narrowed to the two families (a standard of another name is not found by its loader here).
        (g.HTMLCS_WCAG2AA as { sniffs: unknown }).sniffs = [{ standard: 'WCAG2AAA', include: families }];
        const root = scope ? document.querySelector(scope) : document;
        if (!root) return resolve([]);
        g.HTMLCS.process(
          'WCAG2AA',
          root,
          () =>
            resolve(
              g.HTMLCS.getMessages()
                .filter((m) => m.type === 1)
                .map((m) => ({ code: m.code, msg: m.msg, element: m.element.outerHTML.slice(0, 160) })),
            ),
          () => reject(new Error('HTML_CodeSniffer could not run')),
          'en',
        );
      }),
    { families: HTMLCS_FAMILIES, scope },
  );
  return messages.filter((m) => HTMLCS_FAILING.test(m.code) && !NO_SUCH_ID.test(m.code));
}

/** One line per axe pass of the run, for the count printed at its end (tests/e2e/global-teardown.ts). */
export const AXE_RUNS_FILE = 'axe-runs.log';
async function countAxeRun(line: string): Promise<void> {
  const root = process.env.E2E_SANDBOX_ROOT;
  if (root) await appendFile(join(root, AXE_RUNS_FILE), `${line}\n`);
}

export function expectAccessible(page: Page, what: string, options: { themeTimeout?: number } = {}): Promise<void> {
  return test.step(`axe: ${what}`, () => checkAccessible(page, what, options), { box: true });
}

async function checkAccessible(page: Page, what: string, options: { themeTimeout?: number }): Promise<void> {
  // Colours caught mid-transition (a button fading in, a theme switch) are not what a person reads: the
  // check sees the settled page. The style goes again afterwards: toasts time out on an animation's end.
  const settled = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  // Fluent's motion (a dialog fading in) runs on the Web Animations API, which the style does not stop: jump
  // every finite one to its end.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    }
  });
  // A modal dialog hides the rest of the app from screen readers (Tabster sets aria-hidden on the app's
  // root) and Tabster gives it back on a timer after the dialog has gone: with no dialog open, the check
  // waits for that too (axe once caught the root still hidden with the focus back inside it, at load 10).
  if ((await page.getByRole('dialog').or(page.getByRole('alertdialog')).count()) === 0) {
    await expect(page.locator('#root'), 'the app root shown to screen readers again once no dialog is open').not.toHaveAttribute('aria-hidden', 'true');
  }
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectTheme(page, colorScheme, options.themeTimeout);
    // The themes differ in colours only (the same elements, the same names and roles): every rule runs in the
    // light theme, the rules that read colours run again in the dark one.
    const violations = await runAxe(page, { exclude: [TOASTS] }, colorScheme === 'light' ? { type: 'tag', values: WCAG_AA } : { type: 'rule', values: COLOUR_RULES });
    const toasts = colorScheme === 'light' && (await page.locator(TOASTS).count()) > 0;
    if (toasts) violations.push(...(await runAxe(page, { include: [TOASTS] }, { type: 'tag', values: WCAG_AA }, ['color-contrast'])));
    await countAxeRun(`${colorScheme}${toasts ? ' +toasts' : ''} ${what}`);
    const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 3).join(' ') ?? ''}\n      ${n.html.slice(0, 200)}`).join('\n')}`);
    expect(summary, `axe on ${what}, ${colorScheme}`).toEqual([]);
    // Ids and names do not depend on the theme: the second engine runs once, beside axe's light pass.
    if (colorScheme === 'light') {
      const sniffed = await runCodeSniffer(page);
      expect(sniffed.map((m) => `${m.code}: ${m.msg}\n    ${m.element}`), `HTML_CodeSniffer on ${what}`).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: null });
  await settled.evaluate((style) => style.parentNode?.removeChild(style));
}

/**
 * Cancels a dialog whose form the walk may have changed: the unsaved-changes guard ('Discard changes?')
 * then asks, and the walk discards. The guard itself is tested in admins.spec.ts.
 */
export async function cancelDiscarding(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const guard = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await Promise.race([guard.waitFor({ state: 'visible', timeout: 3_000 }).catch(() => undefined), dialog.waitFor({ state: 'hidden', timeout: 3_000 }).catch(() => undefined)]);
  if (await guard.isVisible()) await guard.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * axe in the states a person meets besides a freshly opened screen: right after a reload (how the desktop
 * app starts with a kept session; the screen's heading has the focus), with the table's View menu open and
 * with a row's menu open (Shift+F10; the row focused and hovered). Escape from each menu gives the focus back to where it was.
 * `table` names a table with rows (its View menu and first row are used); leave it out for other screens.
 * `rowMenu: false` for a table without row actions: axe then runs with its first row focused and hovered.
 */
export async function expectAccessibleStates(page: Page, what: string, table?: string, { rowMenu = true }: { rowMenu?: boolean } = {}): Promise<void> {
  // A table writes its view (a search typed just now) 400 ms after the last change: let it, so the
  // reload shows the same rows.
  await page.waitForTimeout(450);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expectAccessible(page, `${what} after a reload`);
  if (!table) return;
  // Every header is named by its words (a header drawn on two lines once took its column's id).
  await expect(page.getByRole('columnheader', { name: /^[a-z]+[A-Z][A-Za-z]*$/ })).toHaveCount(0);
  const view = page.getByRole('toolbar', { name: `${table} tools` }).getByRole('button', { name: 'View' });
  await view.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, `${what} with the View menu open`);
  await page.keyboard.press('Escape');
  await expect(view).toBeFocused();
  // The row is focused and the pointer rests on it (on its link, when it has one): the row colours a
  // person sees most, under the texts and links they must stay readable on.
  const row = tableRows(page, table).first();
  const link = row.locator('.fui-Link').first();
  await ((await link.count()) > 0 ? link : row).hover();
  await row.focus();
  if (!rowMenu) return expectAccessible(page, `${what} with a row focused and hovered`);
  await page.keyboard.press('Shift+F10');
  await expect(page.getByRole('menu', { name: 'Row actions' })).toBeVisible();
  await expectAccessible(page, `${what} with a row's menu open`);
  await page.keyboard.press('Escape');
  await expect(row).toBeFocused();
}

/** Three questions ("{word} question 1" to 3) of one difficulty in a new category named `word`, made through window.api. */
export async function addThreeQuestions(page: Page, word: string, difficulty: 'Easy' | 'Medium' | 'Hard'): Promise<void> {
  await page.evaluate(
    async ({ word, difficulty }) => {
      const api = (globalThis as unknown as WithApi).api;
      await api.questionBank.addCategory({ name: word });
      const categories = await api.questionBank.categories();
      const categoryId = categories.ok ? categories.data.find((c) => c.name === word)!._id : '';
      for (const n of [1, 2, 3]) {
        const r = await api.questionBank.addQuestion({
          question: `${word} question ${n}`, language: 'English', categoryId, helpText: '', optionFormat: 'radio', difficulty,
          options: [{ option: 'Yes', isTrue: true }, { option: 'No', isTrue: false }],
        });
        if (!r.ok) throw new Error(r.error.message);
      }
    },
    { word, difficulty },
  );
}
