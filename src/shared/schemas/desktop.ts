import * as v from 'valibot';
import { isTransportAllowed } from './settings';

/** Levels the renderer may write at (the log's door in main redacts every line). */
export const RENDERER_LOG_LEVELS = ['error', 'warn', 'info'] as const;

/** One line from the renderer: bounded, so a page cannot flood main's log. */
export const RendererLogSchema = v.object({
  level: v.picklist(RENDERER_LOG_LEVELS),
  message: v.pipe(v.string(), v.maxLength(2_000)),
  /** A stack, a component stack, the screen's route. */
  details: v.optional(v.record(v.pipe(v.string(), v.maxLength(50)), v.pipe(v.string(), v.maxLength(20_000))), {}),
});

/** One package the installed app carries, for the third-party notices (Help > About). */
export const NoticeEntrySchema = v.object({
  name: v.string(),
  version: v.string(),
  license: v.string(),
  /** Where the app carries it: main's and the sandbox's packages, or bundled into main, the preload or the renderer. */
  where: v.array(v.picklist(['node_modules', 'main', 'preload', 'renderer'])),
  /** Its licence and notice files' text, as the package ships them (empty when it ships none). */
  text: v.string(),
});
export type NoticeEntry = v.InferOutput<typeof NoticeEntrySchema>;

/** The notices file the build writes (out/third-party-notices.json). */
export const NoticesFileSchema = v.object({
  generatedAt: v.string(),
  app: v.object({ name: v.string(), version: v.string() }),
  packages: v.array(NoticeEntrySchema),
});
export type NoticesFile = v.InferOutput<typeof NoticesFileSchema>;

export const AboutSchema = v.object({
  name: v.string(),
  version: v.string(),
  /** Electron, Chromium, Node, V8 and the OS, each as `name version`. */
  versions: v.array(v.object({ name: v.string(), version: v.string() })),
  /** null: this build carries no notices file (a development build). */
  notices: v.nullable(v.array(NoticeEntrySchema)),
});
export type About = v.InferOutput<typeof AboutSchema>;

export const FEED_URL_TEXT = {
  notAnAddress: 'Enter the update feed address, such as https://updates.example.com/content-console',
} as const;

/** The update feed: a folder served over https (http only on this computer) holding latest.yml and the installers. */
export const FeedUrlSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2048),
  v.url(FEED_URL_TEXT.notAnAddress),
  v.check((url) => /^https?:\/\//i.test(url), FEED_URL_TEXT.notAnAddress),
  v.check(isTransportAllowed, 'Use an https:// address for the update feed (plain http only for this computer).'),
);

/** Updates as a person sets them: on or off, and the feed (null: the one the build names). */
export const UpdateSettingsSchema = v.object({
  enabled: v.boolean(),
  feedUrl: v.nullable(FeedUrlSchema),
});
export type UpdateSettings = v.InferOutput<typeof UpdateSettingsSchema>;

export const UPDATE_STATUSES = ['off', 'unavailable', 'idle', 'checking', 'up-to-date', 'downloading', 'ready', 'error'] as const;
export type UpdateStatus = (typeof UPDATE_STATUSES)[number];

/** Where updates stand, for the About dialog and the "Restart to update" bar. */
export const UpdateStateSchema = v.object({
  settings: UpdateSettingsSchema,
  /** A policy of this computer that turned updates off (the CONTENT_CONSOLE_UPDATES variable), or null. */
  lockedOff: v.nullable(v.string()),
  status: v.picklist(UPDATE_STATUSES),
  /** The running version. */
  current: v.string(),
  /** The newer version found (checking, downloading, ready). */
  version: v.nullable(v.string()),
  /** Its release notes as plain text. */
  releaseNotes: v.nullable(v.string()),
  percent: v.nullable(v.number()),
  /** Downloaded and verified, and nothing runs that a restart would stop: "Restart to update" is offered. */
  offered: v.boolean(),
  /** Why a ready update waits ("A bulk upload is running."), or null. */
  deferredBecause: v.nullable(v.string()),
  /** What went wrong (status 'error' or 'unavailable'). */
  message: v.nullable(v.string()),
  /** When the feed was last asked (ms since the epoch). */
  checkedAt: v.nullable(v.number()),
});
export type UpdateState = v.InferOutput<typeof UpdateStateSchema>;

/** The diagnostics text (Help > Copy diagnostics), and where it was saved. */
export const DiagnosticsSchema = v.object({ text: v.string() });
