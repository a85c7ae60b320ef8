import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { AdminUserSchema, type AdminUser } from '../../src/shared/schemas/admin-auth';
import { MSG } from '../../src/shared/messages';
import { AUTH_MESSAGES } from './handlers';
import { SESSION_EXPIRED } from '../http-error';
import { ADMIN, b64, DRIVERS, startTestServer, type TestServer } from '../testing';
import { LoginLimiter, type LoginTurn } from '../rate-limit';

const HOUR = 60 * 60 * 1000;
let seq = 0;
const email = (tag: string) => `${tag}.${++seq}.${Math.random().toString(36).slice(2, 7)}@example.in`;
const draft = (over: Partial<AdminUser> = {}) => ({ name: 'Asha Verma', email: email('asha'), phoneNo: '9876543210', role: 'Admin', status: 'Active', ...over });

describe.each(DRIVERS)('admin auth ($name)', (driver) => {
  let s: TestServer;
  let superToken: string;

  beforeAll(async () => {
    // A high per-IP limit here: every test calls from 127.0.0.1. The limiter has its own server below.
    s = await startTestServer(driver, { loginLimits: { perEmail: 10_000, perIp: 10_000 }, resetLinkBase: 'https://console.example.in/app/' });
    superToken = await s.login();
  });
  afterAll(() => s?.dispose());

  const users = async (token = superToken): Promise<AdminUser[]> => {
    const { status, body } = await s.call('GET', '/admin-auth/users', { token });
    expect(status).toBe(200);
    return body.users as AdminUser[];
  };
  const byEmail = async (address: string) => (await users()).find((u) => u.email === address);
  const resetToken = async (address: string): Promise<string> => {
    const message = (await s.readOutbox()).find((m) => m.to === address);
    const link = message?.links.find((l) => l.startsWith('content-console://'));
    const token = link ? new URL(link).searchParams.get('token') : null;
    if (!token) throw new Error(`no reset link for ${address}`);
    return token;
  };
  /** Registers an account and gives it a password through its welcome link. */
  const account = async (over: Partial<AdminUser>, password = 'pass-word-1') => {
    const d = draft(over);
    expect((await s.call('POST', '/admin-auth/register', { token: superToken, body: d })).status).toBe(200);
    const reset = await s.call('POST', '/admin-auth/reset-password', { body: { token: await resetToken(d.email), encryptedPassword: b64(password) } });
    expect(reset.status).toBe(200);
    const user = (await byEmail(d.email))!;
    return { ...user, password };
  };
  const admin = async () => {
    const a = await account({ role: 'Admin' });
    return { ...a, token: await s.login(a.email, a.password) };
  };

  describe('login', () => {
    it('answers the token, the user details and the spec message', async () => {
      const { status, body } = await s.call('POST', '/admin-auth/login', { body: { email: ADMIN.email, encryptedPassword: b64(ADMIN.password) } });
      expect(status).toBe(200);
      expect(body).toMatchObject({ error: false, status: 200, message: MSG.loginSuccessful, userDetails: { email: ADMIN.email, name: 'Sandbox Admin', role: 'Super Admin' } });
      expect(body.token).toMatch(/^[\w-]{43}$/);
    });

    it('accepts the email in any case', async () => {
      expect(await s.login(ADMIN.email.toUpperCase())).toBeTruthy();
    });

    it('gives the same 401 text for a wrong password and an unknown email', async () => {
      const wrong = await s.call('POST', '/admin-auth/login', { body: { email: ADMIN.email, encryptedPassword: b64('not-the-password') } });
      const unknown = await s.call('POST', '/admin-auth/login', { body: { email: email('nobody'), encryptedPassword: b64(ADMIN.password) } });
      for (const answer of [wrong, unknown]) expect(answer).toEqual({ status: 401, body: { error: true, errorMessage: AUTH_MESSAGES.invalidCredentials } });
    });

    it('refuses other password encodings and broken base64 with 400', async () => {
      for (const encryptedPassword of ['sandbox-admin-1', 'rsa:abcd', 'b64:not base64!']) {
        const { status, body } = await s.call('POST', '/admin-auth/login', { body: { email: ADMIN.email, encryptedPassword } });
        expect(status).toBe(400);
        expect(body.errorMessage).toMatch(/encoding|base64/);
      }
    });

    it('refuses an Inactive account and a User account with 403', async () => {
      const inactive = await account({ role: 'Admin', status: 'Inactive' });
      expect(await s.call('POST', '/admin-auth/login', { body: { email: inactive.email, encryptedPassword: b64(inactive.password) } })).toEqual({
        status: 403,
        body: { error: true, errorMessage: AUTH_MESSAGES.inactive },
      });
      const user = await account({ role: 'User' });
      const answer = await s.call('POST', '/admin-auth/login', { body: { email: user.email, encryptedPassword: b64(user.password) } });
      expect(answer.status).toBe(403);
    });

    it('an account that never set a password cannot log in', async () => {
      const d = draft();
      await s.call('POST', '/admin-auth/register', { token: superToken, body: d });
      expect((await s.call('POST', '/admin-auth/login', { body: { email: d.email, encryptedPassword: b64('anything-at-all') } })).status).toBe(401);
    });
  });

  describe('tokens', () => {
    it('accepts the token raw, as Bearer, and in access-token / x-access-token', async () => {
      const variants: Record<string, string>[] = [{ authorization: superToken }, { authorization: `Bearer ${superToken}` }, { 'access-token': superToken }, { 'x-access-token': superToken }];
      for (const headers of variants) {
        expect((await s.call('GET', '/video-repository/languages', { headers })).status).toBe(200);
      }
    });

    it('answers 401 without a token and with an unknown one', async () => {
      expect((await s.call('GET', '/admin-auth/users')).status).toBe(401);
      expect(await s.call('GET', '/admin-auth/users', { token: 'made-up-token' })).toEqual({ status: 401, body: { error: true, errorMessage: SESSION_EXPIRED } });
    });

    it('a session lasts 12 hours', async () => {
      const token = await s.login();
      s.clock.advance(12 * HOUR - 1000);
      expect((await s.call('GET', '/admin-auth/users', { token })).status).toBe(200);
      s.clock.advance(2000);
      expect(await s.call('GET', '/admin-auth/users', { token })).toEqual({ status: 401, body: { error: true, errorMessage: SESSION_EXPIRED } });
      superToken = await s.login();
    });
  });

  describe('forgot-password and reset-password', () => {
    it('answers the same for known and unknown emails; mails only the known one, with both links', async () => {
      const a = await account({});
      const before = (await s.readOutbox()).length;
      const known = await s.call('POST', '/admin-auth/forgot-password', { body: { email: a.email.toUpperCase() } });
      const unknown = await s.call('POST', '/admin-auth/forgot-password', { body: { email: email('ghost') } });
      expect(known).toEqual({ status: 200, body: { error: false, message: AUTH_MESSAGES.forgotSent } });
      expect(unknown).toEqual(known);
      const outbox = await s.readOutbox();
      expect(outbox).toHaveLength(before + 1);
      const [message] = outbox;
      expect(message).toMatchObject({ to: a.email, subject: 'Reset your Content Console password' });
      const token = new URL(message!.links[0]!).searchParams.get('token')!;
      expect(message!.links).toEqual([`content-console://reset-password?token=${token}`, `https://console.example.in/app/#/reset-password?token=${token}`]);
      expect(message!.body).toContain(message!.links[0]);
    });

    it('resets once, ends the old sessions, and the new password works', async () => {
      const a = await account({});
      const oldSession = await s.login(a.email, a.password);
      await s.call('POST', '/admin-auth/forgot-password', { body: { email: a.email } });
      const token = await resetToken(a.email);

      const short = await s.call('POST', '/admin-auth/reset-password', { body: { token, encryptedPassword: b64('short') } });
      expect(short).toEqual({ status: 400, body: { error: true, errorMessage: 'The password must be at least 8 characters long.' } });

      const done = await s.call('POST', '/admin-auth/reset-password', { body: { token, encryptedPassword: b64('brand-new-pass') } });
      expect(done).toEqual({ status: 200, body: { error: false, message: AUTH_MESSAGES.resetDone } });
      expect((await s.call('GET', '/admin-auth/users', { token: oldSession })).status).toBe(401);
      expect(await s.login(a.email, 'brand-new-pass')).toBeTruthy();

      const again = await s.call('POST', '/admin-auth/reset-password', { body: { token, encryptedPassword: b64('third-password') } });
      expect(again).toEqual({ status: 400, body: { error: true, errorMessage: AUTH_MESSAGES.resetInvalid } });
    });

    it('a reset link expires after an hour; a welcome link after 24 hours', async () => {
      const a = await account({});
      await s.call('POST', '/admin-auth/forgot-password', { body: { email: a.email } });
      const token = await resetToken(a.email);
      s.clock.advance(HOUR + 1000);
      expect((await s.call('POST', '/admin-auth/reset-password', { body: { token, encryptedPassword: b64('too-late-pass') } })).body.errorMessage).toBe(AUTH_MESSAGES.resetInvalid);

      const d = draft();
      await s.call('POST', '/admin-auth/register', { token: await s.login(), body: d });
      const welcome = await resetToken(d.email);
      s.clock.advance(23 * HOUR);
      expect((await s.call('POST', '/admin-auth/reset-password', { body: { token: welcome, encryptedPassword: b64('in-time-pass') } })).status).toBe(200);
      superToken = await s.login();
    });

    it('refuses an unknown token', async () => {
      expect((await s.call('POST', '/admin-auth/reset-password', { body: { token: 'nope', encryptedPassword: b64('whatever-123') } })).body.errorMessage).toBe(AUTH_MESSAGES.resetInvalid);
    });
  });

  describe('change-password', () => {
    it('changes only one\'s own password; a wrong old one is a 400, not a 401', async () => {
      const a = await admin();
      const other = await s.login(a.email, a.password);
      const body = { id: a.id, email: a.email, encryptedOldPassword: b64(a.password), encryptedNewPassword: b64('changed-pass-1') };

      expect((await s.call('POST', '/admin-auth/change-password', { token: a.token, body: { ...body, id: (await byEmail(ADMIN.email))!.id } })).status).toBe(403);
      expect((await s.call('POST', '/admin-auth/change-password', { token: a.token, body: { ...body, email: ADMIN.email } })).status).toBe(403);
      expect(await s.call('POST', '/admin-auth/change-password', { token: a.token, body: { ...body, encryptedOldPassword: b64('wrong-old-pass') } })).toEqual({
        status: 400,
        body: { error: true, errorMessage: AUTH_MESSAGES.oldPasswordWrong },
      });
      expect((await s.call('POST', '/admin-auth/change-password', { token: a.token, body: { ...body, encryptedNewPassword: b64('short') } })).body.errorMessage).toBe(
        'The password must be at least 8 characters long.',
      );
      expect(await s.call('POST', '/admin-auth/change-password', { token: a.token, body })).toEqual({ status: 200, body: { error: false, message: MSG.passwordChanged } });
      // This session stays, the other one ends; the new password works.
      expect((await s.call('GET', '/admin-auth/users', { token: a.token })).status).toBe(200);
      expect((await s.call('GET', '/admin-auth/users', { token: other })).status).toBe(401);
      expect(await s.login(a.email, 'changed-pass-1')).toBeTruthy();
    });
  });

  describe('users and get-user', () => {
    it('a Super Admin sees every record, an Admin only role User; records match AdminUserSchema', async () => {
      const a = await admin();
      const all = await users();
      expect(new Set(all.map((u) => u.role))).toEqual(new Set(['Super Admin', 'Admin', 'User']));
      for (const user of all) expect(v.safeParse(AdminUserSchema, user).success).toBe(true);
      const visible = await users(a.token);
      expect(visible.length).toBeGreaterThan(0);
      expect(visible.every((u) => u.role === 'User')).toBe(true);
      expect(visible).toEqual(all.filter((u) => u.role === 'User'));
    });

    it('get-user returns one record; 404 for an unknown id and for a record hidden from an Admin', async () => {
      const a = await admin();
      const someone = (await users())[0]!;
      expect(await s.call('GET', `/admin-auth/get-user/${someone.id}`, { token: superToken })).toEqual({ status: 200, body: { error: false, message: 'OK', user: someone } });
      expect(await s.call('GET', '/admin-auth/get-user/00000000-0000-4000-8000-000000000000', { token: superToken })).toEqual({
        status: 404,
        body: { error: true, errorMessage: AUTH_MESSAGES.userNotFound },
      });
      const superAdmin = (await byEmail(ADMIN.email))!;
      expect((await s.call('GET', `/admin-auth/get-user/${superAdmin.id}`, { token: a.token })).status).toBe(404);
      const aUser = (await users(a.token))[0]!;
      expect((await s.call('GET', `/admin-auth/get-user/${aUser.id}`, { token: a.token })).body.user).toEqual(aUser);
    });
  });

  describe('register', () => {
    it('adds an Inactive-by-choice account without password, mails a set-password link, records who added it', async () => {
      const d = draft({ status: 'Inactive', role: 'Admin' });
      expect(await s.call('POST', '/admin-auth/register', { token: superToken, body: d })).toMatchObject({ status: 200, body: { error: false, message: MSG.userAdded } });
      const added = (await byEmail(d.email))!;
      expect(added).toMatchObject({ name: d.name, phoneNo: d.phoneNo, role: 'Admin', status: 'Inactive', addedBy: { name: 'Sandbox Admin' }, updatedBy: { name: 'Sandbox Admin' } });
      expect(added.addedAt).toBe(s.clock.now.toISOString());
      const [message] = await s.readOutbox();
      expect(message).toMatchObject({ to: d.email, subject: 'Set your Content Console password' });
    });

    it('refuses a duplicate email whatever its case (409)', async () => {
      const d = draft();
      await s.call('POST', '/admin-auth/register', { token: superToken, body: d });
      expect(await s.call('POST', '/admin-auth/register', { token: superToken, body: { ...d, email: d.email.toUpperCase() } })).toEqual({
        status: 409,
        body: { error: true, errorMessage: AUTH_MESSAGES.emailTaken },
      });
    });

    it('an Admin may add role User only', async () => {
      const a = await admin();
      for (const role of ['Admin', 'Super Admin'] as const) {
        expect(await s.call('POST', '/admin-auth/register', { token: a.token, body: draft({ role }) })).toEqual({
          status: 403,
          body: { error: true, errorMessage: AUTH_MESSAGES.superAdminOnly },
        });
      }
      const d = draft({ role: 'User' });
      expect((await s.call('POST', '/admin-auth/register', { token: a.token, body: d })).status).toBe(200);
      expect((await byEmail(d.email))!.addedBy).toEqual({ name: a.name });
    });
  });

  describe('update', () => {
    it('updates the fields and updatedBy; 404 when missing; 409 on another admin\'s email', async () => {
      const a = await account({ role: 'User' });
      const answer = await s.call('PUT', '/admin-auth/update', { token: superToken, body: { ...draft({ role: 'Admin', status: 'Inactive' }), id: a.id, email: a.email, name: 'Ravi K.' } });
      expect(answer).toEqual({ status: 200, body: { error: false, message: MSG.userUpdated } });
      expect(await byEmail(a.email)).toMatchObject({ name: 'Ravi K.', role: 'Admin', status: 'Inactive', updatedBy: { name: 'Sandbox Admin' } });
      expect((await s.call('PUT', '/admin-auth/update', { token: superToken, body: { ...draft(), id: 'missing-id' } })).status).toBe(404);
      expect(await s.call('PUT', '/admin-auth/update', { token: superToken, body: { ...draft(), id: a.id, email: ADMIN.email.toUpperCase() } })).toEqual({
        status: 409,
        body: { error: true, errorMessage: AUTH_MESSAGES.emailTaken },
      });
    });

    it('an Admin can neither touch a non-User record nor promote a User', async () => {
      const a = await admin();
      const otherAdmin = await account({ role: 'Admin' });
      const user = await account({ role: 'User' });
      const base = { name: 'X Y', phoneNo: '9876543210', status: 'Active' };
      expect((await s.call('PUT', '/admin-auth/update', { token: a.token, body: { ...base, id: otherAdmin.id, email: otherAdmin.email, role: 'User' } })).status).toBe(403);
      expect(await s.call('PUT', '/admin-auth/update', { token: a.token, body: { ...base, id: user.id, email: user.email, role: 'Admin' } })).toEqual({
        status: 403,
        body: { error: true, errorMessage: AUTH_MESSAGES.superAdminOnly },
      });
      expect((await s.call('PUT', '/admin-auth/update', { token: a.token, body: { ...base, id: user.id, email: user.email, role: 'User' } })).status).toBe(200);
      expect((await byEmail(user.email))!.updatedBy).toEqual({ name: a.name });
    });

    it('deactivating someone ends their sessions; nobody can deactivate themselves', async () => {
      const a = await admin();
      const body = { id: a.id, name: a.name, email: a.email, phoneNo: a.phoneNo, role: 'Admin', status: 'Inactive' };
      expect(await s.call('PUT', '/admin-auth/update', { token: a.token, body: { ...body, role: 'User' } })).toMatchObject({ status: 403 });
      const me = (await byEmail(ADMIN.email))!;
      expect(await s.call('PUT', '/admin-auth/update', { token: superToken, body: { ...me, status: 'Inactive' } })).toEqual({
        status: 403,
        body: { error: true, errorMessage: AUTH_MESSAGES.cannotDeactivateSelf },
      });
      expect((await s.call('PUT', '/admin-auth/update', { token: superToken, body })).status).toBe(200);
      expect((await s.call('GET', '/admin-auth/users', { token: a.token })).status).toBe(401);
    });

    it('the last Active Super Admin cannot step down; with a second one it can', async () => {
      const me = (await byEmail(ADMIN.email))!;
      const demote = { id: me.id, name: me.name, email: me.email, phoneNo: me.phoneNo, role: 'Admin', status: 'Active' };
      expect(await s.call('PUT', '/admin-auth/update', { token: superToken, body: demote })).toEqual({
        status: 409,
        body: { error: true, errorMessage: AUTH_MESSAGES.lastSuperAdmin },
      });
      const second = await account({ role: 'Super Admin' });
      const secondToken = await s.login(second.email, second.password);
      expect((await s.call('PUT', '/admin-auth/update', { token: superToken, body: demote })).status).toBe(200);
      // Now an Admin, the sandbox admin sees only records of role User.
      expect((await users(secondToken)).find((u) => u.id === me.id)!.role).toBe('Admin');
      expect((await users()).every((u) => u.role === 'User')).toBe(true);
      // Restore: the second Super Admin promotes the sandbox admin back, then steps down itself.
      expect((await s.call('PUT', '/admin-auth/update', { token: secondToken, body: { ...demote, role: 'Super Admin' } })).status).toBe(200);
      expect((await s.call('DELETE', `/admin-auth/delete/${second.id}`, { token: superToken })).status).toBe(200);
    });
  });

  describe('delete', () => {
    it('deletes, ends the deleted admin\'s sessions; 404 when missing; never oneself', async () => {
      const a = await admin();
      expect(await s.call('DELETE', `/admin-auth/delete/${a.id}`, { token: superToken })).toEqual({ status: 200, body: { error: false, message: MSG.userDeleted } });
      expect(await byEmail(a.email)).toBeUndefined();
      expect((await s.call('GET', '/admin-auth/users', { token: a.token })).status).toBe(401);
      expect((await s.call('DELETE', `/admin-auth/delete/${a.id}`, { token: superToken })).status).toBe(404);
      const me = (await byEmail(ADMIN.email))!;
      expect(await s.call('DELETE', `/admin-auth/delete/${me.id}`, { token: superToken })).toEqual({
        status: 403,
        body: { error: true, errorMessage: AUTH_MESSAGES.cannotDeleteSelf },
      });
    });

    it('an Admin deletes only records of role User', async () => {
      const a = await admin();
      const other = await account({ role: 'Admin' });
      const user = await account({ role: 'User' });
      expect(await s.call('DELETE', `/admin-auth/delete/${other.id}`, { token: a.token })).toEqual({
        status: 403,
        body: { error: true, errorMessage: AUTH_MESSAGES.superAdminOnly },
      });
      expect((await s.call('DELETE', `/admin-auth/delete/${user.id}`, { token: a.token })).status).toBe(200);
    });
  });

  describe('bad input changes nothing', () => {
    const cases: [string, { body?: unknown; raw?: string }, RegExp | string][] = [
      ['missing fields', { body: { name: 'Only Name' } }, 'The field "email" is required.'],
      ['a wrong type', { body: { ...draft(), phoneNo: 9876543210 } }, /phoneNo.*invalid type/],
      ['a bad phone', { body: { ...draft(), phoneNo: '12345' } }, MSG.enterValidPhone],
      ['a blank name', { body: { ...draft(), name: '   ' } }, MSG.enterName],
      ['a huge name', { body: { ...draft(), name: 'x'.repeat(50_000) } }, /name/],
      ['a huge email', { body: { ...draft(), email: `${'a'.repeat(300)}@example.in` } }, MSG.enterValidEmail],
      ['an unknown role', { body: { ...draft(), role: 'Root' } }, /role/],
      ['malformed JSON', { raw: '{"name": "Asha",' }, 'The request body is not valid JSON.'],
      ['a JSON array', { raw: '[1, 2]' }, 'The request body must be a JSON object.'],
    ];
    it.each(cases)('%s → 400 with a clear message', async (_name, request, expected) => {
      const before = await users();
      const { status, body } = await s.call('POST', '/admin-auth/register', { token: superToken, ...request });
      expect(status).toBe(400);
      expect(body.error).toBe(true);
      if (typeof expected === 'string') expect(body.errorMessage).toBe(expected);
      else expect(body.errorMessage).toMatch(expected);
      expect(await users()).toEqual(before);
    });

    it('a body over 1 MiB → 413', async () => {
      const before = await users();
      const { status, body } = await s.call('POST', '/admin-auth/register', { token: superToken, body: { ...draft(), padding: 'x'.repeat(1024 * 1024) } });
      expect(status).toBe(413);
      expect(body.errorMessage).toMatch(/too large/);
      expect(await users()).toEqual(before);
    });

    it('ignores unknown fields', async () => {
      const d = draft({ role: 'User' });
      expect((await s.call('POST', '/admin-auth/register', { token: superToken, body: { ...d, isRoot: true, password_hash: 'x' } })).status).toBe(200);
      const added = (await byEmail(d.email))!;
      expect(Object.keys(added).sort()).toEqual(['addedAt', 'addedBy', 'email', 'id', 'name', 'phoneNo', 'role', 'status', 'updatedAt', 'updatedBy']);
      expect((await s.call('POST', '/admin-auth/login', { body: { email: d.email, encryptedPassword: b64('x') } })).status).toBe(401);
    });

    it('an unauthenticated caller gets 401 before any validation', async () => {
      expect((await s.call('POST', '/admin-auth/register', { body: { nonsense: true } })).status).toBe(401);
    });
  });
});

/** The real limiter, noting the delay it gave each attempt: "not slowed" is read there, not off a clock. */
class RecordingLimiter extends LoginLimiter {
  readonly delays: number[] = [];
  override begin(email: string, ip: string): LoginTurn | null {
    const turn = super.begin(email, ip);
    if (turn) this.delays.push(turn.delayMs);
    return turn;
  }
}

describe.each(DRIVERS)('login rate limit ($name)', (driver) => {
  let s: TestServer;
  let limiter: RecordingLimiter;
  const base = 600;
  beforeAll(async () => {
    // Small numbers so the test can reach them; the defaults are in rate-limit.ts.
    // On the test server's movable clock (read once the server exists).
    limiter = new RecordingLimiter({ perEmail: 2, perIp: 4, baseDelayMs: base, maxDelayMs: 4 * base, windowMs: 15 * 60 * 1000 }, () => s.clock.now);
    s = await startTestServer(driver, { loginLimiter: limiter, forgotLimits: { perEmail: 2, perIp: 3 } });
  });
  afterAll(() => s?.dispose());
  /**
   * A login from a given loopback address (Linux answers on all of 127.0.0.0/8): another client IP. `ms`
   * is how long it took (a delay is really waited: at least that long); `delayMs` the delay it was given.
   */
  const attempt = (address: string, password: string, from = '127.0.0.1') =>
    new Promise<{ status: number; ms: number; delayMs: number | undefined }>((resolve, reject) => {
      const started = Date.now();
      const noted = limiter.delays.length;
      const body = JSON.stringify({ email: address, encryptedPassword: b64(password) });
      const req = request(`${s.url}/admin-auth/login`, { method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.once('end', () => resolve({ status: res.statusCode ?? 0, ms: Date.now() - started, delayMs: limiter.delays[noted] }));
      });
      req.once('error', reject);
      req.end(body);
    });

  it('failures of one email from one IP slow its attempts down; the right password still gets in', async () => {
    for (let i = 0; i < 2; i += 1) expect((await attempt(ADMIN.email, 'wrong-password')).status).toBe(401);
    const slowed = await attempt(ADMIN.email, 'wrong-password');
    expect(slowed.status).toBe(401);
    expect(slowed.delayMs).toBe(base);
    expect(slowed.ms).toBeGreaterThanOrEqual(base - 10);
    const right = await attempt(ADMIN.email, ADMIN.password);
    expect(right.status).toBe(200);
    expect(right.delayMs).toBe(2 * base);
    expect(right.ms).toBeGreaterThanOrEqual(2 * base - 10);
    // The success cleared that email's count from that IP.
    expect((await attempt(ADMIN.email, ADMIN.password)).delayMs).toBe(0);
  });

  it('someone else failing on an email does not slow its owner at another IP; parallel attempts are refused', async () => {
    s.clock.advance(16 * 60 * 1000);
    for (let i = 0; i < 3; i += 1) expect((await attempt(ADMIN.email, 'wrong-password', '127.0.0.2')).status).toBe(401);
    const owner = await attempt(ADMIN.email, ADMIN.password, '127.0.0.3');
    expect(owner.status).toBe(200);
    expect(owner.delayMs).toBe(0);
    // From the attacker's address one attempt at a time runs (each waits its delay first).
    const both = await Promise.all([attempt(ADMIN.email, 'wrong-password', '127.0.0.2'), attempt(ADMIN.email, 'wrong-password', '127.0.0.2')]);
    expect(both.map((a) => a.status).sort()).toEqual([401, 429]);
  });

  it('failures from one IP across emails slow that IP down', async () => {
    s.clock.advance(16 * 60 * 1000);
    for (let i = 0; i < 4; i += 1) expect((await attempt(email('spray'), 'wrong-password', '127.0.0.4')).status).toBe(401);
    const next = await attempt(email('spray'), 'wrong-password', '127.0.0.4');
    expect(next.delayMs).toBe(base);
    expect(next.ms).toBeGreaterThanOrEqual(base - 10);
    const right = await attempt(ADMIN.email, ADMIN.password, '127.0.0.4');
    expect(right.status).toBe(200);
  });

  it('a slowed IP gets one attempt at a time across emails: parallel spraying is refused, not run', async () => {
    s.clock.advance(16 * 60 * 1000);
    for (let i = 0; i < 4; i += 1) expect((await attempt(email(`spread${i}`), 'wrong-password', '127.0.0.5')).status).toBe(401);
    const started = Date.now();
    const parallel = await Promise.all(Array.from({ length: 6 }, (_, i) => attempt(email(`parallel${i}`), 'wrong-password', '127.0.0.5')));
    expect(parallel.map((a) => a.status).sort()).toEqual([401, 429, 429, 429, 429, 429]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(base - 10);
    // Another address is not held up by it.
    expect((await attempt(ADMIN.email, ADMIN.password, '127.0.0.6')).ms).toBeLessThan(base);
  });

  it("forgot-password is counted per email and IP: another source cannot use up an account's reset mails", async () => {
    s.clock.advance(16 * 60 * 1000);
    const forgotFrom = (address: string, from: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const body = JSON.stringify({ email: address });
        const req = request(`${s.url}/admin-auth/forgot-password`, { method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.once('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.once('error', reject);
        req.end(body);
      });
    // The attacker uses up what one source may ask for the owner's email...
    expect((await forgotFrom(ADMIN.email, '127.0.0.7')).status).toBe(200);
    expect((await forgotFrom(ADMIN.email, '127.0.0.7')).status).toBe(200);
    expect((await forgotFrom(ADMIN.email, '127.0.0.7')).status).toBe(429);
    // ...and the owner, from their own address, still gets a link.
    const before = (await s.readOutbox()).length;
    expect(await forgotFrom(ADMIN.email, '127.0.0.8')).toEqual({ status: 200, body: JSON.stringify({ error: false, message: AUTH_MESSAGES.forgotSent }) });
    expect((await s.readOutbox()).length).toBe(before + 1);
    // An address without an account answers the same, and is counted the same.
    const nobody = email('nobody');
    expect((await forgotFrom(nobody, '127.0.0.8')).body).toBe(JSON.stringify({ error: false, message: AUTH_MESSAGES.forgotSent }));
    expect((await forgotFrom(nobody, '127.0.0.8')).status).toBe(200);
    expect((await forgotFrom(nobody, '127.0.0.8')).status).toBe(429);
  });

  it('forgot-password: a few calls per email and per IP, then 429', async () => {
    const forgot = (address: string) => s.call('POST', '/admin-auth/forgot-password', { body: { email: address } });
    const target = email('forgot');
    expect((await forgot(target)).status).toBe(200);
    expect((await forgot(target)).status).toBe(200);
    expect(await forgot(target)).toEqual({ status: 429, body: { error: true, errorMessage: AUTH_MESSAGES.tooManyResets } });
    // Another email from the same IP: its third call, the last of the IP's budget; then none for any email.
    expect((await forgot(email('other'))).status).toBe(200);
    expect((await forgot(email('third'))).status).toBe(429);
    s.clock.advance(15 * 60 * 1000 + 1000);
    expect((await forgot(target)).status).toBe(200);
  });
});
