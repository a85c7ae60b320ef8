import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { contract, SERVICES, type AuthMode, type CallDef, type HttpMethod } from '../src/shared/api/index';
import type { AdminRow } from './admin-auth/queries';
import type { HandlerContext, HandlerResult, Handlers } from './context';
import type { Db } from './db';
import { HttpError, SESSION_EXPIRED } from './http-error';
import { hashToken } from './tokens';
import { inputMessage } from '../src/shared/schemas/common';
import { cleanup, receiveMultipart, type ReceivedFile } from './media';
import { StreamedList, streamList } from './streamed-list';

export interface RouteInfo {
  group: string;
  call: string;
  method: HttpMethod;
  /** Fastify's form: `/admin-auth/get-user/:id`. */
  url: string;
  auth: AuthMode;
}

/** The shared services every request gets (the per-request parts are filled in by the route). */
export type RouteDeps = Omit<HandlerContext, 'admin' | 'sessionHash' | 'learnerToken' | 'ip' | 'uploads' | 'origin'> & {
  /** Check every answer against the contract's output schema (on in tests: a mismatch is a 500). */
  checkResponses: boolean;
  /** Largest file part of a multipart call, in bytes (413 above). */
  uploadLimitBytes: number;
};

const registered = new WeakMap<FastifyInstance, RouteInfo[]>();

/** The contract routes Fastify really mounted on this instance (reported by its onRoute hook). */
export const listRoutes = (app: FastifyInstance): RouteInfo[] => [...(registered.get(app) ?? [])];

/** `{id}` in the contract becomes `:id` in Fastify, under the service's prefix. */
export const routeUrl = (def: CallDef): string => SERVICES[def.service] + def.path.replace(/\{(\w+)\}/g, ':$1');

/**
 * The token from `Authorization` (raw or `Bearer <token>`), or from `access-token` / `x-access-token`.
 * A request whose headers name different tokens is refused (null): the platform's services read one
 * header or another, so a client sending two tokens would act as two people at once.
 */
export function readToken(headers: FastifyRequest['headers']): string | null {
  const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
  const authorization = first(headers.authorization)?.replace(/^Bearer\s+/i, '') || undefined;
  const named = [authorization, first(headers['access-token']), first(headers['x-access-token'])].filter((t): t is string => !!t);
  if (named.some((t) => t !== named[0])) return null;
  return named[0] ?? null;
}

export async function signedInAdmin(db: Db, token: string, now: Date): Promise<AdminRow | null> {
  // Only Active Admins and Super Admins have sessions worth honouring; anything else reads as expired.
  const [row] = await db.query<AdminRow>(
    `SELECT a.* FROM tokens t JOIN admins a ON a.id = t.admin_id
     WHERE t.hash = $1 AND t.kind = 'session' AND t.expires_at > $2
       AND a.status = 'Active' AND a.role IN ('Admin', 'Super Admin')`,
    [hashToken(token), now.toISOString()],
  );
  return row ?? null;
}

/** The first validation issue as one sentence that names the field. */
export function issueMessage(issue: v.BaseIssue<unknown>): string {
  const field = v.getDotPath(issue);
  if (field && issue.input === undefined && issue.kind === 'schema') return `The field "${field}" is required.`;
  // valibot's own texts read 'Invalid type: Expected string but received 5'; spec texts are kept as they are.
  if (field && issue.message.startsWith('Invalid ')) return `The field "${field}" has an invalid ${issue.message.slice(8)}`;
  return issue.message;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Mounts one route per contract entry. Each route: auth per `entry.auth`, input from path params plus
 * query (GET, DELETE) or JSON body (POST, PUT) validated by `entry.input`, then the handler, whose
 * fields go into `{ error: false, message, ... }`. Errors are answered by the app's error handler.
 */
export function registerContract(app: FastifyInstance, handlers: Handlers, deps: RouteDeps): RouteInfo[] {
  const routes = contractRoutes(handlers);
  // Recorded from what Fastify reports, not from the contract, so a test comparing the two can fail.
  const mounted: RouteInfo[] = [];
  registered.set(app, mounted);
  app.addHook('onRoute', (options) => {
    const calls = (options.config as { contractCalls?: ContractRoute[] } | undefined)?.contractCalls ?? [];
    // Fastify adds a HEAD twin of every GET with the same config: only the contract's method counts.
    for (const route of calls) {
      if (options.method === route.method) mounted.push({ group: route.group, call: route.call, method: route.method, url: options.url, auth: route.auth });
    }
  });
  for (const shared of sharedRoutes(routes)) {
    const [{ method, url }] = shared;
    app.route({
      method,
      url,
      config: { contractCalls: shared },
      handler: async (request, reply) => {
        // Two calls on one method and path differ by body kind (POST /library/quotes: a quote as
        // multipart, a tip as JSON): the request's content type picks the call.
        const { group, call, def, run } = shared.find((route) => (route.def.body === 'multipart') === request.isMultipart()) ?? shared[0]!;
        const now = deps.now();
        let admin: AdminRow | null = null;
        let sessionHash: string | null = null;
        let learnerToken: string | null = null;
        // Auth before validation: a caller without a session learns nothing about the input rules.
        if (def.auth !== 'none') {
          const token = readToken(request.headers);
          if (!token) throw new HttpError(401, 'You are not signed in. Please log in.');
          if (def.credential === 'learner') {
            // A learner's app token (the user-app progress calls): the handler resolves the learner.
            learnerToken = token;
          } else {
            admin = await signedInAdmin(deps.db, token, now);
            if (!admin) throw new HttpError(401, SESSION_EXPIRED);
            sessionHash = hashToken(token);
          }
        }

        const sendsBody = def.method === 'POST' || def.method === 'PUT';
        const multipart = def.body === 'multipart';
        if (request.isMultipart() !== multipart && sendsBody) {
          throw new HttpError(415, multipart ? 'Send this request as multipart/form-data.' : 'Send the request body as JSON (Content-Type: application/json).');
        }
        // Multipart: file parts go to temp files, removed at the end unless the handler committed them.
        const received: ReceivedFile[] = [];
        let uploads: Record<string, ReceivedFile> = {};
        let message: string | undefined;
        let data: Record<string, unknown>;
        try {
          let body: unknown = request.body ?? {};
          if (multipart) {
            const got = await receiveMultipart(request, def, deps.media, deps.uploadLimitBytes, received);
            body = got.fields;
            uploads = got.files;
          }
          if (sendsBody && !isPlainObject(body)) throw new HttpError(400, 'The request body must be a JSON object.');
          const fields = sendsBody ? body : isPlainObject(request.query) ? request.query : {};
          const params = isPlainObject(request.params) ? request.params : {};
          // Unknown fields are dropped by the object schemas, so they never reach a handler.
          const input = { ...(fields as Record<string, unknown>), ...params };
          // Input nested too deeply or too large, or a NUL in any text or id (PostgreSQL cannot store
          // it): a clear 400 before any schema or query.
          const problem = inputMessage(input);
          if (problem) throw new HttpError(400, problem);
          const parsed = v.safeParse(def.input, input);
          if (!parsed.success) throw new HttpError(400, issueMessage(parsed.issues[0]));

          const origin = `${request.protocol}://${request.host}`;
          const ctx: HandlerContext = { ...deps, admin, sessionHash, learnerToken, ip: request.ip, uploads, origin };
          ({ message, ...data } = await run(parsed.output, ctx));
        } finally {
          if (received.length > 0) await cleanup(received);
        }
        const streamed = Object.entries(data).find((entry): entry is [string, StreamedList] => entry[1] instanceof StreamedList);
        if (streamed) {
          const [field, list] = streamed;
          const { [field]: _list, ...rest } = data;
          const output = def.output as v.GenericSchema & { item?: v.GenericSchema };
          reply.type('application/json; charset=utf-8');
          return streamList({
            db: deps.db, head: { error: false, message: message ?? 'OK', ...rest }, field, list,
            ...(deps.checkResponses && output.item ? { checkItem: output.item } : {}),
            onError: (error) => request.log.error({ err: error }, `${group}.${call}: the streamed list broke off`),
          });
        }
        const envelope = { error: false, message: message ?? 'OK', ...data };
        if (deps.checkResponses) {
          const checked = v.safeParse(def.output, def.data ? (data as Record<string, unknown>)[def.data] : envelope);
          if (!checked.success) {
            throw new Error(`${group}.${call} answered outside its output schema: ${v.getDotPath(checked.issues[0]) ?? '(root)'}: ${checked.issues[0].message}`);
          }
        }
        return envelope;
      },
    });
  }
  return [...mounted];
}

interface ContractRoute extends RouteInfo {
  def: CallDef;
  run: (input: unknown, ctx: HandlerContext) => Promise<HandlerResult>;
}

/**
 * The contract's routes grouped by method and path. Two entries may share one only when one sends
 * multipart and the other JSON (the spec's POST /quotes takes a quote one way and a tip the other);
 * anything else is a mistake in the contract and stops the server.
 */
function sharedRoutes(routes: ContractRoute[]): [ContractRoute, ...ContractRoute[]][] {
  const byKey = new Map<string, [ContractRoute, ...ContractRoute[]]>();
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const same = byKey.get(key);
    if (!same) {
      byKey.set(key, [route]);
      continue;
    }
    if (same.length > 1 || (same[0].def.body === 'multipart') === (route.def.body === 'multipart')) {
      throw new Error(`Contract entries ${same.map((r) => `${r.group}.${r.call}`).join(', ')} and ${route.group}.${route.call} share ${key} without differing as multipart and JSON`);
    }
    same.push(route);
  }
  return [...byKey.values()];
}

/**
 * Pairs every contract entry with its handler. Throws when an entry has no handler (or a handler no
 * entry): the server must not start with a hole in the contract.
 */
export function contractRoutes(handlers: Handlers): ContractRoute[] {
  const table = handlers as unknown as Record<string, Record<string, unknown>>;
  const groups = contract as unknown as Record<string, Record<string, CallDef>>;
  const routes: ContractRoute[] = [];
  for (const [group, calls] of Object.entries(groups)) {
    for (const [call, def] of Object.entries(calls)) {
      const handler = table[group]?.[call];
      if (typeof handler !== 'function') throw new Error(`The reference server has no handler for contract entry ${group}.${call}`);
      routes.push({
        group, call, def, method: def.method, url: routeUrl(def), auth: def.auth,
        run: handler as ContractRoute['run'],
      });
    }
  }
  for (const [group, calls] of Object.entries(table)) {
    for (const call of Object.keys(calls)) {
      if (!groups[group]?.[call]) throw new Error(`Handler ${group}.${call} has no contract entry`);
    }
  }
  return routes;
}
