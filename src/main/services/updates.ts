/**
 * Updates through electron-updater from a generic HTTP feed (the folder `npm run dist` writes: latest.yml,
 * latest-mac.yml, the installers and their blockmaps). Checked at start and daily, downloaded in the
 * background, verified by electron-updater against the feed's sha512 before it says "downloaded", and only
 * then offered as "Restart to update", never while a bulk upload or a folder import runs (offered when they
 * end). Free of Electron: main passes electron-updater's `autoUpdater`, tests an updater of their own.
 */
import type { UpdateSettings, UpdateState } from '../../shared/schemas/desktop';
import type { LogLevel } from './log';

/** The part of electron-updater's AppUpdater used here. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  disableWebInstaller: boolean;
  logger: { info(message?: unknown): void; warn(message?: unknown): void; error(message?: unknown): void; debug?(message: string): void } | null;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: string, listener: (...args: never[]) => void): unknown;
}

interface FoundInfo {
  version: string;
  releaseNotes?: string | readonly { version: string; note: string | null }[] | null;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export const UPDATE_TEXT = {
  unavailable: 'Updates are not available here: this is not an installed copy of the app.',
  noFeed: 'No update feed is set. Enter the address your IT team gave you, or leave updates off.',
  checksum: 'The downloaded update did not match the checksum its feed published, so it was discarded. It will be downloaded again at the next check.',
  unreachable: 'The update feed could not be reached. The app checks again tomorrow, or use Check now.',
  lockedOff: 'Updates are turned off on this computer (CONTENT_CONSOLE_UPDATES=off); your IT team installs new versions.',
  notReady: 'No update is ready to install.',
} as const;

/** Release notes as plain text: electron-updater gives a string (often HTML) or one note per version. */
export function plainNotes(notes: FoundInfo['releaseNotes']): string | null {
  if (!notes) return null;
  const text = typeof notes === 'string' ? notes : notes.map((n) => `${n.version}\n${n.note ?? ''}`).join('\n\n');
  const plain = text
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return plain || null;
}

/** An updater error in words a staff member can act on (the detail goes to the log). */
export function updateErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string } | null)?.code ?? '';
  if (/sha512 checksum mismatch|ERR_CHECKSUM_MISMATCH/i.test(`${code} ${message}`)) return UPDATE_TEXT.checksum;
  if (/ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|net::|HttpError|status code|404|503/i.test(`${code} ${message}`)) return UPDATE_TEXT.unreachable;
  return `The update could not be completed: ${message.split('\n')[0]}`;
}

/**
 * Whether a downloaded, verified update is offered now: never while something runs that a restart
 * would stop (`busy`: why, or null).
 */
export function offerOf(status: UpdateState['status'], busy: string | null): Pick<UpdateState, 'offered' | 'deferredBecause'> {
  if (status !== 'ready') return { offered: false, deferredBecause: null };
  return busy ? { offered: false, deferredBecause: busy } : { offered: true, deferredBecause: null };
}

export interface UpdatesDeps {
  /** electron-updater's autoUpdater (null where there is none: the browser preview, a development run). */
  updater: UpdaterLike | null;
  currentVersion: string;
  settings: () => UpdateSettings;
  saveSettings: (settings: UpdateSettings) => Promise<void>;
  /** Why a restart would hurt now ("A bulk upload is running."), or null. */
  busy: () => string | null;
  emit: (state: UpdateState) => void;
  log: (level: LogLevel, message: string, details?: Record<string, unknown>) => void;
  /** The build names a feed (app-update.yml beside the app); without it and without a setting there is nothing to ask. */
  hasBuildFeed: boolean;
  /** A policy of this computer: CONTENT_CONSOLE_UPDATES=off turns updates off whatever the setting. */
  lockedOff?: boolean;
  /** Between checks (a day). */
  intervalMs?: number;
  now?: () => number;
}

/** What the updater last said; the state the page sees is made from it. */
interface UpdaterProgress {
  status: UpdateState['status'];
  found: FoundInfo | null;
  percent: number | null;
  message: string | null;
  checkedAt: number | null;
}

/**
 * electron-updater set up (downloads on its own, installs on quit only when offered, its log lines
 * through ours) and its events followed into `progress`, the page told of each.
 */
function followUpdater(updater: UpdaterLike, progress: UpdaterProgress, deps: Pick<UpdatesDeps, 'log' | 'busy'>, changed: () => void): void {
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = false;
  updater.disableWebInstaller = true;
  // electron-updater's own lines go through the log's door like every other.
  updater.logger = {
    info: (m) => deps.log('info', `updater: ${String(m)}`),
    warn: (m) => deps.log('warn', `updater: ${String(m)}`),
    error: (m) => deps.log('error', `updater: ${String(m)}`),
    debug: (m) => deps.log('debug', `updater: ${m}`),
  };
  updater.on('checking-for-update', () => {
    progress.status = 'checking';
    progress.message = null;
    changed();
  });
  updater.on('update-available', (info: FoundInfo) => {
    progress.found = info;
    progress.status = 'downloading';
    progress.percent = 0;
    deps.log('info', 'update found', { version: info.version });
    changed();
  });
  updater.on('update-not-available', () => {
    progress.status = 'up-to-date';
    progress.found = null;
    changed();
  });
  updater.on('download-progress', (download: { percent: number }) => {
    progress.percent = download.percent;
    changed();
  });
  // electron-updater emits this only after the file's sha512 matched the feed's.
  updater.on('update-downloaded', (info: FoundInfo) => {
    progress.found = info;
    progress.status = 'ready';
    progress.percent = 100;
    deps.log('info', 'update downloaded and verified', { version: info.version, deferred: deps.busy() });
    changed();
  });
  updater.on('error', (error: Error) => {
    progress.status = 'error';
    progress.percent = null;
    progress.message = updateErrorText(error);
    deps.log('error', 'update failed', { error });
    changed();
  });
}

export function createUpdates(deps: UpdatesDeps) {
  const now = deps.now ?? Date.now;
  const updater = deps.updater;
  const progress: UpdaterProgress = { status: 'idle', found: null, percent: null, message: null, checkedAt: null };
  let timer: ReturnType<typeof setInterval> | null = null;
  let checking: Promise<void> | null = null;
  let lastEmitted = '';

  const enabled = () => !deps.lockedOff && deps.settings().enabled;

  function state(): UpdateState {
    const current: UpdateState['status'] = !updater ? 'unavailable' : !enabled() ? 'off' : progress.status;
    return {
      settings: deps.settings(),
      lockedOff: deps.lockedOff ? UPDATE_TEXT.lockedOff : null,
      status: current,
      current: deps.currentVersion,
      version: progress.found?.version ?? null,
      releaseNotes: plainNotes(progress.found?.releaseNotes),
      percent: progress.percent,
      ...offerOf(current, deps.busy()),
      message: current === 'unavailable' ? UPDATE_TEXT.unavailable : progress.message,
      checkedAt: progress.checkedAt,
    };
  }

  /** Tells the page when something it shows changed (progress at whole percents only). */
  function changed(): void {
    const next = state();
    const key = JSON.stringify({ ...next, percent: next.percent === null ? null : Math.floor(next.percent) });
    if (key === lastEmitted) return;
    lastEmitted = key;
    // The installer runs on quit only when nothing a restart would stop is running.
    if (updater) updater.autoInstallOnAppQuit = next.offered;
    deps.emit(next);
  }

  if (updater) followUpdater(updater, progress, deps, changed);

  function applyFeed(): boolean {
    const feedUrl = deps.settings().feedUrl;
    if (!updater) return false;
    // null: the feed the build names (app-update.yml beside the app, written from electron-builder.yml's publish).
    if (feedUrl) updater.setFeedURL({ provider: 'generic', url: feedUrl });
    return true;
  }

  /** Asks the feed (and downloads what it offers); resolves when the check and any download have ended. */
  async function check(): Promise<UpdateState> {
    if (!updater || !enabled()) return state();
    // A ready update stays ready: asking again would only download it again.
    if (progress.status === 'ready') return state();
    if (!deps.settings().feedUrl && !deps.hasBuildFeed) {
      progress.status = 'idle';
      progress.message = UPDATE_TEXT.noFeed;
      changed();
      return state();
    }
    if (!checking) {
      checking = (async () => {
        try {
          applyFeed();
          progress.checkedAt = now();
          const result = (await updater.checkForUpdates()) as { downloadPromise?: Promise<unknown> | null } | null;
          await result?.downloadPromise;
        } catch (error) {
          // Also emitted as 'error' (handled there); a rejected check must not go unhandled.
          if (progress.status !== 'error') {
            progress.status = 'error';
            progress.message = updateErrorText(error);
            deps.log('error', 'update check failed', { error });
          }
        } finally {
          checking = null;
          changed();
        }
      })();
    }
    await checking;
    return state();
  }

  function schedule(): void {
    if (timer) clearInterval(timer);
    timer = null;
    if (!updater || !enabled()) return;
    timer = setInterval(() => void check(), deps.intervalMs ?? DAY_MS);
    timer.unref?.();
  }

  return {
    state,
    check,
    /** At start: a check now (when on) and one a day. */
    start(): void {
      schedule();
      void check();
    },
    async setSettings(settings: UpdateSettings): Promise<UpdateState> {
      await deps.saveSettings(settings);
      if (!settings.enabled) {
        progress.status = 'idle';
        progress.message = null;
      }
      schedule();
      changed();
      return settings.enabled ? check() : state();
    },
    /** Something that could defer the offer changed (an upload or an import started or ended). */
    poke(): void {
      changed();
    },
    /** Restart to update: refused while something runs that a restart would stop. */
    install(): { started: boolean; reason: string | null } {
      const now = state();
      if (now.status !== 'ready') return { started: false, reason: UPDATE_TEXT.notReady };
      if (!now.offered) return { started: false, reason: `${now.deferredBecause} The update is installed when it ends.` };
      deps.log('info', 'restarting to update', { version: now.version });
      updater!.quitAndInstall(false, true);
      return { started: true, reason: null };
    },
    close(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
export type Updates = ReturnType<typeof createUpdates>;
