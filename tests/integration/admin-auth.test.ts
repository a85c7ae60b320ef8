import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../server/app';
import type { AdminUser } from '../../src/shared/schemas/admin-auth';
import { MSG } from '../../src/shared/messages';
import { ADMIN, expectOk, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in`;
const resetTokenFor = async (email: string): Promise<string> => {
  const messages = await readOutbox(h.dataDir);
  const message = messages.find((m) => m.to === email);
  const link = message?.links.find((l) => l.startsWith('content-console://'));
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no reset link for ${email}`);
  return token;
};

describe('adminAuth.login', () => {
  it('refuses a wrong password with the server message and keeps no session', async () => {
    const result = await h.call('session', 'login', { email: ADMIN.email, password: 'wrong-password' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'http', status: 401 } });
    expect(expectOk(await h.call<{ user: unknown }>('session', 'current')).user).toBeNull();
  });

  it('refuses a malformed email before any call', async () => {
    const result = await h.call('session', 'login', { email: 'not-an-email', password: 'x' });
    expect(result).toEqual({ ok: false, error: { kind: 'validation', message: MSG.enterValidEmail } });
  });

  it('signs in, keeps the user details and never hands the token to the renderer', async () => {
    const result = expectOk(await h.call<{ message: string; session: { user: { email: string; role: string } } }>('session', 'login', ADMIN));
    expect(result.message).toBe(MSG.loginSuccessful);
    expect(result.session.user).toMatchObject({ email: ADMIN.email, role: 'Super Admin' });
    const token = h.core.session.currentToken();
    expect(token).toBeTruthy();
    // Every channel the renderer can reach, called once: no answer carries the token.
    const answers: unknown[] = [result];
    for (const channel of h.core.handlers.keys()) {
      if (/session\.(login|logout)|delete|register|update|setConnection|Password/.test(channel)) continue;
      answers.push(await h.core.handlers.get(channel)!({}));
    }
    expect(JSON.stringify(answers)).not.toContain(token!);
  });
});

describe('adminAuth.users', () => {
  it('lists every admin for a Super Admin, with the schema fields', async () => {
    await h.login();
    const users = expectOk(await h.call<AdminUser[]>('adminAuth', 'users'));
    expect(users.length).toBeGreaterThan(3);
    expect(new Set(users.map((u) => u.role))).toEqual(new Set(['Super Admin', 'Admin', 'User']));
  });
});

describe('adminAuth.register', () => {
  it('adds an admin (server message), refuses a duplicate email and bad fields', async () => {
    await h.login();
    const email = uniqueEmail('asha');
    const draft = { name: 'Asha Verma', email, phoneNo: '9876543210', role: 'Admin', status: 'Inactive' };
    expect(expectOk(await h.call<{ message: string }>('adminAuth', 'register', draft)).message).toBe(MSG.userAdded);
    const again = await h.call('adminAuth', 'register', draft);
    expect(again).toMatchObject({ ok: false, error: { kind: 'http', status: 409 } });
    expect(await h.call('adminAuth', 'register', { ...draft, name: ' ' })).toMatchObject({ ok: false, error: { message: MSG.enterName } });
    expect(await h.call('adminAuth', 'register', { ...draft, phoneNo: '12345' })).toMatchObject({ ok: false, error: { message: MSG.enterValidPhone } });
    const users = expectOk(await h.call<AdminUser[]>('adminAuth', 'users'));
    expect(users.filter((u) => u.email === email)).toHaveLength(1);
  });
});

describe('adminAuth.getUser', () => {
  it('returns one admin, and 404 for an unknown id', async () => {
    await h.login();
    const users = expectOk(await h.call<AdminUser[]>('adminAuth', 'users'));
    const someone = users[0]!;
    expect(expectOk(await h.call<AdminUser>('adminAuth', 'getUser', { id: someone.id }))).toEqual(someone);
    expect(await h.call('adminAuth', 'getUser', { id: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});

describe('adminAuth.update', () => {
  it('updates an admin with the server message', async () => {
    await h.login();
    const email = uniqueEmail('ravi');
    expectOk(await h.call('adminAuth', 'register', { name: 'Ravi Kumar', email, phoneNo: '9123456780', role: 'Admin', status: 'Inactive' }));
    const ravi = expectOk(await h.call<AdminUser[]>('adminAuth', 'users')).find((u) => u.email === email)!;
    const answer = expectOk(await h.call<{ message: string }>('adminAuth', 'update', { id: ravi.id, name: 'Ravi K.', email, phoneNo: ravi.phoneNo, role: 'Admin', status: 'Active' }));
    expect(answer.message).toBe(MSG.userUpdated);
    expect(expectOk(await h.call<AdminUser>('adminAuth', 'getUser', { id: ravi.id }))).toMatchObject({ name: 'Ravi K.', status: 'Active', updatedBy: { name: expect.any(String) } });
  });
});

describe('adminAuth.delete', () => {
  it('deletes an admin, refuses to delete oneself', async () => {
    await h.login();
    const email = uniqueEmail('meena');
    expectOk(await h.call('adminAuth', 'register', { name: 'Meena Iyer', email, phoneNo: '9988776655', role: 'User', status: 'Active' }));
    const meena = expectOk(await h.call<AdminUser[]>('adminAuth', 'users')).find((u) => u.email === email)!;
    expect(expectOk(await h.call<{ message: string }>('adminAuth', 'delete', { id: meena.id })).message).toBe(MSG.userDeleted);
    const me = h.core.session.currentUser()!;
    expect(await h.call('adminAuth', 'delete', { id: me.id })).toMatchObject({ ok: false, error: { status: 403 } });
  });
});

describe('adminAuth.forgotPassword', () => {
  it('answers without telling whether the account exists, and mails a single-use link', async () => {
    const email = uniqueEmail('forgot');
    await h.login();
    expectOk(await h.call('adminAuth', 'register', { name: 'Forgot Me', email, phoneNo: '9000000001', role: 'Admin', status: 'Active' }));
    const known = expectOk(await h.call<{ message: string }>('session', 'forgotPassword', { email }));
    const unknown = expectOk(await h.call<{ message: string }>('session', 'forgotPassword', { email: uniqueEmail('nobody') }));
    expect(known.message).toBe(unknown.message);
    expect(await resetTokenFor(email)).toMatch(/.{16,}/);
  });
});

describe('adminAuth.resetPassword', () => {
  it('sets a new password from the emailed token, once', async () => {
    await h.login();
    const email = uniqueEmail('reset');
    expectOk(await h.call('adminAuth', 'register', { name: 'Reset Me', email, phoneNo: '9000000002', role: 'Admin', status: 'Active' }));
    expectOk(await h.call('session', 'forgotPassword', { email }));
    const token = await resetTokenFor(email);
    expect(await h.call('session', 'resetPassword', { token, password: 'short' })).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expectOk(await h.call('session', 'resetPassword', { token, password: 'a-new-password' }));
    expect(await h.call('session', 'resetPassword', { token, password: 'another-password' })).toMatchObject({ ok: false, error: { status: 400 } });
    expectOk(await h.call('session', 'login', { email, password: 'a-new-password' }));
    await h.call('session', 'logout');
  });
});

describe('adminAuth.changePassword', () => {
  it('refuses a wrong old password without ending the session, then changes it', async () => {
    await h.login();
    const email = uniqueEmail('change');
    expectOk(await h.call('adminAuth', 'register', { name: 'Change Me', email, phoneNo: '9000000003', role: 'Admin', status: 'Active' }));
    expectOk(await h.call('session', 'forgotPassword', { email }));
    expectOk(await h.call('session', 'resetPassword', { token: await resetTokenFor(email), password: 'first-password' }));
    await h.login(email, 'first-password');
    const wrong = await h.call('session', 'changePassword', { email, oldPassword: 'not-it-at-all', newPassword: 'second-password' });
    expect(wrong).toMatchObject({ ok: false, error: { kind: 'http', status: 400 } });
    expect(h.core.session.currentUser()?.email).toBe(email);
    const done = expectOk(await h.call<{ message: string }>('session', 'changePassword', { email, oldPassword: 'first-password', newPassword: 'second-password' }));
    expect(done.message).toBe(MSG.passwordChanged);
    await h.login(email, 'second-password');
    await h.call('session', 'logout');
  });
});

describe('roles', () => {
  it('an Admin sees and manages only records of role User', async () => {
    await h.login();
    const email = uniqueEmail('plain-admin');
    expectOk(await h.call('adminAuth', 'register', { name: 'Plain Admin', email, phoneNo: '9000000004', role: 'Admin', status: 'Active' }));
    expectOk(await h.call('session', 'forgotPassword', { email }));
    expectOk(await h.call('session', 'resetPassword', { token: await resetTokenFor(email), password: 'plain-admin-pw' }));
    await h.login(email, 'plain-admin-pw');
    const visible = expectOk(await h.call<AdminUser[]>('adminAuth', 'users'));
    expect(visible.length).toBeGreaterThan(0);
    expect(visible.every((u) => u.role === 'User')).toBe(true);
    const promote = await h.call('adminAuth', 'register', { name: 'Sneaky', email: uniqueEmail('sneaky'), phoneNo: '9000000005', role: 'Super Admin', status: 'Active' });
    expect(promote).toMatchObject({ ok: false, error: { status: 403 } });
    await h.call('session', 'logout');
  });
});

describe('session end', () => {
  it('a 401 ends the session in main and tells the renderer', async () => {
    await h.login();
    // A token the server does not know (as after expiry): the next call answers 401.
    await h.core.session.start(new URL(h.serverUrl).origin, h.core.session.currentUser()!, 'not-a-valid-token');
    const result = await h.call('adminAuth', 'users');
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', status: 401 } });
    expect(h.core.session.currentUser()).toBeNull();
    // The renderer's one toast of it says the server's errorMessage (the failed call itself shows none).
    const ended = h.events.find((e) => e.event === 'session:ended');
    expect(ended?.payload).toEqual({ reason: result.ok ? null : result.error.message });
  });
});
