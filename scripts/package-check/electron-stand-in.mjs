/**
 * A RECORDING STAND-IN for the `electron` module, not Electron: `npm run package:check` loads the
 * packaged main bundle in plain Node with this in place of `electron` (Electron's binary cannot run on
 * the CI machine). It keeps what main asks of Electron at start (window options, schemes, protocol
 * handlers, ipc handlers, permission handlers, app events) in `recording`, so that the check can read
 * them and call the handlers. utilityProcess.fork starts a real Node child process (with a
 * process.parentPort like Electron's), so the sandbox really starts. Nothing is drawn, no page loads.
 */
import { EventEmitter } from 'node:events';
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const recording = {
  windows: [],
  privilegedSchemes: [],
  protocolHandlers: new Map(),
  ipcHandlers: new Map(),
  permissionRequestHandler: null,
  permissionCheckHandler: null,
  utilityProcesses: [],
  defaultProtocolClients: [],
  menuInstalled: false,
  menuTemplate: null,
};

// The check passes a folder it removes afterwards.
const userData = process.env.PACKAGE_CHECK_USER_DATA ?? mkdtempSync(join(tmpdir(), 'cc-package-check-userdata-'));
let ready;
const readyPromise = new Promise((resolve) => (ready = resolve));

class App extends EventEmitter {
  isPackaged = true;
  name = 'Content Console';
  requestSingleInstanceLock = () => true;
  quit = () => undefined;
  exit = () => undefined;
  setAsDefaultProtocolClient = (scheme) => void recording.defaultProtocolClients.push(scheme);
  whenReady = () => readyPromise;
  isReady = () => false;
  getPath = (name) => (name === 'userData' ? userData : join(userData, name));
  getVersion = () => '0.0.0-stand-in';
  setAppUserModelId = () => undefined;
  dock = undefined;
}
export const app = new App();

/** Called by the check: the stand-in's 'ready' (Electron emits it once its browser process is up). */
export function emitReady() {
  app.isReady = () => true;
  ready();
  app.emit('ready');
}

class WebContents extends EventEmitter {
  constructor() {
    super();
    this.mainFrame = { url: '' };
    this.windowOpenHandler = null;
    this.sent = [];
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
  }
  send(channel, payload) {
    this.sent.push({ channel, payload });
  }
  isLoading() {
    return false;
  }
  isDestroyed() {
    return false;
  }
}

export class BrowserWindow extends EventEmitter {
  static getAllWindows = () => recording.windows.map((w) => w.window);
  constructor(options) {
    super();
    this.webContents = new WebContents();
    recording.windows.push({ options, window: this, loaded: null });
    app.emit('web-contents-created', {}, this.webContents);
  }
  loadURL(url) {
    recording.windows.find((w) => w.window === this).loaded = url;
    this.webContents.mainFrame.url = url;
    return Promise.resolve();
  }
  show() {}
  focus() {}
  restore() {}
  isMinimized() {
    return false;
  }
  isMaximized() {
    return false;
  }
  maximize() {}
  getNormalBounds() {
    const { x = 0, y = 0, width = 800, height = 600 } = recording.windows.find((w) => w.window === this).options;
    return { x, y, width, height };
  }
  isDestroyed() {
    return false;
  }
  setProgressBar() {}
}

/** One display of 1920 x 1080 (the window state places the window on it). */
const DISPLAY = { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 }, scaleFactor: 1 };
export const screen = { getAllDisplays: () => [DISPLAY], getPrimaryDisplay: () => DISPLAY };

export const protocol = {
  registerSchemesAsPrivileged: (schemes) => void recording.privilegedSchemes.push(...schemes),
  handle: (scheme, handler) => void recording.protocolHandlers.set(scheme, handler),
};

export const ipcMain = {
  handle: (channel, handler) => {
    if (recording.ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    recording.ipcHandlers.set(channel, handler);
  },
  on: () => undefined,
};

export const session = {
  defaultSession: {
    setPermissionRequestHandler: (handler) => void (recording.permissionRequestHandler = handler),
    setPermissionCheckHandler: (handler) => void (recording.permissionCheckHandler = handler),
  },
};

export const Menu = {
  buildFromTemplate: (template) => {
    recording.menuTemplate = template;
    return { template };
  },
  setApplicationMenu: () => void (recording.menuInstalled = true),
};

export const dialog = {
  showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
  showSaveDialog: async () => ({ canceled: true }),
  showMessageBoxSync: () => 0,
};
export const shell = { openExternal: async () => undefined, openPath: async () => '', showItemInFolder: () => undefined };
export class Notification {
  static isSupported = () => false;
}
export const powerSaveBlocker = { start: () => 0, stop: () => undefined };
// Like Electron without a keyring it can encrypt with: main must then keep the token in memory only.
export const safeStorage = {
  isEncryptionAvailable: () => false,
  getSelectedStorageBackend: () => 'basic_text',
  encryptString: () => {
    throw new Error('stand-in: no encryption');
  },
  decryptString: () => {
    throw new Error('stand-in: no encryption');
  },
};

const parentPortShim = new URL('./parent-port.mjs', import.meta.url).href;

export const utilityProcess = {
  fork(modulePath, args = [], options = {}) {
    const child = fork(modulePath, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: ['--import', parentPortShim], env: options.env ?? process.env });
    const emitter = new EventEmitter();
    emitter.pid = child.pid;
    emitter.postMessage = (message) => child.send(message);
    emitter.kill = () => child.kill();
    child.on('message', (message) => emitter.emit('message', message));
    child.on('exit', (code) => emitter.emit('exit', code ?? 0));
    recording.utilityProcesses.push({ modulePath, args, options, pid: child.pid });
    return emitter;
  },
};

export default { app, BrowserWindow, protocol, ipcMain, session, Menu, dialog, shell, Notification, powerSaveBlocker, safeStorage, utilityProcess, screen };
