import ky from 'ky';
import * as v from 'valibot';
import { pathParams, UPLOAD_ID_FIELD, type AuthMode, type CallDef, type ServiceName } from '../../shared/api/contract';
import { fail, ok, type Result } from '../../shared/result';
import { MSG } from '../../shared/messages';
import { NET_TEXT } from '../../shared/network-messages';
import { answerPayload, countPartial, readAnswer } from '../../shared/tolerant';
import type { Uploader } from './upload';
import { backoffMs, BodyProblem, boundedStream, declaredTooLarge, NET_DEFAULTS, readBounded, retryAfterMs, RETRY_STATUSES, sleep, withholding, type NetPolicy } from './transport';

export interface HttpDeps {
  /** The base URL of a service, or null when no connection is configured. */
  baseFor(service: ServiceName): string | null;
  /** The stored token, or null when signed out. */
  token(): string | null;
  /** Called on any 401 from a call that carried a token, with the server's errorMessage: main ends the session. */
  onUnauthorized(serverMessage?: string): Promise<void>;
  log(message: string, details?: Record<string, unknown>): void;
  /** Sends multipart calls (streamed from disk); without it they are refused. */
  uploader?: Uploader;
  /** How a misbehaving network is treated (tests pass small limits); `NET_DEFAULTS` where not given. */
  net?: Partial<NetPolicy>;
  /** The backoff's jitter, in [0, 1) (tests fix it). */
  random?: () => number;
  /** Told whether a call's server answered at all, and of a wait a 429 asked for (main's banner follows it). */
  onNetwork?: (event: NetworkEvent) => void;
}

/** What a call learned of the way to its server. */
export type NetworkEvent =
  | { kind: 'answered'; origin: string }
  | { kind: 'unreachable'; origin: string }
  | { kind: 'waiting'; origin: string; ms: number };

const MAX_REDIRECTS = 5;

/** Per-call options of the generic call (most calls need none). */
export interface CallOptions {
  /** Overrides the 30 s wait for an answer's headers (logout must not hold the user up). */
  timeoutMs?: number;
  /** Overrides the size budget of the answer's body (the platform check reads small ones only). */
  maxBytes?: number;
  /** A 401 is just an answer: the session is not ended from here (logout ends it itself). */
  ignoreUnauthorized?: boolean;
  /** The token of a `credential: 'learner'` call (main resolves it; see services/learners.ts). */
  learnerToken?: string;
  /** A 2xx answer's body as the stream of its bytes, as they arrive, unparsed: main's list worker reads it (services/lists/windows.ts). */
  stream?: boolean;
  /**
   * A 2xx answer's data as the JSON it came in, not read against the call's schema: the caller reads
   * only the part it needs (an edit's record check picks one record out of a long list).
   */
  unread?: boolean;
  /** Ends the request when aborted (the door gives each call its own). */
  signal?: AbortSignal;
  /** An upload's bytes as they go out (a multipart call): to the caller, not the window. */
  onProgress?: (sent: number, total: number) => void;
}

/**
 * Whether to follow a redirect: only within the origin the call went to. Another origin would receive
 * the token (the access-token header modes would forward it, and a plain http target would expose it),
 * so such a redirect is refused, whatever the auth mode. Returns the next URL, or null to refuse.
 */
export function redirectTarget(from: string, location: string | null): string | null {
  if (!location) return null;
  try {
    const next = new URL(location, from);
    return next.origin === new URL(from).origin ? next.href : null;
  } catch {
    return null;
  }
}

export function authHeaders(mode: AuthMode, token: string | null): Record<string, string> {
  if (mode === 'none' || !token) return {};
  switch (mode) {
    case 'token':
      return { authorization: token };
    case 'bearer':
      return { authorization: `Bearer ${token}` };
    case 'token+access-token':
      return { authorization: token, 'access-token': token };
    case 'token+x-access-token':
      return { authorization: token, 'x-access-token': token };
  }
}

/** Fills `{name}` segments from the input; returns the path and the fields left for query or body. */
export function fillPath(template: string, input: Record<string, unknown>): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  let path = template;
  for (const name of pathParams(template)) {
    const value = rest[name];
    delete rest[name];
    path = path.replace(`{${name}}`, encodeURIComponent(String(value ?? '')));
  }
  return { path, rest };
}

function toSearchParams(fields: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)));
    else params.set(key, String(value));
  }
  return params;
}

/** The generic HTTP call's shape (what `createHttpClient` returns). */
export type CallHttp = <O>(def: CallDef, input: Record<string, unknown>, label: string, options?: CallOptions) => Promise<Result<O>>;

/** How one attempt went: an answer, a failure that ends the call, or no answer at all. */
type Sent = { response: Response } | { failure: Result<never> } | { network: 'unreachable' | 'timeout'; error: string };

/**
 * The one generic HTTP call: every contract entry goes through here. A call safe to repeat (every GET,
 * and the writes whose entry says `repeatable`) is tried again on no answer, a broken answer and
 * 408/429/502/503/504, after a bounded, jittered backoff or the `Retry-After` the server asked for.
 * An answer's body is read within an idle limit and the call's size budget.
 */
export function createHttpClient(deps: HttpDeps): CallHttp {
  const policy: NetPolicy = { ...NET_DEFAULTS, ...deps.net, maxBytes: { ...NET_DEFAULTS.maxBytes, ...deps.net?.maxBytes } };
  const random = deps.random ?? Math.random;
  return async function call<O>(def: CallDef, input: Record<string, unknown>, label: string, options: CallOptions = {}): Promise<Result<O>> {
    const base = deps.baseFor(def.service);
    if (!base) return fail('network', 'No server is connected. Choose a connection on the login screen.');
    const { learnerToken } = options;
    if (def.credential === 'learner' && !learnerToken) return fail('validation', 'This call needs a learner.');
    const token = def.credential === 'learner' ? (deps.token() ? (learnerToken ?? null) : null) : deps.token();
    if (def.auth !== 'none' && !token) return fail('auth', 'Your session has ended. Please log in again.', 401);

    const { path, rest } = fillPath(def.path, input);
    const url = base.replace(/\/+$/, '') + path;
    if (def.body === 'multipart') return sendMultipart<O>(def, url, rest, token, label, deps, options);
    const origin = new URL(url).origin;
    // The call as support can find it: method and path, never the query (it may hold a search or an email).
    const what = `${def.method} ${new URL(url).pathname}`;
    const attempts = def.method === 'GET' || def.repeatable === true ? Math.max(1, policy.attempts) : 1;
    const budget = options.maxBytes ?? (options.stream ? policy.maxBytes.stream : def.method === 'GET' ? policy.maxBytes.read : policy.maxBytes.write);
    const faults = {
      idle: NET_TEXT.stalled(origin, policy.idleMs),
      broken: NET_TEXT.broken(origin),
      'too-large': NET_TEXT.tooLarge(origin, what, budget),
    };
    let waited = 0;
    /** Waits before the next attempt when the call's waits allow it; false: no more attempts. */
    const waitBefore = async (attempt: number, ms: number): Promise<boolean> => {
      if (attempt >= attempts || waited + ms > policy.totalWaitMs) return false;
      deps.log('call tried again', { call: label, attempt: attempt + 1, waitMs: ms });
      await sleep(ms);
      waited += ms;
      return true;
    };

    for (let attempt = 1; ; attempt += 1) {
      // Each attempt has its own controller; the caller's signal (the door gives each call one) ends it too.
      if (options.signal?.aborted) return fail('cancelled', 'Cancelled.');
      const controller = new AbortController();
      const cancel = () => controller.abort();
      options.signal?.addEventListener('abort', cancel, { once: true });
      const sent = await send(def, url, rest, token, label, deps, options.timeoutMs ?? policy.headersTimeoutMs, controller.signal);
      if (options.signal?.aborted) return fail('cancelled', 'Cancelled.');
      if ('failure' in sent) return sent.failure;
      if ('network' in sent) {
        // No answer at all: tried again (a headers timeout has waited long enough already).
        if (sent.network === 'unreachable' && (await waitBefore(attempt, backoffMs(attempt, policy, random)))) continue;
        deps.log('network error', { call: label, origin, attempts: attempt, error: sent.error });
        deps.onNetwork?.({ kind: 'unreachable', origin });
        return fail('network', sent.network === 'timeout' ? NET_TEXT.noAnswerInTime(origin) : NET_TEXT.unreachable(origin));
      }
      const { response } = sent;
      deps.onNetwork?.({ kind: 'answered', origin });
      if (RETRY_STATUSES.has(response.status) && attempt < attempts) {
        const asked = retryAfterMs(response.headers.get('retry-after'));
        if (asked !== null && asked > policy.retryAfterCapMs) {
          controller.abort();
          deps.log('retry-after over the cap', { call: label, status: response.status, retryAfterMs: asked });
          return fail('http', NET_TEXT.limitedFor(origin, asked), response.status);
        }
        const wait = asked ?? backoffMs(attempt, policy, random);
        if (waited + wait <= policy.totalWaitMs) {
          controller.abort();
          if (response.status === 429) deps.onNetwork?.({ kind: 'waiting', origin, ms: wait });
          await waitBefore(attempt, wait);
          continue;
        }
      }
      if (declaredTooLarge(response.headers, budget)) {
        controller.abort();
        deps.log('answer over its size budget', { call: label, declared: response.headers.get('content-length'), budget });
        return fail('parse', faults['too-large']);
      }
      const limits = { idleMs: policy.idleMs, maxBytes: budget, messages: faults, abort: () => controller.abort() };
      if (options.stream && response.ok) return ok(boundedStream(response.body, limits) as O);
      let bytes: Uint8Array;
      try {
        bytes = await readBounded(response.body, limits);
      } catch (error) {
        const problem = error instanceof BodyProblem ? error : new BodyProblem('broken', faults.broken, 0);
        deps.log('answer not read whole', { call: label, fault: problem.fault, bytesRead: problem.bytesRead });
        // A connection that broke mid-way is tried again; a stalled one has had its wait, an oversized one would only be again.
        if (problem.fault === 'broken' && (await waitBefore(attempt, backoffMs(attempt, policy, random)))) continue;
        return fail(problem.fault === 'too-large' ? 'parse' : 'network', problem.message);
      }
      return readEnvelope<O>(def, { status: response.status, type: response.headers.get('content-type'), bytes }, label, deps, options, { origin, what, waited, token });
    }
  };
}

/** One attempt: the request, and the redirects within its origin. */
async function send(def: CallDef, url: string, rest: Record<string, unknown>, token: string | null, label: string, deps: HttpDeps, timeout: number, signal: AbortSignal): Promise<Sent> {
  const sendsBody = def.method === 'POST' || def.method === 'PUT';
  let target = url;
  for (let hop = 0; ; hop += 1) {
    let response: Response;
    try {
      response = await ky(target, {
        method: def.method,
        headers: { accept: 'application/json', ...authHeaders(def.auth, token) },
        ...(sendsBody ? { json: rest } : { searchParams: toSearchParams(rest) }),
        throwHttpErrors: false,
        // Redirects are followed here, by hand, and only within the origin (see redirectTarget).
        redirect: 'manual',
        // Tried again in createHttpClient, where statuses count too (ky retries none while throwHttpErrors is off).
        retry: 0,
        // ky's timeout covers the wait for the headers only; the body's idle limit is readBounded's.
        timeout,
        signal,
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return { network: timedOut ? 'timeout' : 'unreachable', error: error instanceof Error ? `${error.message}${causeOf(error)}` : String(error) };
    }
    if (response.status < 300 || response.status > 399 || response.status === 304) return { response };
    // 307 and 308 repeat the request as it was; other redirects of a GET too. Any other redirect
    // (a POST answered with 301/302/303) would change the call: not followed.
    const next = hop < MAX_REDIRECTS && (response.status >= 307 || def.method === 'GET') ? redirectTarget(target, response.headers.get('location')) : null;
    await response.body?.cancel().catch(() => undefined);
    if (!next) {
      deps.log('redirect not followed', { call: label, status: response.status, from: new URL(target).origin });
      return { failure: fail('http', `The server at ${new URL(url).origin} redirected the call elsewhere; the app does not follow it there with your session.`, response.status) };
    }
    target = next;
  }
}

/** The code under a fetch failure (ECONNREFUSED, ECONNRESET, ...), for the log. */
function causeOf(error: Error): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return cause && typeof cause.code === 'string' ? ` (${cause.code})` : '';
}

/** A multipart call: file fields (grant ids) become file parts streamed from disk; see services/upload.ts. */
async function sendMultipart<O>(def: CallDef, url: string, input: Record<string, unknown>, token: string | null, label: string, deps: HttpDeps, options: CallOptions): Promise<Result<O>> {
  if (!deps.uploader) return fail('network', 'Uploads are not available here.');
  const fields = { ...input };
  const uploadId = typeof fields[UPLOAD_ID_FIELD] === 'string' ? (fields[UPLOAD_ID_FIELD] as string) : undefined;
  delete fields[UPLOAD_ID_FIELD];
  const files: { field: string; grantId: string }[] = [];
  for (const field of def.files ?? []) {
    const ref = fields[field] as { grantId?: unknown } | undefined;
    delete fields[field];
    if (ref && typeof ref.grantId === 'string') files.push({ field, grantId: ref.grantId });
  }
  const answer = await deps.uploader.send({
    method: def.method,
    url,
    headers: { accept: 'application/json', ...authHeaders(def.auth, token) },
    fields,
    files,
    uploadId,
    label,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  if (!answer.ok) return answer;
  const origin = new URL(url).origin;
  return readEnvelope<O>(def, { status: answer.data.status, type: null, bytes: new TextEncoder().encode(answer.data.text) }, label, deps, {}, { origin, what: `${def.method} ${new URL(url).pathname}`, waited: 0, token });
}

function strictRead(schema: v.GenericSchema, payload: unknown): { value: unknown; issues: [] } | null {
  const parsed = v.safeParse(schema, payload);
  return parsed.success ? { value: parsed.output, issues: [] } : null;
}

/** An answer read whole: its status, its content type and its bytes. */
interface Answer {
  status: number;
  type: string | null;
  bytes: Uint8Array;
}

/** Where the answer came from, for the messages: the server's origin, the call, the waits a 429 made. */
interface AnswerContext {
  origin: string;
  what: string;
  waited: number;
  /** The token the call carried: withheld from the server's message should the server echo it. */
  token: string | null;
}

/** What a call's answer should hold, in words: for the message of an answer that does not. */
function expectedOf(def: CallDef): string {
  const type = (def.output as { type?: string }).type;
  const shape = type === 'array' ? 'a list' : type === 'object' ? 'a record' : 'data';
  return def.data ? `a JSON object from the platform with ${shape} under "${def.data}"` : `a JSON object from the platform (${shape})`;
}

/** A failure's message when the platform's own envelope gave none: what the status says happened. */
function statusMessage(answer: Answer, html: boolean, context: AnswerContext): string {
  const { status } = answer;
  if (status === 502 || status === 504) return NET_TEXT.gateway(context.origin, status);
  if (status === 503) return html ? NET_TEXT.gateway(context.origin, status) : NET_TEXT.unavailable(context.origin);
  if (status === 429) return NET_TEXT.limited(context.origin, context.waited);
  if (status >= 500 && html) return NET_TEXT.errorPage(context.origin, status);
  return `${MSG.somethingWentWrong} (HTTP ${status})`;
}

async function readEnvelope<O>(def: CallDef, answer: Answer, label: string, deps: HttpDeps, options: CallOptions, context: AnswerContext): Promise<Result<O>> {
  const text = new TextDecoder().decode(answer.bytes);
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  const envelope = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  const serverMessage = typeof envelope?.errorMessage === 'string' ? withholding([context.token])(envelope.errorMessage) : undefined;
  const ok2xx = answer.status >= 200 && answer.status < 300;
  // A gateway's or a proxy's own page: HTML where the platform answers JSON.
  const html = !envelope && ((answer.type ?? '').includes('html') || /^\s*</.test(text));

  // A learner's token refused is the learner's matter (main refreshes it), never the end of the admin's session.
  if (answer.status === 401 && def.auth !== 'none' && def.credential !== 'learner') {
    if (!options.ignoreUnauthorized) await deps.onUnauthorized(serverMessage);
    return fail('auth', serverMessage ?? 'Your session has ended. Please log in again.', 401);
  }
  if (!ok2xx || envelope?.error === true) {
    return fail('http', serverMessage ?? statusMessage(answer, html, context), answer.status);
  }
  if (!envelope) {
    deps.log('response is not a JSON object', { call: label, status: answer.status, html });
    return fail('parse', NET_TEXT.notReadable(context.origin, context.what, expectedOf(def)));
  }
  // Where the contract says, else under a wrapper key (`data`, `items`, ...): read, and said in the log.
  const found = answerPayload(def.output, envelope, def.data);
  if (found.from) deps.log('answer found under another key', { call: label, expected: def.data ?? '(top level)', found: found.from });
  const payload = found.value;
  if (options.unread) return ok(payload as O);
  // Read tolerantly: a record that does not match is kept as far as it goes and marked (DESIGN 14);
  // only an answer whose very shape is wrong (no list where a list is due) fails.
  // Writes and sign-in stay strict: their answers are read to act on, not to show.
  const read = def.method === 'GET' ? readAnswer(def.output, payload) : strictRead(def.output, payload);
  if (!read) {
    const parsed = v.safeParse(def.output, payload);
    // Log where the shape differs, never the values (they may hold personal data or tokens).
    deps.log('response does not match its schema', {
      call: label,
      issues: parsed.success ? [] : parsed.issues.slice(0, 5).map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.expected ?? issue.type}`),
    });
    return fail('parse', NET_TEXT.notReadable(context.origin, context.what, expectedOf(def)));
  }
  const partly = countPartial(read.value);
  // Which call and how many records, never the values (they may hold personal data).
  if (partly > 0) deps.log('answer read partly', { call: label, records: partly });
  return ok(read.value as O);
}
