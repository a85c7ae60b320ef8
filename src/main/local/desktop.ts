import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { arch, platform, release } from 'node:os';
import { basename, dirname } from 'node:path';
import * as v from 'valibot';
import type { Local, LocalImpl } from '../../shared/api';
import { ok } from '../../shared/result';
import { NoticesFileSchema, type NoticeEntry } from '../../shared/schemas/desktop';
import type { Preferences, SettingsView } from '../../shared/schemas/settings';
import type { ImportStatus } from '../../shared/schemas/course-import';
import { BULK_STATES } from '../../shared/schemas/bulk';
import { diagnosticsFileName, diagnosticsText } from '../services/diagnostics';
import { knownSecrets, lastErrors, lastLogLines, logAt, logFilePath, type LogLevel } from '../services/log';
import type { Updates } from '../services/updates';

export interface DesktopGroupDeps {
  app: { name: string; version: string };
  /** Electron, Chromium, Node, V8 as the running process reports them. */
  versions: Record<string, string | undefined>;
  settingsView: () => SettingsView;
  serviceBases: () => Record<string, string>;
  preferences: () => Preferences;
  role: () => string | null;
  queue: { status(): { running: boolean; offline: boolean; notice: string | null }; storedItems(): readonly { state: string }[] };
  importStatus: () => ImportStatus | null;
  updates: Updates;
  /** The notices file the build wrote (absent in a development run). */
  noticesPath: string | null;
  /** Opens the logs folder in the file manager (Electron's shell.openPath; the bridge records it). */
  showLogsFolder?: () => Promise<boolean>;
  /** Shows a desktop notification (Electron's Notification); false where there is none. */
  notify?: (notice: { title: string; body: string }) => boolean;
  pickSavePath?: (defaultName: string) => Promise<string | null>;
}

/** The log lines diagnostics carry. */
export const DIAGNOSTICS_LINES = 200;

/** The installed app's own calls: the renderer's log lines, diagnostics, the logs folder, About, updates. */
export function createDesktopGroup(deps: DesktopGroupDeps) {
  let notices: Promise<NoticeEntry[] | null> | null = null;
  const readNotices = () =>
    (notices ??= (async () => {
      if (!deps.noticesPath) return null;
      const raw = await readFile(deps.noticesPath, 'utf8').catch(() => null);
      if (raw === null) return null;
      const parsed = v.safeParse(NoticesFileSchema, JSON.parse(raw));
      if (!parsed.success) {
        logAt('error', 'the third-party notices file does not match its schema', { file: basename(deps.noticesPath) });
        return null;
      }
      return parsed.output.packages;
    })());

  async function text(): Promise<string> {
    const view = deps.settingsView();
    const byState = Object.fromEntries(BULK_STATES.map((state) => [state, 0])) as Record<string, number>;
    for (const item of deps.queue.storedItems()) byState[item.state] = (byState[item.state] ?? 0) + 1;
    const status = deps.queue.status();
    const imported = deps.importStatus();
    const updates = deps.updates.state();
    const { tables, namedViews, ...preferences } = deps.preferences();
    const role = deps.role();
    return diagnosticsText(
      {
        app: deps.app,
        versions: deps.versions,
        os: { platform: platform(), release: release(), arch: arch(), locale: Intl.DateTimeFormat().resolvedOptions().locale },
        connection: { kind: view.connection.kind, origin: view.activeUrl ? new URL(view.activeUrl).origin : null, sandboxRunning: view.sandbox.running, sandboxError: view.sandbox.error },
        serviceBases: deps.serviceBases(),
        tokenStore: view.tokenStoreNote ? `${view.tokenStore} (${view.tokenStoreNote})` : view.tokenStore,
        signedIn: role ? { role } : null,
        preferences: { ...preferences, tableViews: Object.keys(tables).length, screensWithNamedViews: Object.keys(namedViews).length },
        updates: { enabled: updates.settings.enabled && !updates.lockedOff, feed: updates.settings.feedUrl ?? "the build's", status: updates.status, version: updates.version, message: updates.message ?? updates.deferredBecause },
        queue: { byState, running: status.running, offline: status.offline, notice: status.notice },
        imports: imported
          ? {
              phase: imported.phase,
              folders: `${imported.folders.made}/${imported.folders.total}`,
              videos: `uploaded ${imported.videos.uploaded}, linked ${imported.videos.linked}, failed ${imported.videos.failed} of ${imported.videos.total}`,
              problem: imported.problem,
            }
          : null,
        logFile: logFilePath(),
        lastErrors: lastErrors(20),
        lastLines: await lastLogLines(DIAGNOSTICS_LINES),
        now: new Date(),
      },
      knownSecrets,
    );
  }

  const calls: LocalImpl<Local>['desktop'] = {
    log: async ({ level, message, details }) => {
      logAt(level as LogLevel, `renderer: ${message}`, Object.keys(details).length > 0 ? details : undefined);
      return ok({});
    },
    diagnostics: async () => ok({ text: await text() }),
    saveDiagnostics: async () => {
      const path = deps.pickSavePath ? await deps.pickSavePath(diagnosticsFileName(new Date())) : null;
      if (!path) return ok({ saved: null });
      // As the other saves do: the chosen folder is made when it is not there yet.
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, await text(), 'utf8');
      logAt('info', 'diagnostics saved');
      return ok({ saved: basename(path) });
    },
    showLogs: async () => ok({ shown: deps.showLogsFolder ? await deps.showLogsFolder() : false }),
    notify: async (notice) => ok({ shown: deps.notify ? deps.notify(notice) : false }),
    about: async () =>
      ok({
        name: deps.app.name,
        version: deps.app.version,
        versions: [
          ...Object.entries(deps.versions).flatMap(([name, version]) => (version ? [{ name, version }] : [])),
          { name: 'OS', version: `${platform()} ${release()} (${arch()})` },
        ],
        notices: await readNotices(),
      }),
    updates: async () => ok(deps.updates.state()),
    setUpdates: async (settings) => ok(await deps.updates.setSettings(settings)),
    checkForUpdates: async () => ok(await deps.updates.check()),
    installUpdate: async () => ok(deps.updates.install()),
  };
  return { calls, diagnostics: text };
}
