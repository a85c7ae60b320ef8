import * as v from 'valibot';
import { defineLocal } from './contract';
import { AboutSchema, DiagnosticsSchema, RendererLogSchema, UpdateSettingsSchema, UpdateStateSchema } from '../schemas/desktop';

/** The installed app: its log, diagnostics for support, About with the notices, and updates. */
export const desktop = {
  /** A line from the renderer (a screen's error, an unhandled rejection) into main's log. */
  log: defineLocal({ input: RendererLogSchema, output: v.object({}) }),
  /** Versions, OS, connection, settings without secrets, the queue's and imports' counts, the last log lines. */
  diagnostics: defineLocal({ input: v.object({}), output: DiagnosticsSchema }),
  /** The same text through the save dialog; the saved file's name, or null when cancelled. */
  saveDiagnostics: defineLocal({ input: v.object({}), output: v.object({ saved: v.nullable(v.string()) }) }),
  /** Opens the logs folder in the file manager. */
  showLogs: defineLocal({ input: v.object({}), output: v.object({ shown: v.boolean() }) }),
  /** Help > About: versions and the third-party notices the package carries. */
  about: defineLocal({ input: v.object({}), output: AboutSchema }),
  /** Where updates stand. */
  updates: defineLocal({ input: v.object({}), output: UpdateStateSchema }),
  /** Turns updates on or off and sets the feed; checks at once when on. */
  setUpdates: defineLocal({ input: UpdateSettingsSchema, output: UpdateStateSchema }),
  /** Asks the feed now. */
  checkForUpdates: defineLocal({ input: v.object({}), output: UpdateStateSchema }),
  /** A desktop notification (long background work has ended); `shown` false where the system has none. */
  notify: defineLocal({
    input: v.object({ title: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)), body: v.pipe(v.string(), v.maxLength(1000)) }),
    output: v.object({ shown: v.boolean() }),
  }),
  /** Restart to update: quits and installs the downloaded update, unless something runs that a restart would stop. */
  installUpdate: defineLocal({ input: v.object({}), output: v.object({ started: v.boolean(), reason: v.nullable(v.string()) }) }),
};
