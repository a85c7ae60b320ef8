import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';
import { DEEP_LINK_SCHEME } from '../shared/constants';
import { createCore, type Core } from './core';
import { startSandbox } from './sandbox/sandbox';
import { registerIpc } from './ipc/register';
import { applySecurityPolicy } from './app/security';
import { createMainWindow, installMenu, isAppUrl } from './app/window';
import { deepLinkIn, deepLinkPath } from './app/deep-link';
import { chooseTokenStore } from './app/token-store';

let mainWindow: BrowserWindow | null = null;
let core: Core | null = null;
let pendingPath: string | null = deepLinkIn(process.argv);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  applySecurityPolicy(isAppUrl);

  const openPath = (path: string | null) => {
    if (!path) return;
    if (mainWindow && !mainWindow.webContents.isLoading()) mainWindow.webContents.send('event:navigate', { path });
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

  app.whenReady().then(async () => {
    installMenu();
    const tokens = await chooseTokenStore();
    core = await createCore({
      stateDir: app.getPath('userData'),
      tokenStore: tokens.store,
      tokenStoreNote: tokens.note,
      startSandbox: () => startSandbox({ dataDir: join(app.getPath('userData'), 'sandbox') }),
      emit: (event, payload) => mainWindow?.webContents.send(`event:${event}`, payload),
    });
    registerIpc(core.handlers, () => mainWindow, isAppUrl);
    mainWindow = createMainWindow();
    mainWindow.webContents.on('did-finish-load', () => {
      const path = pendingPath;
      pendingPath = null;
      if (path) openPath(path);
    });
    mainWindow.on('closed', () => (mainWindow = null));
  });

  app.on('activate', () => {
    if (core && BrowserWindow.getAllWindows().length === 0) mainWindow = createMainWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => void core?.close());
}
