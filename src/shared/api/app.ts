import * as v from 'valibot';
import { PreviewProblemSchema } from '../preview-problems';
import { defineLocal } from './contract';
import { MessageSchema } from '../schemas/common';
import {
  ChangePasswordInputSchema,
  ForgotPasswordSchema,
  LoginInputSchema,
  ResetPasswordInputSchema,
  UserDetailsSchema,
} from '../schemas/admin-auth';
import { ConnectionSchema, PreferencesPatchSchema, PreferencesSchema, SettingsViewSchema, TableKeySchema, TableViewSchema } from '../schemas/settings';
import { UploadIdSchema } from '../schemas/library';
import type { Result } from '../result';
import type { ImportPreview, ImportTarget } from '../schemas/course-import';
import { learners } from './user-app';
import { PlatformReportSchema } from '../platform-report';
import { LIST_NAMES } from '../lists';
import { WindowAnswerSchema, WindowQuerySchema } from '../windows';
import { bulk } from './bulk';
import { courseTools } from './course-tools';
import { courseImport } from './course-import';
import type { BulkAddResult } from '../schemas/bulk';
import { MediaFactsSchema } from '../schemas/media';
import { find } from './find';
import { history } from './history';
import { batch } from './batch';
import { desktop } from './desktop';

/** What the open dialog offers: media (audio/video/any file), image (thumbnails), captions (.vtt, .srt), view (a shared table view, .json). */
export const PICK_KINDS = ['media', 'image', 'captions', 'view'] as const;
export type PickKind = (typeof PICK_KINDS)[number];

/** A file main granted: the renderer names it by `grantId` in later calls (never by path). */
export const GrantViewSchema = v.object({
  grantId: v.string(),
  name: v.string(),
  size: v.number(),
  /** Last modified, ms since the epoch. */
  mtime: v.number(),
});
export type GrantView = v.InferOutput<typeof GrantViewSchema>;
const GrantInputSchema = v.object({ grantId: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)) });

/**
 * Dropped files (DESIGN section 7). The page calls `window.files.grantDropped(file)` with the dropped
 * `File`; the preload resolves its path with `webUtils.getPathForFile` and invokes main on this
 * channel in the same call. The channel is not in window.api and the browser bridge does not answer it
 * (its drops go through the host's stand-in), so nothing the page can call accepts a path string.
 */
export const PRELOAD_CHANNELS = {
  grantDropped: 'preload:files.grantDropped',
  bulkDropped: 'preload:bulk.addDropped',
  importDropped: 'preload:courseImport.dropped',
} as const;
/** A file name a save dialog suggests: no folders, no control characters, ending in `.ext`. */
const savedFileName = (ext: 'csv' | 'json' | 'txt') =>
  v.pipe(
    v.string(),
    v.nonEmpty(),
    v.maxLength(120),
    v.regex(new RegExp(`^[^\\\\/:*?"<>|]+\\.${ext}$`), `A file name ending in .${ext}, without folders.`),
    v.check((name) => !/\p{Cc}/u.test(name), 'A file name without control characters.'),
  );
/** A CSV export: a file name (no folders) and the text, at most 200 million characters. */
export const SaveCsvInputSchema = v.object({ name: savedFileName('csv'), text: v.pipe(v.string(), v.maxLength(200_000_000)) });
/** A table view's file: a file name ending in .json, and its small text. */
export const SaveViewInputSchema = v.object({ name: savedFileName('json'), text: v.pipe(v.string(), v.maxLength(100_000)) });
/** A text report (Check this server's): a file name ending in .txt, and its text. */
export const SaveReportInputSchema = v.object({ name: savedFileName('txt'), text: v.pipe(v.string(), v.maxLength(64_000_000)) });
/** What a save answers: the file's name (null: cancelled) and the id Show in folder names it by. */
const SavedSchema = v.object({ saved: v.nullable(v.string()), savedId: v.optional(v.nullable(v.string()), null) });

export const DroppedPathSchema = v.object({ path: v.pipe(v.string(), v.maxLength(4096)) });

/**
 * Media previews stream through main (it adds the token; the CSP needs no remote origin):
 * `cc-media://preview/?src=<the record's preview URL>` in Electron.
 */
export const MEDIA_SCHEME = 'cc-media';
export const mediaPreviewUrl = (src: string): string => `${MEDIA_SCHEME}://preview/?src=${encodeURIComponent(src)}`;
/** The preview source of a granted local file (for `FilesApi.previewUrl`): main streams it by grant id. */
export const GRANT_PREVIEW_PREFIX = 'grant:';
export const grantPreviewSrc = (grantId: string): string => `${GRANT_PREVIEW_PREFIX}${grantId}`;

/** window.files: what the page may do with a dropped `File`, and where a preview loads from. */
export interface FilesApi {
  /** Grants a dropped file; the page never learns or sends its path. */
  grantDropped(file: File): Promise<Result<GrantView>>;
  /** The address a <video>, <audio> or <img> loads a record's preview URL from (through main). */
  previewUrl(src: string): string;
  /** Queues dropped files and folders (folders: their media files, recursively) for bulk upload. */
  bulkDropped(files: readonly File[]): Promise<Result<BulkAddResult>>;
  /** The import preview of one dropped folder into `target` (as courseImport.pick after the dialog). */
  importDropped(files: readonly File[], target: ImportTarget): Promise<Result<ImportPreview>>;
}

/** What the renderer may know of the session: never the token. */
export const SessionViewSchema = v.object({
  user: v.nullable(UserDetailsSchema),
  /** Where the token is kept: 'keychain', 'safeStorage' (encrypted file) or 'memory' (browser bridge). */
  tokenStore: v.picklist(['keychain', 'safeStorage', 'memory']),
});
export type SessionView = v.InferOutput<typeof SessionViewSchema>;

/**
 * Calls main answers itself. Session calls wrap the admin-auth calls that carry passwords or the token,
 * so that encoding and the keychain stay in main.
 */
export const local = {
  session: {
    current: defineLocal({ input: v.object({}), output: SessionViewSchema }),
    login: defineLocal({ input: LoginInputSchema, output: v.object({ message: v.string(), session: SessionViewSchema }) }),
    logout: defineLocal({ input: v.object({}), output: SessionViewSchema }),
    changePassword: defineLocal({ input: ChangePasswordInputSchema, output: MessageSchema }),
    resetPassword: defineLocal({ input: ResetPasswordInputSchema, output: MessageSchema }),
    forgotPassword: defineLocal({ input: ForgotPasswordSchema, output: MessageSchema }),
  },
  settings: {
    get: defineLocal({ input: v.object({}), output: SettingsViewSchema }),
    setConnection: defineLocal({ input: ConnectionSchema, output: SettingsViewSchema }),
    /** The remembered screen choices (the course screens' language). */
    preferences: defineLocal({ input: v.object({}), output: PreferencesSchema }),
    setPreferences: defineLocal({ input: PreferencesPatchSchema, output: PreferencesSchema }),
    /** One screen's table view (null: back to the screen's defaults); the other screens' stay. */
    setTableView: defineLocal({ input: v.object({ table: TableKeySchema, view: v.nullable(TableViewSchema) }), output: PreferencesSchema }),
  },
  /** Files the renderer may use (DESIGN section 7): granted by the open dialog or a drop, named by grant id. */
  files: {
    /** The native open dialog; null when the user cancels. */
    pick: defineLocal({ input: v.object({ kind: v.picklist(PICK_KINDS) }), output: v.nullable(GrantViewSchema) }),
    /** A file's media facts (container, tracks, duration; null duration: none readable), read by main's media worker. */
    probe: defineLocal({ input: GrantInputSchema, output: MediaFactsSchema }),
    /** A caption file's text (at most 2 MiB, UTF-8), for the transcript import. */
    readText: defineLocal({ input: GrantInputSchema, output: v.object({ name: v.string(), text: v.string() }) }),
    /**
     * A poster frame: the page drew a frame of the granted video `grantId` and sends it as a
     * `data:image/jpeg|png;base64,` URL; main writes it to a file of its own and grants it (the thumbnail).
     */
    saveFrame: defineLocal({
      input: v.object({ grantId: GrantInputSchema.entries.grantId, image: v.pipe(v.string(), v.maxLength(12_000_000)) }),
      output: GrantViewSchema,
    }),
    /**
     * A table's export: the native save dialog (the name suggested), then the text written there; the
     * saved file's name, or null when the user cancels. Main picks the place: no path comes from the page.
     */
    saveCsv: defineLocal({ input: SaveCsvInputSchema, output: SavedSchema }),
    /** A named view's file, through the save dialog as the CSV export. */
    saveView: defineLocal({ input: SaveViewInputSchema, output: SavedSchema }),
    /** A text report, through the save dialog as the CSV export. */
    saveReport: defineLocal({ input: SaveReportInputSchema, output: SavedSchema }),
    /** Shows a file this run saved in the system's file manager (by its `savedId`; the page never names a path). */
    showInFolder: defineLocal({ input: v.object({ savedId: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)) }), output: v.object({ shown: v.boolean() }) }),
    /**
     * Why the preview of `src` (a record's preview URL, as given to `previewUrl`) could not be played,
     * as main's media proxy saw it (no answer at all, or the status it got); null when it saw nothing wrong.
     */
    previewProblem: defineLocal({ input: v.object({ src: v.pipe(v.string(), v.maxLength(8192)) }), output: v.nullable(PreviewProblemSchema) }),
  },
  uploads: {
    /** Aborts an upload in progress (its call then resolves with kind 'cancelled'); false when none runs. */
    cancel: defineLocal({ input: v.object({ uploadId: UploadIdSchema }), output: v.object({ cancelled: v.boolean() }) }),
  },
  /** Learners and their progress: main keeps the learners' tokens (src/shared/api/user-app.ts). */
  learners,
  /** List windows kept by main (DESIGN section 12; the lists in src/shared/lists.ts, the query and answer in src/shared/windows.ts). */
  /** A check of the connected server before rollout: every read call once, nothing written (Help > Check this server). */
  platform: {
    check: defineLocal({ input: v.object({}), output: PlatformReportSchema }),
  },
  windows: {
    /** `{ search, filters, sort, offset, limit }` of a kept list -> `{ total, count, rows }`; loads the list when not kept. */
    query: defineLocal({ input: WindowQuerySchema, output: WindowAnswerSchema }),
    /** Fetch the list again at the next query (Retry, a refresh). */
    refresh: defineLocal({ input: v.object({ list: v.picklist(LIST_NAMES) }), output: v.object({}) }),
    /** The screen of `view` went away. */
    forget: defineLocal({ input: v.object({ view: v.pipe(v.string(), v.maxLength(100)) }), output: v.object({}) }),
  },
  /** The bulk upload queue, kept in main (src/shared/api/bulk.ts). */
  bulk,
  /** Course health and the learner's preview (src/shared/api/course-tools.ts). */
  courseTools,
  find,
  history,
  /** Bulk actions on a list screen's selection (src/shared/api/batch.ts). */
  batch,
  /** A folder imported as a course or into one (src/shared/api/course-import.ts). */
  courseImport,
  /** The installed app: log, diagnostics, About, updates (src/shared/api/desktop.ts). */
  desktop,
};
