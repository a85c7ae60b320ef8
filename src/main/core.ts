import { join } from 'node:path';
import { contract, local, channelOf, type ApiEvents, type ApiEventName, type CallDef, type Local, type LocalCallDef, type LocalImpl } from '../shared/api';
import { SERVICES, type ServiceName } from '../shared/api/contract';
import { GRANT_PREVIEW_PREFIX, PRELOAD_CHANNELS, type PickKind } from '../shared/api/app';
import { fail, ok, type Result } from '../shared/result';
import { MSG } from '../shared/messages';
import { createReachability, probeOrigin } from './services/reachability';
import type { NetPolicy } from './services/transport';
import { createDoor, durationStep, parseInput } from './services/door';
import { HISTORY_UNSAVED, HistoryRecorder, HistoryStore } from './services/history';
import { durationOf, MediaFactsService } from './services/media-facts';
import { defaultPasswordEncoder, type PasswordEncoder } from './services/password';
import { Session } from './services/session';
import type { TokenStore } from './services/token-stores';
import { knownSecrets, log, logAt } from './services/log';
import { logCalls } from './services/logged-calls';
import { createUpdates, type UpdaterLike } from './services/updates';
import { createDesktopGroup } from './local/desktop';
import { GrantStore } from './services/grants';
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
import { createWindows } from './services/lists/windows';
import { earlyListWorker } from './services/lists/early-worker';
import { createWindowsGroup } from './local/windows';
import { checkPlatform } from './services/platform-check';
import { createCourseTools, LinkChecker } from './services/course-health';
import { probeLink } from './services/link-probe';
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
  /**
   * The course health check may request loopback addresses (never any other address that is not
   * public). Only test runs set it, for link servers on 127.0.0.1; the app never does, and no setting
   * or call from the page can.
   */
  allowLoopbackLinks?: boolean;
  /** The http client's network limits (tests make them short); services/transport.ts's defaults otherwise. */
  net?: Partial<NetPolicy>;
  /** How often main asks an unreachable platform whether it answers again (tests make it short). */
  probeEveryMs?: number;
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
  /** A desktop notification (Electron's Notification); false where there is none. */
  notify?: (notice: { title: string; body: string }) => boolean;
}

/** Tokens main hands to the HTTP client are secrets the log's door replaces wherever they appear. */
function remembered(token: string | null): string | null {
  knownSecrets.add(token);
  return token;
}

export type Handler = (input: unknown) => Promise<Result<unknown>>;

export { firstIssue } from './services/door';

/**
 * Everything main does for the renderer, free of Electron: the Electron main process and the browser
 * bridge host both build one core and expose `handlers` (one per channel). Contract entries go
 * through the one generic HTTP call; the calls main answers itself live in `local/` (one module per
 * group).
 */
export async function createCore(options: CoreOptions) {
  const session = new Session(options.tokenStore, options.stateDir);
  const grants = new GrantStore();
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
  const reachability = createReachability({
    emit: (status) => options.emit('platform:status', status),
    probe: (origin) => probeOrigin(origin),
    current: () => connectedOrigins(settings.platformUrl(), ...(Object.keys(SERVICES) as ServiceName[]).map((service) => settings.baseFor(service))),
    probeEveryMs: options.probeEveryMs,
    log,
  });
  const recorder = await openHistory(options, session, settings);
  // The one door to the platform: every call below goes through it (services/door.ts).
  const door = createDoor({
    grants,
    emit: options.emit,
    net: options.net,
    onNetwork: reachability.onNetwork,
    baseFor: settings.baseFor,
    token: () => remembered(session.currentToken()),
    // The session's end is one toast (the failing call makes none): the server's errorMessage, where it gave one.
    onUnauthorized: (serverMessage) => endSession(serverMessage || 'Your session has expired. Please log in again.'),
    history: recorder,
    invalidate: (service) => windows.invalidate(windows.listsOfService(service)),
    changed: (service) => options.emit('lists:changed', { service }),
    prepare: durationStep(async (grantId) => durationOf(await files.factsOf(grantId))),
    log,
  });
  const http = door.send;
  const sessionGroup = createSessionGroup({ session, tokenStore: options.tokenStore, encoder: options.passwordEncoder ?? defaultPasswordEncoder, call: (def, input, label, callOptions) => http(def, input, label, { ...callOptions, unrecorded: true }), origin: settings.origin, onSignedOut: () => windows.invalidate(), log });
  signOut = sessionGroup.signOut;
  // Learners' tokens (for the progress calls) stay in main and belong to the signed-in session.
  // Large lists are kept in main's list worker and served by window; the learner list's tokens are
  // looked up there too (it is the same list the Users screen shows).
  // The list worker starts with a session, so that the first list's open does not wait for it.
  const listWorker = earlyListWorker();
  session.onSignedIn = () => listWorker.warm();
  const windows = createWindows({ fetchBody: (def, input, label) => http<ReadableStream<Uint8Array>>(def, input, label, { stream: true }), spawn: listWorker.spawn, log });
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
  // Bulk events wake the updates (which are never offered while something runs that a restart would stop).
  let updatesPoke = () => undefined as void;
  const { bulk, courseImport } = await createQueuedWork(options, { grants, send: http, recorder, settings, session, media, onChanged: () => updatesPoke() });
  const history = createHistoryGroup({ recorder, send: http, log, viewerRole: () => session.currentUser()?.role ?? null });
  const { updates, desktop } = createDesktopParts(options, { settings, session, bulk, courseImport });
  updatesPoke = () => updates.poke();

  // Bulk actions run each record through the recorded handler (bound late: the table is made after).
  const localImpl = await localCalls(options, {
    session,
    sessionGroup,
    settings,
    files,
    door,
    windows,
    learners,
    bulk,
    history,
    courseImport,
    desktop,
    handlerOf: (channel) => handlers.get(channel),
  });
  const handlers = handlerTable(door, localImpl);

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
    /** The one door to the platform (tests and benches send through it as main's services do). */
    door,
    /** The bulk queue: the desktop shell reads its status (progress bar, keep awake, ask before quitting). */
    bulkQueue: bulk.queue,
    /** Updates: main starts them once the window is up (a check now and one a day). */
    updates,
    /** Starts the media worker ahead of the first file (main calls it once the window is up and main at rest). */
    warmMedia: () => media.warm(),
    async close() {
      reachability.close();
      updates.close();
      await courseImport.imports.close();
      courseImport.closeActions();
      bulk.close();
      door.close();
      await recorder.store.settled();
      await bulk.queue.close();
      await windows.close();
      await listWorker.close();
      await settings.close();
      await media.close();
    },
  };
}
export type Core = Awaited<ReturnType<typeof createCore>>;

type SettingsGroup = Awaited<ReturnType<typeof createSettingsGroup>>;
type Door = ReturnType<typeof createDoor>;
type BulkGroup = Awaited<ReturnType<typeof createBulkGroup>>;
type CourseImportGroup = Awaited<ReturnType<typeof createCourseImportGroup>>;

/** History: every write is recorded (who, server, record, before and after, the answer) in userData. */
async function openHistory(options: CoreOptions, session: Session, settings: SettingsGroup): Promise<HistoryRecorder> {
  return new HistoryRecorder(
    await HistoryStore.open(options.stateDir, undefined, { onFailure: () => options.emit('app:notice', { message: HISTORY_UNSAVED }) }),
    () => {
      const user = session.currentUser();
      return { who: user ? { name: user.name, email: user.email } : null, server: connectedOrigins(settings.platformUrl())[0] ?? '(no server)' };
    },
    log,
  );
}

interface QueuedWorkDeps {
  grants: GrantStore;
  send: Door['send'];
  recorder: HistoryRecorder;
  settings: SettingsGroup;
  session: Session;
  media: MediaFactsService;
  /** Called on every bulk event, after the window and a running folder import are told. */
  onChanged: () => void;
}

/**
 * The work that runs on after a call answers: the bulk queue, and folder imports, which queue their
 * videos in it and link each one as its upload finishes (bulk events wake a running import).
 */
async function createQueuedWork(options: CoreOptions, deps: QueuedWorkDeps): Promise<{ bulk: BulkGroup; courseImport: CourseImportGroup }> {
  const { grants, send, recorder, settings, session, media } = deps;
  let importsPoke = () => undefined as void;
  const bulk = await createBulkGroup({
    stateDir: options.stateDir,
    grants,
    send,
    action: () => recorder.action({ call: 'library.createMedia', screen: 'Video Library', title: (done, failed) => `Bulk upload: ${done} ${done === 1 ? 'file' : 'files'} uploaded${failed ? `, ${failed} failed` : ''}` }),
    libraryBase: () => settings.baseFor('library'),
    media,
    pickPaths: options.pickPaths,
    pickSavePath: options.pickSavePath,
    emit: (event) => {
      options.emit('bulk:changed', event);
      importsPoke();
      deps.onChanged();
    },
    log,
    signedIn: () => {
      const server = settings.serverIdentity();
      const user = session.currentUser();
      return server && user ? { server, email: user.email } : null;
    },
  });
  const courseImport = await createCourseImportGroup({
    stateDir: options.stateDir,
    send,
    action: (title: string) => recorder.action({ call: 'courseImport.start', screen: 'Courses', title: (done, failed) => `Folder import of ${title}: ${done} ${done === 1 ? 'change' : 'changes'}${failed ? `, ${failed} failed` : ''}` }),
    grants,
    queue: bulk.queue,
    enqueue: bulk.addTitled,
    pickFolder: options.pickPaths ? async () => (await options.pickPaths!('folder'))?.[0] ?? null : undefined,
    readFacts: (path) => media.factsOfPath(path),
    log,
  });
  importsPoke = () => courseImport.imports.poke();
  return { bulk, courseImport };
}

/** The installed app: updates (never offered while something runs that a restart would stop) and the desktop calls. */
function createDesktopParts(
  options: CoreOptions,
  { settings, session, bulk, courseImport }: { settings: SettingsGroup; session: Session; bulk: BulkGroup; courseImport: CourseImportGroup },
) {
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
    notify: desktopOptions.notify,
    pickSavePath: options.pickSavePath,
  });
  return { updates, desktop };
}

interface LocalCallsDeps {
  session: Session;
  sessionGroup: ReturnType<typeof createSessionGroup>;
  settings: SettingsGroup;
  files: ReturnType<typeof createFilesGroup>;
  door: Door;
  windows: ReturnType<typeof createWindows>;
  learners: ReturnType<typeof createLearnerCalls>;
  bulk: BulkGroup;
  history: ReturnType<typeof createHistoryGroup>;
  courseImport: CourseImportGroup;
  desktop: ReturnType<typeof createDesktopGroup>;
  /** The handler of a channel (bulk actions run each record through it). */
  handlerOf: (channel: string) => Handler | undefined;
}

/** Local calls, one per entry of `local` (the type makes a missing one a compile error). */
async function localCalls(options: CoreOptions, deps: LocalCallsDeps): Promise<LocalImpl<Local>> {
  const { session, sessionGroup, settings, door, windows, learners, bulk } = deps;
  const http = door.send;
  // A queue stopped by a sign-out carries on at the next sign-in.
  const login: typeof sessionGroup.calls.login = async (input) => {
    const answer = await sessionGroup.calls.login(input);
    if (answer.ok && bulk.queue.status().notice) bulk.queue.start();
    return answer;
  };
  return {
    session: { ...sessionGroup.calls, login },
    settings: settings.calls,
    files: deps.files.calls,
    uploads: createUploadsGroup({ uploader: door.uploader }).calls,
    windows: createWindowsGroup({ windows }).calls,
    learners: {
      list: () => learners.list(),
      progress: (input) => learners.progress(input),
      conceptProgress: (input) => learners.conceptProgress(input),
    },
    bulk: bulk.calls,
    courseTools: createCourseTools(http, new LinkChecker((url) => probeLink(url, { allowLoopback: options.allowLoopbackLinks === true }))),
    find: (await createFindGroup({ windows, stateDir: options.stateDir, viewerRole: () => session.currentUser()?.role ?? null })).calls,
    history: deps.history.calls,
    batch: createBatchGroup({
      handler: (call) => {
        const [group, name] = call.split('.') as [string, string];
        return group in contract ? deps.handlerOf(channelOf(group, name)) : undefined;
      },
      window: (query) => windows.window(query),
      emit: (payload) => options.emit('batch:progress', payload),
    }).calls,
    courseImport: deps.courseImport.calls,
    desktop: deps.desktop.calls,
    platform: {
      check: async () => {
        if (!session.currentUser()) return fail('auth', 'Your session has ended. Please log in again.', 401);
        return ok(await checkPlatform(http, settings.platformUrl() ?? '(no server)', undefined, () => [session.currentToken()]));
      },
    },
  };
}

/**
 * One handler per channel: contract entries through the door, local entries with their input checked
 * and a throw turned into 'Something went wrong' (logged).
 */
function handlerTable(door: Door, localImpl: LocalImpl<Local>): Map<string, Handler> {
  const handlers = new Map<string, Handler>();
  for (const [group, calls] of Object.entries(contract) as [string, Record<string, CallDef>][]) {
    for (const [name, def] of Object.entries(calls)) {
      if (def.exposed !== false) handlers.set(channelOf(group, name), door.handler(def, `${group}.${name}`));
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
  return handlers;
}

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
