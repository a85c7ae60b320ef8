import * as v from 'valibot';

/** A platform URL: http(s) only, no credentials in it. */
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

export const StoredSettingsSchema = v.object({
  connection: ConnectionSchema,
  serviceBases: v.optional(ServiceBasesSchema, {}),
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
