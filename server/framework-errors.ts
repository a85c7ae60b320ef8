// What Fastify and Node's HTTP server would answer themselves, in the platform's envelope
// (`{ error: true, errorMessage }`): a path parameter over its limit (414), a URL that is not one (400),
// headers too large (431), a request that took too long (408), a request that cannot be read (400), and a
// method the path does not serve (405 with `Allow`, where Fastify says 404).
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/** Fastify's limit of a path parameter (its `maxParamLength` default), said in the 414's message. */
export const MAX_PARAM_LENGTH = 100;

export const FRAMEWORK_TEXT = {
  paramTooLong: `A value in the address is too long: a path parameter is at most ${MAX_PARAM_LENGTH} characters.`,
  badUrl: 'The address is not a valid URL.',
  headersTooLarge: 'The request headers are too large. Sign in again, or clear the cookies this address set.',
  tooSlow: 'The request took too long to arrive. Try again.',
  unreadable: 'The request could not be read.',
  method: (method: string, path: string, allowed: readonly string[]) => `${method} is not served at ${path}. It serves ${allowed.join(', ')}.`,
} as const;

/** Fastify's `frameworkErrors`: the URL errors its router answers itself. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.status(414).send({ error: true, errorMessage: FRAMEWORK_TEXT.paramTooLong });
  else if (error.code === 'FST_ERR_BAD_URL') void reply.status(400).send({ error: true, errorMessage: FRAMEWORK_TEXT.badUrl });
  else void reply.status(500).send({ error: true, errorMessage: STATUS_CODES[500] });
}

/** Fastify's `clientErrorHandler`: a request Node could not read as HTTP at all gets an envelope on the raw socket. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, errorMessage] =
    error.code === 'HPE_HEADER_OVERFLOW' ? [431, FRAMEWORK_TEXT.headersTooLarge] : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, FRAMEWORK_TEXT.tooSlow] : [400, FRAMEWORK_TEXT.unreadable];
  const body = JSON.stringify({ error: true, errorMessage });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/**
 * The methods each route pattern serves, collected as routes are added (call before any route), and
 * a lookup of the methods a path is served with: the not-found handler answers 405 with them.
 */
export function methodsByPath(app: FastifyInstance): (path: string) => string[] {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const source = route.url
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    routes.push({ pattern: new RegExp(`^${source}/?$`), methods: ([] as string[]).concat(route.method) });
  });
  return (path) => [...new Set(routes.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods))].sort();
}
