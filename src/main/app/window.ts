import { BrowserWindow, Menu, app, dialog, screen } from 'electron';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMPTY_WINDOW_STATE, MIN_SIZE, parseWindowState, placeWindow, rememberWindow, type DisplayInfo, type WindowState } from './window-state';
import { logAt } from '../services/log';
import { APP_ENTRY, isAppPageUrl } from './app-url';
import { commandMenu } from './command-menu';
import { HELP_COMMANDS } from '../../shared/shortcuts';
import { guardUnload } from './unload-guard';
import type { AppCommand } from '../../shared/shortcuts';

/** Where the renderer comes from: the dev server in `npm run dev`, else the built files over app://. */
export function rendererEntry(): { kind: 'url'; url: string } | { kind: 'app'; root: string } {
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  if (!app.isPackaged && devUrl) return { kind: 'url', url: devUrl };
  return { kind: 'app', root: join(import.meta.dirname, '../renderer') };
}

/** True for URLs of the app's own page (the sender check and the navigation guard use it). */
export function isAppUrl(url: string): boolean {
  const entry = rendererEntry();
  if (entry.kind === 'url') return new URL(url).origin === new URL(entry.url).origin;
  // The hash router keeps every screen on app://content-console/index.html.
  return isAppPageUrl(url);
}

const displays = (): { all: DisplayInfo[]; primary: DisplayInfo } => ({ all: screen.getAllDisplays(), primary: screen.getPrimaryDisplay() });

function readWindowState(path: string): WindowState {
  try {
    return parseWindowState(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    return EMPTY_WINDOW_STATE;
  }
}

/** Written whole to a temporary file, then renamed over the old one. */
function writeWindowState(path: string, state: WindowState): void {
  try {
    writeFileSync(`${path}.tmp`, JSON.stringify(state));
    renameSync(`${path}.tmp`, path);
  } catch (error) {
    logAt('warn', 'the window state was not written', { error });
  }
}

/**
 * Keeps the window's size, place and maximised state per display in `<stateDir>/window-state.json`: written
 * when the window is moved, resized, maximised or closed (debounced), read when it opens (window-state.ts).
 */
function followWindowState(window: BrowserWindow, path: string, initial: WindowState): void {
  let state = initial;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (window.isDestroyed() || window.isMinimized()) return;
    const { all, primary } = displays();
    state = rememberWindow(state, { bounds: window.getNormalBounds(), maximized: window.isMaximized() }, all, primary);
    writeWindowState(path, state);
  };
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, 500);
  };
  for (const event of ['resized', 'moved', 'maximize', 'unmaximize'] as const) window.on(event as 'resized', later);
  window.on('close', save);
}

export function createMainWindow(stateDir: string): BrowserWindow {
  const statePath = join(stateDir, 'window-state.json');
  const saved = readWindowState(statePath);
  const { all, primary } = displays();
  const placed = placeWindow(saved, all, primary);
  const window = new BrowserWindow({
    ...placed.bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'Content Console',
    backgroundColor: '#1f1f1f',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      // Middle-click opens no windows (new windows are denied anyway).
      disableBlinkFeatures: 'Auxclick',
      spellcheck: true,
    },
  });
  window.once('ready-to-show', () => {
    if (placed.maximized) window.maximize();
    window.show();
  });
  followWindowState(window, statePath, saved);
  guardUnload(window, (options) => dialog.showMessageBoxSync(window, options));
  const entry = rendererEntry();
  void window.loadURL(entry.kind === 'url' ? entry.url : APP_ENTRY);
  return window;
}

/** The application menu; `send` delivers a chosen command to the page. */
export function installMenu(send: (command: AppCommand) => void): void {
  const isMac = process.platform === 'darwin';
  const template: Electron.MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        ...(app.isPackaged ? [] : [{ role: 'toggleDevTools' as const }]),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    commandMenu(send),
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: HELP_COMMANDS.showLogs.label, click: () => send('showLogs') },
        { label: HELP_COMMANDS.copyDiagnostics.label, click: () => send('copyDiagnostics') },
        { label: HELP_COMMANDS.saveDiagnostics.label, click: () => send('saveDiagnostics') },
        { label: HELP_COMMANDS.checkServer.label, click: () => send('checkServer') },
        { type: 'separator' },
        { label: HELP_COMMANDS.about.label, click: () => send('about') },
      ],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
