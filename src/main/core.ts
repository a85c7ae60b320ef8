import * as v from 'valibot';
import { contract, local, channelOf, type ApiEvents, type ApiEventName, type CallDef, type LocalCallDef, type LocalImpl } from '../shared/api';
import type { SessionView } from '../shared/api/app';
import type { Connection, Preferences, SettingsView, StoredSettings } from '../shared/schemas/settings';
import { fail, ok, type Result } from '../shared/result';
import { MSG } from '../shared/messages';
import { nulMessage } from '../shared/schemas/common';
import { createHttpClient, type CallOptions } from './services/http';
import { defaultPasswordEncoder, type PasswordEncoder } from './services/password';
import { Session } from './services/session';
import { loadSettings, platformUrlOf, saveSettings, serviceBase } from './services/settings';
import type { TokenStore } from './services/token-store';
import { log } from './services/log';
import { GrantError, GrantStore, grantView } from './services/grants';
import { createUploader } from './services/upload';
import { proxyMedia } from './services/media-proxy';
import { probeDuration } from './services/media-probe';
import { createLearnerCalls } from './services/learners';
import { DroppedPathSchema, PRELOAD_CHANNELS, type PickKind } from '../shared/api/app';
import { MAX_CAPTION_FILE_BYTES } from '../shared/schemas/transcripts';
import { APP_TEXT } from '../shared/messages';

const preferencesOf = (stored: StoredSettings): Preferences => stored.preferences ?? { courseLanguage: null };

/** Logout waits this long for the server at most; the local session is cleared either way. */
const LOGOUT_TIMEOUT_MS = 5_000;

export interface CoreOptions {
  /** userData (Electron) or the bridge host's state folder: settings.json, session.json. */
  stateDir: string;
  tokenStore: TokenStore;
  /** Starts the local sandbox; called when the sandbox connection is chosen. */
  startSandbox: () => Promise<{ url: string; close(): Promise<void> }>;
  emit: <E extends ApiEventName>(event: E, payload: ApiEvents[E]) => void;
  passwordEncoder?: PasswordEncoder;
  /**
   * The native open dialog (Electron) or a stand-in (the browser bridge: tests queue the path the next
   * pick returns). Resolves to the chosen path, or null when cancelled.
   */
  pickFile?: (kind: PickKind) => Promise<string | null>;
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
    learnerCalls.clear();
    options.emit('session:ended', { reason });
  }

  const grants = new GrantStore();
  const uploader = createUploader({ grants, emit: (event, payload) => options.emit(event, payload), log });
  const grantFailure = (error: unknown) => {
    if (error instanceof GrantError) return fail('validation', error.message);
    throw error;
  };

  /** A granted file's duration, read through the checked handle. */
  async function durationOf(grantId: string): Promise<number> {
    const { grant, handle } = await grants.open(grantId);
    try {
      return await probeDuration(handle, grant.size, grant.name);
    } finally {
      await handle.close();
    }
  }

  const http = createHttpClient({
    uploader,
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
    tokenStoreNote: options.tokenStore.note?.() ?? null,
  });

  const call = <O>(def: CallDef, input: Record<string, unknown>, label: string, callOptions?: CallOptions) =>
    http<O>(def, input, label, callOptions);

  /**
   * Signs out: the server deletes the session record first (so the old token stops working there),
   * then the keychain entry and the details go. A server that cannot be reached (or says the session
   * was over already) still gets the local session cleared.
   */
  async function signOut(): Promise<void> {
    if (session.currentToken()) {
      const ended = await call(contract.adminAuth.logout, {}, 'adminAuth.logout', { timeoutMs: LOGOUT_TIMEOUT_MS, ignoreUnauthorized: true });
      if (!ended.ok) log('server logout failed; clearing the local session anyway', { kind: ended.error.kind, status: ended.error.status });
    }
    await session.clear();
    learnerCalls.clear();
  }
  const learnerCalls = createLearnerCalls(http);

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
        await signOut();
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
        // A session belongs to one server: switching servers signs out, at the old server first.
        if (JSON.stringify(connection) !== JSON.stringify(settings.connection)) await signOut();
        settings = { ...settings, connection };
        await saveSettings(options.stateDir, settings);
        await applyConnection(connection);
        return ok(settingsView());
      },
      preferences: async () => ok(preferencesOf(settings)),
      setPreferences: async (patch) => {
        const preferences = { ...preferencesOf(settings), ...patch };
        settings = { ...settings, preferences };
        await saveSettings(options.stateDir, settings);
        return ok(preferences);
      },
    },
    files: {
      pick: async ({ kind }) => {
        if (!options.pickFile) return fail('validation', 'Choosing files is not available here.');
        const path = await options.pickFile(kind);
        if (!path) return ok(null);
        return grants.grant(path).then((grant) => ok(grantView(grant)), grantFailure);
      },
      probe: async ({ grantId }) => {
        try {
          return ok({ durationSeconds: await durationOf(grantId) });
        } catch (error) {
          if (error instanceof GrantError) return fail('validation', error.message);
          return fail('validation', error instanceof Error ? error.message : APP_TEXT.noDuration);
        }
      },
      readText: async ({ grantId }) => {
        try {
          const { grant, bytes } = await grants.readAll(grantId, MAX_CAPTION_FILE_BYTES, APP_TEXT.captionsTooLarge);
          return ok({ name: grant.name, text: bytes.toString('utf8') });
        } catch (error) {
          return grantFailure(error);
        }
      },
    },
    uploads: {
      cancel: async ({ uploadId }) => ok({ cancelled: uploader.cancel(uploadId) }),
    },
    learners: {
      list: () => learnerCalls.list(),
      progress: (input) => learnerCalls.progress(input),
      conceptProgress: (input) => learnerCalls.conceptProgress(input),
    },
  };

  /**
   * An uploaded audio or video file's duration is read from the file (spec 1 section 5), whatever the
   * form said; when the file has no readable duration the form's value stays.
   */
  async function readDuration(fields: Record<string, unknown>): Promise<void> {
    const ref = fields.file as { grantId?: string } | undefined;
    if (!ref?.grantId || !('duration' in fields) || (fields.fileType !== 'audio' && fields.fileType !== 'video')) return;
    try {
      fields.duration = await durationOf(ref.grantId);
    } catch {
      // Unknown grant or no duration header: the upload itself reports a bad grant.
    }
  }

  const handlers = new Map<string, Handler>();
  for (const [group, calls] of Object.entries(contract) as [string, Record<string, CallDef>][]) {
    for (const [name, def] of Object.entries(calls)) {
      if (def.exposed === false) continue;
      const label = `${group}.${name}`;
      handlers.set(channelOf(group, name), async (input) => {
        const nul = nulMessage(input);
        if (nul) return fail('validation', nul);
        const parsed = v.safeParse(def.input, input ?? {});
        if (!parsed.success) return fail('validation', firstIssue(parsed.issues));
        const fields = parsed.output as Record<string, unknown>;
        if (def.body === 'multipart') await readDuration(fields);
        return call(def, fields, label);
      });
    }
  }
  for (const [group, calls] of Object.entries(local) as [string, Record<string, LocalCallDef>][]) {
    for (const [name, def] of Object.entries(calls)) {
      const impl = (localHandlers as unknown as Record<string, Record<string, (input: unknown) => Promise<Result<unknown>>>>)[group]?.[name];
      if (!impl) throw new Error(`No handler for local call ${group}.${name}`);
      handlers.set(channelOf(group, name), async (input) => {
        const nul = nulMessage(input);
        if (nul) return fail('validation', nul);
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

  /**
   * Channels only the preload invokes (never window.api, never the bridge's WebSocket): a dropped
   * file's path, resolved by the preload from the `File` the page handed over.
   */
  const preloadHandlers = new Map<string, Handler>([
    [
      PRELOAD_CHANNELS.grantDropped,
      async (input) => {
        const parsed = v.safeParse(DroppedPathSchema, input);
        if (!parsed.success || !parsed.output.path) return fail('validation', APP_TEXT.dropNotOnDisk);
        return grants.grant(parsed.output.path).then((grant) => ok(grantView(grant)), grantFailure);
      },
    ],
  ]);

  await applyConnection(settings.connection);
  await session.restore(origin());

  /** A media preview for the page (the cc-media:// protocol, the bridge's /__bridge/media). */
  const previewMedia = (src: string, range: string | null, signal?: AbortSignal) =>
    proxyMedia(
      {
        allowedOrigins: () =>
          [platformUrl(), serviceBase(settings, platformUrl(), 'library')].flatMap((url) => {
            try {
              return url ? [new URL(url).origin] : [];
            } catch {
              return [];
            }
          }),
        token: () => session.currentToken(),
      },
      src,
      range,
      signal,
    );

  return {
    handlers,
    preloadHandlers,
    previewMedia,
    session,
    settingsView,
    async close(): Promise<void> {
      if (sandbox) await sandbox.close();
      sandbox = null;
    },
  };
}
export type Core = Awaited<ReturnType<typeof createCore>>;
