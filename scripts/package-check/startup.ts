/** What main did at start, as probe.mjs reports it, judged. */
import { join } from 'node:path';

interface Result {
  ok: boolean;
  error?: { kind: string; message: string };
}

export interface ProbeReport {
  loadedMs: number;
  startMs: number;
  packagesAtStart: string[];
  window: { options: { webPreferences?: Record<string, unknown> } & Record<string, unknown>; loaded: string | null } | null;
  privilegedSchemes: { scheme: string; privileges: Record<string, boolean> }[];
  protocolHandlers: string[];
  defaultProtocolClients: string[];
  ipcChannels: string[];
  refused: Record<string, Result>;
  navigationAway: boolean;
  navigationInApp: boolean;
  windowOpen: { action: string } | null;
  permission: boolean | null;
  permissionCheck: boolean | null;
  indexHtml: { status: number; text: string } | null;
  outsideRenderer: { status: number } | null;
  utilityProcesses: { modulePath: string; serviceName?: string }[];
  login: Result | null;
  sandboxStoppedOnQuit: boolean;
  /** The logs folder after the run: its files and their text. */
  logs: { files: string[]; text: string };
  /** The Help menu's items. */
  helpMenu: string[];
}

/** The Help menu's items, in order. */
export const HELP_MENU = ['Show logs', 'Copy diagnostics', 'Save diagnostics as a file…', 'Check this server', 'separator', 'About Content Console'];

/** The window's webPreferences the security checklist requires. */
export const REQUIRED_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
};

/** Packages only the sandbox process may load (main's start must not). */
export const SERVER_PACKAGES = ['fastify', '@fastify/multipart', '@electric-sql/pglite', 'pg'];

export function startupProblems(report: ProbeReport, expected: { channels: readonly string[]; appDir: string; secrets?: readonly string[] }): string[] {
  const problems: string[] = [];
  const prefs = report.window?.options.webPreferences;
  if (!report.window || !prefs) problems.push('main opened no window');
  else {
    for (const [key, value] of Object.entries(REQUIRED_WEB_PREFERENCES)) if (prefs[key] !== value) problems.push(`window webPreferences.${key} is ${String(prefs[key])}, expected ${String(value)}`);
    if (prefs.preload !== join(expected.appDir, 'out', 'preload', 'index.cjs')) problems.push(`the preload is ${String(prefs.preload)}, not the packaged out/preload/index.cjs`);
    if (report.window.loaded !== 'app://content-console/index.html') problems.push(`the window loaded ${String(report.window.loaded)}, not app://content-console/index.html`);
  }
  for (const scheme of ['app', 'cc-media']) {
    const privileged = report.privilegedSchemes.find((s) => s.scheme === scheme);
    if (!privileged?.privileges.standard || !privileged.privileges.secure) problems.push(`${scheme}:// is not registered as a standard, secure scheme`);
    if (!report.protocolHandlers.includes(scheme)) problems.push(`no protocol handler for ${scheme}://`);
  }
  if (!report.defaultProtocolClients.includes('content-console')) problems.push('content-console:// links are not claimed (setAsDefaultProtocolClient)');
  const registered = new Set(report.ipcChannels);
  for (const channel of expected.channels) if (!registered.has(channel)) problems.push(`channel ${channel} has no ipc handler`);
  const known = new Set(expected.channels);
  for (const channel of report.ipcChannels) if (!known.has(channel)) problems.push(`ipc handler for ${channel}, which the contract does not name`);
  for (const [channel, answer] of Object.entries(report.refused)) {
    if (answer.ok || answer.error?.kind !== 'auth') problems.push(`channel ${channel} answered a call from another page (no sender check): ${JSON.stringify(answer)}`);
  }
  if (!report.navigationAway) problems.push('the window may navigate away from the app');
  if (report.navigationInApp) problems.push("the window's navigation inside the app is refused");
  if (report.windowOpen?.action !== 'deny') problems.push('new windows are not denied');
  if (report.permission !== false || report.permissionCheck !== false) problems.push('permission requests are not denied');
  if (report.indexHtml?.status !== 200 || !report.indexHtml.text.includes('<div id="root">')) problems.push(`app://content-console/index.html does not serve the renderer (${JSON.stringify(report.indexHtml?.status)})`);
  if (report.outsideRenderer?.status !== 404) problems.push('app:// serves a file outside the renderer folder');
  const early = report.packagesAtStart.filter((pkg) => SERVER_PACKAGES.some((server) => pkg === server || pkg.startsWith(`${server}/`)));
  if (early.length > 0) problems.push(`main's start loads the reference server's packages: ${early.join(', ')}`);
  const sandbox = report.utilityProcesses.find((p) => p.modulePath === join(expected.appDir, 'out', 'main', 'sandbox.js'));
  if (!sandbox) problems.push(`the sandbox was not started as a utility process from the packaged out/main/sandbox.js (${JSON.stringify(report.utilityProcesses)})`);
  if (!report.login?.ok) problems.push(`a sign-in through the registered handler against the sandbox failed: ${JSON.stringify(report.login)}`);
  if (!report.sandboxStoppedOnQuit) problems.push('the sandbox process still runs after the app quit');
  for (const file of ['main.log', 'sandbox.log']) if (!report.logs.files.includes(file)) problems.push(`no ${file} in the logs folder (${report.logs.files.join(', ') || 'empty'})`);
  if (!report.logs.text.includes('Content Console started')) problems.push("main.log lacks main's start line");
  for (const secret of expected.secrets ?? []) if (report.logs.text.includes(secret)) problems.push(`the log files hold a secret of the sign-in (${secret.slice(0, 3)}…)`);
  if (JSON.stringify(report.helpMenu) !== JSON.stringify(HELP_MENU)) problems.push(`the Help menu is ${JSON.stringify(report.helpMenu)}, not ${JSON.stringify(HELP_MENU)}`);
  return problems;
}
