import * as v from 'valibot';
import { issueSentence } from '../../shared/plain-issues';
import type { CallDef, ServiceName } from '../../shared/api/contract';
import { ACTION_FIELD, BASE_FIELD, BATCH_FIELD, ORDER_FIELD } from '../../shared/api/contract';
import { fail, type Result } from '../../shared/result';
import { inputMessage } from '../../shared/schemas/common';
import { createHttpClient, type CallHttp, type CallOptions, type HttpDeps } from './http';
import { createUploader, type Uploader } from './upload';
import { checkOrder, checkRecord, withUnmodelled, type StartedOrder } from './records';
import type { HistoryAction, HistoryRecorder } from './history';
import { GrantStore } from './grants';
import type { ApiEvents } from '../../shared/api';

// The one door to the platform (DESIGN section 1): every call main makes, whoever asks (a screen, a
// bulk action, Undo, the bulk queue, a folder import, learners, course health, the platform check),
// goes through `send`: the input checked once, the record or the order checked where one is edited,
// the request with its own cancel signal and progress, History recorded, the kept lists refreshed.
// Only this module makes the HTTP client (an ESLint rule keeps it here).

type Rec = Record<string, unknown>;
type Log = (message: string, details?: Rec) => void;

/** The first issue's message: the spec's text where the schema carries one. */
export function firstIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return 'This input is not valid.';
  // valibot's built-in messages never reach a person: the field named, the rule in plain words.
  return issueSentence(issue);
}

/** Checks an input the way every call is checked (bounded depth and size, no NUL, then the schema); the parsed value or the failure. */
export function parseInput(schema: v.GenericSchema, input: unknown): { ok: true; value: unknown } | { ok: false; failure: Result<never> } {
  const problem = inputMessage(input);
  if (problem) return { ok: false, failure: fail('validation', problem) };
  const parsed = v.safeParse(schema, input ?? {});
  return parsed.success ? { ok: true, value: parsed.output } : { ok: false, failure: fail('validation', firstIssue(parsed.issues)) };
}

/** What a caller may give a call besides its input. */
export interface SendOptions extends Pick<CallOptions, 'timeoutMs' | 'ignoreUnauthorized' | 'learnerToken' | 'stream' | 'unread' | 'maxBytes'> {
  /** The record an edit or a delete was opened on: checked against the server's, its unmodelled fields sent back. */
  base?: Rec;
  /** The order a sequence save started from: checked against the server's. */
  order?: StartedOrder;
  /** The user action (BATCH_FIELD) a screen's write belongs to. */
  batch?: string;
  /** How History names that action (ACTION_FIELD), checked where History keeps it. */
  actionName?: unknown;
  /** Ends the request (an upload's bytes stop; a JSON call's answer is no longer waited for). */
  signal?: AbortSignal;
  /** An upload's bytes sent of the total (multipart calls), about 10 times a second. */
  onProgress?: (sent: number, total: number) => void;
  /** The History action (a bulk upload, a folder import) this write is one record of, instead of an entry of its own. */
  action?: HistoryAction;
  /** The History entry this write undoes. */
  undoOf?: string;
  /** Not recorded in History: signing in and out change no record of the platform. */
  unrecorded?: true;
}

/** The door's call: the generic HTTP call's shape, with the door's options. */
export type Send = <O>(def: CallDef, input: unknown, label: string, options?: SendOptions) => Promise<Result<O>>;

export interface DoorDeps extends Omit<HttpDeps, 'uploader'> {
  grants: GrantStore;
  /** Upload progress of calls with no `onProgress` of their own goes to the window. */
  emit: (event: 'upload:progress', payload: ApiEvents['upload:progress']) => void;
  /** Where writes are recorded; null in a tool that writes nothing (npm run check-platform): its writes other than signing in are refused. */
  history: HistoryRecorder | null;
  /** Drops the lists main keeps of a service (a write there made them stale). */
  invalidate: (service: ServiceName) => void;
  /** Tells the window that lists of a service changed by a write no screen made (a bulk upload, an import). */
  changed?: (service: ServiceName) => void;
  /** Per-entry preparation of a parsed input (a file's duration read from its header). */
  prepare?: (def: CallDef, fields: Rec) => Promise<void>;
  log: Log;
}

const StartedOrderSchema = v.object({ ids: v.array(v.string()), first: v.record(v.string(), v.unknown()) });
const isRec = (value: unknown): value is Rec => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A screen's call: the input as the window sent it, with what travels beside it (the record, the order, the action). */
export function screenCall(input: unknown): { input: unknown; options: SendOptions } {
  if (!isRec(input)) return { input, options: {} };
  const { [BASE_FIELD]: base, [BATCH_FIELD]: batch, [ACTION_FIELD]: actionName, [ORDER_FIELD]: order, ...rest } = input;
  const started = v.safeParse(StartedOrderSchema, order);
  return {
    input: rest,
    options: {
      ...(isRec(base) ? { base } : {}),
      ...(typeof batch === 'string' && batch !== '' ? { batch, ...(isRec(actionName) ? { actionName } : {}) } : {}),
      ...(started.success ? { order: started.output } : {}),
    },
  };
}

/** The contract's `durationFrom`: a file's duration read from its header (`durationOf`) into the field it names. */
export function durationStep(durationOf: (grantId: string) => Promise<number>) {
  return async (def: CallDef, fields: Rec): Promise<void> => {
    const duration = def.durationFrom;
    if (!duration || !(duration.into in fields) || (duration.when && !duration.when(fields))) return;
    const ref = fields[duration.file] as { grantId?: unknown } | undefined;
    if (typeof ref?.grantId !== 'string') return;
    try {
      fields[duration.into] = await durationOf(ref.grantId);
    } catch {
      // Unknown grant or no duration header: the form's value stays; the upload itself reports a bad grant.
    }
  };
}

/** How often at most the window hears that a service's lists changed behind it. */
const CHANGED_EVERY_MS = 1000;

export function createDoor(deps: DoorDeps) {
  // Upload progress goes to the caller that passed `onProgress` with its call, else to the window.
  const uploader: Uploader = createUploader({ grants: deps.grants, emit: deps.emit, log: deps.log });
  const http: CallHttp = createHttpClient({ ...deps, uploader });

  // Lists changed behind the window: told at most once a second per service.
  const pending = new Set<ServiceName>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const changed = (service: ServiceName) => {
    if (!deps.changed) return;
    pending.add(service);
    timer ??= setTimeout(() => {
      timer = null;
      for (const s of pending) deps.changed!(s);
      pending.clear();
    }, CHANGED_EVERY_MS);
  };

  const send: Send = async <O>(def: CallDef, input: unknown, label: string, options: SendOptions = {}): Promise<Result<O>> => {
    if (!deps.history && def.method !== 'GET' && !options.unrecorded) return fail('validation', 'This tool changes nothing on the platform.');
    const parsed = parseInput(def.input, input);
    if (!parsed.ok) return parsed.failure;
    // What the caller sent, as History keeps it (the unmodelled fields added below are the record's own).
    const sent = parsed.value as Rec;
    let fields = sent;
    const { base, order } = options;
    // A conflict is an answer too: recorded as a change that did not happen, with why.
    let result: Result<O> | null = null;
    if (def.record && base) {
      result = await checkRecord(http, def, fields, base, label, deps.log);
      if (!result) fields = withUnmodelled(def, fields, base);
    }
    if (!result && def.sequence && order) result = await checkOrder(http, def, fields, order, label, deps.log);
    if (!result) {
      if (deps.prepare) await deps.prepare(def, fields);
      result = await request<O>(def, fields, label, options);
    }
    if (def.method !== 'GET') {
      if (result.ok) {
        // A change on the server makes the lists main keeps of that service stale.
        deps.invalidate(def.service);
        if (options.action) changed(def.service);
      }
      if (!options.unrecorded) {
        if (options.action) options.action.add(def, sent, result);
        // Kept at once (History's list and Undo see it now); on disk in the background, in order: the answer does not wait for the disk.
        else void deps.history?.record(label, def, sent, result, { base, batch: options.batch, actionName: options.actionName, undoOf: options.undoOf });
      }
    }
    return result;
  };

  /** The request itself, with the caller's cancel signal and progress. */
  async function request<O>(def: CallDef, fields: Rec, label: string, options: SendOptions): Promise<Result<O>> {
    const { signal, onProgress } = options;
    if (signal?.aborted) return fail('cancelled', 'Cancelled.');
    const callOptions: CallOptions = {
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.ignoreUnauthorized ? { ignoreUnauthorized: true } : {}),
      ...(options.learnerToken ? { learnerToken: options.learnerToken } : {}),
      ...(options.stream ? { stream: true } : {}),
      ...(options.unread ? { unread: true } : {}),
      ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
      ...(signal ? { signal } : {}),
      ...(onProgress ? { onProgress } : {}),
    };
    // An upload's signal and progress travel with the call down to the uploader (no table of uploads here).
    return http<O>(def, fields, label, callOptions);
  }

  return {
    send,
    /** The handler of a screen's call of a contract entry (the ipc router registers one per entry). */
    handler(def: CallDef, label: string): (input: unknown) => Promise<Result<unknown>> {
      return (raw) => {
        const { input, options } = screenCall(raw);
        return send(def, input, label, options);
      };
    },
    /** The uploads in flight (uploads.cancel from the window). */
    uploader,
    close() {
      if (timer) clearTimeout(timer);
      timer = null;
      for (const s of pending) deps.changed?.(s);
      pending.clear();
    },
  };
}
export type Door = ReturnType<typeof createDoor>;

/** The door of a tool in a process of its own that only reads the platform (npm run check-platform): no uploads, no History, no kept lists. */
export function createReadingDoor(deps: Omit<HttpDeps, 'uploader'>): Send {
  return createDoor({ ...deps, grants: new GrantStore(), emit: () => undefined, history: null, invalidate: () => undefined }).send;
}
