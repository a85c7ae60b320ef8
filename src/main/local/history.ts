import { BASE_FIELD, type CallDef, type LocalImpl, type Local } from '../../shared/api';
import { fail, ok, type Result } from '../../shared/result';
import { changedFields } from '../../shared/history';
import type { CallHttp } from '../services/http';
import { conflictResult, readCurrent, stableJson } from '../services/records';
import { entryOf, HistoryStore, pathIds, undoFields, type Recorded } from '../services/history';

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

type Handler = (input: unknown) => Promise<Result<unknown>>;

/** Said when the record changed after the change being undone: the undo would overwrite someone's edit. */
export const UNDO_CONFLICT = 'Someone changed this record after this change: it was not undone.';

/**
 * History (src/shared/api/history.ts): main records every write call of the contract as it answers
 * (`recorded` wraps the one generic handler, so no screen records anything) and serves the list, a
 * record's changes and Undo of an edit.
 */
export async function createHistoryGroup(deps: { stateDir: string; http: CallHttp; context: () => Recorded; log: (message: string, details?: Record<string, unknown>) => void }) {
  const store = await HistoryStore.open(deps.stateDir);
  const calls = new Map<string, { def: CallDef; inner: Handler }>();
  const defOf = (call: string) => calls.get(call)?.def;

  async function record(call: string, def: CallDef, input: unknown, result: Result<unknown>, undoOf?: string): Promise<void> {
    // Nothing reached the server: a refused input, a cancelled upload.
    if (!result.ok && (result.error.kind === 'validation' || result.error.kind === 'cancelled')) return;
    try {
      await store.append(entryOf(call, def, input, result, deps.context(), undoOf));
    } catch (error) {
      deps.log('history not written', { call, error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** The handler of a contract call, recording each write it answers. */
  function recorded(call: string, def: CallDef, inner: Handler): Handler {
    if (def.method === 'GET') return inner;
    calls.set(call, { def, inner });
    return async (input) => {
      const result = await inner(input);
      await record(call, def, input, result);
      return result;
    };
  }

  const impl: LocalImpl<Local>['history'] = {
    list: async () => ok(store.list(defOf)),
    ofRecord: async ({ id }) => ok(store.list(defOf).filter((e) => e.record.id === id).slice(0, 20)),
    undo: async ({ id }) => {
      const entry = store.get(id);
      const row = store.list(defOf).find((e) => e.id === id);
      const target = entry && calls.get(entry.call);
      if (!entry || !row || !target) return fail('validation', 'This change is no longer kept.');
      if (row.undo) return fail('validation', row.undo);
      const fields = undoFields(entry, target.def);
      // The check: the fields this change wrote must still hold what it wrote.
      const now = await readCurrent(deps.http, target.def, fields, entry.before ?? {}, `${entry.call} (undo)`, deps.log);
      if (now === null) return conflictResult({ fields: [], current: null });
      if (now !== undefined) {
        const current = now as Record<string, unknown>;
        const ids = pathIds(target.def);
        const moved = changedFields(entry).filter((key) => !ids.has(key) && key in current && !holds(current[key], entry.after[key]));
        if (moved.length > 0) return fail('conflict', UNDO_CONFLICT, 409);
      }
      const input = { ...fields, ...(now ? { [BASE_FIELD]: now } : {}) };
      const result = await target.inner(input);
      await record(entry.call, target.def, input, result, entry.id);
      if (!result.ok) return result;
      const data = result.data as { message?: unknown } | null;
      return ok({ message: typeof data?.message === 'string' ? data.message : 'Change undone.' });
    },
  };
  return { calls: impl, recorded };
}
