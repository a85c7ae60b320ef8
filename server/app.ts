import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { DEFAULT_UPLOAD_LIMIT, openMediaStore, registerMediaRoutes, registerStoredMediaRoute, removeOrphanMedia, STORED_MEDIA } from './media';
import { countAdmins, ensureSuperAdmin } from './admin-auth/queries';
import { openDb, type Db } from './db';
import { handlers } from './handlers';
import { errorSummary, HttpError } from './http-error';
import { migrate } from './migrations';
import { fileOutbox, memoryOutbox, type Outbox, type OutboxMessage } from './outbox';
import { CallThrottle, DEFAULT_FORGOT_LIMITS, DEFAULT_LOGIN_LIMITS, LoginLimiter, type ForgotLimits, type LoginLimits } from './rate-limit';
import { readToken, registerContract, signedInAdmin } from './routes';
import { seedDemo } from './seed';
import { registerCourseMediaRoutes } from './video-repository/courses';
import { purgeExpiredTokens } from './tokens';
import { MSG } from '../src/shared/messages';
import { clientErrorHandler, frameworkErrors, FRAMEWORK_TEXT, MAX_PARAM_LENGTH, methodsByPath } from './framework-errors';

export { listRoutes, routeUrl, type RouteInfo } from './routes';
export { readOutbox, type OutboxMessage } from './outbox';
export { HttpError } from './http-error';
export { DEMO_ADMIN } from './seed';

/** The local sandbox's first Super Admin unless SANDBOX_ADMIN_EMAIL / SANDBOX_ADMIN_PASSWORD say otherwise. */
export const SANDBOX_DEFAULTS = { email: 'admin@sandbox.local', password: 'sandbox-admin-1' } as const;

/** JSON bodies; uploads (multipart) get their own limit when they arrive. */
export const JSON_BODY_LIMIT = 1024 * 1024;

export interface ServerOptions {
  /** Data folder: PGlite cluster in `<dataDir>/pg`, outbox in `<dataDir>/outbox`. Memory only when absent. */
  dataDir?: string;
  /** A PostgreSQL server instead of PGlite. Read from here only: the sandbox never picks up DATABASE_URL by accident. */
  databaseUrl?: string;
  /** PostgreSQL only: work in this schema (created when missing). */
  databaseSchema?: string;
  /** PGlite only: fresh databases after this process's first start from a copy of its cluster (DbOptions). */
  reuseFreshCluster?: boolean;
  host?: string;
  /** 0 (the default) = an ephemeral port. */
  port?: number;
  /** Fill a fresh database (no admins yet) with demo content. */
  seedDemo?: boolean;
  /** Ensure this Active Super Admin exists on start, with this password. */
  admin?: { email: string; password: string };
  /** Web base of the reset-password screen, for a second link in messages. */
  resetLinkBase?: string;
  /** The clock (tests move it to expire sessions and reset links). */
  now?: () => Date;
  loginLimits?: Partial<LoginLimits>;
  /** The login limiter itself (tests observe the delays it gives); else one made from `loginLimits`. */
  loginLimiter?: LoginLimiter;
  forgotLimits?: Partial<ForgotLimits>;
  /** Fastify's request log (default: env SERVER_LOG=1). Tokens and passwords are never logged. */
  log?: boolean;
  /** Check answers against the contract's output schemas (default: on under vitest). */
  checkResponses?: boolean;
  /** Largest uploaded file, in bytes (default 8 GiB; env UPLOAD_LIMIT_BYTES). Above it: 413. */
  uploadLimitBytes?: number;
}

export interface BuiltServer {
  app: FastifyInstance;
  db: Db;
  outbox: Outbox;
}

export interface RunningServer {
  /** `http://127.0.0.1:<port>`: service bases are this plus SERVICES[service]. */
  url: string;
  port: number;
  app: FastifyInstance;
  db: Db;
  /** Messages the server "sent", newest first (from `<dataDir>/outbox` or from memory). */
  readOutbox(): Promise<OutboxMessage[]>;
  close(): Promise<void>;
}

const quiet = (): boolean => Boolean(process.env.CONTENT_CONSOLE_QUIET);

/** Opens and migrates the database, ensures the admin, seeds, and builds the Fastify app (not listening). */
export async function buildServer(options: ServerOptions = {}): Promise<BuiltServer> {
  const now = options.now ?? (() => new Date());
  const db = await openDb({ dataDir: options.dataDir, databaseUrl: options.databaseUrl, schema: options.databaseSchema, reuseFreshCluster: options.reuseFreshCluster });
  try {
    await migrate(db);
    const fresh = (await countAdmins(db)) === 0;
    if (options.admin) await ensureSuperAdmin(db, options.admin.email, options.admin.password, now());
    if (options.seedDemo && fresh) await seedDemo(db, { now: now() });
    await purgeExpiredTokens(db, now());
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }

  const log = options.log ?? process.env.SERVER_LOG === '1';
  const app = Fastify({
    bodyLimit: JSON_BODY_LIMIT,
    // What the router and Node answer themselves comes in the envelope too (server/framework-errors.ts).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    clientErrorHandler,
    logger: log
      ? {
          level: 'info',
          // Belt and braces: the default serializers log no headers, but never let a token through.
          redact: ['req.headers.authorization', 'req.headers["access-token"]', 'req.headers["x-access-token"]', 'req.body'],
        }
      : false,
  });

  // Before any route: the not-found handler answers 405 for a path served with other methods.
  const servedWith = methodsByPath(app);

  // No answer is ever read as another type than it says (an uploaded file served as a page).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.status).send({ error: true, errorMessage: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const messages: Record<string, string> = {
        FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty. Send a JSON object.',
        FST_ERR_CTP_BODY_TOO_LARGE: `The request is too large. The limit is ${JSON_BODY_LIMIT / 1024 / 1024} MiB.`,
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
      };
      const message = messages[error.code] ?? (error instanceof SyntaxError ? messages.FST_ERR_CTP_INVALID_JSON_BODY : error.message);
      return reply.status(status).send({ error: true, errorMessage: message });
    }
    // Route, code and message only: never the error object (it carries SQL parameters and row values).
    const summary = errorSummary(`${request.method} ${request.routeOptions.url ?? ''}`, error);
    if (log) request.log.error(summary, 'unexpected error');
    else if (!quiet()) console.error(`[server] ${summary.route}: ${summary.code ?? '-'} ${summary.message}`);
    return reply.status(500).send({ error: true, errorMessage: MSG.somethingWentWrong });
  });

  app.setNotFoundHandler((request, reply) => {
    // The path only: a query string could carry something private.
    const path = request.url.split('?')[0] ?? '/';
    const allowed = servedWith(path);
    if (allowed.length > 0) return reply.status(405).header('allow', allowed.join(', ')).send({ error: true, errorMessage: FRAMEWORK_TEXT.method(request.method, path, allowed) });
    return reply.status(404).send({ error: true, errorMessage: `Not found: ${request.method} ${path}` });
  });

  const media = await openMediaStore(options.dataDir);
  const orphans = await removeOrphanMedia(db, media);
  if (orphans.length > 0 && !quiet()) console.warn(`[server] removed ${orphans.length} media file(s) no record referenced (an interrupted upload)`);
  const uploadLimitBytes = options.uploadLimitBytes ?? (Number(process.env.UPLOAD_LIMIT_BYTES) || DEFAULT_UPLOAD_LIMIT);
  // Streams only (request.parts()): nothing is buffered in memory or written outside the media folder.
  await app.register(multipart, { preservePath: true, limits: { fileSize: uploadLimitBytes } });
  const mediaDeps = {
    db,
    media,
    now,
    tokenValid: async (request: FastifyRequest) => {
      const token = readToken(request.headers);
      return !!token && !!(await signedInAdmin(db, token, now()));
    },
  };
  registerMediaRoutes(app, mediaDeps);
  for (const prefix of Object.values(STORED_MEDIA)) registerStoredMediaRoute(app, prefix, mediaDeps);
  registerCourseMediaRoutes(app, mediaDeps);
  const outbox = options.dataDir ? fileOutbox(options.dataDir) : memoryOutbox();
  const limiter = options.loginLimiter ?? new LoginLimiter({ ...DEFAULT_LOGIN_LIMITS, ...options.loginLimits }, now);
  registerContract(app, handlers, {
    db,
    now,
    outbox,
    limiter,
    forgotThrottle: new CallThrottle({ ...DEFAULT_FORGOT_LIMITS, ...options.forgotLimits }, now),
    resetLinkBase: options.resetLinkBase,
    checkResponses: options.checkResponses ?? Boolean(process.env.VITEST),
    media,
    uploadLimitBytes,
  });
  app.addHook('onClose', async () => {
    await db.close();
    await media.close();
  });
  return { app, db, outbox };
}

/** Builds the server and listens (127.0.0.1 and an ephemeral port by default). */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const { app, db, outbox } = await buildServer(options);
  const host = options.host ?? '127.0.0.1';
  try {
    await app.listen({ host, port: options.port ?? 0 });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  // A wildcard bind is still reached through loopback from this machine.
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    app,
    db,
    readOutbox: () => outbox.read(),
    close: () => (closing ??= app.close()),
  };
}
