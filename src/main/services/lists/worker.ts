// The worker main owns for its list windows (DESIGN section 12): it reads a list call's answer as its
// bytes arrive (a streaming reader, so the first window can be answered long before a 250 MB answer is
// complete), checks each record, keeps the list compactly with its search text, and answers windows of
// it, so that neither the parse nor a sort of a million rows ever runs on main's event loop. It speaks
// only to main (parentPort).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import * as v from 'valibot';
import { listDef, type ListName } from '../../../shared/lists';
import type { WindowView } from '../../../shared/windows';
import { KeptList } from './kept-list';
import type { CallDef } from '../../../shared/api/contract';
import { MSG } from '../../../shared/messages';
import type { CallError } from '../../../shared/result';
import { CompactStore } from './compact/store';
import { JsonListStream, MalformedJson } from './json-list-stream';
import { WorkQueue } from './work-queue';
import { GONE, type WorkerReply, type WorkerRequest } from './protocol';
import { answerPayload, itemSchemaOf, readList, readRecord, type ReadIssue } from '../../../shared/tolerant';

class Refused extends Error {
  constructor(readonly error: CallError, readonly issues?: string[]) {
    super(error.message);
  }
}

const parseError = (issues: string[]) => new Refused({ kind: 'parse', message: MSG.somethingWentWrong }, issues);

/** An error envelope (`{ error: true, errorMessage }`) in a 2xx answer is the server's refusal. */
function envelopeError(envelope: Readonly<Record<string, unknown>>): Refused | null {
  if (envelope.error !== true) return null;
  return new Refused({ kind: 'http', message: typeof envelope.errorMessage === 'string' ? envelope.errorMessage : MSG.somethingWentWrong });
}

/**
 * A partly read record as JSON would hold it: the compact store keeps JSON's values only, and a field the
 * record lacked comes out of the tolerant read as undefined (dropped here; null inside a list).
 */
function asJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : asJson(item)));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = asJson(item);
  return out;
}

const decoder = new TextDecoder();

/** A small answer read whole (the joined lists), checked like main's generic call does, record by record. */
function parseWhole(def: CallDef, body: ArrayBuffer): unknown[] {
  let envelope: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(decoder.decode(body));
    envelope = parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    envelope = undefined;
  }
  if (!envelope) throw parseError(['(root): not a JSON object']);
  const refused = envelopeError(envelope);
  if (refused) throw refused;
  const item = itemSchemaOf(def.output);
  const read = item ? readList(item, answerPayload(def.output, envelope, def.data).value) : null;
  if (!read) throw parseError(['(root): not a list']);
  return read.values;
}

interface Waiting {
  id: number;
  /** Answers when it can (a window in the list's order within what arrived, or anything once complete). */
  ready(list: KeptList<unknown>): boolean;
  answer(list: KeptList<unknown>): unknown;
}

/** A list being kept: while loading, its reader and the queries waiting for more rows. */
interface Entry {
  list: KeptList<unknown>;
  store: CompactStore<unknown>;
  name: ListName;
  reader: JsonListStream | null;
  waiting: Waiting[];
  failed: Refused | null;
}

const kept = new Map<string, Entry>();
/** Joins, chunks, ends and acks, read between messages (a drop or a query is seen before a backlog of bytes). */
const work = new WorkQueue();

/**
 * Once a list is whole and nobody has asked anything for this long, its sortable fields are ranked one
 * by one, each between messages, so that a first sort by a column only counts (at a million rows a
 * text field costs a few hundred ms of CPU, too much for a click); ranking is held back while windows
 * are asked for (typing a search) and while a list arrives.
 */
const SORTS_AFTER_IDLE_MS = 500;
let lastMessageAt = 0;
let sortsTimer: ReturnType<typeof setTimeout> | null = null;

function prepareSortsSoon(): void {
  sortsTimer ??= setTimeout(prepareSorts, SORTS_AFTER_IDLE_MS);
}

function prepareSorts(): void {
  sortsTimer = null;
  const idle = Date.now() - lastMessageAt;
  if (idle < SORTS_AFTER_IDLE_MS) {
    sortsTimer = setTimeout(prepareSorts, SORTS_AFTER_IDLE_MS - idle);
    return;
  }
  for (const entry of kept.values()) {
    // One field per turn: a message that came meanwhile is handled before the next.
    if (!entry.failed && entry.list.prepareSort()) {
      sortsTimer = setTimeout(prepareSorts, 0);
      return;
    }
  }
}

function reply(msg: WorkerReply): void {
  parentPort?.postMessage(msg);
}

function replyError(id: number, error: unknown): void {
  if (error instanceof Refused) reply({ id, ok: false, error: error.error, ...(error.issues ? { issues: error.issues } : {}) });
  else reply({ id, ok: false, error: { kind: 'parse', message: MSG.somethingWentWrong }, issues: [error instanceof Error ? error.message : String(error)] });
}

function answer(id: number, run: () => unknown): void {
  try {
    reply({ id, ok: true, data: run() });
  } catch (error) {
    replyError(id, error);
  }
}

/** Answers the waiting queries that can be answered now (all of them once the list failed). */
function settle(entry: Entry): void {
  if (entry.waiting.length === 0) return;
  const still: Waiting[] = [];
  for (const w of entry.waiting) {
    if (entry.failed) replyError(w.id, entry.failed);
    else if (w.ready(entry.list)) answer(w.id, () => w.answer(entry.list));
    else still.push(w);
  }
  entry.waiting = still;
}

function fail(key: string, entry: Entry, error: unknown): void {
  if (entry.failed) return;
  entry.failed = error instanceof Refused ? error : error instanceof MalformedJson ? parseError([error.message]) : parseError([error instanceof Error ? error.message : String(error)]);
  entry.reader = null;
  // Before the answers to the waiting queries: main forgets the load first, so none of them is asked again of it.
  reply({ id: 0, ok: false, failedKey: key, error: entry.failed.error });
  settle(entry);
}

function begin(msg: Extract<WorkerRequest, { type: 'begin' }>): void {
  const store = new CompactStore<unknown>();
  kept.set(msg.key, { list: new KeptList(listDef(msg.list), store, {}, msg.version), store, name: msg.list, reader: null, waiting: [], failed: null });
}

function joins(key: string, entry: Entry, bodies: Record<string, ArrayBuffer>): void {
  const def = listDef(entry.name);
  try {
    const joined: Record<string, unknown[]> = {};
    for (const [name, body] of Object.entries(bodies)) joined[name] = parseWhole(def.joins![name]!, body);
    entry.list = new KeptList(def, entry.store, joined, entry.list.version);
    const schema = def.field?.item ?? itemSchemaOf(def.call.output);
    if (!schema) throw new Error('A list call must answer an array.');
    const field = def.field?.name ?? def.call.data;
    if (!field) throw new Error('A kept list must be an envelope field.');
    entry.reader = new JsonListStream({
      field,
      // The list under a wrapper key (`{ data: { questions: [...] } }`): read at the end, whole.
      unwrap: (envelope) => {
        const found = answerPayload(v.array(schema), envelope, field);
        return found.from && Array.isArray(found.value) ? found.value : null;
      },
      onElements: (records) => {
        // Each record through its schema once: one that does not match is kept as far as it goes, marked.
        const values: unknown[] = new Array(records.length);
        let issues: (ReadIssue[] | undefined)[] | undefined;
        for (let k = 0; k < records.length; k++) {
          const read = readRecord(schema, records[k]);
          if (read.issues.length === 0) values[k] = read.value;
          else {
            values[k] = asJson(read.value);
            (issues ??= new Array(records.length))[k] = read.issues;
          }
        }
        entry.list.append(values, issues);
      },
    });
  } catch (error) {
    fail(key, entry, error);
  }
}

function chunk(key: string, entry: Entry, bytes: ArrayBuffer): void {
  if (!entry.reader) return;
  try {
    entry.reader.push(new Uint8Array(bytes));
    // An error envelope is refused as soon as it shows, whatever follows.
    const refused = envelopeError(entry.reader.fields);
    if (refused) throw refused;
    // Every row is in once the list's ']' is read: a small list that came in one chunk is answered
    // whole, not as 'still loading' (the envelope's end is still checked at 'end').
    if (entry.reader.listClosed) {
      entry.list.finish();
      prepareSortsSoon();
    }
  } catch (error) {
    fail(key, entry, error);
    return;
  }
  settle(entry);
}

function end(id: number, key: string, entry: Entry): void {
  if (entry.reader) {
    try {
      const envelope = entry.reader.end();
      const refused = envelopeError(envelope);
      if (refused) throw refused;
      entry.reader = null;
      entry.list.finish();
      prepareSortsSoon();
    } catch (error) {
      // `{ error: true, errorMessage }` without a list is the server's refusal, not a broken answer.
      fail(key, entry, envelopeError(entry.reader?.fields ?? {}) ?? error);
    }
  }
  settle(entry);
  if (entry.failed) replyError(id, entry.failed);
  else reply({ id, ok: true, data: { total: entry.list.length, ...(entry.list.partial > 0 ? { partial: entry.list.partial } : {}) } });
}

function query(id: number, key: string, wait: Omit<Waiting, 'id'>): void {
  const entry = kept.get(key);
  if (!entry) return reply({ id, ok: false, error: { kind: 'network', message: GONE } });
  if (entry.failed) return replyError(id, entry.failed);
  entry.waiting.push({ id, ...wait });
  settle(entry);
}

/** A window query's own errors (an unknown sort field) are the caller's: 'validation'. */
function windowOf(list: KeptList<unknown>, view: string, q: WindowView): unknown {
  try {
    return list.window(q, view);
  } catch (error) {
    throw new Refused({ kind: 'validation', message: error instanceof Error ? error.message : String(error) });
  }
}

parentPort?.on('message', (msg: WorkerRequest) => {
  handle(msg);
  // Idle is counted from the end of the last message's work (a long one is not idle time).
  if (msg.type !== 'memory') lastMessageAt = Date.now();
});

/**
 * A full garbage collection, for the memory report only (the bench's figure is what the worker keeps).
 * The flag is exposed to a new context alone; the worker's own global never gains `gc`.
 */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function handle(msg: WorkerRequest): void {
  switch (msg.type) {
    case 'begin':
      return begin(msg);
    case 'joins':
      return work.push(msg.key, () => {
        const entry = kept.get(msg.key);
        if (entry) joins(msg.key, entry, msg.joins);
      });
    case 'chunk':
      return work.push(msg.key, () => {
        const entry = kept.get(msg.key);
        if (entry) chunk(msg.key, entry, msg.bytes);
      });
    case 'end':
      // Of no list: main waits for its answer even when the list was dropped meanwhile (GONE).
      return work.push(null, () => {
        const entry = kept.get(msg.key);
        if (!entry) return reply({ id: msg.id, ok: false, error: { kind: 'network', message: GONE } });
        end(msg.id, msg.key, entry);
      });
    case 'fail': {
      const entry = kept.get(msg.key);
      if (entry) fail(msg.key, entry, new Refused(msg.error));
      kept.delete(msg.key);
      work.drop([msg.key]);
      return;
    }
    case 'window':
      return query(msg.id, msg.key, {
        // An unknown field is refused at once, not after the list arrived.
        ready: (list) => list.canAnswer(msg.query) || !knownFields(list, msg.query),
        answer: (list) => windowOf(list, msg.view, msg.query),
      });
    case 'secret':
      return query(msg.id, msg.key, { ready: (list) => list.complete, answer: (list) => list.secret(msg.lookup) });
    case 'find':
      return query(msg.id, msg.key, { ready: (list) => list.complete, answer: (list) => list.find(msg.text, new Set(msg.recent), undefined, msg.viewerRole) });
    case 'ack':
      // After the bytes before it are read: main's backpressure.
      return work.push(null, () => reply({ id: msg.id, ok: true, data: null }));
    case 'memory': {
      const report = () =>
        answer(msg.id, () => {
          const usage = process.memoryUsage();
          const entries = [...kept.values()];
          // The worker's own heap; the ArrayBuffers it allocated and holds, outside the heap (in a worker,
          // arrayBuffers counts its own: the stores, the sorts' ranks and orders, search results); the stores alone.
          return {
            heapUsed: usage.heapUsed,
            buffers: usage.arrayBuffers,
            storeBytes: entries.reduce((n, e) => n + e.store.bytes, 0),
            lists: entries.reduce((n, e) => n + e.list.length, 0),
            sortsReady: entries.reduce((n, e) => n + e.list.rankedFields, 0),
          };
        });
      if (!msg.collect) return report();
      // A collection frees the buffers of what it found unreachable a little later (off the thread): a
      // second one after a turn of the loop counts only what is held.
      collectGarbage();
      setTimeout(() => {
        collectGarbage();
        report();
      }, 20);
      return;
    }
    case 'drop':
      // Its bytes still waiting are not read at all.
      work.drop(msg.keys);
      for (const key of msg.keys) {
        const entry = kept.get(key);
        kept.delete(key);
        // Queries waiting on a dropped load ask again (main answers them from the newer load).
        if (entry) for (const w of entry.waiting) reply({ id: w.id, ok: false, error: { kind: 'network', message: GONE } });
      }
      return;
  }
}

function knownFields(list: KeptList<unknown>, q: WindowView): boolean {
  return [...q.filters, ...(q.sort ? [q.sort] : [])].every((f) => list.hasField(f.id));
}
