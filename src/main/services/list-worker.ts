// The worker main owns for its list windows (DESIGN section 12): it parses a list call's response,
// keeps the list with its search text, and answers windows of it, so that neither the 60 MB parse
// nor a sort of 200,000 rows ever runs on main's event loop. It speaks only to main (parentPort).
import { parentPort } from 'node:worker_threads';
import { KeptList, listDef, type ListName, type WindowView } from '../../shared/lists';
import type { CallDef } from '../../shared/api/contract';
import { MSG } from '../../shared/messages';
import type { CallError } from '../../shared/result';
import { itemSchemaOf, readList, type ReadIssue } from '../../shared/tolerant';

export type WorkerRequest =
  | { type: 'load'; id: number; key: string; list: ListName; version: number; body: ArrayBuffer; joins: Record<string, ArrayBuffer> }
  | { type: 'window'; id: number; key: string; view: string; query: WindowView }
  | { type: 'secret'; id: number; key: string; lookup: string }
  | { type: 'memory'; id: number }
  | { type: 'drop'; keys: string[] };

export type WorkerReply = { id: number; ok: true; data: unknown } | { id: number; ok: false; error: CallError; issues?: string[] };

class Refused extends Error {
  constructor(readonly error: CallError, readonly issues?: string[]) {
    super(error.message);
  }
}

const decoder = new TextDecoder();

/**
 * A 2xx answer's data, checked like main's generic call does (envelope, then the output schema), read
 * record by record: a record that does not match is kept as far as it goes, its issues in `marks`.
 */
function parseAnswer(def: CallDef, body: ArrayBuffer): { values: unknown[]; marks: Map<number, ReadIssue[]> } {
  let envelope: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(decoder.decode(body));
    envelope = parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    envelope = undefined;
  }
  if (!envelope) throw new Refused({ kind: 'parse', message: MSG.somethingWentWrong }, ['(root): not a JSON object']);
  if (envelope.error === true) {
    throw new Refused({ kind: 'http', message: typeof envelope.errorMessage === 'string' ? envelope.errorMessage : MSG.somethingWentWrong });
  }
  const payload = def.data ? envelope[def.data] : envelope;
  const item = itemSchemaOf(def.output);
  const read = item ? readList(item, payload) : null;
  if (!read) throw new Refused({ kind: 'parse', message: MSG.somethingWentWrong }, ['(root): not a list']);
  return read;
}

const kept = new Map<string, KeptList<unknown>>();

function keptList(key: string): KeptList<unknown> {
  const list = kept.get(key);
  if (!list) throw new Refused({ kind: 'network', message: 'This list is no longer kept; ask again.' });
  return list;
}

function handle(msg: Exclude<WorkerRequest, { type: 'drop' }>): unknown {
  switch (msg.type) {
    case 'load': {
      const def = listDef(msg.list);
      const joins: Record<string, unknown[]> = {};
      for (const [name, body] of Object.entries(msg.joins)) joins[name] = parseAnswer(def.joins![name]!, body).values;
      const { values, marks } = parseAnswer(def.call, msg.body);
      const list = new KeptList(def, values, joins, msg.version, marks);
      kept.set(msg.key, list);
      return { total: list.rows.length, partial: marks.size };
    }
    case 'window':
      try {
        return keptList(msg.key).window(msg.query, msg.view);
      } catch (error) {
        if (error instanceof Refused) throw error;
        throw new Refused({ kind: 'validation', message: error instanceof Error ? error.message : String(error) });
      }
    case 'secret':
      return keptList(msg.key).secret(msg.lookup);
    case 'memory':
      return { heapUsed: process.memoryUsage().heapUsed, lists: [...kept.values()].reduce((n, l) => n + l.rows.length, 0) };
  }
}

parentPort?.on('message', (msg: WorkerRequest) => {
  if (msg.type === 'drop') {
    for (const key of msg.keys) kept.delete(key);
    return;
  }
  let reply: WorkerReply;
  try {
    reply = { id: msg.id, ok: true, data: handle(msg) };
  } catch (error) {
    reply =
      error instanceof Refused
        ? { id: msg.id, ok: false, error: error.error, ...(error.issues ? { issues: error.issues } : {}) }
        : { id: msg.id, ok: false, error: { kind: 'parse', message: MSG.somethingWentWrong }, issues: [error instanceof Error ? error.message : String(error)] };
  }
  parentPort?.postMessage(reply);
});
