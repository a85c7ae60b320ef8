import * as v from 'valibot';
import { join } from 'node:path';
import { BASE_FIELD, BATCH_FIELD, contract, local, channelOf, type ApiEvents, type ApiEventName, type CallDef, type Local, type LocalCallDef, type LocalImpl } from '../shared/api';
import { GRANT_PREVIEW_PREFIX, PRELOAD_CHANNELS, type PickKind } from '../shared/api/app';
import { fail, ok, type Result } from '../shared/result';
import { MSG } from '../shared/messages';
import { inputMessage } from '../shared/schemas/common';
import { createHttpClient } from './services/http';
import { durationOf, MediaFactsService } from './services/media-facts';
import { defaultPasswordEncoder, type PasswordEncoder } from './services/password';
import { Session } from './services/session';
import type { TokenStore } from './services/token-stores';
import { knownSecrets, log, logAt } from './services/log';
import { logCalls } from './services/logged-calls';
import { createUpdates, type UpdaterLike } from './services/updates';
import { createDesktopGroup } from './local/desktop';
import { GrantStore } from './services/grants';
import { createUploader } from './services/upload';
import { PreviewProblems, proxyMedia } from './services/media-proxy';
import { grantMedia } from './services/grant-media';
import { PosterFrames } from './services/poster-frames';
import { createSessionGroup } from './local/session';
import { createSettingsGroup, type SandboxHandle } from './local/settings';
import { createFilesGroup } from './local/files';
import { createUploadsGroup } from './local/uploads';
import { createBulkGroup, type BulkPickKind } from './local/bulk';
import { createCourseImportGroup } from './local/course-import';
import { createLearnerCalls } from './services/learners';
import { createWindows } from './services/list-windows';
import { createWindowsGroup } from './local/windows';
import { checkRecord, withUnmodelled } from './services/records';
import { checkPlatform } from './services/platform-check';
import { createCourseTools } from './services/course-health';
import { createHistoryGroup } from './local/history';
import { createFindGroup } from './local/find';
import { createBatchGroup } from './local/batch';

export interface CoreOptions {
  /** userData (Electron) or the bridge host's state folder: settings.json, session.json. */
  stateDir: string;
  tokenStore: TokenStore;
  /** Starts the local sandbox; called when the sandbox connection is chosen. */
  startSandbox: () => Promise<SandboxHandle>;
  emit: <E extends ApiEventName>(event: E, payload: ApiEvents[E]) => void;
  passwordEncoder?: PasswordEncoder;
  /**
   * The native open dialog (Electron) or a stand-in (the browser bridge: tests queue the path the next
   * pick returns). Resolves to the chosen path, or null when cancelled.
   */
  pickFile?: (kind: PickKind) => Promise<string | null>;
  /** The bulk queue's dialog: several files, or a folder. Resolves to the chosen paths, or null. */
  pickPaths?: (kind: BulkPickKind) => Promise<string[] | null>;
  /** The native save dialog (the bulk summary's CSV): the chosen path, or null when cancelled. */
  pickSavePath?: (defaultName: string) => Promise<string | null>;
  /** Shows a saved file in the file manager (Electron's shell.showItemInFolder; the bridge records it). */
  showItemInFolder?: (path: string) => Promise<void> | void;
  /** The installed app: versions, the updater, the notices file, the logs folder (local/desktop.ts). */
  desktop?: DesktopOptions;
}

export interface DesktopOptions {
  app?: { name: string; version: string };
  /** Electron, Chromium, Node, V8 (the browser preview has Node only). */
  versions?: Record<string, string | undefined>;
  /** electron-updater's autoUpdater; null or absent where there is none (the browser preview, a development run). */
  updater?: UpdaterLike | null;
  /** The build names an update feed (app-update.yml beside the app). */
  hasBuildFeed?: boolean;
  /** CONTENT_CONSOLE_UPDATES=off on this computer. */
  updatesLockedOff?: boolean;
  /** The third-party notices file the build wrote. */
  noticesPath?: string | null;
  showLogsFolder?: () => Promise<boolean>;
}

/** Tokens main hands to the HTTP client are secrets the log's door replaces wherever they appear. */
function remembered(token: string | null): string | null {
  knownSecrets.add(token);
  return token;
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

/** Checks an input the way every channel does (bounded depth and size, no NUL, then the entry's schema); the parsed value or the failure. */
function parseInput(schema: v.GenericSchema, input: unknown): { ok: true; value: unknown } | { ok: false; failure: Result<never> } {
  const problem = inputMessage(input);
  if (problem) return { ok: false, failure: fail('validation', problem) };
  const parsed = v.safeParse(schema, input ?? {});
  return parsed.success ? { ok: true, value: parsed.output } : { ok: false, failure: fail('validation', firstIssue(parsed.issues)) };
}

/**
 * Everything main does for the renderer, free of Electron: the Electron main process and the browser
 * bridge host both build one core and expose `handlers` (one per channel). Contract entries go
 * through the one generic HTTP call; the calls main answers itself live in `local/` (one module per
 * group).
 */
export async function createCore(options: CoreOptions) {
  const session = new Session(options.tokenStore, options.stateDir);
  const grants = new GrantStore();
  // Bulk items' progress goes to the queue (its throttled 'bulk:changed' carries it), not to the window.
  const bulkProgress = new Map<string, (sent: number, total: number) => void>();
  const uploader = createUploader({
    grants,
    emit: (event, payload) => {
      const route = bulkProgress.get(payload.uploadId);
      if (route) route(payload.sent, payload.total);
      else options.emit(event, payload);
    },
    log,
  });

  async function endSession(reason: string): Promise<void> {
    if (!session.currentUser()) return;
    await session.clear();
    windows.invalidate();
    options.emit('session:ended', { reason });
  }

  // The settings group signs out before a switch; the session group needs the HTTP call, which needs
  // the settings: the late binding below closes that circle.
  let signOut: () => Promise<void> = async () => undefined;
  const settings = await createSettingsGroup({ stateDir: options.stateDir, tokenStore: options.tokenStore, startSandbox: options.startSandbox, signOut: () => signOut(), log });
  const http = createHttpClient({
    uploader,
    baseFor: settings.baseFor,
    token: () => remembered(session.currentToken()),
    onUnauthorized: () => endSession('Your session has expired. Please log in again.'),
    log,
  });
  const sessionGroup = createSessionGroup({ session, tokenStore: options.tokenStore, encoder: options.passwordEncoder ?? defaultPasswordEncoder, call: http, origin: settings.origin, onSignedOut: () => windows.invalidate(), log });
  signOut = sessionGroup.signOut;
  // Learners' tokens (for the progress calls) stay in main and belong to the signed-in session.
  // Large lists are kept in main's list worker and served by window; the learner list's tokens are
  // looked up there too (it is the same list the Users screen shows).
  const windows = createWindows({ fetchBody: (def, input, label) => http<ReadableStream<Uint8Array>>(def, input, label, { stream: true }), log });
  const learners = createLearnerCalls(http, {
    tokenOf: (key) => {
      const token = windows.secret('learners', key);
      if (typeof token === 'string') knownSecrets.add(token);
      return token;
    },
    refresh: () => windows.invalidate((list) => list === 'learners'),
  });
  // One media worker reads facts and hashes for Add File and the bulk queue alike.
  const media = new MediaFactsService();
  const frames = new PosterFrames(join(options.stateDir, 'poster-frames'), grants);
  await frames.prune();
  const previewProblems = new PreviewProblems();
  const files = createFilesGroup({ grants, pickFile: options.pickFile, pickSavePath: options.pickSavePath, showItemInFolder: options.showItemInFolder, media, frames, previewProblems });
  // The queue is restored once the server and the session are: a queue that was running carries on.
  await settings.start();
  await session.restore(settings.origin());
  // Bulk events wake a running folder import (it links each video as its upload finishes).
  let importsPoke = () => undefined as void;
  let updatesPoke = () => undefined as void;
  const bulk = await createBulkGroup({
    stateDir: options.stateDir,
    grants,
    http,
    libraryBase: () => settings.baseFor('library'),
    progressRoutes: bulkProgress,
    media,
    cancelUpload: (uploadId) => uploader.cancel(uploadId),
    pickPaths: options.pickPaths,
    pickSavePath: options.pickSavePath,
    emit: (event) => {
      options.emit('bulk:changed', event);
      importsPoke();
      updatesPoke();
    },
    log,
    signedIn: () => {
      const server = settings.serverIdentity();
      const user = session.currentUser();
      return server && user ? { server, email: user.email } : null;
    },
  });
  // Every write call is recorded (who, server, record, before and after, the answer) in userData.
  const history = await createHistoryGroup({
    stateDir: options.stateDir,
    http,
    log,
    context: () => {
      const user = session.currentUser();
      return { who: user ? { name: user.name, email: user.email } : null, server: connectedOrigins(settings.platformUrl())[0] ?? '(no server)' };
    },
  });
  // A folder import (course-import) queues its videos in the bulk queue and links them as they finish.
  const courseImport = await createCourseImportGroup({
    stateDir: options.stateDir,
    http,
    grants,
    queue: bulk.queue,
    enqueue: bulk.addTitled,
    pickFolder: options.pickPaths ? async () => (await options.pickPaths!('folder'))?.[0] ?? null : undefined,
    log,
  });
  importsPoke = () => courseImport.imports.poke();
  // Updates are never offered while something runs that a restart would stop.
  const desktopOptions = options.desktop ?? {};
  const appInfo = desktopOptions.app ?? { name: 'Content Console', version: '0.0.0' };
  const updates = createUpdates({
    updater: desktopOptions.updater ?? null,
    currentVersion: appInfo.version,
    hasBuildFeed: desktopOptions.hasBuildFeed ?? false,
    lockedOff: desktopOptions.updatesLockedOff ?? false,
    settings: settings.updates,
    saveSettings: settings.setUpdates,
    busy: () => {
      if (bulk.queue.status().active) return 'A bulk upload is running.';
      const phase = courseImport.imports.status()?.phase;
      return phase === 'building' || phase === 'uploading' ? 'A folder import is running.' : null;
    },
    emit: (state) => options.emit('desktop:update', state),
    log: logAt,
  });
  updatesPoke = () => updates.poke();
  const desktop = createDesktopGroup({
    app: appInfo,
    versions: desktopOptions.versions ?? { Node: process.versions.node, V8: process.versions.v8 },
    settingsView: settings.view,
    serviceBases: settings.serviceBases,
    preferences: settings.preferences,
    role: () => session.currentUser()?.role ?? null,
    queue: bulk.queue,
    importStatus: () => courseImport.imports.status(),
    updates,
    noticesPath: desktopOptions.noticesPath ?? null,
    showLogsFolder: desktopOptions.showLogsFolder,
    pickSavePath: options.pickSavePath,
  });
  // A queue stopped by a sign-out carries on at the next sign-in.
  const login: typeof sessionGroup.calls.login = async (input) => {
    const answer = await sessionGroup.calls.login(input);
    if (answer.ok && bulk.queue.status().notice) bulk.queue.start();
    return answer;
  };

  /** Local calls, one per entry of `local` (the type makes a missing one a compile error). */
  const localImpl: LocalImpl<Local> = {
    session: { ...sessionGroup.calls, login },
    settings: settings.calls,
    files: files.calls,
    uploads: createUploadsGroup({ uploader }).calls,
    windows: createWindowsGroup({ windows }).calls,
    learners: {
      list: () => learners.list(),
      progress: (input) => learners.progress(input),
      conceptProgress: (input) => learners.conceptProgress(input),
    },
    bulk: bulk.calls,
    courseTools: createCourseTools(http),
    find: (await createFindGroup({ windows, stateDir: options.stateDir })).calls,
    history: history.calls,
    // Bulk actions run each record through the recorded handler below (bound late: the map is filled after).
    batch: createBatchGroup({
      handler: (call) => {
        const [group, name] = call.split('.') as [string, string];
        return group in contract ? handlers.get(channelOf(group, name)) : undefined;
      },
      window: (query) => windows.window(query),
      emit: (payload) => options.emit('batch:progress', payload),
    }).calls,
    courseImport: courseImport.calls,
    desktop: desktop.calls,
    platform: {
      check: async () => {
        if (!session.currentUser()) return fail('auth', 'Your session has ended. Please log in again.', 401);
        return ok(await checkPlatform(http, settings.platformUrl() ?? '(no server)'));
      },
    },
  };

  /** Per-entry options of the contract, applied to the parsed input before the call. */
  async function prepare(def: CallDef, fields: Record<string, unknown>): Promise<void> {
    const duration = def.durationFrom;
    if (!duration || !(duration.into in fields) || (duration.when && !duration.when(fields))) return;
    const ref = fields[duration.file] as { grantId?: unknown } | undefined;
    if (typeof ref?.grantId !== 'string') return;
    try {
      fields[duration.into] = durationOf(await files.factsOf(ref.grantId));
    } catch {
      // Unknown grant or no duration header: the form's value stays; the upload itself reports a bad grant.
    }
  }

  const handlers = new Map<string, Handler>();
  for (const [group, calls] of Object.entries(contract) as [string, Record<string, CallDef>][]) {
    for (const [name, def] of Object.entries(calls)) {
      if (def.exposed === false) continue;
      const label = `${group}.${name}`;
      handlers.set(channelOf(group, name), history.recorded(label, def, async (input) => {
        // The record an edit dialog or a delete question was opened on travels beside the input.
        const { [BASE_FIELD]: base, [BATCH_FIELD]: _batch, ...rest } = (input !== null && typeof input === 'object' ? input : {}) as Record<string, unknown>;
        const parsed = parseInput(def.input, input === undefined || input === null ? input : rest);
        if (!parsed.ok) return parsed.failure;
        let fields = parsed.value as Record<string, unknown>;
        if (def.record && base !== null && typeof base === 'object' && !Array.isArray(base)) {
          const record = base as Record<string, unknown>;
          const conflict = await checkRecord(http, def, fields, record, label, log);
          if (conflict) return conflict;
          fields = withUnmodelled(def, fields, record);
        }
        await prepare(def, fields);
        const result = await http(def, fields, label);
        // A change on the server makes the lists main keeps of that service stale.
        if (result.ok && def.method !== 'GET') windows.invalidate(windows.listsOfService(def.service));
        return result;
      }));
    }
  }
  for (const [group, calls] of Object.entries(local) as [string, Record<string, LocalCallDef>][]) {
    for (const [name, def] of Object.entries(calls)) {
      const impl = (localImpl as unknown as Record<string, Record<string, (input: unknown) => Promise<Result<unknown>>>>)[group]?.[name];
      if (!impl) throw new Error(`No handler for local call ${group}.${name}`);
      handlers.set(channelOf(group, name), async (input) => {
        const parsed = parseInput(def.input, input);
        if (!parsed.ok) return parsed.failure;
        try {
          return await impl(parsed.value);
        } catch (error) {
          log('local call failed', { call: `${group}.${name}`, error: error instanceof Error ? error.message : String(error) });
          return fail('network', MSG.somethingWentWrong);
        }
      });
    }
  }

  // One line per call in the log (channel, outcome, time; never an input or an answer).
  logCalls(handlers, Object.keys(local), logAt);

  /**
   * Channels only the preload invokes (never window.api, never the bridge's WebSocket): a dropped
   * file's path, resolved by the preload from the `File` the page handed over.
   */
  const preloadHandlers = new Map<string, Handler>([
    [PRELOAD_CHANNELS.grantDropped, files.grantDropped],
    [PRELOAD_CHANNELS.bulkDropped, bulk.addDropped],
    [PRELOAD_CHANNELS.importDropped, courseImport.dropped],
  ]);

  /** A media preview for the page (the cc-media:// protocol, the bridge's /__bridge/media). */
  const previewMedia = (src: string, range: string | null, signal?: AbortSignal) =>
    src.startsWith(GRANT_PREVIEW_PREFIX)
      ? grantMedia(grants, src.slice(GRANT_PREVIEW_PREFIX.length), range, signal)
      : proxyMedia({ allowedOrigins: () => connectedOrigins(settings.platformUrl(), settings.baseFor('library')), token: () => session.currentToken(), problems: previewProblems }, src, range, signal);

  return {
    handlers,
    preloadHandlers,
    previewMedia,
    session,
    settingsView: settings.view,
    windows,
    /** The bulk queue: the desktop shell reads its status (progress bar, keep awake, ask before quitting). */
    bulkQueue: bulk.queue,
    /** Updates: main starts them once the window is up (a check now and one a day). */
    updates,
    async close() {
      updates.close();
      await courseImport.imports.close();
      await bulk.queue.close();
      await windows.close();
      await settings.close();
    },
  };
}
export type Core = Awaited<ReturnType<typeof createCore>>;

/** The origins of the given URLs (nulls and bad URLs left out). */
function connectedOrigins(...urls: (string | null)[]): string[] {
  return urls.flatMap((url) => {
    try {
      return url ? [new URL(url).origin] : [];
    } catch {
      return [];
    }
  });
}
