import type * as v from 'valibot';
import type { Result } from '../result';

/**
 * The platform's services. Each has its own base URL (a setting, defaulting from one platform URL);
 * paths in the contract are relative to that base.
 */
export const SERVICES = {
  questionBank: '/question-bank',
  videoRepository: '/video-repository',
  library: '/library',
  userApp: '/user-app',
  adminAuth: '/admin-auth',
  mentorship: '/mentorship',
  // The business-ideas service lives on its own host; its base is the host itself.
  businessIdeas: '',
} as const;
export type ServiceName = keyof typeof SERVICES;

/**
 * How a call authenticates (spec 1 section 6, spec 2 section 7):
 * - none: no token (login, forgot/reset password, calls marked 'no token')
 * - token: `Authorization: <token>`
 * - bearer: `Authorization: Bearer <token>`
 * - token+access-token: Authorization plus an `access-token` header
 * - token+x-access-token: Authorization plus an `x-access-token` header (some deletes)
 */
export type AuthMode = 'none' | 'token' | 'bearer' | 'token+access-token' | 'token+x-access-token';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

type AnySchema = v.GenericSchema<unknown, unknown>;

export interface CallDef<I extends AnySchema = AnySchema, O extends AnySchema = AnySchema> {
  readonly service: ServiceName;
  readonly method: HttpMethod;
  /** Relative to the service base; `{name}` segments are filled from the input field of that name. */
  readonly path: string;
  /** The input: path parameters, then the query (GET, DELETE) or the body (POST, PUT). */
  readonly input: I;
  /** Schema of the response data: of `envelope[data]` when `data` is set, else of the whole envelope. */
  readonly output: O;
  /** The envelope field that carries the data (`questions`, `users`, ...). */
  readonly data?: string;
  readonly auth: AuthMode;
  readonly body: 'json' | 'multipart' | 'none';
  /**
   * Multipart calls: the input fields that name files (each a `{ grantId }` main granted). main streams
   * them from disk as file parts; the other fields go as text parts (see `encodeMultipartField`).
   */
  readonly files?: readonly string[];
  /**
   * Multipart calls: main reads the duration of the file in field `file` from its header and sends it
   * as field `into`, whatever the form said, when `when(input)` holds; a file without a readable
   * duration keeps the form's value.
   */
  readonly durationFrom?: {
    readonly file: string;
    readonly into: string;
    readonly when?: (input: Record<string, unknown>) => boolean;
  };
  /**
   * false: main uses the call itself (it encodes passwords or stores the token) and the renderer
   * reaches it through a session call instead. Default true.
   */
  readonly exposed?: boolean;
  /**
   * A write the platform cannot apply twice (a PUT that sets a whole record, or a whole order, to the
   * values sent): main may send it again when no answer came or the gateway said "not now" (network
   * errors, 408, 429, 502, 503, 504), as it does every GET. Absent: a write is sent once, since a
   * second create, delete or upload would be a second change.
   */
  readonly repeatable?: true;
  /** Set on calls this project added to the documented platform contract, saying why. */
  readonly addition?: string;
  /**
   * Whose token the call carries: the signed-in admin's (default) or a learner's (`learner`: the
   * user-app progress calls; main resolves the learner's token itself, see services/learners.ts).
   */
  readonly credential?: 'admin' | 'learner';
  /**
   * A call that changes or deletes one record the console shows (an edit dialog's save, a delete).
   * With the record the dialog was opened on (BASE_FIELD), main reads the record as it is now first:
   * changed since (its last-updated stamp, else its content) stops the call with a `conflict`; the
   * fields the console does not model go back as they came (a whole-record update).
   */
  readonly record?: RecordSource | RecordChoice;
  /**
   * A delete: how Undo creates the record again (a `Restore`), or why it cannot (`{ never }`). main
   * runs it (History's Undo and Undo of a whole action both run there); absent, Undo says a deleted
   * record of this kind cannot be brought back.
   */
  readonly restore?: Restore | { readonly never: string };
  /**
   * A save of an order (topics, videos, courses, a folder's documents). With the order the screen
   * started from (ORDER_FIELD), main reads the order on the server first: another order there stops
   * the call with a `conflict` that carries both, and the person chooses.
   */
  readonly sequence?: SequenceSource;
}

/** Where main reads the order a sequence save replaces (see CallDef.sequence). */
export interface SequenceSource {
  /** The list the order is read from; a thunk, as it is an entry of the same table. */
  readonly read: () => CallDef;
  /** The read call's input, from this call's input and the first record of the order the screen started from. */
  readonly readInput: (input: Record<string, unknown>, first: Record<string, unknown>) => Record<string, unknown>;
  /** The ordered records in the read call's answer (unread, as it came). */
  /**
   * The rows of the read call's answer that make the screen's list, given the order the screen started from
   * (its ids and first record): the course list is shown one language at a time, and the other languages'
   * courses are not in the screen's order.
   */
  readonly rows: (data: unknown, started: { ids: readonly string[]; first: Record<string, unknown> }) => readonly unknown[];
}

/** How Undo of a delete creates the record again, from the record the delete question was opened on. */
export interface Restore {
  /** The create call of the record's screen; a thunk, as it is often an entry of the same table. */
  readonly create: () => CallDef;
  /** The create call's input from the record as History kept it (secrets removed). */
  readonly input: (kept: Record<string, unknown>) => Record<string, unknown>;
  /** What the record comes back without, besides its id (said before Undo does it); may depend on the record. */
  readonly lost: readonly string[] | ((kept: Record<string, unknown>) => readonly string[]);
}

/** Where main reads a record as it is now, and what the record is (see CallDef.record). */
export interface RecordSource {
  /** The read call that answers the record (the record's list, or the record itself); a thunk, as it is often an entry of the same table. */
  readonly read: () => CallDef;
  /** The read call's input, from this call's input and the record the dialog was opened on. */
  readonly readInput?: (input: Record<string, unknown>, base: Record<string, unknown>) => Record<string, unknown>;
  /** The record's schema: the fields the console models. */
  readonly schema: v.GenericSchema;
  /** The record in the read call's answer (unread, as it came); undefined when it is gone. */
  readonly find: (data: unknown, input: Record<string, unknown>) => unknown;
  /**
   * `find` gives the record read already: a record a screen makes out of the answer rather than finds
   * in it (a Daily Tips row is one language of a tip). Otherwise main reads `find`'s record with `schema`.
   */
  readonly findReads?: true;
}

/** A call whose records come from several screens, each showing them as a different record: the source by the record shown. */
export interface RecordChoice {
  readonly choose: (base: Record<string, unknown>) => RecordSource;
}

/** Where a call's record is read, for the record its dialog was opened on. */
export function recordSourceOf(def: CallDef, base: Record<string, unknown>): RecordSource | undefined {
  const record = def.record;
  return record && 'choose' in record ? record.choose(base) : record;
}

/** A record found by its id in a list (`_id` of the record against the input's `id`, by default). */
export function recordById(read: () => CallDef, schema: v.GenericSchema, options: { idField?: string; inputKey?: string; list?: (data: unknown) => unknown; readInput?: RecordSource['readInput'] } = {}): RecordSource {
  const { idField = '_id', inputKey = 'id', list = (data) => data } = options;
  return {
    read,
    schema,
    readInput: options.readInput,
    find: (data, input) => {
      const rows = list(data);
      const id = input[inputKey];
      if (!Array.isArray(rows)) return (rows as Record<string, unknown> | null)?.[idField] === id ? rows : undefined;
      return rows.find((row) => (row as Record<string, unknown> | null)?.[idField] === id);
    },
  };
}

/**
 * The input field that carries the record an edit dialog (or a delete question) was opened on; main
 * strips it before the call (see CallDef.record).
 */
export const BASE_FIELD = '$base';

/**
 * The input field that names the user action a write belongs to (one delete, one bulk change of many
 * records); main strips it before the call and the history keeps it as the entry's `batch`, so Undo
 * can take back the whole action.
 */
export const BATCH_FIELD = '$batch';

/**
 * Beside BATCH_FIELD: how History names the action, `{ did, names }` ('Changed Difficulty of',
 * ['question', 'questions']); main strips it before the call and keeps it in the action's entries.
 */
export const ACTION_FIELD = '$action';

/**
 * Beside the input of a sequence save: the order the screen started from, `{ ids, first }` (the ids in
 * that order and the first record whole, for the read's input). Never sent to the server.
 */
export const ORDER_FIELD = '$order';

/**
 * The input field of a multipart call that names the upload (progress events, uploads.cancel); main
 * strips it before sending.
 */
export const UPLOAD_ID_FIELD = 'uploadId';

/** Declares one call; keeps the literal types so the preload API is inferred from the table. */
export const defineCall = <I extends AnySchema, O extends AnySchema>(def: CallDef<I, O>): CallDef<I, O> => def;

/** A call main answers itself (session, settings, dialogs): no HTTP, same Result shape. */
export interface LocalCallDef<I extends AnySchema = AnySchema, O extends AnySchema = AnySchema> {
  readonly input: I;
  readonly output: O;
}
export const defineLocal = <I extends AnySchema, O extends AnySchema>(def: LocalCallDef<I, O>): LocalCallDef<I, O> => def;

export type ServiceContract = Record<string, CallDef>;
export type LocalContract = Record<string, LocalCallDef>;

/** Path parameter names of a template: '/get-user/{id}' -> ['id']. */
export const pathParams = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

/** IPC channel of a contract entry. */
export const channelOf = (group: string, call: string): string => `api:${group}.${call}`;

type EmptyObject = Record<string, never>;
/** A call function: the input is optional when the call takes none, or only optional fields. */
export type CallFn<I, O> = [keyof I] extends [never]
  ? (input?: EmptyObject) => Promise<Result<O>>
  : EmptyObject extends I
    ? (input?: I) => Promise<Result<O>>
    : (input: I) => Promise<Result<O>>;

type Exposed<C extends Record<string, CallDef | LocalCallDef>> = {
  [K in keyof C as C[K] extends { exposed: false } ? never : K]: CallFn<
    v.InferInput<C[K]['input']>,
    v.InferOutput<C[K]['output']>
  >;
};

/** The typed API of a table of calls (services or local groups). */
export type ApiOf<T extends Record<string, Record<string, CallDef | LocalCallDef>>> = {
  [G in keyof T]: Exposed<T[G]>;
};

/** The implementations main provides for a table of local calls (a missing one is a compile error). */
export type LocalImpl<T extends Record<string, Record<string, LocalCallDef>>> = {
  [G in keyof T]: {
    [C in keyof T[G]]: (input: v.InferOutput<T[G][C]['input']>) => Promise<Result<v.InferOutput<T[G][C]['output']>>>;
  };
};
