import { recordSourceOf, type CallDef } from '../../shared/api/contract';
import type { CallHttp } from './http';
import type { Conflict, OrderItem, Result } from '../../shared/result';
import { extraFields, PARTIAL, readRecord } from '../../shared/tolerant';

// Edits of records others edit too (DESIGN section 14): before a save or a delete, main reads the
// record as it is now and compares it with the one the dialog was opened on; fields the console does
// not model go back as they came.

export const CONFLICT_TEXT = 'Someone else changed this record since you opened it.';
export const GONE_TEXT = 'Someone else deleted this record since you opened it.';

type Rec = Record<string, unknown>;
const isRec = (value: unknown): value is Rec => value !== null && typeof value === 'object' && !Array.isArray(value);
const at = (value: unknown, ...path: string[]): unknown => path.reduce<unknown>((v, k) => (isRec(v) ? v[k] : undefined), value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The record's last-updated stamp and who made it, where the record says so. */
export function versionOf(record: unknown): { at?: string; by?: string } {
  const stamp =
    text(at(record, 'metaInfo', 'updated', 'at')) ?? text(at(record, 'updatedAt')) ?? text(at(record, 'metaInfo', 'updatedAt')) ?? text(at(record, 'lastUpdatedAt')) ?? text(at(record, 'updated', 'at'));
  const by =
    text(at(record, 'metaInfo', 'updated', 'by', 'name')) ?? text(at(record, 'metaInfo', 'updated', 'by')) ?? text(at(record, 'updatedBy', 'name')) ?? text(at(record, 'updatedBy'));
  return { ...(stamp ? { at: stamp } : {}), ...(by ? { by } : {}) };
}

/** JSON with object keys in order: the same content gives the same text. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (isRec(value)) {
    return `{${Object.keys(value)
      .filter((k) => k !== PARTIAL && value[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The fields whose values differ between two versions of a record. */
export function changedFields(base: Rec, now: Rec): string[] {
  const keys = new Set([...Object.keys(base), ...Object.keys(now)]);
  keys.delete(PARTIAL);
  return [...keys].filter((k) => stableJson(base[k]) !== stableJson(now[k])).sort();
}

/** Whether the record changed: by its stamp where both versions have one, else by its content. */
export function conflictOf(base: Rec, now: unknown): Conflict | null {
  if (!isRec(now)) return { fields: [], current: null };
  const before = versionOf(base).at;
  const { at: stamp, by } = versionOf(now);
  const changed = before && stamp ? before !== stamp : stableJson(base) !== stableJson(now);
  if (!changed) return null;
  return { ...(by ? { by } : {}), ...(stamp ? { at: stamp } : {}), fields: changedFields(base, now), current: now };
}

/**
 * Checks a record call against the record its dialog was opened on: a conflict (changed or deleted
 * since) as a failed Result, or null to go on. A read that fails does not stop the save (the check
 * cannot run; the server decides), it is logged.
 */
export async function checkRecord(http: CallHttp, def: CallDef, fields: Rec, base: Rec, label: string, log: (message: string, details?: Rec) => void): Promise<Result<never> | null> {
  const now = await readCurrent(http, def, fields, base, label, log);
  if (now === undefined) return null;
  const conflict = conflictOf(base, now);
  return conflict ? conflictResult(conflict) : null;
}

/**
 * The record a record call writes, as the server has it now: null when the server no longer has it,
 * undefined when it could not be read (logged) or the call names no record.
 */
export async function readCurrent(http: CallHttp, def: CallDef, fields: Rec, base: Rec, label: string, log: (message: string, details?: Rec) => void): Promise<unknown> {
  const source = recordSourceOf(def, base);
  if (!source) return undefined;
  const read = source.read();
  // The answer unread: only the one record is read against its schema, not the list it came in (the
  // question bank has no single-question call; a save reads the list, but reads one record of it).
  const answer = await http<unknown>(read, source.readInput ? source.readInput(fields, base) : {}, `${label} (record as it is now)`, { unread: true });
  if (!answer.ok) {
    // A record the server no longer has (404 on a record read): gone.
    if (answer.error.status === 404 && read.method === 'GET' && read.path.includes('{')) return null;
    log('record check skipped', { call: label, error: answer.error.kind });
    return undefined;
  }
  const found = source.find(answer.data, fields);
  return isRec(found) && !source.findReads ? readRecord(source.schema, found, true).value : (found ?? null);
}

export function conflictResult(conflict: Conflict): Result<never> {
  return { ok: false, error: { kind: 'conflict', status: 409, message: conflict.current === null ? GONE_TEXT : CONFLICT_TEXT, conflict } };
}

/** The body of a whole-record update: the fields the console does not model as they came, then the edit. */
export function withUnmodelled(def: CallDef, fields: Rec, base: Rec): Rec {
  const source = recordSourceOf(def, base);
  if (!source || def.method !== 'PUT') return fields;
  const extras = extraFields(source.schema, base);
  return Object.keys(extras).length > 0 ? { ...extras, ...fields } : fields;
}

export const ORDER_CONFLICT_TEXT = 'Someone else changed this order since you started reordering.';

/** The order a sequence save started from (ORDER_FIELD): the ids in order and the first record. */
export interface StartedOrder {
  ids: readonly string[];
  first: Rec;
}

/** A record's name as a person knows it in a list: its name or title, else its id. */
const labelOf = (row: Rec, id: string): string => text(row.name) ?? text(row.title) ?? text(row.question) ?? id;

/**
 * Checks a sequence save against the order its screen started from: another order on the server (moved,
 * added or removed records) as a failed Result with both orders, or null to go on. A read that fails
 * does not stop the save (the check cannot run), it is logged.
 */
export async function checkOrder(http: CallHttp, def: CallDef, fields: Rec, started: StartedOrder, label: string, log: (message: string, details?: Rec) => void): Promise<Result<never> | null> {
  const sequence = def.sequence;
  if (!sequence) return null;
  const read = sequence.read();
  const answer = await http<unknown>(read, sequence.readInput(fields, started.first), `${label} (order as it is now)`, { unread: true });
  if (!answer.ok) {
    log('order check skipped', { call: label, error: answer.error.kind });
    return null;
  }
  const now: OrderItem[] = sequence.rows(answer.data, started).flatMap((row) => (isRec(row) && typeof row._id === 'string' ? [{ id: row._id, label: labelOf(row, row._id) }] : []));
  if (now.length === started.ids.length && now.every((item, i) => item.id === started.ids[i])) return null;
  const labels = new Map(now.map((item) => [item.id, item.label]));
  return {
    ok: false,
    error: {
      kind: 'conflict',
      status: 409,
      message: ORDER_CONFLICT_TEXT,
      conflict: { fields: [], current: now, order: { started: started.ids.map((id) => ({ id, label: labels.get(id) ?? id })), now } },
    },
  };
}
