/**
 * The installed app's calls through the real core against the real reference server: a session's worth of
 * calls (a refused sign-in, a sign-in, admins listed and added, learners and a learner's progress with their
 * tokens, a forgotten password, a screen's error from the renderer, diagnostics, sign-out) written to real
 * log files, which then hold no token, password, email or phone number. Then diagnostics, About with the
 * notices, the logs folder and the update calls.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeLogFile, openLogFile } from '../../src/main/services/log';
import type { AdminUser } from '../../src/shared/schemas/admin-auth';
import type { Learner, LearnerWithToken } from '../../src/shared/schemas/users';
import type { About, UpdateState } from '../../src/shared/schemas/desktop';
import { ADMIN, expectOk, startHarness, type Harness } from './harness';

let h: Harness;
let work: string;
let logs: string;
let shownLogs = 0;
const notified: { title: string; body: string }[] = [];
const NOTICES = { generatedAt: '2026-12-05T00:00:00.000Z', app: { name: 'content-console', version: '0.1.0' }, packages: [{ name: 'ky', version: '2.1.0', license: 'MIT', where: ['node_modules'], text: 'MIT License\n\nCopyright (c) Sindre Sorhus' }] };

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'cc-int-desktop-'));
  logs = join(work, 'logs');
  // Every level, so that the debug lines are searched too.
  openLogFile({ dir: logs, fileName: 'main.log', level: 'debug' });
  await writeFile(join(work, 'third-party-notices.json'), JSON.stringify(NOTICES));
  h = await startHarness({
    desktop: {
      app: { name: 'Content Console', version: '0.1.0' },
      versions: { Electron: '45.4.1', Node: process.versions.node },
      noticesPath: join(work, 'third-party-notices.json'),
      showLogsFolder: async () => {
        shownLogs += 1;
        return true;
      },
      notify: (notice) => {
        notified.push(notice);
        return true;
      },
    },
  });
});
afterAll(async () => {
  closeLogFile();
  await h?.close();
  await rm(work, { recursive: true, force: true });
});

async function logText(): Promise<string> {
  const files = await readdir(logs);
  return (await Promise.all(files.map((file) => readFile(join(logs, file), 'utf8')))).join('\n');
}

describe('desktop.log', () => {
  it("a session's worth of calls leaves no token, password, email or phone number in the log files", async () => {
    const secrets: string[] = [ADMIN.password, ADMIN.email];
    // A refused sign-in (the server's message is logged), then the real one.
    expect(await h.call('session', 'login', { email: ADMIN.email, password: 'Wrong-Passw0rd-77' })).toMatchObject({ ok: false, error: { status: 401 } });
    secrets.push('Wrong-Passw0rd-77');
    await h.login();
    const token = h.core.session.currentToken()!;
    secrets.push(token);
    // Admins: listed, one added with an email and a phone, the same again (refused: a duplicate).
    const email = `priya.nair.${Date.now()}@example.in`;
    const phone = '9876501234';
    secrets.push(email, phone);
    expectOk(await h.call('adminAuth', 'register', { name: 'Priya Nair', email, phoneNo: phone, role: 'Admin', status: 'Active' }));
    expect((await h.call('adminAuth', 'register', { name: 'Priya Nair', email, phoneNo: phone, role: 'Admin', status: 'Active' })).ok).toBe(false);
    const admins = expectOk(await h.call<AdminUser[]>('adminAuth', 'users'));
    secrets.push(...admins.flatMap((a) => [a.email, a.phoneNo]));
    // Learners: their list, and one learner's progress, which main asks with that learner's own token.
    const learners = expectOk(await h.call<Learner[]>('learners', 'list'));
    const raw = ((await (await fetch(`${h.serverUrl}/user-app/user`, { headers: { authorization: token } })).json()) as { users: LearnerWithToken[] }).users;
    secrets.push(...raw.flatMap((l) => [l.userInfo.token, l.userInfo.mobileNumber]));
    expectOk(await h.call('learners', 'progress', { mobile: learners[0]!.userInfo.mobileNumber }));
    expect((await h.call('learners', 'progress', { mobile: '9000000001' })).ok).toBe(false);
    // A forgotten password, a refused password change, and a screen's error as the renderer reports it.
    await h.call('session', 'forgotPassword', { email });
    await h.call('session', 'changePassword', { email: ADMIN.email, oldPassword: 'Not-My-Passw0rd-1', newPassword: 'New-Passw0rd-99' });
    secrets.push('Not-My-Passw0rd-1', 'New-Passw0rd-99');
    expectOk(await h.call('desktop', 'log', { level: 'error', message: `Users screen failed for ${email} (${phone})`, details: { stack: `Error: token ${token}\n    at UsersScreen`, route: '/users' } }));
    expectOk(await h.call('desktop', 'diagnostics'));
    expectOk(await h.call('session', 'logout'));

    const text = await logText();
    // The session is in the log: the calls, the refusals, the screen's error.
    expect(text).toMatch(/\[info\]\s+call api:adminAuth\.users/);
    expect(text).toMatch(/\[warn\]\s+call api:session\.login failed \{"kind":"http","status":401/);
    expect(text).toMatch(/\[error\]\s+renderer: Users screen failed for \[email\] \(?\[phone\]/);
    expect(text.split('\n').length).toBeGreaterThan(10);
    const found = [...new Set(secrets.filter((s) => s && s.length >= 6))].filter((secret) => text.includes(secret));
    expect(found).toEqual([]);
  });
});

describe('desktop.diagnostics', () => {
  it('names the versions, the connection, the queue and the last log lines, without secrets', async () => {
    await h.login();
    const { text } = expectOk(await h.call<{ text: string }>('desktop', 'diagnostics'));
    expect(text).toContain('Version: 0.1.0');
    expect(text).toContain('Electron: 45.4.1');
    expect(text).toContain(`Server: ${new URL(h.serverUrl).origin}`);
    expect(text).toContain('Signed in: yes, as Super Admin');
    expect(text).toContain('Bulk queue: empty; not running');
    expect(text).toMatch(/Last \d+ log lines:\n.*call api:/);
    expect(text).not.toContain(ADMIN.email);
    expect(text).not.toContain(h.core.session.currentToken()!);
  });

  it('saves the same text as a file through the save dialog; a cancelled dialog saves nothing', async () => {
    const path = join(work, 'diagnostics.txt');
    h.dialogs.save.push(path);
    expect(expectOk(await h.call<{ saved: string | null }>('desktop', 'saveDiagnostics'))).toEqual({ saved: 'diagnostics.txt' });
    expect(await readFile(path, 'utf8')).toContain('Content Console diagnostics');
    expect(expectOk(await h.call<{ saved: string | null }>('desktop', 'saveDiagnostics'))).toEqual({ saved: null });
  });
});

describe('desktop.showLogs', () => {
  it('opens the logs folder', async () => {
    expect(expectOk(await h.call('desktop', 'showLogs'))).toEqual({ shown: true });
    expect(shownLogs).toBe(1);
  });
});

describe('desktop.notify', () => {
  it("shows the renderer's notification of long work ended; refuses one without a title", async () => {
    expect(expectOk(await h.call('desktop', 'notify', { title: 'Import of Dairy: Finished', body: 'Built: 2 folders made.' }))).toEqual({ shown: true });
    expect(notified).toEqual([{ title: 'Import of Dairy: Finished', body: 'Built: 2 folders made.' }]);
    expect(await h.call('desktop', 'notify', { title: '', body: 'x' })).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(notified).toHaveLength(1);
  });
});

describe('desktop.about', () => {
  it('gives the versions and the notices the build wrote', async () => {
    const about = expectOk(await h.call<About>('desktop', 'about'));
    expect(about).toMatchObject({ name: 'Content Console', version: '0.1.0', notices: NOTICES.packages });
    expect(about.versions).toContainEqual({ name: 'Electron', version: '45.4.1' });
  });
});

describe('desktop.updates, desktop.setUpdates, desktop.checkForUpdates, desktop.installUpdate', () => {
  it('without an updater (not an installed copy) updates are unavailable; the setting is kept and checked', async () => {
    expect(expectOk(await h.call<UpdateState>('desktop', 'updates'))).toMatchObject({ status: 'unavailable', settings: { enabled: true, feedUrl: null } });
    const set = expectOk(await h.call<UpdateState>('desktop', 'setUpdates', { enabled: false, feedUrl: 'https://updates.example.com/content-console' }));
    expect(set.settings).toEqual({ enabled: false, feedUrl: 'https://updates.example.com/content-console' });
    expect(await h.call('desktop', 'setUpdates', { enabled: true, feedUrl: 'http://updates.example.com/cc' })).toMatchObject({ ok: false, error: { kind: 'validation', message: 'Use an https:// address for the update feed (plain http only for this computer).' } });
    expect(expectOk(await h.call<UpdateState>('desktop', 'checkForUpdates')).status).toBe('unavailable');
    expect(expectOk(await h.call('desktop', 'installUpdate'))).toEqual({ started: false, reason: 'No update is ready to install.' });
  });
});
