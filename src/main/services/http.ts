import ky from 'ky';
import * as v from 'valibot';
import { pathParams, UPLOAD_ID_FIELD, type AuthMode, type CallDef, type ServiceName } from '../../shared/api/contract';
import { fail, ok, type Result } from '../../shared/result';
import { MSG } from '../../shared/messages';
import { countPartial, readAnswer } from '../../shared/tolerant';
import type { Uploader } from './upload';

export interface HttpDeps {
  /** The base URL of a service, or null when no connection is configured. */
  baseFor(service: ServiceName): string | null;
  /** The stored token, or null when signed out. */
  token(): string | null;
  /** Called on any 401 from a call that carried a token: main ends the session. */
  onUnauthorized(): Promise<void>;
  log(message: string, details?: Record<string, unknown>): void;
  /** Sends multipart calls (streamed from disk); without it they are refused. */
  uploader?: Uploader;
}

const REQUEST_TIMEOUT_MS = 30_000;
const MAX_REDIRECTS = 5;

/** Per-call options of the generic call (most calls need none). */
export interface CallOptions {
  /** Overrides the 30 s request timeout (logout must not hold the user up). */
  timeoutMs?: number;
  /** A 401 is just an answer: the session is not ended from here (logout ends it itself). */
  ignoreUnauthorized?: boolean;
  /** The token of a `credential: 'learner'` call (main resolves it; see services/learners.ts). */
  learnerToken?: string;
  /** A 2xx answer's body as the stream of its bytes, as they arrive, unparsed: main's list worker reads it (services/list-windows.ts). */
  stream?: boolean;
  /**
   * A 2xx answer's data as the JSON it came in, not read against the call's schema: the caller reads
   * only the part it needs (an edit's record check picks one record out of a long list).
   */
  unread?: boolean;
  /** Ends the request when aborted (the door gives each call its own). */
  signal?: AbortSignal;
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

/** The one generic HTTP call: every contract entry goes through here. */
export function createHttpClient(deps: HttpDeps): CallHttp {
  return async function call<O>(def: CallDef, input: Record<string, unknown>, label: string, options: CallOptions = {}): Promise<Result<O>> {
    const base = deps.baseFor(def.service);
    if (!base) return fail('network', 'No server is connected. Choose a connection on the login screen.');
    const { learnerToken } = options;
    if (def.credential === 'learner' && !learnerToken) return fail('validation', 'This call needs a learner.');
    const token = def.credential === 'learner' ? (deps.token() ? (learnerToken ?? null) : null) : deps.token();
    if (def.auth !== 'none' && !token) return fail('auth', 'Your session has ended. Please log in again.', 401);

    const { path, rest } = fillPath(def.path, input);
    const url = base.replace(/\/+$/, '') + path;
    if (def.body === 'multipart') return sendMultipart<O>(def, url, rest, token, label, deps);
    const sendsBody = def.method === 'POST' || def.method === 'PUT';
    let response: Response;
    let target = url;
    for (let hop = 0; ; hop += 1) {
      try {
        response = await ky(target, {
          method: def.method,
          headers: { accept: 'application/json', ...authHeaders(def.auth, token) },
          ...(sendsBody ? { json: rest } : { searchParams: toSearchParams(rest) }),
          throwHttpErrors: false,
          // Redirects are followed here, by hand, and only within the origin (see redirectTarget).
          redirect: 'manual',
          retry: def.method === 'GET' ? { limit: 2, methods: ['get'], statusCodes: [408, 429, 502, 503, 504] } : 0,
          timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (error) {
        if (options.signal?.aborted) return fail('cancelled', 'Cancelled.');
        const origin = new URL(url).origin;
        const reason = error instanceof Error && error.name === 'TimeoutError' ? 'did not answer in time' : 'cannot be reached';
        deps.log('network error', { call: label, origin, error: error instanceof Error ? error.message : String(error) });
        return fail('network', `The server at ${origin} ${reason}. Check the connection and try again.`);
      }
      if (response.status < 300 || response.status > 399 || response.status === 304) break;
      // 307 and 308 repeat the request as it was; other redirects of a GET too. Any other redirect
      // (a POST answered with 301/302/303) would change the call: not followed.
      const next = hop < MAX_REDIRECTS && (response.status >= 307 || def.method === 'GET') ? redirectTarget(target, response.headers.get('location')) : null;
      if (!next) {
        deps.log('redirect not followed', { call: label, status: response.status, from: new URL(target).origin });
        return fail('http', `The server at ${new URL(url).origin} redirected the call elsewhere; the app does not follow it there with your session.`, response.status);
      }
      target = next;
    }
    if (options.stream && response.ok) {
      return ok((response.body ?? new Response('').body!) as O);
    }
    return readEnvelope<O>(def, response, label, deps, options);
  };
}

/** A multipart call: file fields (grant ids) become file parts streamed from disk; see services/upload.ts. */
async function sendMultipart<O>(def: CallDef, url: string, input: Record<string, unknown>, token: string | null, label: string, deps: HttpDeps): Promise<Result<O>> {
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
  });
  if (!answer.ok) return answer;
  return readEnvelope<O>(def, new Response(answer.data.text || null, { status: answer.data.status }), label, deps);
}

function strictRead(schema: v.GenericSchema, payload: unknown): { value: unknown; issues: [] } | null {
  const parsed = v.safeParse(schema, payload);
  return parsed.success ? { value: parsed.output, issues: [] } : null;
}

async function readEnvelope<O>(def: CallDef, response: Response, label: string, deps: HttpDeps, options: CallOptions = {}): Promise<Result<O>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const envelope = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
  const serverMessage = typeof envelope?.errorMessage === 'string' ? envelope.errorMessage : undefined;

  // A learner's token refused is the learner's matter (main refreshes it), never the end of the admin's session.
  if (response.status === 401 && def.auth !== 'none' && def.credential !== 'learner') {
    if (!options.ignoreUnauthorized) await deps.onUnauthorized();
    return fail('auth', serverMessage ?? 'Your session has ended. Please log in again.', 401);
  }
  if (!response.ok || envelope?.error === true) {
    return fail('http', serverMessage ?? `${MSG.somethingWentWrong} (HTTP ${response.status})`, response.status);
  }
  if (!envelope) {
    deps.log('response is not a JSON object', { call: label, status: response.status });
    return fail('parse', MSG.somethingWentWrong);
  }
  const payload = def.data ? envelope[def.data] : envelope;
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
    return fail('parse', MSG.somethingWentWrong);
  }
  const partly = countPartial(read.value);
  // Which call and how many records, never the values (they may hold personal data).
  if (partly > 0) deps.log('answer read partly', { call: label, records: partly });
  return ok(read.value as O);
}
