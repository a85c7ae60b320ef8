// History: every change this console makes, as main keeps it (src/main/services/history.ts). The entry
// schema, which screen a write call belongs to, and what never goes in (secrets). Pure TypeScript.
import * as v from 'valibot';

/** How History names a user action of many records: `{did} {count} {names}` ('Changed Difficulty of 300 questions'). */
export const ActionNameSchema = v.object({
  did: v.pipe(v.string(), v.nonEmpty(), v.maxLength(120)),
  names: v.tuple([v.pipe(v.string(), v.nonEmpty(), v.maxLength(40)), v.pipe(v.string(), v.nonEmpty(), v.maxLength(40))]),
});
export type ActionName = v.InferOutput<typeof ActionNameSchema>;

/** An action's title: 'Changed Difficulty of 300 questions', 'Deleted 1 account'. */
export function actionTitle(name: ActionName, count: number): string {
  return `${name.did} ${count.toLocaleString('en-IN')} ${count === 1 ? name.names[0] : name.names[1]}`;
}

export const HistoryEntrySchema = v.object({
  id: v.string(),
  /** When the answer came, ms since the epoch. */
  at: v.number(),
  /** Who was signed in. */
  who: v.nullable(v.object({ name: v.string(), email: v.string() })),
  /** The platform's address. */
  server: v.string(),
  /** The contract call, 'questionBank.updateQuestion'. */
  call: v.string(),
  method: v.string(),
  /** The screen the call belongs to ('Question Bank'). */
  screen: v.string(),
  /** The record: its id (null when the server makes it) and what it is called. */
  record: v.object({ id: v.nullable(v.string()), label: v.string() }),
  /** The record as its dialog opened it (edits and deletes that carry it), secrets removed. */
  before: v.nullable(v.record(v.string(), v.unknown())),
  /** What was sent, secrets removed (files as their names). */
  after: v.record(v.string(), v.unknown()),
  /** The server's answer: its message, or why it failed. */
  answer: v.object({ ok: v.boolean(), message: v.string() }),
  /** The entry this one undid. */
  undoOf: v.optional(v.string()),
  /** The user action (a delete, a bulk change) this write was part of (BATCH_FIELD). */
  batch: v.optional(v.string()),
  /** How its action is named (ACTION_FIELD), when the screen that started it said. */
  action: v.optional(ActionNameSchema),
  /**
   * An action of many writes made by main itself (a bulk upload, a folder import), kept as one entry:
   * its records (the first ACTION_RECORDS of them), how many more, and how many failed.
   */
  records: v.optional(v.array(v.object({ id: v.nullable(v.string()), label: v.string(), ok: v.boolean(), message: v.optional(v.string()) }))),
  more: v.optional(v.number()),
});
export type HistoryEntry = v.InferOutput<typeof HistoryEntrySchema>;

/** A history entry as the screen shows it: whether Undo can write its previous values back. */
export const HistoryRowSchema = v.object({
  ...HistoryEntrySchema.entries,
  /** Why Undo is not offered (null: it is). */
  undo: v.nullable(v.string()),
  /** Undone by a later entry. */
  undone: v.boolean(),
  /** What Undo of a delete cannot bring back (said before it creates the record again); empty for an edit. */
  lost: v.array(v.string()),
});
export type HistoryRow = v.InferOutput<typeof HistoryRowSchema>;

/**
 * One user action as History's screen shows it: a bulk change, a bulk delete, an Undo of such an action
 * (its writes share a batch), or a single write; its records' entries inside, undone in one step.
 */
export const HistoryActionSchema = v.object({
  /** The batch of its writes, else its one entry's id. */
  id: v.string(),
  batch: v.nullable(v.string()),
  /** When its newest write was answered. */
  at: v.number(),
  who: HistoryEntrySchema.entries.who,
  server: v.string(),
  screen: v.string(),
  /** 'Changed Difficulty of 300 questions'; a single write's record name. */
  title: v.string(),
  /** Records it wrote (a record written twice, by a Retry, once). */
  count: v.number(),
  /** Records whose last write failed. */
  failed: v.number(),
  /** Its entries, newest first. */
  rows: v.array(HistoryRowSchema),
  /** Why Undo of the whole action is not offered (null: it is). */
  undo: v.nullable(v.string()),
  /** Some of it was undone already. */
  undone: v.boolean(),
  /** Made by Undo of another change. */
  isUndo: v.boolean(),
  /** Made since the app started, by the person signed in now, on the server connected now: Ctrl+Z reaches it. */
  thisSession: v.boolean(),
});
export type HistoryAction = v.InferOutput<typeof HistoryActionSchema>;

/** The action Ctrl+Z undoes: the newest of this session that did something, is no Undo itself and is not undone yet. */
export const lastActionOf = (actions: readonly HistoryAction[]): HistoryAction | undefined =>
  actions.find((a) => a.thisSession && !a.isUndo && !a.undone && a.rows.some((r) => r.answer.ok));

/** Keys whose values never go into the history, at any depth. */
const SECRET_KEY = /pass(word)?|token|otp|secret|authori[sz]ation|api[-_]?key|cookie/i;

/** A value with every secret key left out (objects and arrays copied; long strings kept). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (!SECRET_KEY.test(key)) out[key] = withoutSecrets(item);
  return out;
}

/** The screen of a write call: by its service and the first segment of its path. */
export function screenOfCall(service: string, call: string, path: string): string {
  const segment = path.split('/')[1] ?? '';
  const table: Record<string, Record<string, string>> = {
    adminAuth: { '*': 'Admins' },
    questionBank: { resources: 'Resources', '*': 'Question Bank' },
    // A course's folders and files are written on its directory.
    videoRepository: { transcript: 'Transcripts', document: 'Directory', descendant: 'Directory', '*': 'Courses' },
    library: { media: 'Video Library', moment: 'Video Moments', synonyms: 'Synonyms', quotes: /tip/i.test(call) ? 'Daily Tips' : 'Quotes', '*': 'Video Library' },
    mentorship: { sessions: 'Events', 'session-users': 'Mentors', '*': 'Events' },
  };
  const screens = table[service];
  return screens?.[segment] ?? screens?.['*'] ?? service;
}

const LABEL_FIELDS = ['title', 'name', 'question', 'keyword', 'eventName', 'quote', 'tip', 'mobileNumber', 'email', 'text'] as const;
const ID_FIELDS = ['id', '_id', 'fileId', 'quoteId'] as const;

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : null);

/** The name of an entry's record when neither what was sent nor the record names it (a reorder). */
export const NO_NAME = '(no name)';

/** The record a call wrote: its id and name, from what was sent, else from the record it was opened on. */
export function recordOf(after: Record<string, unknown>, before: Record<string, unknown> | null): { id: string | null; label: string } {
  const pick = (fields: readonly string[]) => {
    for (const source of [after, before ?? {}]) for (const field of fields) {
      const text = textOf(source[field]);
      if (text !== null) return text;
    }
    return null;
  };
  const id = textOf(before?._id) ?? pick(ID_FIELDS);
  const label = pick(LABEL_FIELDS) ?? id ?? NO_NAME;
  return { id, label: label.length > 120 ? `${label.slice(0, 119)}…` : label };
}

/** An action's records kept in its entry; the rest are counted. */
export const ACTION_RECORDS = 200;

/** The fields an entry changed: those sent whose value differs from the record's before (all sent, for an add). */
export function changedFields(entry: Pick<HistoryEntry, 'before' | 'after'>): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return Object.keys(entry.after).filter((key) => !entry.before || !same(entry.before[key], entry.after[key]));
}

/** What every record created again by Undo lacks: its id, and so whatever pointed at it. */
export const LOST_ID = 'Its id: it comes back as a new record, so links to it from other records, saved links and History’s older entries do not find it.';

/** The result of Undo of a whole action (a delete, a bulk change). */
export const UndoSummarySchema = v.object({
  message: v.string(),
  /** Changes undone. */
  done: v.number(),
  /** Changes not undone, each with why. */
  notUndone: v.array(v.object({ id: v.string(), label: v.string(), reason: v.string() })),
});
export type UndoSummary = v.InferOutput<typeof UndoSummarySchema>;

/** The summary's sentence: all undone, or how many and which were not, with why. */
export function undoSummaryText(done: number, notUndone: UndoSummary['notUndone']): string {
  const total = done + notUndone.length;
  if (total === 0) return 'Nothing to undo: no change of this action is kept.';
  if (notUndone.length === 0) return total === 1 ? 'Undone.' : `All ${total} changes undone.`;
  const why = notUndone.map((n) => `${n.label}: ${n.reason}`).join(' ');
  return total === 1 ? `Not undone. ${why}` : `Undid ${done} of ${total}; ${notUndone.length} could not be undone: ${why}`;
}
