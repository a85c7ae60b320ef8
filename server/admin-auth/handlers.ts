import { setTimeout as sleep } from 'node:timers/promises';
import { DEEP_LINK_SCHEME } from '../../src/shared/constants';
import { MSG } from '../../src/shared/messages';
import type { AdminRole } from '../../src/shared/constants';
import {
  countActiveSuperAdmins,
  findAdminByEmail,
  findAdminById,
  getAdminUser,
  insertAdmin,
  listAdmins,
  type AdminRow,
} from './queries';
import type { HandlerContext, ServiceHandlers } from '../context';
import { isUniqueViolation, type Queryable } from '../db';
import { HttpError, SESSION_EXPIRED } from '../http-error';
import { decodeNewPassword, decodePassword, hashPassword, verifyPassword } from '../passwords';
import { endSessions, hashToken, issueToken, RESET_TTL_MS, SESSION_TTL_MS, WELCOME_TTL_MS } from '../tokens';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  inactive: 'Your account is inactive. Ask a Super Admin to activate it.',
  userCannotLogin: 'This account cannot sign in to the admin console.',
  attemptRunning: 'A login attempt for this account is still being checked. Wait for it, then try again.',
  tooManyResets: 'Too many password reset requests. Try again in 15 minutes.',
  loggedOut: 'You have been logged out.',
  forgotSent: 'If an account exists for this email, a reset link has been sent.',
  resetInvalid: 'This reset link is invalid or has expired.',
  resetDone: 'Your password has been reset.',
  oldPasswordWrong: 'The old password is incorrect.',
  notOwnAccount: 'You can only change your own password.',
  userNotFound: 'User not found.',
  emailTaken: 'An admin with this email already exists.',
  superAdminOnly: 'Only a Super Admin can manage Admin and Super Admin accounts.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  lastSuperAdmin: 'At least one active Super Admin must remain. Make another admin an active Super Admin first.',
} as const;

/** Every call but login, forgot and reset has a signed-in admin (the route checked the token). */
function actor(ctx: HandlerContext): AdminRow {
  if (!ctx.admin) throw new HttpError(401, SESSION_EXPIRED);
  return ctx.admin;
}

/** Roles (spec 1 section 6): a Super Admin manages every record, an Admin only records of role User. */
function assertCanManage(who: AdminRow, role: AdminRole): void {
  if (who.role !== 'Super Admin' && role !== 'User') throw new HttpError(403, AUTH_MESSAGES.superAdminOnly);
}

function resetLinks(ctx: HandlerContext, token: string): string[] {
  const links = [`${DEEP_LINK_SCHEME}://reset-password?token=${token}`];
  if (ctx.resetLinkBase) links.push(`${ctx.resetLinkBase.replace(/\/+$/, '')}/#/reset-password?token=${token}`);
  return links;
}

async function sendResetMessage(ctx: HandlerContext, admin: AdminRow | { name: string; email: string }, token: string, welcome: boolean) {
  const links = resetLinks(ctx, token);
  const body = welcome
    ? [
        `Hello ${admin.name},`,
        '',
        'An account has been created for you in Content Console. Set your password with this link (valid for 24 hours):',
        '',
        ...links,
      ]
    : [
        `Hello ${admin.name},`,
        '',
        'Someone asked to reset the password of your Content Console account. Choose a new password with this link (valid for 1 hour):',
        '',
        ...links,
        '',
        'If it was not you, ignore this message: your password stays as it is.',
      ];
  await ctx.outbox.send(
    { to: admin.email, subject: welcome ? 'Set your Content Console password' : 'Reset your Content Console password', body: body.join('\n'), links },
    ctx.now(),
  );
}

/** The last Active Super Admin must stay one: otherwise nobody could manage admins any more. */
async function assertSuperAdminRemains(q: Queryable, target: AdminRow, stillActiveSuperAdmin: boolean): Promise<void> {
  const isNow = target.role === 'Super Admin' && target.status === 'Active';
  if (isNow && !stillActiveSuperAdmin && (await countActiveSuperAdmins(q)) <= 1) {
    throw new HttpError(409, AUTH_MESSAGES.lastSuperAdmin);
  }
}

export const adminAuth: ServiceHandlers<'adminAuth'> = {
  async login(input, ctx) {
    // Slowed, never locked: attempts past the free failures of this email from this IP wait first.
    const turn = ctx.limiter.begin(input.email, ctx.ip);
    if (!turn) throw new HttpError(429, AUTH_MESSAGES.attemptRunning);
    try {
      if (turn.delayMs > 0) await sleep(turn.delayMs);
      const password = decodePassword(input.encryptedPassword);
      const admin = await findAdminByEmail(ctx.db, input.email);
      // Same text and about the same time whether the email or the password is wrong.
      const valid = await verifyPassword(password, admin?.password_hash ?? null);
      if (!admin || !valid) {
        ctx.limiter.fail(input.email, ctx.ip);
        throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);
      }
      if (admin.role === 'User') throw new HttpError(403, AUTH_MESSAGES.userCannotLogin);
      if (admin.status !== 'Active') throw new HttpError(403, AUTH_MESSAGES.inactive);
      ctx.limiter.succeed(input.email, ctx.ip);
      const token = await issueToken(ctx.db, admin.id, 'session', ctx.now(), SESSION_TTL_MS);
      return {
        status: 200,
        token,
        userDetails: { id: admin.id, name: admin.name, email: admin.email, role: admin.role },
        message: MSG.loginSuccessful,
      };
    } finally {
      turn.end();
    }
  },

  /** Ends the caller's own session (an addition: see the contract entry). */
  async logout(_input, ctx) {
    actor(ctx);
    await ctx.db.query(`DELETE FROM tokens WHERE hash = $1 AND kind = 'session'`, [ctx.sessionHash ?? '']);
    return { message: AUTH_MESSAGES.loggedOut };
  },

  async forgotPassword(input, ctx) {
    // Each call writes a mail and a token: a few per email and per IP, then 429.
    if (!ctx.forgotThrottle.allow(input.email, ctx.ip)) throw new HttpError(429, AUTH_MESSAGES.tooManyResets);
    const admin = await findAdminByEmail(ctx.db, input.email);
    if (admin) {
      const token = await issueToken(ctx.db, admin.id, 'reset', ctx.now(), RESET_TTL_MS);
      await sendResetMessage(ctx, admin, token, false);
    }
    // The same answer either way: the call must not reveal which emails have accounts.
    return { message: AUTH_MESSAGES.forgotSent };
  },

  async resetPassword(input, ctx) {
    const password = decodeNewPassword(input.encryptedPassword);
    const passwordHash = await hashPassword(password);
    await ctx.db.transaction(async (tx) => {
      const now = ctx.now().toISOString();
      // Marking the token used in the same statement that checks it makes it single use under concurrency.
      const [row] = await tx.query<{ admin_id: string }>(
        `UPDATE tokens SET used_at = $2
         WHERE hash = $1 AND kind = 'reset' AND used_at IS NULL AND expires_at > $2
         RETURNING admin_id`,
        [hashToken(input.token), now],
      );
      if (!row) throw new HttpError(400, AUTH_MESSAGES.resetInvalid);
      await tx.query(`UPDATE admins SET password_hash = $2, updated_at = $3 WHERE id = $1`, [row.admin_id, passwordHash, now]);
      await endSessions(tx, row.admin_id);
      // Other reset links of this admin are now stale too.
      await tx.query(`UPDATE tokens SET used_at = $2 WHERE admin_id = $1 AND kind = 'reset' AND used_at IS NULL`, [row.admin_id, now]);
    });
    return { message: AUTH_MESSAGES.resetDone };
  },

  async changePassword(input, ctx) {
    const me = actor(ctx);
    if (input.id !== me.id || input.email.toLowerCase() !== me.email.toLowerCase()) {
      throw new HttpError(403, AUTH_MESSAGES.notOwnAccount);
    }
    const oldPassword = decodePassword(input.encryptedOldPassword);
    const newPassword = decodeNewPassword(input.encryptedNewPassword);
    // 400, not 401: a 401 would end the client's session over a typo.
    if (!(await verifyPassword(oldPassword, me.password_hash))) throw new HttpError(400, AUTH_MESSAGES.oldPasswordWrong);
    const passwordHash = await hashPassword(newPassword);
    await ctx.db.transaction(async (tx) => {
      await tx.query(`UPDATE admins SET password_hash = $2, updated_by = $1, updated_at = $3 WHERE id = $1`, [
        me.id,
        passwordHash,
        ctx.now().toISOString(),
      ]);
      // Other devices signed in with the old password are signed out; this one stays.
      await endSessions(tx, me.id, ctx.sessionHash);
    });
    return { message: MSG.passwordChanged };
  },

  async users(_input, ctx) {
    const me = actor(ctx);
    return { users: await listAdmins(ctx.db, me.role === 'Super Admin' ? undefined : 'User') };
  },

  async getUser(input, ctx) {
    const me = actor(ctx);
    const user = await getAdminUser(ctx.db, input.id);
    // An Admin does not see records other than role User: to them those do not exist.
    if (!user || (me.role !== 'Super Admin' && user.role !== 'User')) throw new HttpError(404, AUTH_MESSAGES.userNotFound);
    return { user };
  },

  async register(input, ctx) {
    const me = actor(ctx);
    assertCanManage(me, input.role);
    const now = ctx.now();
    const { id, token } = await ctx.db
      .transaction(async (tx) => {
        if (await findAdminByEmail(tx, input.email)) throw new HttpError(409, AUTH_MESSAGES.emailTaken);
        const id = await insertAdmin(tx, { ...input, addedBy: me.id }, now);
        // No password yet: the new admin sets one through a reset link.
        const token = await issueToken(tx, id, 'reset', now, WELCOME_TTL_MS);
        return { id, token };
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new HttpError(409, AUTH_MESSAGES.emailTaken) : error;
      });
    await sendResetMessage(ctx, { name: input.name, email: input.email }, token, true);
    return { message: MSG.userAdded, id };
  },

  async update(input, ctx) {
    const me = actor(ctx);
    await ctx.db
      .transaction(async (tx) => {
        const target = await findAdminById(tx, input.id);
        if (!target) throw new HttpError(404, AUTH_MESSAGES.userNotFound);
        assertCanManage(me, target.role);
        assertCanManage(me, input.role);
        if (target.id === me.id && input.status !== 'Active') throw new HttpError(403, AUTH_MESSAGES.cannotDeactivateSelf);
        await assertSuperAdminRemains(tx, target, input.role === 'Super Admin' && input.status === 'Active');
        const other = await findAdminByEmail(tx, input.email);
        if (other && other.id !== target.id) throw new HttpError(409, AUTH_MESSAGES.emailTaken);
        await tx.query(
          `UPDATE admins SET name = $2, email = $3, phone_no = $4, role = $5, status = $6, updated_by = $7, updated_at = $8 WHERE id = $1`,
          [target.id, input.name, input.email, input.phoneNo, input.role, input.status, me.id, ctx.now().toISOString()],
        );
        // Someone who can no longer sign in must not keep a session.
        if (input.status !== 'Active' || input.role === 'User') await endSessions(tx, target.id);
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new HttpError(409, AUTH_MESSAGES.emailTaken) : error;
      });
    return { message: MSG.userUpdated };
  },

  async delete(input, ctx) {
    const me = actor(ctx);
    if (input.id === me.id) throw new HttpError(403, AUTH_MESSAGES.cannotDeleteSelf);
    await ctx.db.transaction(async (tx) => {
      const target = await findAdminById(tx, input.id);
      if (!target) throw new HttpError(404, AUTH_MESSAGES.userNotFound);
      assertCanManage(me, target.role);
      await assertSuperAdminRemains(tx, target, false);
      // Its tokens (sessions, reset links) go with it: ON DELETE CASCADE.
      await tx.query(`DELETE FROM admins WHERE id = $1`, [target.id]);
    });
    return { message: MSG.userDeleted };
  },
};
