/**
 * The log's door: every line main, its workers, the sandbox process and the renderer write goes through
 * here, is redacted (redact.ts), and lands in a size-rotated file in the app's logs folder through
 * electron-log. Until `openLogFile` is called (tests, scripts) lines go to the console as before.
 *
 * Callers still pass shapes and names rather than values; the redaction is the net under them.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import electronLog from 'electron-log/node';
import { redactValue, SecretSet } from './redact';

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';
export const LOG_LEVELS: readonly LogLevel[] = ['error', 'warn', 'info', 'debug'];

/** Each file is rotated at this size (the previous one kept as `<name>.old.log`). */
export const LOG_MAX_BYTES = 5 * 1024 * 1024;

/** Values this run knows to be secret (the session's token): replaced wherever they appear. */
export const knownSecrets = new SecretSet();

interface Sink {
  write(level: LogLevel, message: string, details: unknown): void;
  path: string | null;
}

const consoleSink: Sink = {
  path: null,
  write(level, message, details) {
    if (process.env.CONTENT_CONSOLE_QUIET === '1') return;
    const suffix = details === undefined ? '' : ` ${JSON.stringify(details)}`;
    console.warn(`[content-console] ${level}: ${message}${suffix}`);
  },
};
let sink: Sink = consoleSink;

/** The lines written this run, newest last (what diagnostics show first; the file keeps the rest). */
const recent: string[] = [];
const RECENT_MAX = 500;

/** One redacted line, as it goes to the file. */
function clean(message: string, details: unknown): { message: string; details: unknown } {
  return { message: redactValue(message, knownSecrets) as string, details: details === undefined ? undefined : redactValue(details, knownSecrets) };
}

/** Writes one line at a level. Nothing here throws: a log that fails must not take its caller down. */
export function logAt(level: LogLevel, message: string, details?: unknown): void {
  try {
    const safe = clean(message, details);
    const text = `${new Date().toISOString()} [${level}] ${safe.message}${safe.details === undefined ? '' : ` ${JSON.stringify(safe.details)}`}`;
    recent.push(text);
    if (recent.length > RECENT_MAX) recent.splice(0, recent.length - RECENT_MAX);
    sink.write(level, safe.message, safe.details);
  } catch {
    // The line is lost; the caller carries on.
  }
}

/** Main-process log lines (a warning: what callers wrote to the console before there was a file). */
export function log(message: string, details?: Record<string, unknown>): void {
  logAt('warn', message, details);
}

export interface LogFileOptions {
  /** The logs folder (Electron: app.getPath('logs')). */
  dir: string;
  /** `main.log`, `sandbox.log`. */
  fileName: string;
  /** Lines below this level are not written (default info). */
  level?: LogLevel;
  /** Also to the console (development). */
  console?: boolean;
  /** Rotation size (default LOG_MAX_BYTES). */
  maxBytes?: number;
}

/**
 * Sends every later line to `<dir>/<fileName>` through electron-log: one instance per file, rotated at
 * LOG_MAX_BYTES. A second hook redacts again what reaches electron-log by another way (its own error
 * catcher). Returns the file's path.
 */
export function openLogFile(options: LogFileOptions): string {
  const path = join(options.dir, options.fileName);
  const logger = electronLog.create({ logId: `content-console:${path}` });
  logger.transports.file.resolvePathFn = () => path;
  // electron-log asks the app's name of a package.json near the entry script first, which a packaged app
  // may not have where it looks; without a name it writes nothing.
  logger.transports.file.setAppName('Content Console');
  logger.transports.file.maxSize = options.maxBytes ?? LOG_MAX_BYTES;
  logger.transports.file.level = options.level ?? 'info';
  logger.transports.file.format = '[{y}-{m}-{d} {h}:{i}:{s}.{ms}] [{level}] {text}';
  logger.transports.console.level = options.console && process.env.CONTENT_CONSOLE_QUIET !== '1' ? (options.level ?? 'info') : false;
  logger.hooks.push((message) => ({ ...message, data: message.data.map((item) => redactValue(item, knownSecrets)) }));
  sink = {
    path,
    write(level, message, details) {
      if (details === undefined) logger[level](message);
      else logger[level](message, JSON.stringify(details));
    },
  };
  return path;
}

/** Back to the console (tests that opened a file in a temporary folder). */
export function closeLogFile(): void {
  sink = consoleSink;
}

/** The current log file, or null when lines go to the console. */
export function logFilePath(): string | null {
  return sink.path;
}

/** The last `count` lines: from the file when there is one (earlier runs' too), else this run's. */
export async function lastLogLines(count: number): Promise<string[]> {
  const path = sink.path;
  if (path) {
    const text = await readFile(path, 'utf8').catch(() => '');
    const older = text.length < 64 * 1024 ? await readFile(path.replace(/\.log$/, '.old.log'), 'utf8').catch(() => '') : '';
    const lines = `${older}${text}`.split('\n').filter(Boolean);
    return lines.slice(-count);
  }
  return recent.slice(-count);
}

/** The last `count` lines at error level this run (diagnostics' "last errors"). */
export function lastErrors(count: number): string[] {
  return recent.filter((line) => line.includes(' [error] ')).slice(-count);
}

/**
 * Uncaught errors and unhandled rejections of this process go to the log (as errors). Electron's main
 * keeps running after an uncaught exception only because a handler exists: log and carry on, as
 * Electron's own default dialog would not help a staff member.
 */
export function catchUncaught(where: string): void {
  process.on('uncaughtException', (error) => logAt('error', `uncaught error in ${where}`, { error }));
  process.on('unhandledRejection', (reason) => logAt('error', `unhandled rejection in ${where}`, { error: reason }));
}
