import { BrowserWindow, Menu, app, dialog } from 'electron';
import { join } from 'node:path';
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

export function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1360,
    height: 860,
    minWidth: 960,
    minHeight: 600,
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
  window.once('ready-to-show', () => window.show());
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
    { role: 'help', submenu: [{ label: HELP_COMMANDS.checkServer.label, click: () => send('checkServer') }] },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
