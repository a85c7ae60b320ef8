import { join } from 'node:path';
import * as v from 'valibot';
import { UserDetailsSchema, type UserDetails } from '../../shared/schemas/admin-auth';
import { fileAt } from './atomic-file';
import type { TokenStore } from './token-stores';

const SessionFileSchema = v.object({ account: v.string(), user: UserDetailsSchema });

/**
 * The signed-in admin. The token sits in the TokenStore under `account` (server origin + email); the
 * user details (not secret) sit in userData/session.json so that a restart can find the account.
 */
export class Session {
  private token: string | null = null;
  private user: UserDetails | null = null;
  private account: string | null = null;
  private readonly file;
  /** Called when a session begins (restored at start, or a login): main readies what a session uses next. */
  onSignedIn: (() => void) | null = null;

  constructor(
    readonly store: TokenStore,
    dir: string,
  ) {
    this.file = fileAt(join(dir, 'session.json'));
  }

  static accountFor(origin: string, email: string): string {
    return `${origin} ${email.toLowerCase()}`;
  }

  currentToken(): string | null {
    return this.token;
  }

  currentUser(): UserDetails | null {
    return this.user;
  }

  /** Restores the session of the last run if its token is still in the store and belongs to `origin`. */
  async restore(origin: string | null): Promise<void> {
    const raw = await this.file.read();
    if (!raw || !origin) return;
    try {
      const saved = v.parse(SessionFileSchema, JSON.parse(raw.toString('utf8')));
      if (!saved.account.startsWith(`${origin} `)) return;
      const token = await this.store.get(saved.account);
      if (!token) return;
      this.token = token;
      this.user = saved.user;
      this.account = saved.account;
      this.onSignedIn?.();
    } catch {
      await this.file.remove();
    }
  }

  async start(origin: string, user: UserDetails, token: string): Promise<void> {
    await this.clear();
    const account = Session.accountFor(origin, user.email);
    await this.store.set(account, token);
    await this.file.write(Buffer.from(JSON.stringify({ account, user })));
    this.token = token;
    this.user = user;
    this.account = account;
    this.onSignedIn?.();
  }

  /** Clears the keychain entry and the user details. Safe to call twice. */
  async clear(): Promise<void> {
    const account = this.account;
    this.token = null;
    this.user = null;
    this.account = null;
    if (account) await this.store.delete(account).catch(() => undefined);
    await this.file.remove();
  }
}
