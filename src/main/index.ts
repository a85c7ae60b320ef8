import { app, BrowserWindow, dialog, Notification, shell } from 'electron';
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import electronUpdater from 'electron-updater';
import { DEEP_LINK_SCHEME } from '../shared/constants';
import { createCore, type Core, type DesktopOptions } from './core';
import { startSandbox } from './sandbox/sandbox';
import { utilitySandbox } from './app/sandbox-process';
import { registerIpc, sendEvent } from './ipc/register';
import { applySecurityPolicy } from './app/security';
import { createMainWindow, installMenu, isAppUrl, rendererEntry } from './app/window';
import { handleProtocols, registerSchemes } from './app/protocols';
import { deepLinkIn, deepLinkPath } from './app/deep-link';
import { chooseTokenStore } from './app/choose-token-store';
import { PRELOAD_CHANNELS, type PickKind } from '../shared/api/app';
import type { ApiEvents } from '../shared/api';
import { exposedChannels } from '../shared/api/build-api';
import { catchUncaught, log, logAt, openLogFile } from './services/log';
import { createBulkDesktop, guardQuit } from './app/bulk-desktop';
import type { BulkPickKind } from './local/bulk';
import { compileWasmOnceOnTheCallingThread } from './services/media-facts';

// Before anything compiles WebAssembly in main's process: the media workers compile MediaInfo on their own threads.
compileWasmOnceOnTheCallingThread();

/** The open dialog's filters per kind of file the renderer asks for. */
const PICK_FILTERS: Record<PickKind, Electron.FileFilter[]> = {
  media: [
    { name: 'Video and audio', extensions: ['mp4', 'm4v', 'webm', 'mov', 'mkv', 'mp3', 'm4a', 'aac', 'wav', 'ogg', 'flac'] },
    { name: 'All files', extensions: ['*'] },
  ],
  image: [{ name: 'Images', extensions: ['png', 'jpg', 'jpeg', 'webp', 'gif'] }],
  captions: [{ name: 'Captions', extensions: ['vtt', 'srt'] }],
  view: [{ name: 'Content Console view', extensions: ['json'] }],
};

async function pickFile(kind: PickKind): Promise<string | null> {
  const options: Electron.OpenDialogOptions = { properties: ['openFile'], filters: PICK_FILTERS[kind] };
  const result = mainWindow ? await dialog.showOpenDialog(mainWindow, options) : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

/** The bulk queue's dialog: several media files, or a folder (scanned in main). */
async function pickPaths(kind: BulkPickKind): Promise<string[] | null> {
  const options: Electron.OpenDialogOptions =
    kind === 'folder' ? { properties: ['openDirectory'] } : { properties: ['openFile', 'multiSelections'], filters: PICK_FILTERS.media };
  const result = mainWindow ? await dialog.showOpenDialog(mainWindow, options) : await dialog.showOpenDialog(options);
  return result.canceled || result.filePaths.length === 0 ? null : result.filePaths;
}

const SAVE_FILTERS: Record<string, Electron.FileFilter[]> = {
  '.json': PICK_FILTERS.view,
  '.csv': [{ name: 'CSV', extensions: ['csv'] }],
  '.txt': [{ name: 'Text', extensions: ['txt'] }],
};

async function pickSavePath(defaultName: string): Promise<string | null> {
  const filters = SAVE_FILTERS[extname(defaultName)] ?? SAVE_FILTERS['.csv']!;
  const options: Electron.SaveDialogOptions = { defaultPath: join(app.getPath('documents'), defaultName), filters };
  const result = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
  return result.canceled || !result.filePath ? null : result.filePath;
}

const bulkDesktop = createBulkDesktop(() => mainWindow);

/** The installed app's facts for the core: versions, the updater (an installed copy only), the notices, the logs folder. */
function desktopOptions(): DesktopOptions {
  return {
    app: { name: 'Content Console', version: app.getVersion() },
    versions: { Electron: process.versions.electron, Chromium: process.versions.chrome, Node: process.versions.node, V8: process.versions.v8 },
    // electron-updater works only in a packaged app; a development run has nothing to update.
    updater: app.isPackaged ? electronUpdater.autoUpdater : null,
    hasBuildFeed: existsSync(join(process.resourcesPath ?? '', 'app-update.yml')),
    updatesLockedOff: process.env.CONTENT_CONSOLE_UPDATES === 'off',
    noticesPath: join(import.meta.dirname, '..', 'third-party-notices.json'),
    showLogsFolder: async () => (await shell.openPath(app.getPath('logs'))) === '',
    notify: (notice) => {
      if (!Notification.isSupported()) return false;
      new Notification(notice).show();
      return true;
    },
  };
}

async function startCore(): Promise<Core> {
  const tokenStore = await chooseTokenStore();
  core = await createCore({
    stateDir: app.getPath('userData'),
    tokenStore,
    startSandbox: () => startSandbox({ dataDir: join(app.getPath('userData'), 'sandbox'), logsDir: app.getPath('logs') }, utilitySandbox, log),
    emit: (event, payload) => {
      sendEvent(mainWindow, event, payload);
      if (event === 'bulk:changed' && core) bulkDesktop(payload as ApiEvents['bulk:changed'], core.bulkQueue.taskbarProgress());
    },
    pickFile,
    pickPaths,
    pickSavePath,
    showItemInFolder: (path) => shell.showItemInFolder(path),
    desktop: desktopOptions(),
  });
  return core;
}

let mainWindow: BrowserWindow | null = null;
/** After the page has loaded: its first calls (the session, the home screen's lists) are answered by then. */
const MEDIA_WARM_DELAY_MS = 1500;

/** The main window, its renderer's crashes and hangs logged. */
function openWindow(): BrowserWindow {
  const window = createMainWindow(app.getPath('userData'));
  window.webContents.on('render-process-gone', (_event, details) => logAt('error', 'the window\'s renderer process ended', { reason: details.reason, exitCode: details.exitCode }));
  window.on('unresponsive', () => logAt('warn', 'the window stopped responding'));
  window.on('responsive', () => logAt('info', 'the window responds again'));
  return window;
}
let core: Core | null = null;
let pendingPath: string | null = deepLinkIn(process.argv);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // The log file first, so that everything after, an uncaught error included, lands in it.
  openLogFile({ dir: app.getPath('logs'), fileName: 'main.log', console: !app.isPackaged });
  catchUncaught('main');
  app.on('child-process-gone', (_event, details) => {
    if (details.reason !== 'clean-exit') logAt('error', 'a process of the app ended', { type: details.type, name: details.name ?? null, reason: details.reason, exitCode: details.exitCode });
  });
  logAt('info', 'Content Console started', { version: app.getVersion(), electron: process.versions.electron, platform: process.platform });
  app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  // app:// (the renderer) and cc-media:// (previews) must be declared before the app is ready.
  registerSchemes();
  applySecurityPolicy(isAppUrl);

  const openPath = (path: string | null) => {
    if (!path) return;
    if (mainWindow && !mainWindow.webContents.isLoading()) sendEvent(mainWindow, 'navigate', { path });
    else pendingPath = path;
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  };
  // Windows and Linux: the link arrives as an argument of a second instance.
  app.on('second-instance', (_event, argv) => openPath(deepLinkIn(argv)));
  // macOS: the link arrives as an event.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    openPath(deepLinkPath(url));
  });

  app.whenReady().then(() => {
    installMenu((command) => sendEvent(mainWindow, 'app:command', { command }));
    // The window opens first: the keychain may take seconds to answer (each of its calls has a
    // timeout, then the fallback). Calls the page makes meanwhile wait for the core.
    const ready = startCore();
    ready.catch((error: unknown) => logAt('error', 'the core failed to start', { error }));
    // Updates: a check once the window is up, then daily (never offered while uploads or imports run).
    ready.then((started) => started.updates.start()).catch(() => undefined);
    const entry = rendererEntry();
    const previewMedia = ready.then((started) => started.previewMedia);
    previewMedia.catch(() => undefined);
    handleProtocols(entry.kind === 'app' ? entry.root : null, previewMedia);
    registerIpc(
      [...exposedChannels(), ...Object.values(PRELOAD_CHANNELS)],
      ready.then((started) => new Map([...started.handlers, ...started.preloadHandlers])),
      () => mainWindow,
      isAppUrl,
    );
    mainWindow = openWindow();
    mainWindow.webContents.on('did-finish-load', () => {
      // The media worker starts once the page is up and main is at rest, not in the first file's probe.
      ready.then((started) => setTimeout(() => started.warmMedia(), MEDIA_WARM_DELAY_MS).unref()).catch(() => undefined);
      const path = pendingPath;
      pendingPath = null;
      if (path) openPath(path);
    });
    mainWindow.on('closed', () => (mainWindow = null));
  });

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Quitting while bulk uploads run asks first (the queue is written on close either way).
  guardQuit(() => core?.bulkQueue ?? null, () => mainWindow);
  app.on('will-quit', () => void core?.close());
}
