/**
 * Runs in plain Node under register.mjs: loads the PACKAGED main bundle (from the unpacked archive) with
 * the recording stand-in for `electron`, lets it start, and prints on stdout one JSON line of what it did
 * (read and judged by scripts/package-check.ts). argv: the app folder, then a JSON request:
 * { loginChannel, login } for the call through a registered handler.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

const [appDir, requestJson] = process.argv.slice(2);
const request = JSON.parse(requestJson);
const { recording, emitReady, app } = await import('electron');

const started = performance.now();
await import(pathToFileURL(join(appDir, 'out', 'main', 'index.js')).href);
const loadedMs = performance.now() - started;
// What main's own start resolved: before the ready event, before any sandbox.
const packagesAtStart = [...globalThis.__packageCheckResolved];

emitReady();
await new Promise((resolve) => setTimeout(resolve, 0));
const startMs = performance.now() - started;

const window = recording.windows[0];
const contents = window?.window.webContents;
const untrusted = { sender: { mainFrame: {} }, senderFrame: { url: 'https://example.com/' } };
untrusted.sender.mainFrame = untrusted.senderFrame;
const trusted = contents ? { sender: contents, senderFrame: contents.mainFrame } : null;

const refused = {};
for (const [channel, handler] of recording.ipcHandlers) refused[channel] = await handler(untrusted, {});

const navigation = (event, url) => {
  let prevented = false;
  contents?.emit(event, { preventDefault: () => (prevented = true) }, url);
  return prevented;
};
let permission = null;
recording.permissionRequestHandler?.({}, 'media', (granted) => (permission = granted));

const appHandler = recording.protocolHandlers.get('app');
const served = async (url) => {
  if (!appHandler) return null;
  const response = await appHandler(new Request(url));
  return { status: response.status, type: response.headers.get('content-type'), text: (await response.text()).slice(0, 4000) };
};

const loginHandler = recording.ipcHandlers.get(request.loginChannel);
const login = loginHandler && trusted ? await loginHandler(trusted, request.login) : null;
const packagesAfterLogin = [...globalThis.__packageCheckResolved];

const report = {
  loadedMs,
  startMs,
  packagesAtStart,
  packagesAfterLogin,
  window: window ? { options: window.options, loaded: window.loaded } : null,
  privilegedSchemes: recording.privilegedSchemes,
  protocolHandlers: [...recording.protocolHandlers.keys()],
  defaultProtocolClients: recording.defaultProtocolClients,
  ipcChannels: [...recording.ipcHandlers.keys()],
  refused,
  navigationAway: navigation('will-navigate', 'https://example.com/'),
  navigationInApp: navigation('will-navigate', 'app://content-console/index.html#/users'),
  windowOpen: contents?.windowOpenHandler?.({ url: 'https://example.com/' }) ?? null,
  permission,
  permissionCheck: recording.permissionCheckHandler?.({}, 'media') ?? null,
  indexHtml: await served('app://content-console/index.html'),
  outsideRenderer: await served('app://content-console/../main/index.js'),
  utilityProcesses: recording.utilityProcesses.map(({ modulePath, options }) => ({ modulePath, serviceName: options.serviceName })),
  login,
};

// Quitting closes the core, which stops the sandbox process.
const exited = new Promise((resolve) => {
  const timer = setTimeout(() => resolve(false), 15_000);
  const poll = setInterval(() => {
    const alive = recording.utilityProcesses.filter(({ pid }) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    if (alive.length === 0) {
      clearInterval(poll);
      clearTimeout(timer);
      resolve(true);
    }
  }, 100);
});
app.emit('will-quit');
report.sandboxStoppedOnQuit = await exited;
// The log files main and the sandbox wrote in the logs folder (the sign-in above went through them).
const logsDir = app.getPath('logs');
const logFiles = (() => {
  try {
    return readdirSync(logsDir);
  } catch {
    return [];
  }
})();
report.logs = { files: logFiles, text: logFiles.map((name) => readFileSync(join(logsDir, name), 'utf8')).join('\n') };
report.helpMenu = (recording.menuTemplate ?? []).find((item) => item.role === 'help')?.submenu?.map((item) => item.label ?? item.type) ?? [];
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
