import { contract, type CallDef, type LocalImpl, type Local, type Restore } from '../../shared/api';
import { fail, ok, type Result } from '../../shared/result';
import { MSG } from '../../shared/messages';
import { changedFields, undoSummaryText, type HistoryEntry, type UndoSummary } from '../../shared/history';
import { seesAccount } from '../../shared/find';
import type { Send } from '../services/door';
import { conflictResult, readCurrent, stableJson } from '../services/records';
import { randomUUID } from 'node:crypto';
import { pathIds, restoreOf, undoFields, type HistoryRecorder } from '../services/history';
import { actionsOf } from '../services/history-actions';

/**
 * Whether the record still holds what a change sent: the same value, or for objects and lists every
 * field sent as it was (the server adds ids and stamps of its own).
 */
export function holds(now: unknown, sent: unknown): boolean {
  if (Array.isArray(sent)) return Array.isArray(now) && now.length === sent.length && sent.every((item, i) => holds(now[i], item));
  if (sent !== null && typeof sent === 'object') {
    if (now === null || typeof now !== 'object') return false;
    return Object.entries(sent).every(([key, item]) => !(key in now) || holds((now as Record<string, unknown>)[key], item));
  }
  return stableJson(now) === stableJson(sent);
}


/** The server's message of an answer, else `fallback`. */
const messageOf = (data: unknown, fallback: string): string => {
  const message = (data as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
};

/** Said when the record changed after the change being undone: the undo would overwrite someone's edit. */
export const UNDO_CONFLICT = 'Someone changed this record after this change: it was not undone.';

/** Every contract call by its History name ('library.updateMedia'). */
const CALLS = new Map<string, CallDef>(Object.entries(contract).flatMap(([group, calls]) => Object.entries(calls as Record<string, CallDef>).map(([name, def]) => [`${group}.${name}`, def] as [string, CallDef])));

/**
 * History (src/shared/api/history.ts): the door (services/door.ts) records every write it sends, so no
 * screen records anything; this serves the list, a record's changes, and Undo: of an edit, of a delete
 * (the record created again), of a whole action. Undo's writes go through the door too.
 */
export function createHistoryGroup(deps: {
  recorder: HistoryRecorder;
  send: Send;
  log: (message: string, details?: Record<string, unknown>) => void;
  /** The signed-in person's role: an Admin sees the changes of accounts of role User only. */
  viewerRole?: () => string | null;
}) {
  const store = deps.recorder.store;
  // This run of the app: Ctrl+Z reaches only the actions made since (by whoever is signed in now).
  const since = Date.now();
  const defOf = (call: string) => CALLS.get(call);

  /** Entries whose undo runs now: a second Undo of the same change (the toast's and History's) waits its turn and finds it undone. */
  const undoing = new Map<string, Promise<Result<{ message: string }>>>();

  /** Undo of an edit: its previous values written back, unless a field it wrote changed since. */
  async function undoEdit(entry: HistoryEntry, target: { name: string; def: CallDef }, batch?: string): Promise<Result<{ message: string }>> {
    const fields = undoFields(entry, target.def);
    // The check: the fields this change wrote must still hold what it wrote.
    const now = await readCurrent(deps.send, target.def, fields, entry.before ?? {}, `${entry.call} (undo)`, deps.log);
    if (now === null) return conflictResult({ fields: [], current: null });
    if (now !== undefined) {
      const current = now as Record<string, unknown>;
      const ids = pathIds(target.def);
      const moved = changedFields(entry).filter((key) => !ids.has(key) && key in current && !holds(current[key], entry.after[key]));
      if (moved.length > 0) return fail('conflict', UNDO_CONFLICT, 409);
    }
    const result = await deps.send(target.def, fields, target.name, { ...(now ? { base: now as Record<string, unknown> } : {}), undoOf: entry.id, ...(batch ? { batch } : {}) });
    return result.ok ? ok({ message: messageOf(result.data, 'Change undone.') }) : result;
  }

  /** Undo of a delete: the record created again through its screen's create call, from what History kept. */
  async function undoDelete(entry: HistoryEntry, restore: Restore, batch?: string): Promise<Result<{ message: string }>> {
    const createDef = restore.create();
    const name = [...CALLS].find(([, def]) => def === createDef)?.[0];
    if (!name) return fail('validation', 'A deleted record of this kind cannot be brought back.');
    // Recorded as undoing the delete, so the delete shows undone.
    const result = await deps.send(createDef, restore.input(entry.before ?? {}), name, { undoOf: entry.id, ...(batch ? { batch } : {}) });
    return result.ok ? ok({ message: messageOf(result.data, 'Record created again.') }) : result;
  }

  /** `batch`: the Undo of a whole action, whose writes are one action in History too. */
  async function undoEntry(entry: HistoryEntry, batch?: string): Promise<Result<{ message: string }>> {
    const def = defOf(entry.call);
    const reason = store.undoReasonOf(entry, def);
    if (!def || reason) return fail('validation', reason ?? 'This change is no longer kept.');
    const restore = def.method === 'DELETE' ? restoreOf(def) : undefined;
    return restore ? undoDelete(entry, restore, batch) : undoEdit(entry, { name: entry.call, def }, batch);
  }

  /** One undo of an entry at a time: a second ask runs after the first and is told what it did ('Already undone.'). */
  function undoOnce(entry: HistoryEntry, batch?: string): Promise<Result<{ message: string }>> {
    // After the one before, whatever became of it (its caller hears of its failure).
    const run = (undoing.get(entry.id) ?? Promise.resolve()).catch(() => undefined).then(() => undoEntry(entry, batch));
    undoing.set(entry.id, run);
    const forget = () => {
      if (undoing.get(entry.id) === run) undoing.delete(entry.id);
    };
    run.then(forget, forget);
    return run;
  }

  /** The entries the signed-in person may see: an account's change only when they may see the account (by the role its entry kept, deletes included). */
  const visible = <E extends HistoryEntry>(entries: E[]): E[] => {
    const role = deps.viewerRole?.() ?? null;
    return entries.filter((e) => !e.call.startsWith('adminAuth.') || seesAccount(role, (e.before ?? e.after).role ?? e.after.role));
  };

  const impl: LocalImpl<Local>['history'] = {
    list: async () => ok(visible(store.list(defOf))),
    actions: async () => {
      const now = deps.recorder.contextNow();
      return ok(actionsOf(visible(store.list(defOf)), { since, email: now.who?.email ?? null, server: now.server }));
    },
    ofRecord: async ({ id }) => ok(visible(store.list(defOf).filter((e) => e.record.id === id)).slice(0, 20)),
    undo: async ({ id }) => {
      const entry = store.get(id);
      if (!entry || visible([entry]).length === 0) return fail('validation', 'This change is no longer kept.');
      return undoOnce(entry);
    },
    ofBatch: async ({ batch }) => {
      const ids = new Set(visible(store.ofBatch(batch)).map((e) => e.id));
      return ok(store.list(defOf).filter((row) => ids.has(row.id)));
    },
    undoBatch: async ({ batch }) => {
      let done = 0;
      const notUndone: UndoSummary['notUndone'] = [];
      // The undo's writes are one action of their own in History ('Undo: Changed Difficulty of 300 questions').
      const undoBatch = `undo-${randomUUID()}`;
      // Newest first: a record changed twice in one action gets its oldest values last.
      for (const entry of visible(store.ofBatch(batch))) {
        // One that throws is one not undone; the rest goes on.
        const result = await undoOnce(entry, undoBatch).catch(() => fail('network', MSG.somethingWentWrong));
        if (result.ok) done++;
        else notUndone.push({ id: entry.id, label: entry.record.label, reason: result.error.message });
      }
      return ok({ message: undoSummaryText(done, notUndone), done, notUndone });
    },
  };
  return { calls: impl };
}
