import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { contract, type Api } from '../../shared/api';
import type { CallError, Result } from '../../shared/result';
import { useNotify } from './notify';
import { successMessage, unwrap, withFallback } from './api';
import { withRecordBase } from './record-base';

// Queries and mutations from the contract: a call is named 'group.call' (checked against window.api's
// type), its query key is derived from that name and its input, and a mutation names what it
// invalidates the same way. No screen writes a query key, a toast or an invalidation by hand.

type Group = Exclude<keyof Api, 'on'>;
type CallsOf<G extends Group> = { [C in keyof Api[G] & string]: Api[G][C] extends (...args: never[]) => unknown ? C : never }[keyof Api[G] & string];
/** Every exposed call as 'group.call'. */
export type CallId = { [G in Group]: `${G}.${CallsOf<G>}` }[Group];

type FnOf<I extends CallId> = I extends `${infer G extends Group}.${infer C}`
  ? C extends keyof Api[G]
    ? Api[G][C] extends (...args: infer A) => Promise<Result<infer O>>
      ? { args: A; output: O }
      : never
    : never
  : never;
/** The input argument(s) of a call: none for calls that take none. */
export type CallArgs<I extends CallId> = FnOf<I>['args'];
export type CallInput<I extends CallId> = CallArgs<I>[0];
export type CallOutput<I extends CallId> = FnOf<I>['output'];

/** What a mutation invalidates: a call ('library.mediaList': every input of it) or a whole group ('library'). */
export type InvalidateTarget = CallId | Group;

/** The query key of a call and input: ['group', 'call'] or ['group', 'call', input]. */
export function callKey(id: CallId, input?: unknown): QueryKey {
  const [group, call] = id.split('.') as [string, string];
  return input === undefined ? [group, call] : [group, call, input];
}

/** The service (the group) of a call: what a write of it makes stale. */
export function serviceOf(id: CallId): Group {
  return id.split('.')[0] as Group;
}

/** The key prefix an invalidation target stands for. */
export function targetKey(target: InvalidateTarget): QueryKey {
  return target.includes('.') ? callKey(target as CallId) : [target];
}

/** Invokes a call through window.api by its id. */
export function invoke<I extends CallId>(id: I, ...args: CallArgs<I>): Promise<Result<CallOutput<I>>> {
  const [group, call] = id.split('.') as [string, string];
  const fn = (window.api as unknown as Record<string, Record<string, (input?: unknown) => Promise<Result<unknown>>>>)[group]?.[call];
  if (!fn) throw new Error(`No such call: ${id}`);
  return fn(args[0]) as Promise<Result<CallOutput<I>>>;
}

/**
 * TanStack query options of a call: `useQuery(callQuery('adminAuth.users'))`,
 * `useQuery(callQuery('library.moments', { fileId }))`. Spread more options over the result as needed.
 */
export function callQuery<I extends CallId>(id: I, ...args: CallArgs<I>) {
  return queryOptions({
    queryKey: callKey(id, args[0]),
    // A platform call waits (keeping what it showed) while main says the platform cannot be reached.
    networkMode: serviceOf(id) in contract ? 'online' : 'always',
    queryFn: async () => {
      const data = await unwrap(invoke(id, ...args));
      markArrival(`call:${id}`);
      return data;
    },
  });
}

/**
 * A list's arrival in the page, as a performance mark (the newest only): the table benchmark times a
 * first render from it to the rows painted.
 */
export function markArrival(name: string): void {
  performance.clearMarks(name);
  performance.mark(name);
}

/** The spec's message rules of one mutation. */
export interface MessageRules<O> {
  /** The error text when a failure carries no server message (the spec's 'X Not Added, Please Try Again'). */
  fallback: string;
  /** A text that replaces even the server's message for some failures (null: the usual rule). */
  override?: (error: CallError) => string | null;
  /** A fixed success text the spec prescribes instead of the server's message; false: no success toast. */
  success?: string | false | ((data: O) => string);
  /** The success text when the server sends no message (default: 'Saved'). */
  successFallback?: string;
  /** How long the success toast stays (ms). */
  successTimeout?: number;
  /** Queries to refetch after a success. */
  invalidates?: readonly InvalidateTarget[];
  /**
   * A form around the call shows its failures beside what was typed (the kit's form dialogs): the
   * app's own refusals of an input then show there only, not as a toast as well.
   */
  inForm?: boolean;
}

/** The message a failed result shows under the rules: the override, else the server's message, else the fallback. */
export function failureText(error: CallError, rules: Pick<MessageRules<unknown>, 'fallback' | 'override'>): string {
  const override = rules.override?.(error);
  if (override) return override;
  const result = withFallback({ ok: false, error }, rules.fallback);
  return result.ok ? '' : result.error.message;
}

/** The success text under the rules (fixed text, else the server's message, else the fallback). */
export function successText<O>(data: O, rules: Pick<MessageRules<O>, 'success' | 'successFallback'>): string {
  if (rules.success === false) return '';
  if (typeof rules.success === 'function') return rules.success(data);
  return rules.success ?? successMessage(data, rules.successFallback ?? 'Saved');
}

/** A failure with its message settled by the rules (what a form shows inside its dialog). */
export function settle<O>(result: Result<O>, rules: Pick<MessageRules<O>, 'fallback' | 'override'>): Result<O> {
  if (result.ok) return result;
  return { ok: false, error: { ...result.error, message: failureText(result.error, rules) } };
}

/**
 * Whether a failure is said in an error toast. Both specs make the server's errorMessage one, and so
 * are the spec's fallbacks and main's texts for an answer that never came or could not be read. Not:
 * a conflict (its dialog offers the choices), the person's own Cancel, a 401 (the session ended with
 * it, which the app says once, for a save and a list alike), and the app's own refusal of an input
 * (main's input check, a file no longer granted) where a form shows it beside the fields.
 */
export function toastsFailure(error: CallError, inForm: boolean): boolean {
  switch (error.kind) {
    case 'conflict':
    case 'cancelled':
      return false;
    case 'validation':
      return !inForm;
    case 'auth':
      return error.status !== 401;
    default:
      return true;
  }
}

export interface CallMutation<In, O> {
  /**
   * Runs the call: success toast and invalidation, or the error toast where `toastsFailure` says so
   * (a form dialog around the save shows the failure as well). Resolves with the settled Result.
   */
  run: (input: In) => Promise<Result<O>>;
  busy: boolean;
}

/** A call id, or a function that makes the call from the screen's input. */
type MutationCall = CallId | ((input: never) => Promise<Result<unknown>>);
type MutationInput<C> = C extends CallId ? CallInput<C> : C extends (input: infer In) => unknown ? In : never;
type MutationOutput<C> = C extends CallId ? CallOutput<C> : C extends (input: never) => Promise<Result<infer O>> ? O : never;

/**
 * One mutation of a screen. `call` is a call id (the input goes through as it is) or a function for a
 * call whose input the screen builds (an edit that picks fields, an upload id).
 */
export function useCallMutation<C extends MutationCall>(call: C, rules: MessageRules<MutationOutput<C>>): CallMutation<MutationInput<C>, MutationOutput<C>> {
  const notify = useNotify();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (input: unknown) => {
      const result =
        typeof call === 'function'
          ? await (call as (input: unknown) => Promise<Result<unknown>>)(input)
          : await invoke(call, ...([input] as CallArgs<CallId>));
      return settle(result as Result<MutationOutput<C>>, rules);
    },
  });
  const run = async (input: MutationInput<C>): Promise<Result<MutationOutput<C>>> => {
    // Synchronously, before any await: the record the dialog around this run acts on (lib/record-base).
    const sent = typeof call === 'string' ? withRecordBase(call, input) : input;
    const result = await mutation.mutateAsync(sent);
    if (!result.ok && result.error.kind === 'conflict') {
      // The dialog shows it, with its choices; the list is stale, so it is fetched again.
      for (const t of rules.invalidates ?? []) void client.invalidateQueries({ queryKey: targetKey(t) });
      return result;
    }
    if (result.ok) {
      if (rules.success !== false) notify.success(successText(result.data, rules), rules.successTimeout);
      for (const t of rules.invalidates ?? []) void client.invalidateQueries({ queryKey: targetKey(t) });
    } else if (toastsFailure(result.error, rules.inForm ?? false)) {
      notify.error(result.error.message);
    }
    return result;
  };
  return { run, busy: mutation.isPending };
}
