import * as v from 'valibot';
import { contract, local, channelOf, type ApiEvents, type ApiEventName, type CallDef, type LocalCallDef, type LocalImpl } from '../shared/api';
import type { SessionView } from '../shared/api/app';
import type { Connection, SettingsView, StoredSettings } from '../shared/schemas/settings';
import { fail, ok, type Result } from '../shared/result';
import { MSG } from '../shared/messages';
import { createHttpClient } from './services/http';
import { defaultPasswordEncoder, type PasswordEncoder } from './services/password';
import { Session } from './services/session';
import { loadSettings, platformUrlOf, saveSettings, serviceBase } from './services/settings';
import type { TokenStore } from './services/token-store';
import { log } from './services/log';

export interface CoreOptions {
  /** userData (Electron) or the bridge host's state folder: settings.json, session.json. */
  stateDir: string;
  tokenStore: TokenStore;
  /** Why the token store is not the keychain, when it is not (shown on the connection panel). */
  tokenStoreNote?: string | null;
  /** Starts the local sandbox; called when the sandbox connection is chosen. */
  startSandbox: () => Promise<{ url: string; close(): Promise<void> }>;
  emit: <E extends ApiEventName>(event: E, payload: ApiEvents[E]) => void;
  passwordEncoder?: PasswordEncoder;
}

export type Handler = (input: unknown) => Promise<Result<unknown>>;

/** The first issue's message: the spec's text where the schema carries one. */
export function firstIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return 'Invalid input.';
  const path = v.getDotPath(issue);
  // valibot's built-in messages start with 'Invalid'; name the field for those.
  return issue.message.startsWith('Invalid') && path ? `${path}: ${issue.message}` : issue.message;
}

/**
 * Everything main does for the renderer, free of Electron: the Electron main process and the browser
 * bridge host both build one core and expose `handlers` (one per channel).
 */
export async function createCore(options: CoreOptions) {
  const encoder = options.passwordEncoder ?? defaultPasswordEncoder;
  let settings: StoredSettings = await loadSettings(options.stateDir, (m) => log(m));
  const session = new Session(options.tokenStore, options.stateDir);
  let sandbox: { url: string; close(): Promise<void> } | null = null;
  let sandboxError: string | null = null;

  const platformUrl = () => platformUrlOf(settings.connection, sandbox?.url ?? null);
  const origin = () => {
    const url = platformUrl();
    return url ? new URL(url).origin : null;
  };

  async function endSession(reason: string): Promise<void> {
    if (!session.currentUser()) return;
    await session.clear();
    options.emit('session:ended', { reason });
  }

  const http = createHttpClient({
    baseFor: (service) => serviceBase(settings, platformUrl(), service),
    token: () => session.currentToken(),
    onUnauthorized: () => endSession('Your session has expired. Please log in again.'),
    log,
  });

  async function applyConnection(connection: Connection): Promise<void> {
    if (connection.kind === 'sandbox' && !sandbox) {
      try {
        sandbox = await options.startSandbox();
        sandboxError = null;
      } catch (error) {
        sandboxError = `The local sandbox could not start: ${error instanceof Error ? error.message : String(error)}`;
        log('sandbox failed to start', { error: sandboxError });
      }
    } else if (connection.kind === 'remote' && sandbox) {
      await sandbox.close();
      sandbox = null;
    }
  }

  const sessionView = (): SessionView => ({ user: session.currentUser(), tokenStore: options.tokenStore.kind });
  const settingsView = (): SettingsView => ({
    connection: settings.connection,
    activeUrl: platformUrl(),
    sandbox: { running: sandbox !== null, error: sandboxError },
    tokenStore: options.tokenStore.kind,
    tokenStoreNote: options.tokenStoreNote ?? null,
  });

  const call = <O>(def: CallDef, input: Record<string, unknown>, label: string) => http<O>(def, input, label);

  /** Local calls, one per entry of `local` (the type makes a missing one a compile error). */
  const localHandlers: LocalImpl<typeof local> = {
    session: {
      current: async () => ok(sessionView()),
      login: async ({ email, password }) => {
        const result = await call<v.InferOutput<typeof contract.adminAuth.login.output>>(
          contract.adminAuth.login,
          { email, encryptedPassword: encoder.encode(password) },
          'adminAuth.login',
        );
        if (!result.ok) return result;
        const here = origin();
        if (!here) return fail('network', 'No server is connected.');
        await session.start(here, result.data.userDetails, result.data.token);
        return ok({ message: MSG.loginSuccessful, session: sessionView() });
      },
      logout: async () => {
        await session.clear();
        return ok(sessionView());
      },
      changePassword: async ({ email, oldPassword, newPassword }) => {
        const user = session.currentUser();
        if (!user) return fail('auth', 'Your session has ended. Please log in again.', 401);
        return call(contract.adminAuth.changePassword, {
          id: user.id,
          email,
          encryptedOldPassword: encoder.encode(oldPassword),
          encryptedNewPassword: encoder.encode(newPassword),
        }, 'adminAuth.changePassword');
      },
      resetPassword: async ({ token, password }) =>
        call(contract.adminAuth.resetPassword, { token, encryptedPassword: encoder.encode(password) }, 'adminAuth.resetPassword'),
      forgotPassword: async (input) => call(contract.adminAuth.forgotPassword, input, 'adminAuth.forgotPassword'),
    },
    settings: {
      get: async () => ok(settingsView()),
      setConnection: async (connection) => {
        const before = origin();
        settings = { ...settings, connection };
        await saveSettings(options.stateDir, settings);
        await applyConnection(connection);
        // A session belongs to one server: switching servers signs out.
        if (origin() !== before) await session.clear();
        return ok(settingsView());
      },
    },
    files: {
      pick: async () => fail('network', 'Not implemented yet.'),
      grantDropped: async () => fail('network', 'Not implemented yet.'),
      probe: async () => fail('network', 'Not implemented yet.'),
      readText: async () => fail('network', 'Not implemented yet.'),
    },
    uploads: {
      cancel: async () => ok({ cancelled: false }),
    },
  };

  const handlers = new Map<string, Handler>();
  for (const [group, calls] of Object.entries(contract) as [string, Record<string, CallDef>][]) {
    for (const [name, def] of Object.entries(calls)) {
      if (def.exposed === false) continue;
      const label = `${group}.${name}`;
      handlers.set(channelOf(group, name), async (input) => {
        const parsed = v.safeParse(def.input, input ?? {});
        if (!parsed.success) return fail('validation', firstIssue(parsed.issues));
        return call(def, parsed.output as Record<string, unknown>, label);
      });
    }
  }
  for (const [group, calls] of Object.entries(local) as [string, Record<string, LocalCallDef>][]) {
    for (const [name, def] of Object.entries(calls)) {
      const impl = (localHandlers as unknown as Record<string, Record<string, (input: unknown) => Promise<Result<unknown>>>>)[group]?.[name];
      if (!impl) throw new Error(`No handler for local call ${group}.${name}`);
      handlers.set(channelOf(group, name), async (input) => {
        const parsed = v.safeParse(def.input, input ?? {});
        if (!parsed.success) return fail('validation', firstIssue(parsed.issues));
        try {
          return await impl(parsed.output);
        } catch (error) {
          log('local call failed', { call: `${group}.${name}`, error: error instanceof Error ? error.message : String(error) });
          return fail('network', MSG.somethingWentWrong);
        }
      });
    }
  }

  await applyConnection(settings.connection);
  await session.restore(origin());

  return {
    handlers,
    session,
    settingsView,
    async close(): Promise<void> {
      if (sandbox) await sandbox.close();
      sandbox = null;
    },
  };
}
export type Core = Awaited<ReturnType<typeof createCore>>;
