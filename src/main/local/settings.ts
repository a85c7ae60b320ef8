import type { LocalImpl, Local } from '../../shared/api';
import { fail, ok } from '../../shared/result';
import * as v from 'valibot';
import { MAX_PREFERENCES_BYTES, MAX_TABLE_VIEWS, PREFERENCES_TEXT, PreferencesSchema, type Connection, type Preferences, type SettingsView, type StoredSettings } from '../../shared/schemas/settings';
import { loadSettings, platformUrlOf, saveSettings, serviceBase } from '../services/settings';
import type { TokenStore } from '../services/token-stores';
import type { UpdateSettings } from '../../shared/schemas/desktop';

const preferencesOf = (stored: StoredSettings): Preferences => v.parse(PreferencesSchema, stored.preferences ?? {});
/** Preferences past the size settings.json keeps them at (each part is bounded; this bounds them together). */
const tooLarge = (preferences: Preferences): boolean => Buffer.byteLength(JSON.stringify(preferences), 'utf8') > MAX_PREFERENCES_BYTES;

export interface SandboxHandle {
  url: string;
  close(): Promise<void>;
}

export interface SettingsGroupDeps {
  /** Where settings.json lives. */
  stateDir: string;
  tokenStore: TokenStore;
  startSandbox(): Promise<SandboxHandle>;
  /** Ends the session at the current server (called before a switch). */
  signOut(): Promise<void>;
  log(message: string, details?: Record<string, unknown>): void;
}

/**
 * The settings calls and the connection they choose: the local sandbox (started and stopped here) or
 * a platform server. The rest of main asks this group where calls go.
 */
export async function createSettingsGroup(deps: SettingsGroupDeps) {
  let settings: StoredSettings = await loadSettings(deps.stateDir, (message) => deps.log(message));
  let sandbox: SandboxHandle | null = null;
  let sandboxError: string | null = null;

  const platformUrl = (): string | null => platformUrlOf(settings.connection, sandbox?.url ?? null);
  const LOCAL_SANDBOX = 'the local sandbox';
  const origin = (): string | null => {
    const url = platformUrl();
    return url ? new URL(url).origin : null;
  };

  async function applyConnection(connection: Connection): Promise<void> {
    if (connection.kind === 'sandbox' && !sandbox) {
      try {
        sandbox = await deps.startSandbox();
        sandboxError = null;
      } catch (error) {
        sandboxError = `The local sandbox could not start: ${error instanceof Error ? error.message : String(error)}`;
        deps.log('sandbox failed to start', { error: sandboxError });
      }
    } else if (connection.kind === 'remote' && sandbox) {
      await sandbox.close();
      sandbox = null;
    }
  }

  const view = (): SettingsView => ({
    connection: settings.connection,
    activeUrl: platformUrl(),
    sandbox: { running: sandbox !== null, error: sandboxError },
    tokenStore: deps.tokenStore.kind,
    tokenStoreNote: deps.tokenStore.note?.() ?? null,
  });

  const calls: LocalImpl<Local>['settings'] = {
    get: async () => ok(view()),
    setConnection: async (connection) => {
      // A session belongs to one server: switching servers signs out, at the old server first.
      if (JSON.stringify(connection) !== JSON.stringify(settings.connection)) await deps.signOut();
      settings = { ...settings, connection };
      await saveSettings(deps.stateDir, settings);
      await applyConnection(connection);
      return ok(view());
    },
    // Display choices remembered across screens and restarts (the course language), kept here rather
    // than in the page's web storage.
    preferences: async () => ok(preferencesOf(settings)),
    setPreferences: async (patch) => {
      const preferences = { ...preferencesOf(settings), ...patch };
      if (tooLarge(preferences)) return fail('validation', PREFERENCES_TEXT.tooLarge);
      settings = { ...settings, preferences };
      await saveSettings(deps.stateDir, settings);
      return ok(preferences);
    },
    setTableView: async ({ table, view }) => {
      const current = preferencesOf(settings);
      const tables = { ...current.tables };
      delete tables[table];
      // The newest views are kept: one more screen than the bound forgets the longest untouched.
      if (view) {
        tables[table] = view;
        for (const key of Object.keys(tables).slice(0, Math.max(0, Object.keys(tables).length - MAX_TABLE_VIEWS))) delete tables[key];
      }
      const preferences = { ...current, tables };
      if (tooLarge(preferences)) return fail('validation', PREFERENCES_TEXT.tooLarge);
      settings = { ...settings, preferences };
      await saveSettings(deps.stateDir, settings);
      return ok(preferences);
    },
  };

  return {
    calls,
    view,
    platformUrl,
    origin,
    /**
     * Which server this is, for what must stay with one server (the bulk queue's owner): the local
     * sandbox is one server whatever port it starts on; a platform server is its origin.
     */
    serverIdentity: (): string | null => (settings.connection.kind === 'sandbox' ? (sandbox ? LOCAL_SANDBOX : null) : origin()),
    /** The base URL of one service (an override, or the platform URL plus its prefix). */
    baseFor: (service: Parameters<typeof serviceBase>[2]) => serviceBase(settings, platformUrl(), service),
    /** The per-service base overrides (diagnostics). */
    serviceBases: (): Record<string, string> => ({ ...(settings.serviceBases ?? {}) }) as Record<string, string>,
    preferences: (): Preferences => preferencesOf(settings),
    /** Updates: on unless turned off, and the feed (null: the build's). */
    updates: (): UpdateSettings => ({ enabled: settings.updates?.enabled ?? true, feedUrl: settings.updates?.feedUrl ?? null }),
    async setUpdates(updates: UpdateSettings): Promise<void> {
      settings = { ...settings, updates };
      await saveSettings(deps.stateDir, settings);
    },
    /** Starts what the stored connection needs (the sandbox). */
    start: () => applyConnection(settings.connection),
    async close(): Promise<void> {
      if (sandbox) await sandbox.close();
      sandbox = null;
    },
  };
}
