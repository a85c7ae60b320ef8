import { DEFAULT_MEETING_PREVIEW_BASE } from './sessions';
import { LANGUAGES } from '../constants';
import * as v from 'valibot';

/** Loopback names: traffic to them never leaves this computer (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * https for every server, plain http only on this computer: over http the password and the session
 * token would cross the network in clear.
 */
export function isTransportAllowed(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname));
  } catch {
    return false;
  }
}

export const HTTPS_REQUIRED =
  'Use https:// for a server on another computer: over plain http the password and the session token would travel unencrypted. Plain http is allowed only for this computer (localhost, 127.0.0.1, ::1).';

/** A platform URL: https (plain http on loopback only), no credentials in it. */
export const PlatformUrlSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Enter the platform server URL.'),
  v.url('Enter a valid URL, for example https://api.example.com'),
  v.check((u) => /^https?:\/\//i.test(u), 'The server URL must start with http:// or https://'),
  v.check((u) => {
    try {
      const parsed = new URL(u);
      return !parsed.username && !parsed.password;
    } catch {
      return false;
    }
  }, 'Do not put a user name or password in the URL.'),
  v.check(isTransportAllowed, HTTPS_REQUIRED),
);

/** The connection: the local sandbox (the reference server the app starts) or a platform server. */
export const ConnectionSchema = v.variant('kind', [
  v.object({ kind: v.literal('sandbox') }),
  v.object({ kind: v.literal('remote'), url: PlatformUrlSchema }),
]);
export type Connection = v.InferOutput<typeof ConnectionSchema>;

/** Optional per-service overrides of the bases that default from the platform URL. */
export const ServiceBasesSchema = v.partial(
  v.object({
    questionBank: PlatformUrlSchema,
    videoRepository: PlatformUrlSchema,
    library: PlatformUrlSchema,
    userApp: PlatformUrlSchema,
    adminAuth: PlatformUrlSchema,
    mentorship: PlatformUrlSchema,
    businessIdeas: PlatformUrlSchema,
  }),
);

/**
 * Choices the screens remember across screens and restarts (kept in main's settings.json, not web
 * storage): the language of the course screens (null: all languages).
 */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** A table's look: normal rows, or compact ones that fit more on screen. */
export const DENSITIES = ['comfortable', 'compact'] as const;
export type Density = (typeof DENSITIES)[number];

const ColumnIdSchema = v.pipe(v.string(), v.maxLength(100));
/** Widths a person can drag a column to (px). */
export const COLUMN_WIDTH = { min: 48, max: 1200 } as const;
/** Screens that remember a view: bounded so a page cannot grow main's settings file without end. */
export const MAX_TABLE_VIEWS = 100;
/** Columns a table view may name (hidden ones, widths): more than any screen has. */
export const MAX_VIEW_COLUMNS = 100;
/**
 * All preferences together, as settings.json keeps them: each part has its bound, and this one keeps the
 * file small whatever their product (a person's views take a few kilobytes).
 */
export const MAX_PREFERENCES_BYTES = 1024 * 1024;
export const PREFERENCES_TEXT = {
  widths: `A table view keeps at most ${MAX_VIEW_COLUMNS} column widths.`,
  tooLarge: 'The saved table views and bookmarks are too large to keep (more than 1 MB). Delete some bookmarks and try again.',
} as const;

/**
 * A table's view as the person left it: sort, filters, search, page size, hidden columns,
 * widths and density; each screen's under its own key, restored when the screen opens again.
 */
export const TableViewSchema = v.object({
  sort: v.optional(v.nullable(v.object({ id: ColumnIdSchema, desc: v.boolean() })), null),
  filters: v.optional(v.pipe(v.array(v.object({ id: ColumnIdSchema, value: v.pipe(v.string(), v.maxLength(500)) })), v.maxLength(50)), []),
  search: v.optional(v.pipe(v.string(), v.maxLength(500)), ''),
  pageSize: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000))), null),
  hidden: v.optional(v.pipe(v.array(ColumnIdSchema), v.maxLength(MAX_VIEW_COLUMNS)), []),
  widths: v.optional(
    v.pipe(
      v.record(ColumnIdSchema, v.pipe(v.number(), v.integer(), v.minValue(COLUMN_WIDTH.min), v.maxValue(COLUMN_WIDTH.max))),
      v.check((widths) => Object.keys(widths).length <= MAX_VIEW_COLUMNS, PREFERENCES_TEXT.widths),
    ),
    {},
  ),
  density: v.optional(v.picklist(DENSITIES), 'comfortable'),
});
export type TableView = v.InferOutput<typeof TableViewSchema>;
export const TableKeySchema = v.pipe(v.string(), v.nonEmpty(), v.maxLength(100));

/** Named views of one screen: bounded, as the kept views are. */
export const MAX_NAMED_VIEWS = 50;
export const VIEW_NAME_MAX = 80;
export const ViewNameSchema = v.pipe(v.string(), v.trim(), v.nonEmpty('Enter a name for the view.'), v.maxLength(VIEW_NAME_MAX, `A view name has at most ${VIEW_NAME_MAX} characters.`));
/** A server filter bar's choice (the Video Library's Status, Language, ...): null is the full list. */
export const ServerFilterValuesSchema = v.nullable(v.pipe(v.record(v.pipe(v.string(), v.maxLength(50)), v.pipe(v.string(), v.maxLength(200))), v.check((r) => Object.keys(r).length <= 20, 'At most 20 filters.')));
/** A view saved under a name: the table's view and the screen's server filters. */
export const NamedViewSchema = v.object({ name: ViewNameSchema, table: TableViewSchema, serverFilters: v.optional(ServerFilterValuesSchema, null) });
export type NamedView = v.InferOutput<typeof NamedViewSchema>;
/** A screen's named views and the one it opens with (by name; null: the last view it was left in). */
export const ScreenViewsSchema = v.object({
  views: v.pipe(v.array(NamedViewSchema), v.maxLength(MAX_NAMED_VIEWS, `At most ${MAX_NAMED_VIEWS} views a screen.`)),
  defaultView: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(VIEW_NAME_MAX, `A default view's name has at most ${VIEW_NAME_MAX} characters.`))), null),
});
export type ScreenViews = v.InferOutput<typeof ScreenViewsSchema>;

export const MEETING_BASE_TEXT = {
  notAnAddress: 'Enter a full address, such as https://meet.example.com/preview',
  httpsOnly: 'Use an https:// address, such as https://meet.example.com/preview',
  tooLong: 'The address is too long (at most 2,048 characters).',
} as const;

export const PreferencesSchema = v.object({
  courseLanguage: v.optional(v.nullable(v.picklist(LANGUAGES)), null),
  /** The meeting provider's preview address the events' join links are built on (spec 2 section 9). */
  meetingPreviewBase: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(2048, MEETING_BASE_TEXT.tooLong),
      v.url(MEETING_BASE_TEXT.notAnAddress),
      // Join links are built on it and opened: only a web address over https (never javascript:, file:, http:).
      v.check((address) => /^https:\/\/[^/?#]/i.test(address), MEETING_BASE_TEXT.httpsOnly),
    ),
    DEFAULT_MEETING_PREVIEW_BASE,
  ),
  /** The app's colours: the system's (followed live), or always light or dark. */
  theme: v.optional(v.picklist(THEME_CHOICES), 'system'),
  /** The sidebar shows icons only. */
  sidebarCollapsed: v.optional(v.boolean(), false),
  /** Each screen's table view, by the screen's key. */
  tables: v.optional(
    v.pipe(
      v.record(TableKeySchema, TableViewSchema),
      v.check((tables) => Object.keys(tables).length <= MAX_TABLE_VIEWS, `At most ${MAX_TABLE_VIEWS} table views are kept.`),
    ),
    {},
  ),
  /** Each screen's named views, by the screen's key. */
  namedViews: v.optional(
    v.pipe(
      v.record(TableKeySchema, ScreenViewsSchema),
      v.check((screens) => Object.keys(screens).length <= MAX_TABLE_VIEWS, `At most ${MAX_TABLE_VIEWS} screens keep named views.`),
    ),
    {},
  ),
});
export type Preferences = v.InferOutput<typeof PreferencesSchema>;
/** A change of some preferences (the others keep their values). */
export const PreferencesPatchSchema = v.partial(PreferencesSchema);

/** Updates (Help > About): on unless turned off; the feed's address, null for the one the build names. */
export const StoredUpdatesSchema = v.object({
  enabled: v.optional(v.boolean(), true),
  feedUrl: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(2048))), null),
});

export const StoredSettingsSchema = v.object({
  connection: ConnectionSchema,
  serviceBases: v.optional(ServiceBasesSchema, {}),
  preferences: v.optional(PreferencesSchema),
  updates: v.optional(StoredUpdatesSchema),
});
export type StoredSettings = v.InferOutput<typeof StoredSettingsSchema>;

/** What the renderer sees of the settings. */
export const SettingsViewSchema = v.object({
  connection: ConnectionSchema,
  /** The URL calls go to now (the sandbox's own address when it runs). */
  activeUrl: v.nullable(v.string()),
  sandbox: v.object({ running: v.boolean(), error: v.nullable(v.string()) }),
  tokenStore: v.picklist(['keychain', 'safeStorage', 'memory']),
  tokenStoreNote: v.nullable(v.string()),
});
export type SettingsView = v.InferOutput<typeof SettingsViewSchema>;
